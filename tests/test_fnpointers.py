"""Calls through a function pointer that only ever holds one of the program's functions are that
function's calls (frontends/c/fnpointers.py). Pointers that may hold several functions are
followed as values (frontends/c/fnhandles.py): tests/test_function_pointers.py.

Expected: a program calling through the pointer predicts exactly what the same program calling
the function directly predicts (the rewrite changes nothing else).
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

TRAP = r"""#include <stdlib.h>
static double integrand(double x) { return 4.0 / (1.0 + x * x); }
typedef double (*fn_t)(double);
static double trap(double a, double b, int n, double (*f)(double))
{
    double h = (b - a) / n, s = 0.5 * (CALL(a) + CALL(b));
    for (int i = 1; i < n; i++)
        s += CALL(a + i * h);
    return s * h;
}
int main(void)
{
    LOCAL
    double t = trap(0.0, 1.0, 1000, integrand);
    return t > 3.0;
}
"""


def _total(tmp_path, text, name):
    path = tmp_path / name
    path.write_text(text)
    return predict([str(path)], "ipsc860", 1, [], interactive=False).result.total


@pytest.mark.parametrize("call, local", [
    ("f", ""),                                                   # the parameter, f(x)
    ("(*f)", ""),                                                # (*f)(x)
    ("f", "fn_t g = integrand; double u = g(0.5); (void) u;"),  # a typedef'd local too
])
def test_a_pointer_to_one_function_is_that_functions_call(tmp_path, call, local):
    through = TRAP.replace("CALL", call).replace("LOCAL", local)
    direct = TRAP.replace("CALL", "integrand").replace("LOCAL", local.replace("g(0.5)", "integrand(0.5)"))
    assert _total(tmp_path, through, "a.c") == pytest.approx(_total(tmp_path, direct, "b.c"), rel=1e-12)
