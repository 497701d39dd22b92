"""A closed form of a count-like input (N, the number of processes P) fitted to predictions at
several values: a polynomial with exact rational coefficients in the monomials N^a P^b,
a and b in (0, 1, -1, 2) -- enough for the paper's forms, (N-2) N / P and N (P-1), and for the
usual shapes of work divided over processes. Used by ``interp bound --symbolic`` for the inputs
that the symbolic interpretation (engine/symtime.py) cannot carry: those that decide control
flow, and the number of processes (docs/bound.md, "Closed forms").

The fit is exact or refused: least squares finds the coefficients, each is replaced by the
simplest fraction within 1e-9 of it, and the polynomial must then reproduce every prediction it
was fitted to within 1e-9 (relative to the largest value), else there is no such closed form.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import sympy

# Exponents of each symbol, in the order they join the basis: a symbol with k + 1 distinct
# values gets the first k (one value more than unknowns, so every fit is over-determined).
EXPONENTS = (0, 1, -1, 2)
TOLERANCE = 1e-9


def basis(symbols: list, values: dict) -> list:
    """The monomials of the fit: products of each symbol's exponents that its values support."""
    per = []
    for s in symbols:
        k = max(1, min(len(EXPONENTS), len(set(values[s])) - 1))
        per.append([s ** e for e in EXPONENTS[:k]])
    return [sympy.Mul(*m) for m in itertools.product(*per)]


def simplest(x: float) -> Fraction:
    """The fraction with the smallest denominator within TOLERANCE (relative) of x."""
    if x == 0:
        return Fraction(0)
    for digits in range(0, 13):
        f = Fraction(x).limit_denominator(10 ** digits)
        if abs(float(f) - x) <= TOLERANCE * abs(x):
            return f
    return Fraction(x)


def _value(monomial, point: dict) -> float:
    return float(monomial.subs(point))


def fit(symbols: list, points: list[dict], ys: list[float]) -> sympy.Expr | None:
    """The polynomial (exact rationals) through (point, y) for every point, or None if there is none
    in the basis. ``points`` map each symbol to its value."""
    scale = max((abs(y) for y in ys), default=0.0)
    if scale == 0.0:
        return sympy.Integer(0)
    monomials = basis(symbols, {s: [p[s] for p in points] for s in symbols})
    a = np.array([[_value(m, p) for m in monomials] for p in points])
    y = np.array(ys)
    norms = np.abs(a).max(axis=0)
    norms[norms == 0] = 1.0
    support = list(range(len(monomials)))
    for _ in range(2):  # solve, drop the monomials that contribute nothing, solve again on the rest
        c, *_ = np.linalg.lstsq(a[:, support] / norms[support], y, rcond=None)
        keep = [j for j, cj in zip(support, c) if abs(cj) > TOLERANCE * scale]
        if keep == support or not keep:
            break
        support = keep
    c, *_ = np.linalg.lstsq(a[:, support] / norms[support], y, rcond=None)
    expr = sum((sympy.Rational(*simplest(cj / norms[j]).as_integer_ratio()) * monomials[j]
                for j, cj in zip(support, c)), sympy.Integer(0))
    for p, yv in zip(points, ys):
        if not math.isclose(float(expr.subs(p)), yv, rel_tol=TOLERANCE, abs_tol=TOLERANCE * scale):
            return None
    return sympy.factor(expr)


def grid_values(sample: float, integer: bool, procs: bool) -> tuple[list, list]:
    """(values to fit at, values to check at afterwards) of one symbol around its sample.

    The number of processes: 1 .. max(sample, 4), then one more. An input: a quarter of the sample
    to twice it, then three times it (whole numbers only if the sample is one; at least four values).
    """
    if procs:
        p = int(sample)
        values = list(range(max(1, p - 3), max(p, 4) + 1))
        return values, [values[-1] + 1, 2 * values[-1]]
    factors = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0)
    values = sorted({sample * f for f in factors if not integer or (sample * f).is_integer() and sample * f >= 1})
    if integer:
        values = sorted({int(v) for v in values})
        extra = int(sample) + 1
        while len(values) < 4:
            if extra not in values:
                values.append(extra)
            extra += 1
        values.sort()
    return values, [3 * sample if not integer else 3 * int(sample)]
