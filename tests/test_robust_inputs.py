"""Fuzz round 4 (tests/fuzz/mutate_edge.py): what its edge cases found, each fixed at its cause.

- ``_Pragma("interp iters(3)")`` (C99 6.10.9: the same as ``#pragma interp iters(3)``) was an
  internal error: pycparser keeps the operator's string literal as a Constant node.
- A loop written with a condition (``while (n--)``, ``do { } while (--k)``, ``while (i < n) { ...
  i += 3; }``) was IterND and interpreted one pass at a time, about 20 us a pass: ``while (n--)``
  with -D n=1000000 took 20 s and n=10^9 hours. Its count is now a closed form of the counters at
  the loop's entry (frontends/aag/whilecount.py), so it costs the same whatever the count.
"""
import json
import time

import pytest
import sympy

from frontends.aag import symexpr as S
from frontends.aag.bodies import flat
from interp.pipeline import load_program

HEAD = """#include <mpi.h>
#include <stdlib.h>
#pragma interp input n = 10
int main(int argc, char **argv) {
    int rank, size, i = 0, m = 10, k = 50, j;
    long n = atol(argv[1]);
    double x = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
"""
TAIL = """    MPI_Finalize();
    return 0;
}
"""


def _loops(tmp_path, body, name="w.c"):
    f = tmp_path / name
    f.write_text(HEAD + body + TAIL)
    aag = load_program(str(f))
    return [a for a in flat(aag.functions["main"].body) if a.cls.startswith("Iter")]


def _count(loop, **values):
    return loop.num_iters.subs({S.var(k): v for k, v in values.items()})


def test_pragma_operator_is_a_pragma(tmp_path):
    (loop,) = _loops(tmp_path, '    _Pragma("interp iters(3)")\n    while (x < 5) x += 1e-9;\n')
    assert loop.num_iters == 3


def test_pragma_operator_from_a_macro_and_with_escapes(tmp_path):
    (loop,) = _loops(tmp_path, '#define THREE _Pragma("interp iters(3)")\n    THREE\n    while (x < 5) x += 1e-9;\n')
    assert loop.num_iters == 3
    with pytest.raises(Exception, match=r'unknown annotation .#pragma interp "bogus"'):
        _loops(tmp_path, '    _Pragma("interp \\"bogus\\"")\n    x = 2;\n', "bogus.c")


@pytest.mark.parametrize("body, values, passes", [
    # while (n--) with n = 5 at the test: true at 5, 4, 3, 2, 1, false at 0: 5 passes. The decrement
    # of the failing test runs before the loop (rotated), so at the loop's entry n is 4.
    ("    while (n--) x += 1;\n", {"n": 4}, 5),
    # i = 0, 3, 6, 9 are < 10; 12 is not: 4 passes (ceiling(10 / 3))
    ("    while (i < n) { x += 1; i += 3; }\n", {"i": 0, "n": 10}, 4),
    ("    while (i < n) { x += 1; i += 3; }\n", {"i": 12, "n": 10}, 0),
    # do: the first pass runs untested; m = 10 -> 9 ... 0 after 10 passes; m = 0 -> one pass
    ("    do { m--; } while (m > 0);\n", {"m": 10}, 10),
    ("    do { m--; } while (m > 0);\n", {"m": 0}, 1),
    # do { } while (--k) from 50: the tests see 49 ... 0: 50 passes
    ("    do { x += 1; } while (--k);\n", {"k": 50}, 50),
    # a barrier in the body: IterSync with a known count, i = 0 .. 100 is 101 passes
    ("    while (i <= 100) { MPI_Barrier(MPI_COMM_WORLD); i++; }\n", {"i": 0}, 101),
    # a for that is not canonical (the step is in the body) is a while: j = 10, 7, 4, 1
    ("    for (j = 10; j > 0; ) { x += 1; j -= 3; }\n", {"j": 10}, 4),
])
def test_a_condition_on_counters_gives_the_trip_count(tmp_path, body, values, passes):
    (loop,) = _loops(tmp_path, body)
    assert loop.cls in ("IterD", "IterSync") and loop.counters is not None
    assert _count(loop, **values) == passes


