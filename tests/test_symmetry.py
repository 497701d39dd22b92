"""Rank symmetry (interp/engine/symmetry.py): interpreting rank 0 for every process changes no figure.

Every comparison predicts a program with rank symmetry on and with every process interpreted
(``--no-symmetry``: the same steady states, so every figure must be the same, the longest waits'
partners and the reports' text and JSON included; ``--exact``: every figure but which of several
waits of equal length a process lists, a tie that steady states decide by rounding, as
tests/test_steady.py allows). Programs where the symmetry holds must use it (symmetric events
counted); programs where it does not must fall back to interpreting every process.
"""
from pathlib import Path

import pytest

from frontends.aag.rank_dependence import rank_dependence
from interp.engine.algorithm import Engine
from interp.engine.options import EngineOptions
from interp.engine.symmetry import SymmetricStats, Waits
from interp.pipeline import load_programs, parse_defines, predict
from sag.parameter import Bound
from tests.symmetry_compare import differences, ipsc_with

HERE = Path(__file__).parent / "symmetry"
S = "samples/"
KW = dict(interactive=False, messages=False)
# the halo of benchmarks/halo_scaling.py and issue 16's stencil (benchmarks/stencil_steady.py),
# written next to the other programs by the fixture ``machines``
BENCHMARK_PROGRAMS = {"halo.c": ("halo_scaling", "PROGRAM"), "stencil.c": ("stencil_steady", "PROGRAM")}


def three(files, machine, procs, defines):
    """(--exact, --no-symmetry, default) predictions."""
    return tuple(predict(files, machine, procs, defines, exact=exact, symmetry=sym, **KW)
                 for exact, sym in ((True, False), (False, False), (False, True)))


def assert_same_everywhere(preds):
    exact, full, fast = preds
    assert differences(full.result, fast.result, full.programs) == []
    # steady states decide ties of equal waits (and of AAUs of equal totals) by rounding: figures only
    assert differences(exact.result, fast.result, None, strict_waits=False) == []


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    d = tmp_path_factory.mktemp("machines")
    return {"ring16": ipsc_with(d, "ring", 16), "crossbar16": ipsc_with(d, "crossbar", 16),
            "crossbar64": ipsc_with(d, "crossbar", 64)}


@pytest.fixture(scope="module")
def progs(tmp_path_factory):
    """tests/symmetry's programs, and the benchmarks' halo and stencil beside them."""
    import importlib
    import shutil
    import sys

    d = tmp_path_factory.mktemp("programs")
    for f in HERE.iterdir():
        shutil.copy(f, d / f.name)
    sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
    for name, (module, attr) in BENCHMARK_PROGRAMS.items():
        (d / name).write_text(getattr(importlib.import_module(module), attr))
    return d


def symmetric(result) -> bool:
    return result.symmetric_events > 0 and any(n.startswith("rank symmetry:") for n in result.notes)


# -- where the symmetry holds ------------------------------------------------------------------
@pytest.mark.parametrize("prog,machine,procs,defines", [
    ("halo.c", "ring16", 16, ["iters=50", "n=1000"]),  # shifts on a ring of 16 nodes
    ("halo.c", "crossbar64", 64, ["iters=30", "n=500"]),
    ("halo.c", "sp2", 16, ["iters=50", "n=1000"]),  # the SP2's fitted circular shift (seed 003)
    ("isend2d.c", "crossbar16", 16, ["iters=30", "n=100", "side=4"]),
    ("allreduce.c", "ipsc860", 16, ["iters=30", "n=1000"]),  # recursive doubling: XOR on the hypercube
    ("allreduce.c", "sp2", 16, ["iters=30", "n=1000"]),  # the SP2's fitted allreduce (Table 5)
    # issue 16's stencil: shifts for the halo, XOR for the allreduce's steps, on a crossbar
    ("stencil.c", "crossbar16", 16, ["n=4000000", "steps=100"]),
    ("stencil.c", "sp2", 16, ["n=4000000", "steps=100"]),
])
def test_symmetric_programs_are_interpreted_once_with_the_same_figures(machines, progs, prog, machine, procs, defines):
    preds = three([str(progs / prog)], machines.get(machine, machine), procs, defines)
    assert symmetric(preds[2].result)
    assert not symmetric(preds[1].result) and not symmetric(preds[0].result)
    assert_same_everywhere(preds)


