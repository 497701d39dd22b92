"""Rank symmetry with several classes (interp/engine/symmetry_classes.py): one representative per
class of ranks changes no figure.

Every prediction is compared with ``--no-symmetry`` (every process interpreted, the same steady
states) in every figure, every wait (its AAU and the partner it names) and the text and JSON
reports, and with ``--exact`` (every process and every iteration) in every figure and the waits'
lengths (steady states decide ties between equal waits by rounding, as tests/test_steady.py
allows). Programs that must split, and programs where the classes must be given up, are predicted
the same way.
"""
from pathlib import Path

import numpy as np
import pytest

from frontends.aag.rank_dependence import rank_branches, rank_dependence
from interp.engine.symmetry_classes import ClassesSplit, Links, Partition
from interp.pipeline import load_programs, parse_defines, predict
from tests.symmetry_compare import differences, ipsc_with

HERE = Path(__file__).parent / "symmetry"
KW = dict(interactive=False, messages=False)


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    d = tmp_path_factory.mktemp("machines")
    return {"crossbar16": ipsc_with(d, "crossbar", 16), "ring16": ipsc_with(d, "ring", 16),
            "crossbar64": ipsc_with(d, "crossbar", 64), "ring64": ipsc_with(d, "ring", 64)}


def three(prog, machine, procs, defines):
    """(--exact, --no-symmetry, default) predictions."""
    return tuple(predict([str(HERE / prog)], machine, procs, defines, exact=exact, symmetry=sym, **KW)
                 for exact, sym in ((True, False), (False, False), (False, True)))


def classes(result) -> str | None:
    """The classes the note names ("0, 1..14, 15"), or None when no symmetry was used."""
    note = next((n for n in result.notes if n.startswith("rank symmetry:")), None)
    if note is None or "classes (" not in note:
        return None
    return note.split("classes (", 1)[1].split(")", 1)[0]


def assert_same(preds):
    exact, full, fast = preds
    assert differences(full.result, fast.result, full.programs) == []
    assert differences(exact.result, fast.result, None, strict_waits=False) == []


# -- where several classes hold ----------------------------------------------------------------
@pytest.mark.parametrize("prog,machine,procs,defines,expected", [
    # MPI_PROC_NULL beyond ranks 0 and 15: three classes, no dynamic split (the ends send at the
    # interior's times), on a crossbar and on a ring of 16 nodes (shifts are the ring's symmetry)
    ("nonperiodic.c", "crossbar16", 16, ["iters=20", "n=100"], "0, 1..14, 15"),
    ("nonperiodic.c", "ring16", 16, ["iters=20", "n=100"], "0, 1..14, 15"),
    ("oneway.c", "crossbar16", 16, ["iters=10", "n=100"], "0, 1..14, 15"),
    # the 2-D grid of 8 x 8 ranks: 4 corners, 4 edges (two of them strided: 6 ranks), the interior
    ("sendrecv2d.c", "crossbar64", 64, ["iters=10", "n=100", "side=8"],
     "0, 1..6, 7, 6 ranks, 36 ranks, 6 ranks, 56, 57..62, 63"),
    # rank 1 hears rank 0 earlier than rank 2 hears rank 1: ranks 1..14 split (a restart) into 1 and 2..14
    ("ahead.c", "crossbar16", 16, ["iters=5"], "0, 1, 2..14, 15"),
    # the same halo written with `if (rank > 0)` / `if (rank < size - 1)` around blocking sends and
    # receives: the branches split 0 and 63 off; ranks 1 and 62 hear them at other times (rank 0
    # sends right before it receives), 2 and 61 do not
    ("branches.c", "crossbar64", 64, ["iters=10", "n=100"], "0, 1, 2..61, 62, 63"),
    ("branches.c", "ring64", 64, ["iters=10", "n=100"], "0, 1, 2..61, 62, 63"),
])
def test_classes_are_interpreted_once_with_the_same_figures(machines, prog, machine, procs, defines, expected):
    preds = three(prog, machines[machine], procs, defines)
    fast = preds[2].result
    assert classes(fast) == expected and fast.symmetric_events > 0
    assert classes(preds[0].result) is None and classes(preds[1].result) is None
    assert_same(preds)


