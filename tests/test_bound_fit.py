"""interp/bound/fit.py: exact rational polynomial fits in N and P, or none."""
from fractions import Fraction

import sympy

from interp.bound.fit import basis, fit, grid_values, simplest

N, P = sympy.symbols("N P", positive=True)


def test_simplest_fraction():
    # 108 us is 27/250000 s; a float sum such as 0.1 + 0.2 is 3/10.
    assert simplest(108e-6) == Fraction(27, 250000)
    assert simplest(0.1 + 0.2) == Fraction(3, 10)


def test_fit_recovers_the_adi_form_exactly():
    points = [{N: n, P: p} for n in (4, 8, 12, 16, 24) for p in (1, 2, 4, 8)]
    ys = [float((n - 2) * n / p) for n, p in ((q[N], q[P]) for q in points)]
    assert sympy.simplify(fit([N, P], points, ys) - (N - 2) * N / P) == 0


def test_fit_refuses_what_is_no_polynomial():
    # ceiling(8N / 120): the packets of a row of N doubles; no polynomial in N reproduces it.
    points = [{N: n} for n in (4, 8, 12, 16, 24, 32)]
    assert fit([N], points, [float(-(-8 * p[N] // 120)) for p in points]) is None


def test_basis_and_grid():
    # Four values of P support three exponents (0, 1, -1); six of N all four (0, 1, -1, 2).
    assert set(basis([P], {P: [1, 2, 3, 4]})) == {1, P, 1 / P}
    assert grid_values(4, True, True) == ([1, 2, 3, 4], [5, 8])
    assert grid_values(64, True, False) == ([16, 32, 48, 64, 96, 128], [192])
    assert grid_values(10, True, False) == ([5, 10, 15, 20], [30])
