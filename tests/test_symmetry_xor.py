"""Rank symmetry classes under XOR on the e-cube hypercube (interp/engine/symmetry_classes.Group):
one representative per class changes no figure.

On the iPSC/860's hypercube (paper 001: e-cube routes, circuit switched) the symmetries of the
machine are r -> r XOR t: the route from a XOR t to b XOR t is the route from a to b with every
node XOR t. A ring program's partners r - 1 and r + 1 are r XOR (2^(k+1) - 1) with k the number of
trailing zeros (ones) of r, so the ranks fall into classes by those masks, split further by the
times they hear (their neighbours' classes) and by the links the images of other classes'
messages hold (contention). Every prediction is compared with ``--no-symmetry`` (every process,
the same steady states: every figure, wait and report line) and ``--exact`` (every figure and wait
length), as tests/test_symmetry_classes.py does for shifts.
"""
from pathlib import Path

import pytest

from interp.pipeline import predict
from tests.symmetry_compare import differences

HERE = Path(__file__).parent / "symmetry"
KW = dict(interactive=False, messages=False)


def three(prog, procs, defines, machine="ipsc860"):
    """(--exact, --no-symmetry, default) predictions on the shipped iPSC/860 (16-node hypercube)."""
    return tuple(predict([str(HERE / prog)], machine, procs, defines, exact=exact, symmetry=sym, **KW)
                 for exact, sym in ((True, False), (False, False), (False, True)))


def classes(result) -> str | None:
    note = next((n for n in result.notes if n.startswith("rank symmetry:")), None)
    if note is None or "classes (" not in note:
        return None
    return note.split("classes (", 1)[1].split(")", 1)[0]


def assert_same(preds):
    exact, full, fast = preds
    assert differences(full.result, fast.result, full.programs) == []
    assert differences(exact.result, fast.result, None, strict_waits=False) == []


def test_a_ring_on_eight_hypercube_nodes_is_four_xor_classes():
    """ring8.c (one MPI_Sendrecv of a double round the ring per iteration) on 8 of the hypercube's
    nodes. Partner masks: rank r sends to r + 1 = r XOR (2^(t+1) - 1), t = r's trailing ones, and
    hears r - 1 = r XOR (2^(z+1) - 1), z = its trailing zeros (rank 0: 7 = 0 XOR 7). By (right,
    left) mask: 0 (1, 7), 1 (3, 1), 2 (1, 3), 3 (7, 1), 4 (1, 7), 5 (3, 1), 6 (1, 3), 7 (7, 1):
    ranks r and r XOR 4 alike, 4 classes of 2 (r -> r + 4 is both a shift and an XOR, so the
    neighbours' classes agree too). One representative per class: half the operations."""
    preds = three("ring8.c", 8, ["iters=10"])
    exact, full, fast = preds
    assert classes(fast.result) == "2 ranks, 2 ranks, 2 ranks, 2 ranks"
    # 8 ranks x 10 iterations x (send, receive, wait) = 240 operations, 4 representatives: 120
    assert full.result.events == 240 and fast.result.events == 120 and fast.result.symmetric_events == 120
    assert classes(full.result) is None and classes(exact.result) is None
    for p in fast.result.procs:  # every member of a class ends where its representative does
        assert p.end == fast.result.procs[p.index & 3].end
    assert_same(preds)


@pytest.mark.parametrize("m,why", [(1, "times"), (100, "contention"), (1000, "contention")])
def test_classes_split_where_another_class_holds_some_members_links(m, why):
    """contend.c on 16 nodes: every rank sends m doubles to rank XOR 3 (e-cube: the link
    (r, r ^ 1), then (r ^ 1, r ^ 3)); the odd ranks below 8 also to rank XOR 2 (the link (r, r ^ 2)).
    Statically (partners): {0, 2, 4, 6, 8..15} and {1, 3, 5, 7}. The second hop of an even rank
    r < 8 (from r ^ 1, odd, below 8) is the link an odd rank's second message takes, sent later
    (after its first Isend's overhead): with m = 100 (Table 3: 0.42 us a byte, 336 us) the odd
    ranks' second messages find it held. Even ranks of 8..15 send their first message over links
    no other class uses: class {0, 2, 4, 6, 8..15} would hold the links of its members below 8
    only, so it splits into {0, 2, 4, 6} and 8..15 (with m = 1 the messages do not meet; the same
    split comes from the times the classes hear). Every figure as with every process."""
    preds = three("contend.c", 16, ["iters=10", "n=100", "half=8", f"m={m}"])
    fast = preds[2].result
    assert classes(fast) == "4 ranks, 4 ranks, 8..15"
    assert fast.events == 110 and fast.events + fast.symmetric_events == preds[1].result.events == 560
    assert_same(preds)


@pytest.mark.parametrize("prog,procs,defines", [
    # the benchmark's ring halo on 16 nodes: every rank r and r XOR 8 alike, 8 classes: more than
    # max_classes(16) = 4, given up after the splits
    ("ring8.c", 16, ["iters=10"]),
    # the non-periodic halo: ranks 0 and 15 have MPI_PROC_NULL neighbours: no two ranks alike
    ("nonperiodic.c", 8, ["iters=10", "n=100"]),
    # branches on the rank around the sends split before any partner does: XOR classes (the
    # hypercube's), not shifts; 0, 15 and their neighbours apart, more classes than the bound
    ("branches.c", 16, ["iters=10", "n=100"]),
])
def test_xor_classes_that_split_too_far_fall_back_to_every_process(prog, procs, defines):
    preds = three(prog, procs, defines)
    assert preds[2].result.symmetric_events == 0 and classes(preds[2].result) is None
    assert_same(preds)


def test_the_benchmark_halo_on_eight_hypercube_nodes_uses_classes_and_its_steady_state(tmp_path):
    """benchmarks/halo_scaling.py's halo (two MPI_Sendrecv a step, 1,000 points swept) on 8 nodes:
    the same 4 classes {r, r XOR 4} as ring8.c (the same partners), and the steady state is
    extrapolated on the representatives: 8 x 30 x 6 = 1,440 operations in all (a sendrecv is a
    send, a receive and a wait), of which the representatives interpret some and the members'
    and the skipped iterations are counted apart; every figure as with every process."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
    from halo_scaling import PROGRAM

    prog = tmp_path / "halo.c"
    prog.write_text(PROGRAM)
    preds = tuple(predict([str(prog)], "ipsc860", 8, ["iters=30", "n=1000"], exact=exact, symmetry=sym, **KW)
                  for exact, sym in ((True, False), (False, False), (False, True)))
    exact, full, fast = preds
    r = fast.result
    assert classes(r) == "2 ranks, 2 ranks, 2 ranks, 2 ranks"
    assert r.extrapolated_events > 0 and r.symmetric_events > 0
    assert r.events + r.symmetric_events + r.extrapolated_events == exact.result.events == 1440
    assert_same(preds)