def test_the_non_periodic_interior_ends_where_full_interpretation_ends_it(machines):
    """docs/performance.md: in full interpretation the non-periodic halo's ranks on a crossbar of
    16 nodes end at 4709.763 us (20 iterations, n = 100), every one of them."""
    exact, _, fast = three("nonperiodic.c", machines["crossbar16"], 16, ["iters=20", "n=100"])
    for r in (exact.result, fast.result):
        assert {round(p.end * 1e6, 3) for p in r.procs} == {4709.763}


def test_a_one_way_shift_costs_table_3s_message_at_every_rank(machines):
    """Paper 001 Table 3 (static buffers): startup 70 us, 0.42 us per byte, 11 us per hop. One
    MPI_Sendrecv per iteration, a double (8 bytes) to the right over one crossbar hop, from the
    left: the isend pays the startup as call overhead, the message arrives 8 x 0.42 + 11 = 14.36 us
    later. 10 iterations (n = 0: no sweep):
    - ranks 1..14: 10 x 70 = 700 us overhead, 10 x 14.36 = 143.6 us transmission (the receive);
    - rank 0 (no left neighbour): the same 700 us overhead; its wait for its own send's request
      lasts the 14.36 us transmission: 143.6 us;
    - rank 15 (no right neighbour): no send, no overhead; its receive waits for rank 14's startup,
      10 x 70 = 700 us, then the 143.6 us transmission.
    Every rank: 843.6 us of messages, after the program's own computation (the same everywhere)."""
    exact, full, fast = three("oneway.c", machines["crossbar16"], 16, ["iters=10", "n=0"])
    r = fast.result
    # events: 14 ranks x 10 x (send, receive, wait) + rank 0's 10 x (send, wait) + rank 15's 10 receives
    assert r.events == 30 + 20 + 10 and r.events + r.symmetric_events == 14 * 30 + 20 + 10
    for p in r.procs:
        ovh, wait = (0.0, 700e-6) if p.index == 15 else (700e-6, 0.0)
        assert p.ovh == pytest.approx(ovh, abs=1e-15) and p.wait == pytest.approx(wait, abs=1e-15)
        assert p.xmit == pytest.approx(143.6e-6, rel=1e-12)
        assert p.end - p.comp == pytest.approx(843.6e-6, rel=1e-12)
    # the waits name each rank's own left neighbour
    assert {w[2] for w in r.procs[7].longest_waits} == {"message from rank 6"}
    assert {w[2] for w in r.procs[15].longest_waits} == {"message from rank 14"}
    assert {w[2] for w in r.procs[0].longest_waits} == {"request completion"}
    assert_same((exact, full, fast))


# -- where they must be given up ---------------------------------------------------------------
@pytest.mark.parametrize("prog,machine,procs,defines", [
    # 4 x 4 grid: corners, edges and interior are 6 classes of 16 ranks: more than a quarter
    ("grid2d.c", "crossbar16", 16, ["iters=10", "n=100", "side=4"]),
    # 8 x 8 grid with MPI_Waitall: an edge rank's fewer messages shift its neighbours' times, which
    # shift theirs: the classes split at every restart until the bound
    ("grid2d.c", "crossbar64", 64, ["iters=10", "n=100", "side=8"]),
    # 8 x 8 grid on a ring of 64 nodes: messages to rank + 8 cross the next ranks' links
    ("sendrecv2d.c", "ring64", 64, ["iters=10", "n=100", "side=8"]),
    # the branches' 5 classes are more than a quarter of 16 ranks
    ("branches.c", "crossbar16", 16, ["iters=10", "n=100"]),
])
def test_classes_that_split_too_far_fall_back_to_every_process(machines, prog, machine, procs, defines):
    preds = three(prog, machines[machine], procs, defines)
    assert preds[2].result.symmetric_events == 0 and classes(preds[2].result) is None
    assert_same(preds)


