"""Branch weights summed over a loop in closed form (interp/models/indicator.py): the number of
iterations i = lo, lo + step, .. (n of them) where a condition linear in i holds, checked against
counting the iterations one by one."""
import pytest
import sympy

from frontends.aag import symexpr as S
from interp.models.omega import TermSum, sum_over

I, N, LO = S.var("i"), S.var("n"), S.var("lo")


def _w(cond):
    return sympy.Piecewise((1, cond), (0, True))


BODY = (3 + _w(I > 0) + 2 * _w(I < N - 1) + 5 * _w(sympy.Eq(I, 6)) + 7 * _w(sympy.Ne(I, 4))
        + 11 * _w(sympy.And(I >= 2, I <= 9)) + 13 * _w(sympy.Or(I < 3, I > 12)) + 17 * _w(sympy.Not(I > 5)))


def _by_hand(lo, step, n, nval):
    total = 0
    for t in range(n):
        i = lo + t * step
        total += (3 + (i > 0) + 2 * (i < nval - 1) + 5 * (i == 6) + 7 * (i != 4) + 11 * (2 <= i <= 9)
                  + 13 * (i < 3 or i > 12) + 17 * (not i > 5))
    return total


@pytest.mark.parametrize("lo,step,count", [(0, 1, 20), (0, 1, 1), (0, 1, 0), (-3, 1, 9), (1, 2, 10), (19, -1, 20), (5, 3, 4)])
def test_branch_weights_sum_to_the_iterations_that_take_them(lo, step, count):
    closed = sum_over(BODY, I, LO, step, S.var("cnt"))
    assert not closed.has(TermSum)  # a closed form: no term-by-term evaluation
    value = closed.xreplace({LO: lo, S.var("cnt"): count, N: 20})
    assert float(value) == _by_hand(lo, step, count, 20)


def test_a_remainder_condition_is_summed_by_residue_class():
    # not a linear condition: summed over the even and the odd i apart (omega._sum_rounded), where
    # the remainder is a constant; i = 0 .. n-1 from 0 keeps C's remainder's sign, so no guard.
    # Until the red-black sums (tests/test_redblack_sums.py) this was left to the engine.
    body = 1 + _w(sympy.Eq(S.CMod(I, 2), 0))
    closed = sum_over(body, I, 0, 1, N)
    assert not closed.has(TermSum, sympy.Piecewise)
    for n in range(0, 9):
        assert closed.xreplace({N: n}) == n + sum(1 for i in range(n) if i % 2 == 0)
