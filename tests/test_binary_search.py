"""Binary searches with two moving bounds: the interval halves every pass, so interp takes the
worst-case trip count (docs/model.md, "Binary search"; frontends/halving.py). They were refused
("the loop condition depends on 'hi' ... state its trip count with iters(N)").

Worst cases, derived in frontends/halving.py and checked here by brute force:
  while (lo <= hi), lo = mid + 1 | hi = mid - 1:  ceil(log2(hi - lo + 2))
  while (lo < hi),  lo = mid + 1 | hi = mid (or lo = mid | hi = mid - 1, upper mid):
                                                  ceil(log2(hi - lo + 1))
e.g. lo = 0, hi = 1023 (n = 1024, closed interval): ceil(log2(1025)) = 11 passes;
     lo = 0, hi = 1022 (n = 1023): ceil(log2(1024)) = 10;
     lo = 0, hi = 1024 (half-open, lo < hi): ceil(log2(1025)) = 11;
     lo = 0, hi = 1023 (lo < hi): ceil(log2(1024)) = 10.
"""
import json
import math

import pytest

from frontends import halving


def _worst(test, lo_move, hi_move, upper, n_lo, n_hi):
    """Passes of the search over [n_lo, n_hi], the worst over every way the branches go
    (every key and array), by exhausting the branch choices."""
    def passes(lo, hi):
        if not (lo <= hi if test == "<=" else lo < hi):
            return 0
        mid = (lo + hi + (1 if upper else 0)) // 2
        return 1 + max(passes(lo_move(mid), hi), passes(lo, hi_move(mid)))
    return passes(n_lo, n_hi)


@pytest.mark.parametrize("test,lo_move,hi_move,upper,moves,expected", [
    ("<=", lambda m: m + 1, lambda m: m - 1, False, ({"mid+1"}, {"mid-1"}), lambda d: math.ceil(math.log2(d + 2))),
    ("<", lambda m: m + 1, lambda m: m, False, ({"mid+1"}, {"mid"}), lambda d: math.ceil(math.log2(d + 1))),
    ("<", lambda m: m, lambda m: m - 1, True, ({"mid"}, {"mid-1"}), lambda d: math.ceil(math.log2(d + 1))),
], ids=["closed", "lower-bound", "upper-mid"])
def test_the_count_is_the_worst_case_of_every_interval(test, lo_move, hi_move, upper, moves, expected):
    import sympy
    lo, hi = sympy.Symbol("lo"), sympy.Symbol("hi")
    count = halving.trip_count(test, lo, hi, halving.CEIL if upper else halving.FLOOR, *moves)
    for d in range(-2, 130):
        worst = _worst(test, lo_move, hi_move, upper, 5, 5 + d)
        assert int(count.subs({lo: 5, hi: 5 + d})) == worst
        if worst:
            assert worst == expected(d)


def test_patterns_that_do_not_halve_are_not_recognised():
    # lo <= hi with hi = mid: once lo == hi, mid == hi and the loop never ends
    assert halving.trip_count("<=", 0, 1, halving.FLOOR, {"mid+1"}, {"mid"}) is None
    # lo < hi with lo = mid and the lower midpoint: lo == hi - 1 repeats for ever
    assert halving.trip_count("<", 0, 1, halving.FLOOR, {"mid"}, {"mid-1"}) is None


