"""Whole numbers of a loop's iterations where conditions linear in its index hold.

For conditions linear in the index k (``a*k + b OP 0``, a a non-zero whole number) the k where a
conjunction holds are one interval of whole numbers, and its count over k = 0 .. n-1 is
``Max(0, Min(U, n - 1) - Max(L, 0) + 1)``. A negation, ``!=`` and ``||`` are counted by inclusion
and exclusion. Used for the weights of branches on the loop index summed over a loop
(interp/models/indicator.py) and for counters incremented under such branches (fill.py).
"""
from __future__ import annotations

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import And, Not, Or

MAX_TERMS = 64  # inclusion-exclusion expansions beyond this: not counted (Nonlinear)


class Nonlinear(ValueError):
    """A condition this module cannot count (a remainder, a product of indices)."""


def count_where(conds: list, k, nn):
    """Whole numbers k in [0, nn) where every condition of ``conds`` holds; Nonlinear if one
    is not linear in k."""
    return _count(list(conds), k, nn, [0])


def _count(conds: list, k, nn, budget: list):
    """Whole numbers k in [0, nn) where every condition of ``conds`` holds."""
    budget[0] += 1
    if budget[0] > MAX_TERMS:
        raise Nonlinear
    for pos, c in enumerate(conds):
        others = conds[:pos] + conds[pos + 1:]
        if isinstance(c, And):
            return _count(others + list(c.args), k, nn, budget)
        if isinstance(c, Or):
            a, b = c.args[0], Or(*c.args[1:])
            return _count(others + [a], k, nn, budget) + _count(others + [b], k, nn, budget) \
                - _count(others + [a, b], k, nn, budget)
        if isinstance(c, Not):
            return _count(others, k, nn, budget) - _count(others + [c.args[0]], k, nn, budget)
        if isinstance(c, sympy.Ne):
            return _count(others, k, nn, budget) - _count(others + [sympy.Eq(*c.args)], k, nn, budget)
        if c == sympy.false:
            return sympy.Integer(0)
    lo, hi = sympy.Integer(0), nn - 1
    for c in conds:
        if c == sympy.true:
            continue
        if not isinstance(c, Relational) or k not in c.free_symbols:
            raise Nonlinear  # a condition free of k would need a Piecewise of its own
        lo_c, hi_c = _bounds(c, k)
        lo = lo if lo_c is None else sympy.Max(lo, lo_c)
        hi = hi if hi_c is None else sympy.Min(hi, hi_c)
    return sympy.Max(0, hi - lo + 1)


def _bounds(rel, k):
    """(L, U): the whole numbers k where ``rel`` holds are L <= k <= U (None: unbounded)."""
    expr = sympy.expand(rel.lhs - rel.rhs)
    a = expr.coeff(k)
    b = expr - a * k
    if not a.is_Integer or a == 0 or k in b.free_symbols:
        raise Nonlinear
    x = -b / a  # the condition's boundary: a*k + b OP 0  <=>  k OP' x
    up = a > 0
    op = rel.rel_op
    if op == "==":
        return sympy.ceiling(x), sympy.floor(x)
    if op == ">":
        return (sympy.floor(x) + 1, None) if up else (None, sympy.ceiling(x) - 1)
    if op == ">=":
        return (sympy.ceiling(x), None) if up else (None, sympy.floor(x))
    if op == "<":
        return (None, sympy.ceiling(x) - 1) if up else (sympy.floor(x) + 1, None)
    if op == "<=":
        return (None, sympy.floor(x)) if up else (sympy.ceiling(x), None)
    raise Nonlinear