@pytest.mark.parametrize("body", [
    "    while (i < n) { if (x > 3) i++; x += 1; }\n",     # the counter moves in a branch
    "    while (i < n) { i += j; }\n",                     # the step is not a number
    "    while (i < n) { i--; }\n",                        # moves away from the limit
    "    while (i < n) { i++; if (x > 5) break; x += 1; }\n",  # a way out
    "    while (i < n && x < 3) { i++; }\n",               # not one comparison
])
def test_other_conditions_stay_interpreted(tmp_path, body):
    (loop,) = _loops(tmp_path, body)
    assert loop.counters is None


def _run(cli, tmp_path, body, n, name="t.c", *extra):
    f = tmp_path / name
    f.write_text(HEAD + body + TAIL)
    return cli("run", f, "--procs", 2, "-D", f"n={n}", "--format", "json", *extra)


def test_while_n_minus_minus_costs_the_same_at_any_count(cli, tmp_path):
    """Closed form: T(n) = T(0) + n * t_pass, so T(2000) - T(1000) = T(1000) - T(0) and
    T(10^9) - T(0) = 10^6 x (T(1000) - T(0)); 10^9 passes used to take hours."""
    body = "    while (n--) { x = x * 0.5 + 1.0; }\n"
    t = {}
    for n in (0, 1000, 2000, 10**9):
        start = time.monotonic()
        r = _run(cli, tmp_path, body, n)
        assert r.exit_code == 0, r.stderr
        assert time.monotonic() - start < 10
        t[n] = json.loads(r.stdout)["total_seconds"]
    assert t[2000] - t[1000] == pytest.approx(t[1000] - t[0], rel=1e-9)
    assert t[10**9] - t[0] == pytest.approx(10**6 * (t[1000] - t[0]), rel=1e-9)


def test_counters_after_a_derived_loop_hold_their_final_values(cli, tmp_path):
    """After while (n--) n is -1, and after i = 0 .. 100 in steps of 1 i is 101 (also when the
    barrier loop's steady state skips passes): the loops after them run 1 and 101 barriers,
    the same time as the literal counts."""
    loops = ("    while (n--) { MPI_Barrier(MPI_COMM_WORLD); }\n"
             "    while (i <= 100) { MPI_Barrier(MPI_COMM_WORLD); i++; }\n")
    derived = _run(cli, tmp_path, loops + "    for (j = 0; j < n + 2; j++) MPI_Barrier(MPI_COMM_WORLD);\n"
                   "    for (j = 0; j < i; j++) MPI_Barrier(MPI_COMM_WORLD);\n", 1000, "a.c")
    literal = _run(cli, tmp_path, loops + "    for (j = 0; j < 1; j++) MPI_Barrier(MPI_COMM_WORLD);\n"
                   "    for (j = 0; j < 101; j++) MPI_Barrier(MPI_COMM_WORLD);\n", 1000, "b.c")
    assert derived.exit_code == 0 and literal.exit_code == 0, derived.stderr + literal.stderr
    assert json.loads(derived.stdout)["total_seconds"] == json.loads(literal.stdout)["total_seconds"]


def test_a_counter_that_steps_past_its_limit_is_refused(cli, tmp_path):
    """u = 5, 3, 1, -1, ...: u != 0 never fails (in C not before the counter wraps); the trip
    count is not a number and the prediction says so at the loop's line."""
    r = _run(cli, tmp_path, "    { long u; for (u = 5; u != 0; u -= 2) x += 1; }\n", 10, "past.c")
    assert r.exit_code == 2
    assert "past.c:11" in r.stderr and "trip count" in r.stderr and "not a finite number" in r.stderr


