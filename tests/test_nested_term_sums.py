"""A sum the engine evaluates term by term (omega.TermSum) nested in another one: the inner sum
reads the outer sum's index, which the outer sum's term-by-term evaluation puts in
(interp/engine/compiled.py). Game of Life's neighbour count ``for (di) for (dj) if (di || dj)``
gives such a nest; before, the inner sum was evaluated first, with the outer index unknown, and the
loop (and every loop around its call) was interpreted iteration by iteration: 141 s for a 4-rank
Game of Life of 10 generations, 2 s with the nest evaluated."""
import sympy

from frontends.aag import symexpr as S
from interp.engine.compiled import Compiled, Unknown
from interp.models.omega import TermSum


def _value(expr, names):
    _, fn = Compiled().get(expr)

    def lookup(n):
        if n in names:
            return names[n]
        raise Unknown(n)
    return float(fn(lookup))


def test_the_inner_sum_reads_the_outer_index():
    di, dj, w = S.var("di"), S.var("dj"), S.var("w")
    # sum over di, dj in {-1, 0, 1} of w when (di, dj) != (0, 0): 8 cells of the 3 x 3 block
    inner = TermSum(sympy.Piecewise((w, sympy.Ne(di, 0) | sympy.Ne(dj, 0)), (0, True)), dj, -1, 1, 3)
    outer = TermSum(inner + 1, di, -1, 1, 3)  # plus 1 per outer iteration: 3
    assert _value(outer, {"w": 2.0}) == 8 * 2.0 + 3


def test_sums_side_by_side_and_nested_two_deep():
    i, j, k = S.var("i"), S.var("j"), S.var("k")
    n = S.var("n")
    # sum_{i<n} sum_{j<=i... } : j from 0, i + 1 terms; k from 0, j + 1 terms, of (i == k): for each
    # i, the j >= i (only j = i, since j <= i) have one k = i: n terms in all. Side by side, a sum
    # of Mod(i, 2) over i < n: n // 2.
    deep = TermSum(TermSum(TermSum(sympy.Piecewise((1, sympy.Eq(i, k)), (0, True)), k, 0, 1, j + 1),
                           j, 0, 1, i + 1), i, 0, 1, n)
    side = TermSum(sympy.Mod(i, 2), i, 0, 1, n)
    assert _value(deep + side, {"n": 7.0}) == 7 + 3