# -- the pieces ----------------------------------------------------------------------------------
def test_a_partition_splits_by_a_value_and_numbers_classes_by_their_lowest_rank():
    one = Partition.one(6)
    assert one.k == 1 and one.reps == [0]
    # a non-periodic left partner: rank 0 MPI_PROC_NULL (-2), the others rank - 1 (offset 5 mod 6)
    left = one.group.signature([-2, 0, 1, 2, 3, 4])
    assert list(left) == [-1, 5, 5, 5, 5, 5]
    two = one.refine(left)
    assert two.reps == [0, 1] and list(two.class_of) == [0, 1, 1, 1, 1, 1]
    right = one.group.signature([1, 2, 3, 4, 5, -2])
    three = two.refine(right)
    assert three.reps == [0, 1, 5] and list(three.class_of) == [0, 1, 1, 1, 1, 2]
    assert three.refine(right) is None  # nothing left to split
    # only the named classes split: ranks 1..4 by who is left of them (class of rank - 1)
    four = three.refine(np.roll(three.class_of, 1), only=[1])
    assert four.reps == [0, 1, 2, 5] and list(four.class_of) == [0, 1, 2, 2, 2, 3]


def use(links: Links, rep: int, route, start: float, xmit: float):
    """A message as the engine sends it: its links' free time for every member, then held until
    its arrival; returns (start, arrival) or the reason it is refused."""
    got = links.free(rep, route, start, start)
    if isinstance(got, str):
        return got
    mine, ready = got
    links.hold(rep, mine, max(start, ready) + xmit, start)
    return max(start, ready), max(start, ready) + xmit


def test_link_images_meet_only_where_two_classes_share_a_link():
    """Ranks 0, 1..6, 7 of 8. Class 1's message on link (1, 2) stands for links (m, m + 1), m = 1..6;
    rank 0's on (0, 1) meets none of them, rank 7's on (7, 0) neither. Class 1's message on (2, 3)
    (one link right of its representative: links (m + 1, m + 2), m = 1..6, so (2, 3) ... (7, 0))
    at 0.5 finds the links of ranks 1..5 held by class 1's images on (1, 2) until 1.0 (ranks 2..6's
    messages), and rank 6's (7, 0) held by rank 7 until 1.5: ranks 1..5 would wait until 1.0 and
    rank 6 until 1.5, so class 1 splits into 1..5 and 6. After 1.5 every link is free again."""
    part = Partition([0, 1, 1, 1, 1, 1, 1, 2])
    links = Links(part)
    assert use(links, 1, [(1, 2)], 0.0, 1.0) == (0.0, 1.0)
    assert use(links, 0, [(0, 1)], 0.5, 1.0) == (0.5, 1.5)
    assert use(links, 7, [(7, 0)], 0.5, 1.0) == (0.5, 1.5)
    with pytest.raises(ClassesSplit) as split:
        use(links, 1, [(2, 3)], 0.5, 1.0)
    assert list(split.value.partition.class_of) == [0, 1, 1, 1, 1, 1, 2, 3]
    assert use(links, 1, [(2, 3)], 1.5, 1.0) == (1.5, 2.5)  # every link free again