def test_whilecount_forms_of_the_count():
    """The closed forms themselves: ceiling for <, floor + 1 for <=, the exact meeting for !=."""
    from frontends.aag.aau import Iter, Seq
    from frontends.aag.whilecount import derived_count

    i, n = S.var("i"), S.var("n")
    step = Seq(defs=[("i", i + 2)])
    count, steps = derived_count(Iter(kind="while", cond=sympy.Lt(i, n), body=[step]))
    assert steps == {"i": 2, "n": 0} and count.subs({i: 1, n: 8}) == 4       # 1, 3, 5, 7
    count, _ = derived_count(Iter(kind="while", cond=sympy.Le(i, n), body=[step]))
    assert count.subs({i: 1, n: 7}) == 4                                      # 1, 3, 5, 7
    count, _ = derived_count(Iter(kind="while", cond=sympy.Ne(i, n), body=[step]))
    assert count.subs({i: 1, n: 9}) == 4 and count.subs({i: 1, n: 8}) is sympy.nan


def test_sweep_ranges_at_the_ends_of_double():
    """1e-300:1e300:x1e100 was an internal error (stop / start overflows, and so does 1e100**6),
    -1e300:1e300:+1e-300 too ((stop - start) / step is inf); 1:1e300:x1e50 ended at
    1.0000000000000005e300, which -D refuses. Values by hand: 1e-300 x 1e100^k for k = 0..6."""
    from interp.errors import InputError
    from interp.studies.grid import parse_define_lists

    ((_, values),) = parse_define_lists(["n=1e-300:1e300:x1e100"])
    assert len(values) == 7 and values[0] == 1e-300 and values[-1] == 1e300
    assert values[3] == pytest.approx(1e0, rel=1e-12)
    ((_, values),) = parse_define_lists(["n=1:1e300:x1e50"])
    assert len(values) == 7 and values[-1] == 1e300
    ((_, values),) = parse_define_lists(["n=1e3:1e6:x10"])
    assert values == [1000.0, 10000.0, 100000.0, 1000000.0]
    with pytest.raises(InputError, match="gives more values; a range gives at most 10,000,000"):
        parse_define_lists(["n=-1e300:1e300:+1e-300"])


def _executions(cli, tmp_path, body, label):
    f = tmp_path / "f.c"
    f.write_text(HEAD + body + TAIL)
    r = cli("run", f, "-D", "n=1", "--format", "json")
    assert r.exit_code == 0, r.stderr
    return [a["executions"] for a in json.loads(r.stdout)["aaus"] if a["label"].startswith(label)]


def test_a_for_whose_body_moves_its_variable_runs_as_its_condition_says(cli, tmp_path):
    """for (i = 0; i < 10; i++) { x += 1; i += 2; } runs at i = 0, 3, 6, 9: 4 passes (it ran the
    header's 10, a silent wrong answer); with { if (i == 3) i += 4; } at i = 0, 1, 2, 3, 8, 9: 6."""
    assert _executions(cli, tmp_path, "    for (i = 0; i < 10; i++) { x += 1; i += 2; }\n", "x += 1") == [4]
    assert _executions(cli, tmp_path, "    for (i = 0; i < 10; i++) { if (i == 3) i += 4; }\n", "if (i == 3)") == [6]


BRANCHED = "    while (i < n) { if (rank >= 0) i++; else x += 1; }\n"


def test_a_loop_on_its_way_past_the_budget_is_refused_early(cli, tmp_path):
    """while (i < n) { if (rank >= 0) i++; ... }: the counter moves in a branch, so no closed form;
    with n = 10^9 the gap i - n moves by 4,096 every 4,096 passes, about 10^9 passes are left,
    more than --max-events 10^8: refused after 3 looks (12,288 passes), not after an hour."""
    start = time.monotonic()
    r = _run(cli, tmp_path, BRANCHED, 10**9, "far.c")
    assert r.exit_code == 2
    assert "far.c:11 (IterND) on rank 0: this loop would run about 1,000,000,000 passes" in r.stderr
    assert "iters(N)' above line 11" in r.stderr
    assert time.monotonic() - start < 30
    # below the budget it is interpreted to its end: --max-events 10^5 refuses n = 2 x 10^5 the
    # same way, and n = 20,000 (within it) predicts
    assert _run(cli, tmp_path, BRANCHED, 200000, "mid.c", "--max-events", 100000).exit_code == 2
    assert _run(cli, tmp_path, BRANCHED, 20000, "near.c", "--max-events", 100000).exit_code == 0


