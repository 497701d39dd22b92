"""Steady-state extrapolation (interp/steady.py): skipping repeating iterations changes no figure.

Every test predicts a program twice, interpreting every iteration (exact=True) and extrapolating
its steady state, and compares every process's and every AAU's figures. The relative tolerance
1e-9 is the rounding of sums over hundreds of iterations, plus 1e-12 of the run's time for
durations that are differences of clock values; a skipped iteration costed wrongly would differ by
its own share, 1e-3 or more here.
"""
import pytest

from frontends.aag import Iter
from interp.engine import steady
from interp.pipeline import load_programs, predict
from frontends.aag.analysis import loop_period, signed_remainders, varying_reads

S = "samples/"
REL = 1e-9


def both(files, procs, defines, machine="ipsc860"):
    exact = predict(files, machine, procs, defines, interactive=False, messages=False, exact=True).result
    # symmetry off: these tests are about steady states alone (tests/test_symmetry.py: both)
    fast = predict(files, machine, procs, defines, interactive=False, messages=False, symmetry=False).result
    return exact, fast


def close(a, b, scale=0.0):
    # Durations are differences of clock values: their rounding is relative to the clock (scale).
    return a == b or abs(a - b) <= REL * max(abs(a), abs(b)) + 1e-12 * scale


def assert_same(exact, fast):
    assert close(exact.total, fast.total)
    scale = exact.total
    for pe, pf in zip(exact.procs, fast.procs):
        for f in ("start", "end", "comp", "ovh", "xmit", "wait"):
            assert close(getattr(pe, f), getattr(pf, f), scale), (pe.label, f)
        # the longest waits: the same lengths (which of several equal waits is listed is a tie)
        we, wf = sorted(pe.longest_waits), sorted(pf.longest_waits)
        assert len(we) == len(wf) and all(close(x[0], y[0], scale) for x, y in zip(we, wf)), pe.label
    assert exact.aaus.keys() == fast.aaus.keys()
    for key, se in exact.aaus.items():
        sf = fast.aaus[key]
        assert se.executions == sf.executions, (key, se.loc)
        for f in ("total", "comp", "ovh", "xmit", "wait", "first", "last", "min", "max"):
            x, y = getattr(se, f), getattr(sf, f)
            assert (x is None) == (y is None) and (x is None or close(x, y, scale)), (key, se.loc, f, x, y)
    # every operation is either interpreted or stands for a skipped one
    assert fast.events + fast.extrapolated_events == exact.events


def jumped(result) -> list[str]:
    return [n for n in result.notes if n.startswith("steady state:")]


@pytest.mark.parametrize("files,procs,defines", [
    ([S + "jacobi2d_mpi.c"], 4, ["n=66", "iters=60"]),
    ([S + "jacobi2d_mpi.c"], 16, ["n=130", "iters=80"]),
    ([S + "ring_mpi.c"], 8, ["params[0]=64", "params[1]=60"]),
    ([S + "pingpong_mpi.c"], 2, ["m=1000", "reps=100"]),
    ([S + "fortran/jacobi2d_mpi.f90"], 4, ["n=66", "iters=60"]),
    # each repetition's bounds arrive in a broadcast of values rank 0 sets the same every time
    ([S + "trapezoid_mpi.c"], 8, ["n=8000", "reps=40"]),
])
def test_extrapolated_loops_match_full_interpretation(files, procs, defines):
    exact, fast = both(files, procs, defines)
    assert not jumped(exact)
    assert len(jumped(fast)) == 1
    assert fast.extrapolated_events > fast.events / 2  # most of the loop was skipped
    assert_same(exact, fast)