def test_a_member_waits_for_its_own_message_only():
    """Every member m of class 1 (ranks 1..6 of 8) sends on (m, m + 1) from 0 to 1, then again at
    0.25: each waits for its own first message (the same link, its image) until 1.0, as its
    representative does. Rank 7's message on (7, 0) meets no image of (1, 2) (sources 1..6); its
    message on (6, 7) at 0.5 waits until 2.0 for rank 6's second message (class 1's image holds the
    link of every member of class 2, rank 7 alone, and was sent earlier, at 0.25). Sent at the same
    time as rank 6's, it is refused: which goes first is decided by rank order."""
    links = Links(Partition([0, 1, 1, 1, 1, 1, 1, 2]))
    assert use(links, 1, [(1, 2)], 0.0, 1.0) == (0.0, 1.0)
    assert use(links, 1, [(1, 2)], 0.25, 1.0) == (1.0, 2.0)  # waits 0.75 for its own message
    assert use(links, 7, [(7, 0)], 0.5, 1.0) == (0.5, 1.5)
    assert use(links, 7, [(6, 7)], 0.5, 1.0) == (2.0, 3.0)
    tie = Links(Partition([0, 1, 1, 1, 1, 1, 1, 2]))
    assert use(tie, 1, [(1, 2)], 0.0, 1.0) == (0.0, 1.0)
    assert use(tie, 7, [(6, 7)], 0.0, 1.0) == "a message waits for a link"


def test_xor_classes_place_links_by_the_exclusive_or():
    """XOR classes on 8 ranks: {0, 4} (class 0), {1, 5}, {2, 6}, {3, 7}. Rank 1's message on the
    dimension-1 link (1, 3) stands for member 5's (5, 7). Class 3 (ranks 3, 7) on (3, 1): the same
    orbit (dimension 1), links (3, 1) and (7, 5), directed: they do not meet. Class 2 (ranks 2, 6)
    on (3, 1) is position 3 ^ 2 = 1, sources {2 ^ 1, 6 ^ 1} = {3, 7}: class 3's links, held for
    both members until 1.0 by messages sent at 0.0: both wait. Class 0 on (1, 3) (position 1:
    sources {1, 5}) at the time class 1 sent there: refused (rank order decides); on (0, 2)
    (sources {0, 4}) it meets nobody's."""
    part = Partition([0, 1, 2, 3, 0, 1, 2, 3], "xor")
    assert part.group.sender(5, 3) == 6 and part.group.image(3, 1, 5) == 7
    assert list(part.group.heard(part.class_of, 1)) == [1, 0, 3, 2, 1, 0, 3, 2]
    links = Links(part)
    assert use(links, 1, [(1, 3)], 0.0, 1.0) == (0.0, 1.0)
    assert use(links, 3, [(3, 1)], 0.0, 1.0) == (0.0, 1.0)
    assert use(links, 2, [(3, 1)], 0.5, 1.0) == (1.0, 2.0)  # ranks 3's and 7's images
    assert use(links, 0, [(1, 3)], 0.0, 1.0) == "a message waits for a link"  # ranks 1's and 5's
    assert use(links, 0, [(0, 2)], 0.5, 1.0) == (0.5, 1.5)


def test_branches_on_the_rank_that_communicate_are_allowed_for_classes_only():
    """branches.c's four `if`s on the rank each hold a send or a receive: the engine interprets
    them, so they may split classes; one class (rank_dependence) still refuses them. The jacobi
    sample's `if (rank == 0)` around its usage check computes without communicating (a closed form
    could fold it with rank 0's value): refused."""
    prog = load_programs([str(HERE / "branches.c")], "cluster", (), parse_defines(["iters=2", "n=4"]), None)[0]
    names, conds, reason = rank_branches(prog)
    assert reason is None and len(conds) == 4 and names == {"rank"}
    assert rank_dependence(prog)[1].endswith("a branch condition reads 'rank', which differs from rank to rank")
    jacobi = load_programs(["samples/jacobi2d_mpi.c"], "cluster", (), parse_defines(["n=130", "iters=4"]), None)[0]
    assert rank_branches(jacobi)[2] == ("samples/jacobi2d_mpi.c:27: a branch condition reads 'rank', which "
                                       "differs from rank to rank")


