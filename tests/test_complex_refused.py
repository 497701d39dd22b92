"""C99 complex numbers are refused with one clear message at their first line (frontends/include/
complex.h, frontends/c/level1.py): before, <complex.h> was missing and the parse stopped on a
syntax error that blamed a missing typedef."""
import pytest

from interp.errors import InputError
from interp.pipeline import predict

PROG = r"""#include <complex.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double complex *a = malloc(n * sizeof(double complex));
    for (int i = 0; i < n; i++) a[i] = i * I + cexp(a[i]);
    return (int) creal(a[0]);
}
"""


def test_complex_numbers_are_refused_at_their_first_line(tmp_path):
    path = tmp_path / "z.c"
    path.write_text(PROG)
    with pytest.raises(InputError, match=r"z\.c:6: C99 complex numbers .* are not modelled"):
        predict([str(path)], "ipsc860", 1, ["n=10"], interactive=False)
