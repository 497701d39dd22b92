"""Sums of branch weights over a loop: how many iterations take a branch on the loop index.

A branch ``if (i > 0)`` or ``if (i < n - 1)`` inside a counted loop (the edge rows of a stencil
matrix, the first and last point of a grid line) weighs its cost by the indicator
``Piecewise((1, cond), (0, True))`` (omega.condt). Summed over the loop, a term ``c * [cond]``
with c free of the index is c times the number of iterations where cond holds; sympy leaves such
a sum unevaluated and the engine then summed it term by term (10^6 terms for a 10^6-row loop).

For conditions linear in the index k (``a*k + b OP 0``, a a non-zero whole number) the iterations
where a conjunction holds are one interval of whole numbers, and its count over k = 0 .. n-1 is
``Max(0, Min(U, n - 1) - Max(L, 0) + 1)``. A negation, ``!=`` and ``||`` are counted by inclusion and
exclusion. Any other condition (a remainder ``i % 2``, a product of indices) leaves the sum as it
was: the caller sums it term by term.
"""
from __future__ import annotations

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import And, Not, Or

MAX_TERMS = 64  # inclusion-exclusion expansions beyond this: the sum is left to the engine


class _Nonlinear(Exception):
    pass


def indicator_sums(term: sympy.Expr, k: sympy.Symbol, nn: sympy.Symbol):
    """(closed, rest): ``closed`` the sum over k = 0 .. nn-1 of the addends of ``term`` that are a
    k-free coefficient times indicators of conditions linear in k, ``rest`` the other addends.
    None when ``term`` has no such addend or an indicator it cannot count (a condition not linear
    in k, or one multiplied by a factor that depends on k)."""
    if not any(_is_indicator(p) and k in p.free_symbols for p in term.atoms(sympy.Piecewise)):
        return None
    closed, rest = sympy.Integer(0), sympy.Integer(0)
    try:
        for addend in sympy.Add.make_args(sympy.expand(term)):
            conds, coeff = [], sympy.Integer(1)
            for factor in sympy.Mul.make_args(addend):
                base = factor.base if factor.is_Pow and factor.exp.is_Integer and factor.exp > 0 else factor
                if _is_indicator(base) and k in base.free_symbols:
                    conds.append(base.args[0].cond)  # [c]^m = [c]: an indicator is 0 or 1
                else:
                    coeff *= factor
            if not conds:
                rest += addend
                continue
            if k in coeff.free_symbols:
                return None
            closed += coeff * _count(conds, k, nn, [0])
    except _Nonlinear:
        return None
    return closed, rest


def _is_indicator(p) -> bool:
    return isinstance(p, sympy.Piecewise) and len(p.args) == 2 and p.args[0].expr == 1 \
        and p.args[1].expr == 0 and p.args[1].cond == sympy.true


def _count(conds: list, k, nn, budget: list):
    """Whole numbers k in [0, nn) where every condition of ``conds`` holds."""
    budget[0] += 1
    if budget[0] > MAX_TERMS:
        raise _Nonlinear
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
            raise _Nonlinear  # a condition free of k would need a Piecewise of its own
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
        raise _Nonlinear
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
    raise _Nonlinear