def test_a_member_that_hears_other_messages_splits_its_class_by_whom_it_hears():
    """Ranks 0, 1..4, 5 of 6; messages to the right (offset 1). Rank 1 hears rank 0 (class 0),
    ranks 2..4 hear class 1: the logs of classes 0 and 1 at offset 1 must be equal. Class 0's first
    message leaves at another time than class 1's: class 1 splits into 1 and 2..4 (by the class
    of rank - 1). Equal logs of unequal length are found at the end."""
    from interp.engine.symmetry_classes import ClassesSplit, Logs

    part = Partition([0, 1, 1, 1, 1, 2])
    logs = Logs(part)
    assert logs.receivers(0, 1) == [(0, 1)]  # class 0's message reaches representative 1 from rank 0
    assert logs.receivers(1, 1) == [(4, 5)]  # class 1's reaches representative 5 from rank 4
    logs.add(1, 1, ("tag 0", 8, 0.0, 1.0))
    with pytest.raises(ClassesSplit) as split:
        logs.add(0, 1, ("tag 0", 8, 0.5, 1.5))
    assert list(split.value.partition.class_of) == [0, 1, 2, 2, 2, 3]
    logs = Logs(part)
    logs.add(1, 1, ("tag 0", 8, 0.0, 1.0))
    logs.add(1, 1, ("tag 0", 8, 1.0, 2.0))
    logs.add(0, 1, ("tag 0", 8, 0.0, 1.0))
    with pytest.raises(ClassesSplit) as split:
        logs.finish()
    assert list(split.value.partition.class_of) == [0, 1, 2, 2, 2, 3]


def test_the_command_line_names_the_classes_and_no_symmetry_turns_them_off(cli, machines):
    """interp run: the non-periodic halo's 3 classes; 20 iterations of two sendrecvs. Ranks 1..14
    send, receive and wait for the send twice per iteration (6 events); rank 0 has no left side:
    a receive in the first sendrecv, a send and its wait in the second (3), rank 15 the mirror
    image (3); MPI_PROC_NULL sides are no operations. The representatives' operations, interpreted
    or in extrapolated steady-state iterations: (6 + 3 + 3) x 20 = 240; represented in all:
    (14 x 6 + 2 x 3) x 20 = 1,800."""
    import json
    args = ["run", HERE / "nonperiodic.c", "-m", machines["crossbar16"], "-p", "16", "-D", "iters=20", "-D", "n=100"]
    fast, full = (json.loads(cli(*args, "--format", "json", *extra).output) for extra in ((), ("--no-symmetry",)))
    assert (fast["events"] + fast["extrapolated_events"], fast["symmetric_events"]) == (240, 1800 - 240)
    assert full["symmetric_events"] == 0 and full["total_seconds"] == pytest.approx(fast["total_seconds"], rel=1e-12)
    text = cli(*args, "--level", "aag").output
    assert "1,560 of the processes the classes' representatives stood for)" in text
    assert "form 3 classes (0, 1..14, 15)" in " ".join(text.split())


def test_classes_without_steady_states_report_exactly_what_full_interpretation_does(machines):
    """Steady states off on both sides: the classes alone (ahead.c splits once while interpreting),
    compared with every process interpreted in every figure, wait and line of the reports."""
    from interp.engine.algorithm import Engine
    from interp.engine.options import EngineOptions
    from interp.pipeline import load_machine, macro_names, resolve_inputs
    from sag.parameter import Bound

    file = str(HERE / "ahead.c")
    values = parse_defines(["iters=30"])
    programs = load_programs([file], "cluster", (), values, None)
    sag = load_machine(machines["crossbar16"], (), ())
    inputs = resolve_inputs(programs, values, False, macro_names([file], values))
    runs = [Engine(programs, sag, 16, inputs, EngineOptions(bound=Bound.parse("mid"), messages=False,
                                                          extrapolate=False, symmetry=sym)).run()
            for sym in (False, True)]
    assert runs[1].extrapolated_events == 0 and classes(runs[1]) == "0, 1, 2..14, 15"
    assert runs[1].events + runs[1].symmetric_events == runs[0].events
    assert differences(runs[0], runs[1], programs) == []