def test_halo_on_a_hypercube_settles_with_contention():
    # 16 ring neighbours on a 4-cube: e-cube routes (7 -> 8 crosses 4 links) share links.
    prog = "benchmarks/halo_scaling.py"
    src = open(prog).read().split('PROGRAM = r"""', 1)[1].split('"""', 1)[0]
    import tempfile
    from pathlib import Path
    d = Path(tempfile.mkdtemp())
    (d / "halo.c").write_text(src)
    exact, fast = both([str(d / "halo.c")], 16, ["iters=200", "n=100"])
    assert len(jumped(fast)) == 1
    assert_same(exact, fast)


@pytest.mark.parametrize("files,procs,defines", [
    # the host runs no copy of the node loop: no steady state of every process
    ([S + "trapezoid_host.c", S + "trapezoid_node.c"], 4, ["n=1000", "reps=40"]),
    # master and workers run different loops
    ([S + "matmul_master_worker_mpi.c"], 4, ["n=24"]),
])
def test_loops_not_run_by_every_process_are_interpreted(files, procs, defines):
    exact, fast = both(files, procs, defines)
    assert not jumped(fast)
    assert fast.extrapolated_events == 0
    assert_same(exact, fast)


def test_too_few_iterations_are_interpreted():
    exact, fast = both([S + "jacobi2d_mpi.c"], 4, ["n=66", "iters=6"])
    assert not jumped(fast)
    assert_same(exact, fast)