C_SEARCH = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int n, k, lo, hi, mid, pos = -1;
    MPI_Init(&argc, &argv);
    n = atoi(argv[1]);
    int *a = malloc(n * sizeof(int));
    for (k = 0; k < 10; k++) {
        int key = rand() % (3 * n);
        lo = 0;
        hi = @HI@;
PRAGMA
        while (@COND@) {
            mid = @MID@;
            @FOUND@
            if (a[mid] < key)
                lo = @LOMOVE@;
            else
                hi = @HIMOVE@;
        }
    }
    MPI_Finalize();
    return 0;
}
"""
CLOSED = dict(HI="n - 1", COND="lo <= hi", MID="(lo + hi) / 2", LOMOVE="mid + 1", HIMOVE="mid - 1", FOUND="")
LOWER = dict(HI="n", COND="lo < hi", MID="lo + (hi - lo) / 2", LOMOVE="mid + 1", HIMOVE="mid", FOUND="")
UPPER = dict(HI="n - 1", COND="hi > lo", MID="(lo + hi + 1) >> 1", LOMOVE="mid + 1", HIMOVE="mid", FOUND="")
UPPER.update(LOMOVE="mid", HIMOVE="mid - 1")
FOUND = dict(CLOSED, MID="lo + ((hi - lo) >> 1)", FOUND="if (a[mid] == key) { pos = mid; break; }")
# the found branch is never taken in the worst case: probability 0 (docs/model.md, "Binary search")
FOUND_BY_HAND = dict(FOUND, FOUND="\n#pragma interp prob(0)\n            if (a[mid] == key) { pos = mid; }")


def _write(tmp_path, name, parts, pragma=""):
    text = C_SEARCH.replace("PRAGMA", pragma)
    for key, value in parts.items():
        text = text.replace(f"@{key}@", value)
    p = tmp_path / name
    p.write_text(text)
    return p


def _run(cli, path, *args):
    r = cli("run", path, "--machine", "ipsc860", "-p", "1", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.parametrize("parts,n,passes", [
    (CLOSED, 1024, 11), (CLOSED, 1023, 10), (LOWER, 1024, 11), (LOWER, 1023, 10),
    (UPPER, 1024, 10), (UPPER, 1025, 11)], ids=["closed-1024", "closed-1023", "lower-1024", "lower-1023",
                                               "upper-1024", "upper-1025"])
def test_a_c_search_runs_its_worst_case_count(cli, tmp_path, parts, n, passes):
    found = _run(cli, _write(tmp_path, "s.c", parts), "-D", f"n={n}")
    stated = _run(cli, _write(tmp_path, "t.c", parts, f"#pragma interp iters({passes})"), "-D", f"n={n}")
    # the recognised count is what iters(passes) states, to the last digit
    assert found["total_seconds"] == pytest.approx(stated["total_seconds"], rel=1e-12)
    # ... and one pass more is another figure (the comparison tells the counts apart)
    more = _run(cli, _write(tmp_path, "u.c", parts, f"#pragma interp iters({passes + 1})"), "-D", f"n={n}")
    assert more["total_seconds"] > found["total_seconds"] * (1 + 1e-6)
    assert f"runs at most ceil(log2(hi - lo + {2 if '<=' in parts['COND'] else 1}))" in " ".join(json.dumps(found).split())


def test_a_found_early_break_is_dropped_and_the_count_is_the_worst_case(cli, tmp_path):
    found = _run(cli, _write(tmp_path, "f.c", FOUND), "-D", "n=1024")
    by_hand = _run(cli, _write(tmp_path, "h.c", FOUND_BY_HAND, "#pragma interp iters(11)"), "-D", "n=1024")
    assert found["total_seconds"] == pytest.approx(by_hand["total_seconds"], rel=1e-12)


def test_a_search_that_does_not_halve_is_still_refused(cli, tmp_path):
    p = _write(tmp_path, "x.c", dict(CLOSED, HIMOVE="mid"))  # lo <= hi with hi = mid: may never end
    r = cli("run", p, "--machine", "ipsc860", "-p", "1", "-D", "n=64")
    assert r.exit_code != 0
    assert "iters(N)" in r.output


F_SEARCH = """program bsearch
  implicit none
  integer :: n, lo, hi, mid, pos
  double precision :: a(1024), key
  n = 1024
  call random_number(a)
  call random_number(key)
  pos = 0
  lo = 1
  hi = n
PRAGMA
  do while (lo .le. hi)
    mid = (lo + hi) / 2
    if (a(mid) == key) then
      pos = mid
      EXIT
    else if (a(mid) < key) then
      lo = mid + 1
    else
      hi = mid - 1
    end if
  end do
