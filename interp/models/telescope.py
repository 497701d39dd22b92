"""Telescoping sums of row-pointer differences: the closed form of a compressed-sparse-row loop.

``for (i = lo; i < hi; i++) for (p = rowptr[i]; p < rowptr[i + 1]; p++) body`` runs its inner
body ``rowptr[i + 1] - rowptr[i]`` times for each i; over the whole outer loop the differences
cancel pairwise, and the inner body runs ``rowptr[hi] - rowptr[lo]`` times (nnz, the matrix's
non-zeros). Summed term by term, the engine would read every row pointer (10^6 lookups a sweep of
a 10^6-row matrix); the telescoped form reads two.

The rule is exact when each term is ``c * (a[g(k + 1)] - a[g(k)])`` with c free of the sum's
index k (the inner body's cost does not depend on i or p): then the sum over k = 0 .. n-1 is
``c * (a[g(n)] - a[g(0)])``. The inner trip count ``Max(0, d)`` is taken as d, as sum_over takes
every inner count (rows have no negative length; a CSR matrix's row pointers never decrease).
"""
from __future__ import annotations

import sympy

from frontends.aag import symexpr as S


def telescoped(term: sympy.Expr, k: sympy.Symbol, nn: sympy.Symbol):
    """Split ``term`` (a function of k) into (closed, rest): ``closed`` the sum over k = 0 .. nn-1
    of its element differences that telescope, ``rest`` what is left for the ordinary sum. None
    when an element read with k in its index does not pair up (the sum is then evaluated term by
    term, as before)."""
    if not any(k in e.args[1].free_symbols for e in term.atoms(S.Elem)):
        return None
    coeffs: dict = {}  # element -> its coefficient in the term, free of k
    rest = sympy.Integer(0)
    for addend in sympy.Add.make_args(sympy.expand(term)):
        moving = [e for e in addend.atoms(S.Elem) if k in e.args[1].free_symbols]
        if not moving:
            rest += addend
            continue
        if len(moving) != 1:
            return None
        elem = moving[0]
        c = addend / elem  # a factor of the product: the division takes it out
        # What the division leaves with k in it may still cancel (simplify); an element left in
        # it is not a factor (squared, or in a branch's condition), and simplify would spend
        # seconds on a Piecewise to say so (a game of life's cell test: 7 s of 10).
        if c.has(k) and not c.has(elem) and not c.has(sympy.Piecewise):
            c = sympy.simplify(c)
        if c.has(k) or c.has(elem):
            return None  # the inner body's cost depends on i, or an element squared
        coeffs[elem] = coeffs.get(elem, 0) + c
    closed = sympy.Integer(0)
    pending = {e: c for e, c in coeffs.items() if c != 0}
    while pending:
        pair = _partner(next(iter(pending)), pending, k)
        if pair is None:
            return None
        upper, lower = pair
        c = pending.pop(upper)
        del pending[lower]
        array, index = lower.args
        closed += c * (type(lower)(array, index.xreplace({k: nn})) - type(lower)(array, index.xreplace({k: 0})))
    return closed, rest


def _partner(elem, pending: dict, k):
    """(upper, lower): ``elem`` and the element it telescopes with, ``a[g(k + 1)]`` of coefficient
    c and ``a[g(k)]`` of -c; None when there is none."""
    array, index = elem.args
    for other, oc in pending.items():
        if other is elem or other.args[0] != array:
            continue
        o_index = other.args[1]
        if sympy.expand(index - o_index.xreplace({k: k + 1})) == 0:
            pair = elem, other
        elif sympy.expand(o_index - index.xreplace({k: k + 1})) == 0:
            pair = other, elem
        else:
            continue
        # opposite coefficients; the index test first, since simplify costs seconds on a Piecewise
        total = sympy.expand(oc + pending[elem])
        if total == 0 or sympy.simplify(total) == 0:
            return pair
    return None
