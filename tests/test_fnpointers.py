"""Calls through a function pointer that only ever holds one of the program's functions are that
function's calls (frontends/c/fnpointers.py); any other pointer call stays refused.

Expected: a program calling through the pointer predicts exactly what the same program calling
the function directly predicts (the rewrite changes nothing else).
"""
from __future__ import annotations

import pytest

from interp.errors import InputError
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


@pytest.mark.parametrize("main", [
    # two functions reach the parameter
    "double t = trap(0.0, 1.0, 1000, integrand) + trap(0.0, 1.0, 10, other); return t > 3.0;",
    # a pointer taken from an array of pointers
    "fn_t table[2] = {integrand, other}; fn_t g = table[1]; return g(0.5) > 1.0;",
])
def test_a_pointer_of_several_functions_stays_refused(tmp_path, main):
    text = TRAP.replace("CALL", "f").replace(
        "static double integrand", "static double other(double x) { return x; }\nstatic double integrand")
    text = text.replace("    LOCAL\n    double t = trap(0.0, 1.0, 1000, integrand);\n    return t > 3.0;", "    " + main)
    with pytest.raises(InputError, match="call through function pointer"):
        _total(tmp_path, text, "c.c")