end program bsearch
"""


def test_a_fortran_search_runs_its_worst_case_count(cli, tmp_path):
    found = tmp_path / "s.f90"
    found.write_text(F_SEARCH.replace("PRAGMA", "").replace("EXIT", "exit"))
    stated = tmp_path / "t.f90"  # lo = 1, hi = 1024: ceil(log2(1024 - 1 + 2)) = 11
    # the key-found branch never taken (prob 0), the bound moves 0.5 each
    stated.write_text(F_SEARCH.replace("PRAGMA", "!$interp iters(11)").replace("EXIT", "")
                      .replace("    if (a(mid) == key)", "!$interp prob(0, 0.5)\n    if (a(mid) == key)"))
    a, b = _run(cli, found), _run(cli, stated)
    assert a["total_seconds"] == pytest.approx(b["total_seconds"], rel=1e-12)
    c = tmp_path / "u.f90"
    c.write_text(F_SEARCH.replace("PRAGMA", "!$interp iters(12)").replace("EXIT", "")
                 .replace("    if (a(mid) == key)", "!$interp prob(0, 0.5)\n    if (a(mid) == key)"))
    assert _run(cli, c)["total_seconds"] > a["total_seconds"] * (1 + 1e-6)


def test_the_bracket_count_is_the_worst_case_of_every_interval():
    """``while (hi - lo > 1)`` with lo = mid | hi = mid (Numerical Recipes' locate): by hand,
    a pass leaves ceil(d/2) or floor(d/2) of d = hi - lo, so T(d) = 1 + T(ceil(d/2)), T(1) = 0:
    T(2) = 1, T(3) = T(4) = 2, T(5..8) = 3, T(64) = 6 = ceil(log2 d); checked by exhausting the
    branch choices for d up to 130."""
    import sympy
    lo, hi = sympy.Symbol("lo"), sympy.Symbol("hi")
    count = halving.trip_count(halving.GAP, lo, hi, halving.FLOOR, {"mid"}, {"mid"})

    def passes(a, b):
        if not b - a > 1:
            return 0
        m = (a + b) // 2
        return 1 + max(passes(m, b), passes(a, m))
    for d in range(-2, 131):
        assert int(count.subs({lo: 5, hi: 5 + d})) == passes(5, 5 + d)
    assert [int(count.subs({lo: 0, hi: d})) for d in (1, 2, 3, 4, 5, 8, 64, 65)] == [0, 1, 2, 2, 3, 3, 6, 7]
    # a bracket whose bound moves past the midpoint is another loop (mid + 1 can skip the key)
    assert halving.trip_count(halving.GAP, lo, hi, halving.FLOOR, {"mid+1"}, {"mid"}) is None


F_LOCATE = """program locate
  implicit none
  integer :: jl, ju, jm, i
  double precision :: xx(0:64), x
  do i = 0, 64
    xx(i) = dble(i)
  end do
  call random_number(x)
  jl = 0
  ju = 64
PRAGMA
  do while (ju - jl .gt. 1)
    jm = (ju + jl) / 2
PROB
    if (x >= xx(jm)) then
      jl = jm
    else
      ju = jm
    end if
  end do
end program locate
"""


def test_a_fortran_bracket_search_runs_its_worst_case_count(cli, tmp_path):
    """jl = 0, ju = 64: ceil(log2(64 - 0)) = 6 passes, as iters(6) states (7 is another figure)."""
    found, stated, more = (tmp_path / f"{n}.f90" for n in "abc")
    found.write_text(F_LOCATE.replace("PRAGMA", "").replace("PROB", ""))
    stated.write_text(F_LOCATE.replace("PRAGMA", "!$interp iters(6)").replace("PROB", "!$interp prob(0.5)"))
    more.write_text(F_LOCATE.replace("PRAGMA", "!$interp iters(7)").replace("PROB", "!$interp prob(0.5)"))
    a, b, c = _run(cli, found), _run(cli, stated), _run(cli, more)
    assert a["total_seconds"] == pytest.approx(b["total_seconds"], rel=1e-12)
    assert c["total_seconds"] > a["total_seconds"] * (1 + 1e-6)
    assert "runs at most ceil(log2(ju - jl))" in " ".join(json.dumps(a).split())