LOOPS = r"""
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, x = 1, off;
    double buf[4096];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (it = 0; it < 50; it++) {          /* partner from the loop variable */
        int dest = (rank + it) % size;
        MPI_Send(buf, 8, MPI_DOUBLE, dest, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, 8, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    for (it = 0; it < 50; it++) {          /* a barrier every tenth iteration */
        if (it % 10 == 0)
            MPI_Barrier(MPI_COMM_WORLD);
        MPI_Allreduce(buf, buf + 8, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    for (it = 0; it < 50; it++) {          /* a size growing each iteration */
        x = x + 1;
        MPI_Bcast(buf, x, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    for (it = 0; it < 50; it++) {          /* recomputed the same each iteration: steady */
        off = 2 * size;
        MPI_Bcast(buf, off, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


@pytest.fixture
def loops_c(tmp_path):
    path = tmp_path / "loops.c"
    path.write_text(LOOPS)
    return str(path)


def test_static_check_finds_values_that_change_between_iterations(loops_c):
    prog = load_programs([loops_c], "cluster", (), {}, None)[0]
    loops = [a for a in prog.main.body if isinstance(a, Iter)]
    # the barrier every tenth iteration reads `it` only as `it % 10 == 0`: periodic, period 10
    assert [sorted(varying_reads(a, prog.functions, False)) for a in loops] == [["dest"], [], ["x"], []]
    assert [loop_period(a, prog.functions, False) for a in loops] == [0, 10, 0, 1]


def test_only_the_steady_loop_is_extrapolated(loops_c):
    exact, fast = both([loops_c], 4, [])
    notes = jumped(fast)
    assert len(notes) == 1 and "loops.c:24-26" in notes[0]
    assert_same(exact, fast)


def test_a_loop_that_stops_repeating_after_the_decision_is_predicted_again_in_full(monkeypatch):
    # Simulate a regime change between the decision and the jump: the engine must start again
    # with that loop interpreted in full, and give the exact figures.
    real_repeats, real_decide = steady._repeats, steady.SteadyState._decide
    decisions = []

    def decide(self, w):
        real_decide(self, w)
        if w.kstar is not None:
            decisions.append(w.kstar)

    def flaky(hist, m):
        return real_repeats(hist, m) and not decisions

    monkeypatch.setattr(steady.SteadyState, "_decide", decide)
    monkeypatch.setattr(steady, "_repeats", flaky)
    fast = predict([S + "jacobi2d_mpi.c"], "ipsc860", 4, ["n=66", "iters=60"], interactive=False,
                   messages=False).result
    monkeypatch.undo()
    exact = predict([S + "jacobi2d_mpi.c"], "ipsc860", 4, ["n=66", "iters=60"], interactive=False,
                    messages=False, exact=True).result
    assert len(decisions) == 1  # decided once; after the break the loop was banned
    assert not jumped(fast)
    assert_same(exact, fast)


def test_traces_and_message_records_interpret_every_iteration():
    r = predict([S + "jacobi2d_mpi.c"], "ipsc860", 4, ["n=66", "iters=60"], interactive=False).result
    assert not jumped(r) and r.extrapolated_events == 0
    assert len([m for m in r.messages if not m.internal]) == 60 * 2 * 3  # 3 interior boundaries, 2 ways


def test_run_reports_skipped_iterations_and_exact_interprets_them(cli):
    args = ["run", S + "jacobi2d_mpi.c", "--procs", "4", "-D", "n=66", "-D", "iters=60", "--format", "json"]
    import json
    fast = json.loads(cli(*args).stdout)
    exact = json.loads(cli(*args, "--exact").stdout)
    assert fast["extrapolated_events"] > 0 and exact["extrapolated_events"] == 0
    assert fast["events"] + fast["extrapolated_events"] == exact["events"]
    assert abs(fast["total_seconds"] - exact["total_seconds"]) <= REL * exact["total_seconds"]
    assert any(n.startswith("steady state: the loop at jacobi2d_mpi.c:64-88") for n in fast["notes"])
    text = cli(*args[:-2]).stdout
    assert "(+ " in text and "in extrapolated steady-state iterations)" in text


COUNTER = r"""
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, k = 1, m = 8;
    double buf[4096];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (it = 0; it < 50; it++) {          /* rank 0 counts, everyone sends that many */
        if (rank == 0)
            k = k + 1;
        MPI_Bcast(&k, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Bcast(buf, k, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    for (it = 0; it < 50; it++) {          /* rank 0 sends the same value every time */
        if (rank == 0)
            m = 16;
        MPI_Bcast(&m, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Bcast(buf, m, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_values_travelling_in_messages_are_followed(tmp_path):
    path = tmp_path / "counter.c"
    path.write_text(COUNTER)
    prog = load_programs([str(path)], "cluster", (), {}, None)[0]
    loops = [a for a in prog.main.body if isinstance(a, Iter)]
    assert [sorted(varying_reads(a, prog.functions, True)) for a in loops] == [["k"], []]
    # with a host and a node program the sender is not this code: whatever arrives may vary
    assert sorted(varying_reads(loops[1], prog.functions, True, single_program=False)) == ["m"]
    exact, fast = both([str(path)], 4, [])
    notes = jumped(fast)
    assert len(notes) == 1 and "counter.c:16-20" in notes[0]
    assert_same(exact, fast)


NESTED = r"""
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, t, it, i;
    double u[1000], s = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (t = 0; t < 40; t++) {
        for (it = 0; it < 30; it++) {
            MPI_Sendrecv(&u[1], 8, MPI_DOUBLE, left, 0, &u[100], 8, MPI_DOUBLE, right, 0,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (i = 0; i < 500; i++)
                s += u[i] * u[i];
        }
        MPI_Allreduce(&s, &u[0], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("procs", [3, 4, 8])
def test_nested_steady_loops(tmp_path, procs):
    # The inner exchange loop settles in each time step, and then the time steps themselves repeat:
    # the outer jump must carry the inner jumps' skipped time and operations.
    path = tmp_path / "nested.c"
    path.write_text(NESTED)
    exact, fast = both([str(path)], procs, [])
    notes = jumped(fast)
    assert any("nested.c:11-18" in n and "repeats every iteration" in n for n in notes)
    assert any("nested.c:12-16" in n and "reached a steady state in" in n for n in notes)
    assert_same(exact, fast)


HANG_AFTER_LOOP = r"""
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it;
    double buf[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (it = 0; it < 200; it++)
        MPI_Allreduce(buf, buf + 1, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        MPI_Recv(buf, 1, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_a_hang_after_a_skipped_loop_reports_real_times(tmp_path):
    from interp.errors import ProgramHang
    path = tmp_path / "hang.c"
    path.write_text(HANG_AFTER_LOOP)
    reports = []
    for exact in (True, False):
        with pytest.raises(ProgramHang) as exc:
            predict([str(path)], "ipsc860", 4, [], interactive=False, messages=False, exact=exact)
        reports.append(str(exc.value))
    assert "hang.c:13" in reports[0] and "since t=0.0338093 s" in reports[0]
    assert reports[0] == reports[1]  # the same blocked time, though most of the loop was skipped


def test_a_barrier_loop_settles_despite_rounding_residues_in_its_waits(tmp_path):
    """Issue 14 (fuzz case c-2-41): `for (k < 10^9) MPI_Barrier` spun for ever because the waits
    the barrier leaves are rounding residues (about 1e-16 s) that differ from iteration to
    iteration by as much as they are; their tolerance is now relative to the clock."""
    prog = tmp_path / "barriers.c"
    prog.write_text("#include <mpi.h>\nint main(int argc, char **argv) {\n    MPI_Init(&argc, &argv);\n"
                    "    for (int k = 0; k < 2000; k++) MPI_Barrier(MPI_COMM_WORLD);\n"
                    "    MPI_Finalize();\n    return 0;\n}\n")
    exact, fast = both([str(prog)], 4, [])
    assert len(jumped(fast)) == 1 and fast.extrapolated_events > 7900
    assert_same(exact, fast)


def test_a_node_loop_the_waiting_host_does_not_run_is_extrapolated(tmp_path):
    """Issue 14 (fuzz case fortran-5-34): a loop of 10^9 gsync()s in the node program spun for ever
    because the host, blocked in its crecv all along, does not run it. Processes that wait (blocked
    or finished) while the others settle are left as they are, and checked to stay so."""
    node = open(S + "trapezoid_node.c").read().replace(
        "    crecv(SETUP_TYPE,", "    for (i = 0; i < 3000; i++) gsync();\n    crecv(SETUP_TYPE,", 1)
    (tmp_path / "node.c").write_text(node)
    files = [S + "trapezoid_host.c", str(tmp_path / "node.c")]
    exact, fast = both(files, 4, ["n=1000", "reps=2"])
    assert len(jumped(fast)) == 1 and fast.extrapolated_events > 0.9 * exact.events
    assert_same(exact, fast)


def test_check_extrapolates_steady_loops_and_still_finds_the_mismatch(tmp_path):
    """Issue 14: `interp check` kept a record of every message, which switched steady states off,
    so a loop of 10^9 barriers before a tag mismatch spun for ever. It reads the records only of
    what is left unmatched, which a skipped iteration never leaves."""
    from interp.studies.check import check

    src = open(S + "broken/mismatch_tag.c").read().replace(
        "    if (rank == 0)\n", "    for (int k = 0; k < 1000000000; k++) MPI_Barrier(MPI_COMM_WORLD);\n"
        "    if (rank == 0)\n", 1)
    (tmp_path / "late.c").write_text(src)
    (prog,) = load_programs([str(tmp_path / "late.c")], "cluster", (), {}, None)
    findings = check([prog], "ipsc860", 2, max_events=100000)
    assert [(f.kind, f.ranks) for f in findings] == [("tag-mismatch", [0, 1])]


# -- periodic steady states (issue 16): a body that repeats every k iterations -------------------
def stencil(k: int) -> str:
    """benchmarks/stencil_steady.py's program (issue 16's stencil) with the Allreduce every k steps
    and an alternating branch, each rank in its own phase (alternating buffers)."""
    src = open("benchmarks/stencil_steady.py").read().split('PROGRAM = r"""', 1)[1].split('"""', 1)[0]
    assert "if (step % 10 == 0)" in src and "    }\n    MPI_Finalize" in src
    return src.replace("if (step % 10 == 0)", f"if (step % {k} == 0)").replace(
        "    }\n    MPI_Finalize",
        "        if ((step + rank) % 2 != 0)\n"
        "            for (i = 1; i <= m; i++)\n"
        "                u[i] = v[i];\n"
        "    }\n    MPI_Finalize")


@pytest.mark.parametrize("k,procs,steps", [(10, 16, 200), (16, 8, 300), (3, 4, 150)])
def test_reduction_every_k_steps_is_extrapolated_exactly(tmp_path, k, procs, steps):
    # issue 16's stencil: two halo exchanges a step and an MPI_Allreduce every k steps. The loop's
    # control flow repeats every lcm(k, 2) iterations (`step % K == 0`, `(step + rank) % 2 != 0`).
    path = tmp_path / "stencil.c"
    path.write_text(stencil(k))
    prog = load_programs([str(path)], "cluster", (), {}, None)[0]
    loop = next(a for a in prog.main.body if isinstance(a, Iter))
    period = k * 2 // (2 if k % 2 == 0 else 1)  # lcm(k, 2): 10, 16, 6
    assert loop_period(loop, prog.functions, False) == period
    exact, fast = both([str(path)], procs, ["n=40000", f"steps={steps}"])
    notes = jumped(fast)
    assert len(notes) == 1 and f"repeats every {period} iterations" in notes[0], fast.notes
    assert fast.extrapolated_events > fast.events / 4  # a good part of the loop was skipped
    assert_same(exact, fast)


PERIODIC = r"""
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it;
    double buf[64];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (it = 0; it < 9; it++) {
        if (it % 2 == 1) MPI_Barrier(MPI_COMM_WORLD);               /* C's % is negative for it < 0 */
        MPI_Bcast(buf, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    for (it = 0; it < 9; it++) {
        if (it % size == 0) MPI_Barrier(MPI_COMM_WORLD);            /* k not a constant */
        MPI_Bcast(buf, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    for (it = 0; it < 9; it++) {
        if ((it * it) % 4 == 0) MPI_Barrier(MPI_COMM_WORLD);        /* not linear in it */
        MPI_Bcast(buf, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    for (it = 0; it < 9; it++) {
        if (it % 4 == 0 && it > 2) MPI_Barrier(MPI_COMM_WORLD);     /* it read outside the remainder */
        MPI_Bcast(buf, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    for (it = 0; it < 9; it++) {
        if ((3 * it + rank) % 4 == 0 || !((it + 1) % 6)) MPI_Barrier(MPI_COMM_WORLD);
        MPI_Bcast(buf, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_constant_remainders_of_the_loop_variable_are_periodic(tmp_path):
    path = tmp_path / "periodic.c"
    path.write_text(PERIODIC)
    prog = load_programs([str(path)], "cluster", (), {}, None)[0]
    loops = [a for a in prog.main.body if isinstance(a, Iter)]
    # it % 2 == 1: period 2, if `it` keeps its sign; (3*it + rank) % 4 == 0 repeats every 4
    # iterations, (it + 1) % 6 every 6: lcm 12, whatever the signs (zero tests)
    assert [loop_period(a, prog.functions, False) for a in loops] == [2, 0, 0, 0, 12]
    assert [sorted(varying_reads(a, prog.functions, False)) for a in loops] == [[]] + [["it"]] * 3 + [[]]
    assert [[str(d) for d in signed_remainders(a, prog.functions, False)] for a in loops] == \
        [["it"], [], [], [], []]


RED_BLACK = r"""
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, step;
    double u[64], local = 0.0, global;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (step = START; step < START + 200; step++) {
        MPI_Sendrecv(&u[1], 8, MPI_DOUBLE, left, 0, &u[40], 8, MPI_DOUBLE, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (step % 2 == 1)
            MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("start,extrapolated", [
    (0, True),      # step >= 0: every other step reduces, period 2
    (-400, True),   # step < 0 throughout: step % 2 is 0 or -1, never 1: no reduction, period 2
    (-101, False),  # -101 .. 98: no reduction while negative, then every other step: not periodic
])
def test_a_remainder_compared_with_a_nonzero_value_is_periodic_only_where_its_sign_holds(tmp_path, start,
                                                                                         extrapolated):
    path = tmp_path / "redblack.c"
    path.write_text(RED_BLACK.replace("START", f"({start})"))
    exact, fast = both([str(path)], 4, [])
    assert bool(jumped(fast)) == extrapolated, fast.notes
    assert_same(exact, fast)


CARRIED = """#include <mpi.h>
int main(int argc, char **argv) {
    int rank, i, count = 0, k;
    double x = 0, y = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 100; i++) {
        if (rank == 0) MPI_Send(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
        else MPI_Recv(&y, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        count = count + 1;
    }
    for (k = 0; k < count; k++)
        x = x + 1.0;
    MPI_Finalize();
    return 0;
}
"""


def test_a_jump_advances_the_values_the_loop_carries(tmp_path):
    """count = count + 1 in a loop the steady state skips: after the jump count must be 100, as
    the full interpretation has it, so the second loop makes 100 passes on each of the 2 ranks
    (200 in all). Before, the jump advanced only the loop variable and count stayed where the
    jump found it: the second loop made 10 passes per rank, silently."""
    path = tmp_path / "c.c"
    path.write_text(CARRIED)
    exact, fast = both([str(path)], 2, [])
    assert len(jumped(fast)) == 1 and fast.extrapolated_events > fast.events
    for r in (exact, fast):  # per process: 100 each
        assert sorted(s.executions for s in r.aaus.values() if s.cls == "Seq" and s.loc.endswith("c.c:13")) \
            == [100, 100]
    assert_same(exact, fast)


TOGGLE = """program toggle
  implicit none
  integer :: k, a
  a = 0
  do k = 1, 20
    if (is_odd(k)) a = a + 1
  end do
contains
  logical function is_odd(m)
    integer, intent(in) :: m
    integer :: d
    is_odd = .false.
    do d = 1, m
      is_odd = .not. is_odd
    end do
  end function is_odd
end program toggle
"""


def test_a_value_that_alternates_is_not_jumped_over(tmp_path):
    """is_odd = .not. is_odd alternates: its increment over one iteration is not the same twice,
    so no jump of odd length; 10 of k = 1..20 are odd. Before, the jump left is_odd as it was and
    5 were counted."""
    path = tmp_path / "t.f90"
    path.write_text(TOGGLE)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    (inc,) = [s for s in r.aaus.values() if s.cls == "Seq" and s.loc.endswith("t.f90:6")]
    assert inc.executions == 10


FILL = """#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int n = atoi(argv[1]);
    int *rowptr = calloc(n + 1, sizeof(int));
    for (int i = 0; i < n; i++) rowptr[i+1] = rowptr[i] + 3;
    double s = 0.0;
    for (int i = 0; i < n; i++)
        for (int k = rowptr[i]; k < rowptr[i+1]; k++) s += k;
    MPI_Finalize();
    return (int) s;
}
"""


def test_a_loop_that_stores_followed_elements_is_not_extrapolated(tmp_path):
    """A fill loop (rowptr[i+1] = rowptr[i] + 3) stores another element each iteration: a jump over
    iterations would not store them, and the CSR loop after it read calloc's zeros (6 executions of
    its body at n = 1000 where there are 3 x 1000). Never extrapolated; the same as --exact."""
    path = tmp_path / "fill.c"
    path.write_text(FILL)
    exact, fast = both([str(path)], 1, ["n=1000"])
    assert_same(exact, fast)
    body = [s for s in fast.aau_totals() if s.cls == "Seq" and s.loc.endswith(":11")]
    assert sum(s.executions for s in body) == 3 * 1000