def test_a_loop_with_a_way_out_is_not_judged_by_its_condition(cli, tmp_path):
    """The same loop with `if (i == 20000) break;` ends after 20,000 passes whatever n is."""
    r = _run(cli, tmp_path, "    while (i < n) { if (rank >= 0) i++; else x += 1; if (i == 20000) break; }\n",
             10**9, "out.c")
    assert r.exit_code == 0, r.stderr


def test_an_inner_loop_declaring_the_same_name_is_another_variable(cli, tmp_path):
    """for (int i = 0; i < 3; i++) { for (int i = 0; i < 5; i++) x += 1.0; }: the inner i is a
    variable of its own (C scopes), so 3 x 5 = 15 passes of the body, not 5."""
    assert _executions(cli, tmp_path, "    for (int i = 0; i < 3; i++) { for (int i = 0; i < 5; i++) { x += 1.0; } }\n",
                       "x += 1.0") == [15]


def test_nesting_deeper_than_interp_follows_is_one_clear_error(cli, tmp_path):
    """330 nested ifs passed the parse and exhausted Python's frames in the engine (an internal
    error); more than 200 levels are refused at the line of the first too deep, 199 predict."""
    f = tmp_path / "deep.c"
    f.write_text(HEAD + "    " + "if (rank >= 0) " * 330 + "x += 1.0;\n" + TAIL)
    r = cli("run", f, "-D", "n=1")
    assert r.exit_code == 2 and "deep.c:11: statements nested more than 200 levels deep" in r.stderr
    f.write_text(HEAD + "    " + "if (rank >= 0) " * 199 + "x += 1.0;\n" + TAIL)
    assert cli("run", f, "-D", "n=1").exit_code == 0


def test_a_fortran_parameter_that_divides_by_zero_is_one_clear_error(cli, tmp_path):
    """PARAMETER (K = 1/0) was an internal error (int() of an unevaluated integer division)."""
    f = tmp_path / "p.f90"
    f.write_text("program p\n  integer, parameter :: k = 1/0\n  integer :: i\n  do i = 1, k\n  end do\nend program p\n")
    r = cli("run", f)
    assert r.exit_code == 2
    assert "p.f90:2: the value of PARAMETER K is not a finite number" in r.stderr


PSUM = """program psum
  use mpi
  implicit none
  integer :: rank, nprocs, ierr, i, n, k
  double precision :: x, local, total
  !$interp input n = 1000
  read (*, *) n
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  local = 0.0d0
  !$interp iters(2**63)
  do i = rank + 1, n, nprocs
     x = dble(i) / n
     local = local + 4.0d0 / (1.0d0 + x * x)
  end do
  k = 0
  !$interp iters(n / 100 + 1)
  do while (local > 1.0d0)
     local = local / 2.0d0 + n
     k = k + 1
  end do
  call MPI_Reduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program psum
"""


def test_a_watched_loop_without_a_steady_state_is_forecast_against_the_budget(cli, tmp_path):
    """iters(2**63) on 2 processes: the steady-state watch gives up (the other process has not
    started the loop), and the 9.2e18 passes were interpreted until killed (seed 3002); now the
    budget's forecast refuses them when the watch gives up."""
    f = tmp_path / "psum.f90"
    f.write_text(PSUM)
    start = time.monotonic()
    r = cli("run", f, "--procs", 2)
    assert r.exit_code == 2
    assert "psum.f90:13-16 (IterND) on rank 0: this loop runs 9,223,372,036,854,775,808 iterations" in r.stderr
    assert time.monotonic() - start < 30


def test_a_thousand_nested_ifs_are_refused_at_once(cli, tmp_path):
    """They took 30 s to read (level 1 walks each statement's subtree; AAU.walk was a recursive
    generator) before the depth was refused; the parse tree's depth is checked first now."""
    f = tmp_path / "deep.c"
    f.write_text(HEAD + "    " + "if (rank >= 0) " * 1000 + "x += 1.0;\n" + TAIL)
    start = time.monotonic()
    r = cli("run", f, "-D", "n=1")
    assert r.exit_code == 2 and "deep.c:11: statements nested more than 200 levels deep" in r.stderr
    assert time.monotonic() - start < 10