def test_symmetry_without_steady_states_reports_exactly_what_full_interpretation_does(machines, progs):
    """Steady states off on both sides: rank symmetry alone, compared with --exact in every
    figure, every wait and every line of the reports."""
    file = str(progs / "halo.c")
    values = parse_defines(["iters=40", "n=1000"])
    programs = load_programs([file], "cluster", (), values, None)
    from interp.pipeline import load_machine, macro_names, resolve_inputs
    sag = load_machine(machines["ring16"], (), ())
    inputs = resolve_inputs(programs, values, False, macro_names([file], values))
    runs = [Engine(programs, sag, 16, inputs, EngineOptions(bound=Bound.parse("mid"), messages=False,
                                                          extrapolate=False, symmetry=sym)).run()
            for sym in (False, True)]
    assert runs[1].extrapolated_events == 0 and runs[1].symmetric_events == 15 * runs[1].events
    assert differences(runs[0], runs[1], programs) == []


def test_a_ring_of_sendrecvs_costs_table_3s_message_on_every_process(machines, progs):
    """Paper 001 Table 3 (static buffers): startup 70 us, 0.42 us per byte, 11 us per hop. One
    MPI_Sendrecv of a double (8 bytes) to the next rank over one crossbar hop: the isend pays the
    startup, 70 us of call overhead; the message arrives 8 x 0.42 + 11 = 14.36 us later, which the
    receive spends as transmission. 10 iterations: 10 x 84.36 = 843.6 us per process, of which
    700 us overhead and 143.6 us transmission, on every process alike."""
    exact, full, fast = three([str(progs / "ring8.c")], machines["crossbar16"], 16, ["iters=10"])
    r = fast.result
    assert symmetric(r) and r.events == 30 and r.symmetric_events == 15 * 30  # send, recv, wait x 10
    for p in r.procs:
        assert p.ovh == pytest.approx(700e-6, rel=1e-12) and p.xmit == pytest.approx(143.6e-6, rel=1e-12)
        comm = next(s for (i, _), s in r.aaus.items() if i == p.index and s.cls == "Comm")
        assert comm.executions == 10 and comm.total == pytest.approx(843.6e-6, rel=1e-12)
    # the waits name each process's own left neighbour
    assert {w[2] for w in r.procs[5].longest_waits} == {"message from rank 4"}
    assert {w[2] for w in r.procs[0].longest_waits} == {"message from rank 15"}
    assert_same_everywhere((exact, full, fast))


# -- where it does not: every process interpreted, the same figures ------------------------------
@pytest.mark.parametrize("prog,machine,procs,defines", [
    ("halo.c", "ipsc860", 16, ["iters=30", "n=1000"]),  # ring neighbours on e-cube routes: not XOR
    ("times3.c", "crossbar16", 16, ["iters=20", "n=100"]),  # partners 3r: no symmetry of the ranks
    ("skip2.c", "ring16", 16, ["iters=20", "n=100"]),  # routes to r + 2 meet on the ring's links
    ("grid2d.c", "crossbar16", 16, ["iters=20", "n=100", "side=4"]),  # 6 classes (tests/test_symmetry_classes.py)
    ("overlap.c", "crossbar16", 16, ["iters=10", "n=1000"]),  # shift and XOR messages at once
    ("stencil.c", "ring16", 16, ["n=4000000", "steps=100"]),  # XOR steps on a ring: not its symmetry
    (S + "matmul_master_worker_mpi.c", "ipsc860", 4, ["n=64"]),  # the master's branch on the rank
    (S + "jacobi2d_mpi.c", "crossbar16", 16, ["n=130", "iters=40"]),  # boundary rows: branches on the rank
])
def test_programs_without_the_symmetry_are_interpreted_in_full(machines, progs, prog, machine, procs, defines):
    file = prog if prog.startswith(S) else str(progs / prog)
    preds = three([file], machines.get(machine, machine), procs, defines)
    assert not symmetric(preds[2].result)
    assert_same_everywhere(preds)


