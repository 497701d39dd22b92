"""Sampled loops (interp/engine/sampling.py): strata, the standard error, values by hand."""
import pytest

from interp.engine.sampling import Strata, spread, standard_error


def test_standard_error_from_successive_differences():
    # times 1, 3, 1, 3 at iterations 0..3 of n = 8: differences 2, -2, 2; variance
    # (4 + 4 + 4) / (2 x 3) = 2; SE of 8 x mean = 8 sqrt(2 / 4 x (1 - 4 / 8)) = 4
    times = [(2, 1.0), (0, 1.0), (3, 3.0), (1, 3.0)]   # order of interpretation does not matter
    assert standard_error(times, 8) == pytest.approx(4.0)
    assert spread(times, 8) == pytest.approx(4.0 / 16.0)   # estimate 8 x 2 = 16
    # a linear trend has no successive-difference noise beyond its slope: 1, 2, 3, 4 -> diffs 1
    # variance 3 / 6 = 0.5, SE = 8 sqrt(0.5 / 4 x 0.5) = 2 (the plain variance would give 2.58)
    assert standard_error([(k, k + 1.0) for k in range(4)], 8) == pytest.approx(2.0)
    assert standard_error([(0, 5.0)], 8) == 0.0 and standard_error([(k, 1.0) for k in range(8)], 8) == 0.0


def test_strata_draw_one_iteration_each_and_halve():
    st = Strata(1000, 8, seed=3)
    first = st.first()
    assert [k // 125 for k in first] == list(range(8))   # one in each stratum of 125
    assert first == Strata(1000, 8, seed=3).first()       # the same run, the same draws
    more = st.halved()
    assert len(more) == 8 and not set(more) & set(first)
    both = sorted(first + more)
    assert [int(k / 62.5) for k in both] == list(range(16))   # one in each half
