"""Sums of branch weights over a loop: how many iterations take a branch on the loop index.

A branch ``if (i > 0)`` or ``if (i < n - 1)`` inside a counted loop (the edge rows of a stencil
matrix, the first and last point of a grid line) weighs its cost by the indicator
``Piecewise((1, cond), (0, True))`` (omega.condt). Summed over the loop, a term ``c * [cond]``
with c free of the index is c times the number of iterations where cond holds; sympy leaves such
a sum unevaluated and the engine then summed it term by term (10^6 terms for a 10^6-row loop).

For conditions linear in the index k the iterations where they hold are counted in closed form
(frontends/aag/intervals.py). Any other condition (a remainder ``i % 2``, a product of indices)
leaves the sum as it was: the caller sums it term by term.
"""
from __future__ import annotations

import sympy

from frontends.aag.intervals import Nonlinear, count_where


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
            closed += coeff * count_where(conds, k, nn)
    except Nonlinear:
        return None
    return closed, rest


def _is_indicator(p) -> bool:
    return isinstance(p, sympy.Piecewise) and len(p.args) == 2 and p.args[0].expr == 1 \
        and p.args[1].expr == 0 and p.args[1].cond == sympy.true