# -- the static half ---------------------------------------------------------------------------
def _aag(file, defines=()):
    return load_programs([file], "cluster", (), parse_defines(list(defines)), None)[0]


def test_the_rank_deciding_only_partners_is_found_and_a_branch_on_it_refused(progs):
    names, reason = rank_dependence(_aag(str(progs / "halo.c"), ["iters=2", "n=4"]))
    assert names == {"rank", "left", "right"} and reason is None
    names, reason = rank_dependence(_aag(S + "ring_mpi.c"))
    assert reason == "samples/ring_mpi.c:24: a branch condition reads 'rank', which differs from rank to rank"


def test_a_size_computed_from_the_rank_is_refused(tmp_path):
    prog = tmp_path / "sizes.c"
    prog.write_text("#include <mpi.h>\nint main(int argc, char **argv) {\n    int rank, size; double b[64];\n"
                    "    MPI_Init(&argc, &argv);\n    MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n"
                    "    MPI_Comm_size(MPI_COMM_WORLD, &size);\n    int m = rank + 1;\n"
                    "    MPI_Sendrecv(b, m, MPI_DOUBLE, (rank + 1) % size, 0, b, 64, MPI_DOUBLE,\n"
                    "                 (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n"
                    "    MPI_Finalize();\n    return 0;\n}\n")
    names, reason = rank_dependence(_aag(str(prog)))
    assert "m" in names and reason.endswith("a message's size or tag reads 'm', which differs from rank to rank")


# -- the pieces ----------------------------------------------------------------------------------
def test_waits_keep_every_wait_a_renaming_could_list():
    """5 waits are listed per process. Of 3 waits of 2 s and 6 of 1 s (AAU 7), renaming partners
    cannot lift a 1 s wait above a 2 s one, but which two of the 1 s waits are listed depends on
    their texts: all 1 s waits stay (each at most 5 times); a 0.5 s wait, outranked by 5 waits on
    length alone whatever the texts, goes."""
    w = Waits()
    for _ in range(3):
        w.add((2.0, 7, "message from rank 1"))
    for k in range(6):
        w.add((1.0, 7, f"message from rank {k % 2 + 2}"))
    w.add((0.5, 7, "message from rank 9"))
    kept = w.kept()
    assert kept == {(2.0, 7, "message from rank 1"): 3, (1.0, 7, "message from rank 2"): 3,
                    (1.0, 7, "message from rank 3"): 3}


def test_symmetric_stats_give_rank_0s_record_for_every_process():
    rep = {4: "stats of AAU 4", 9: "stats of AAU 9"}
    view = SymmetricStats(rep, 3)
    assert len(view) == 6 and list(view) == [(0, 4), (0, 9), (1, 4), (1, 9), (2, 4), (2, 9)]
    assert view[(2, 9)] == "stats of AAU 9" and (1, 4) in view and (3, 4) not in view and (0, 5) not in view
    with pytest.raises(KeyError):
        view[(3, 4)]


def test_the_command_line_counts_the_represented_events_and_no_symmetry_turns_it_off(cli, machines, progs):
    """interp run: 10 sendrecvs are 30 operations of rank 0 and 15 x 30 of the processes it stands
    for; --no-symmetry interprets all 480 (the header's event count and JSON's symmetric_events)."""
    import json
    args = ["run", progs / "ring8.c", "-m", machines["crossbar16"], "-p", "16", "-D", "iters=10", "--format", "json"]
    fast, full = (json.loads(cli(*args, *extra).output) for extra in ((), ("--no-symmetry",)))
    assert (fast["events"], fast["symmetric_events"]) == (30, 450)
    assert (full["events"], full["symmetric_events"]) == (480, 0)
    assert fast["total_seconds"] == full["total_seconds"]
    text = cli(*args[:-2], "--level", "aag").output
    assert "events interpreted: 30 (+ 450 of the processes rank 0 stood for)" in text
