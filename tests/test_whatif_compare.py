"""interp whatif and interp compare, against separate predictions and hand-derived costs."""
import json

import pytest

from interp.studies.compare import parse_design, verdict
from interp.pipeline import predict

TRAP = "samples/trapezoid_mpi.c"
TREE = "samples/skeletons/sum_tree_mpi.c"
RING = "samples/skeletons/sum_ring_mpi.c"


def _total(files, procs, defines, scale=(), params=()):
    return predict(files, "ipsc860", procs, defines, scale=scale, params=params, interactive=False).result.total


# ---- whatif ----------------------------------------------------------------------------------------

def _whatif(cli, *args):
    res = cli("whatif", TRAP, "--procs", "4", "-D", "n=1000", "-D", "reps=2", "--format", "json", *args)
    assert res.exit_code == 0, res.stderr
    return json.loads(res.stdout)


def test_whatif_faster_network_lowers_the_total_and_equals_a_scaled_run(cli):
    doc = _whatif(cli, "--scale", "comm_sync.per_byte=0.5")
    base = _total([TRAP], 4, ["n=1000", "reps=2"])
    scaled = _total([TRAP], 4, ["n=1000", "reps=2"], scale=("comm_sync.per_byte=0.5",))
    t = doc["total"]
    assert t["baseline"] == pytest.approx(base, rel=1e-12)
    assert t["what_if"] == pytest.approx(scaled, rel=1e-12)
    assert t["what_if"] < t["baseline"]  # half the time per byte: never slower
    assert t["change"] == pytest.approx(scaled - base, rel=1e-9)
    assert t["relative_change"] == pytest.approx((scaled - base) / base, rel=1e-9)
    # Only transmission is per byte: computation and call overhead are unchanged on every process.
    for p in doc["per_process"]:
        assert p["change"]["comp"] == 0 and p["change"]["ovh"] == 0
        assert p["change"]["xmit"] < 0


def test_whatif_slower_startup_raises_the_total(cli):
    doc = _whatif(cli, "--scale", "comm_sync.startup=2")
    assert doc["total"]["what_if"] > doc["total"]["baseline"]
    assert doc["total"]["what_if"] == pytest.approx(
        _total([TRAP], 4, ["n=1000", "reps=2"], scale=("comm_sync.startup=2",)), rel=1e-12)


def test_whatif_pairs_aaus_of_the_two_runs(cli):
    doc = _whatif(cli, "--scale", "comm_sync.per_byte=0.5")
    by = {(a["class"], a["lines"], a["label"]): a for a in doc["aaus"]}
    loop = by[("IterD", "trapezoid_mpi.c:63-65", "for (i < nint)")]
    assert loop["baseline"] > 0 and loop["change"] == 0  # computation: untouched by the network
    bcast = next(a for k, a in by.items() if k[0] == "SyncSeq" and k[1] == "trapezoid_mpi.c:55")
    assert bcast["what_if"] < bcast["baseline"]
    assert [a["baseline"] for a in doc["aaus"]] == sorted((a["baseline"] for a in doc["aaus"]), reverse=True)


def test_whatif_text_side_by_side(cli):
    res = cli("whatif", TRAP, "--procs", "2", "-D", "n=1000", "-D", "reps=1", "--scale", "comm_sync.startup=2",
              "--top", "3")
    assert res.exit_code == 0
    lines = res.stdout.splitlines()
    assert lines[1] == "scenario: --scale comm_sync.startup=2"
    total = next(line for line in lines if line.startswith("predicted time"))
    assert total.split()[-1].startswith("+")  # slower: a positive change
    assert sum(1 for line in lines if line.startswith("rank ")) == 2
    assert "(top 3 of" in res.stdout


def test_whatif_without_a_change_exits_2(cli):
    res = cli("whatif", TRAP, "--procs", "2", "-D", "n=1000", "-D", "reps=1")
    assert res.exit_code == 2
    assert "whatif needs a changed machine" in res.stderr and "Traceback" not in res.stderr


def test_whatif_unknown_parameter_exits_2(cli):
    res = cli("whatif", TRAP, "--procs", "2", "-D", "n=1000", "-D", "reps=1", "--scale", "comm_sync.warp=2")
    assert res.exit_code == 2 and "no parameter matches" in res.stderr


# ---- compare ---------------------------------------------------------------------------------------

# Hand derivation for the skeletons on the iPSC/860 with n = 1000 doubles per process (8000 bytes,
# above the 100-byte static buffer, so Table 3's dynamic-buffer row: 175 us + 0.36 us/B + 33 us/hop):
#   message of 8000 B over h hops: 175 + 2880 + 33 h us
#   work(): no ops.flop, so a flop is the mean of real add (25 ns) and mul (62.5 ns) = 43.75 ns;
#   loads cost a cache hit (25 ns), stores 50 ns.
#   produce_local: 2n flops + n loads + n stores = 87.5 + 25 + 50 = 162.5 us
#   add_into:      n flops + 2n loads + n stores = 43.75 + 50 + 50 = 143.75 us
# Tree (A), P = 16: rank 0 receives from 1, 2, 4, 8, each partner 1 hop away (one bit differs) and
#   done with its own steps just in time: 162.5 + 4 (3088 + 143.75) = 13,089.5 us.
# Ring (B), P = 16: 15 messages 1 -> 2 -> ... -> 15 -> 0, one after another; e-cube hops are the
#   bits in which i and i+1 differ: 2,1,3,1,2,1,4,1,2,1,3,1,2,1 and 4 for 15 -> 0, 29 in all:
#   162.5 + 15 (175 + 2880) + 29 x 33 + 15 x 143.75 = 49,100.75 us.
# So the tree wins at P = 16 by about 3.75x: log2 P = 4 steps on the critical path instead of P - 1 = 15
# (the total bytes sent are the same, P - 1 messages in both). At P = 4 (2 steps against 3, and the
# ring's 1 -> 2 and 3 -> 0 take 2 hops) the tree still wins: 6,626 us against 9,923.75 us. At P = 1
# nothing is sent; the ring's two int modulos for left/right make it the slower by about 2.5 us.
HAND = {("A", 16): 13089.5e-6, ("B", 16): 49100.75e-6, ("A", 4): 6626e-6, ("B", 4): 9923.75e-6}


def _compare(cli, *args):
    res = cli("compare", TREE, RING, "--procs", "1,4,16", "-D", "n=1000", "--format", "json", *args)
    assert res.exit_code == 0, res.stderr
    return json.loads(res.stdout)


def test_compare_skeletons_tree_wins_as_derived_by_hand(cli):
    doc = _compare(cli)
    assert [p["procs"] for p in doc["points"]] == [1, 4, 16]
    assert doc["designs"] == {"A": [TREE], "B": [RING]}
    for pt in doc["points"]:
        assert pt["winner"] == "A"
        for side in ("A", "B"):
            assert pt[side]["total"] == pytest.approx(_total([TREE if side == "A" else RING], pt["procs"],
                                                            ["n=1000"]), rel=1e-12)
            if (side, pt["procs"]) in HAND:
                # the loop and branch overheads around the messages are a few microseconds
                assert pt[side]["total"] == pytest.approx(HAND[side, pt["procs"]], rel=1e-3)
    p16 = doc["points"][2]
    assert p16["ratio"] == pytest.approx(49100.75 / 13089.5, rel=2e-3)
    assert p16["margin_seconds"] == pytest.approx(p16["B"]["total"] - p16["A"]["total"], rel=1e-12)
    # Same messages in both designs: the difference is waiting on the critical path.
    assert p16["A"]["xmit"] == pytest.approx(p16["B"]["xmit"], rel=0.02)
    assert p16["B"]["wait"] > 10 * p16["A"]["wait"]


def test_compare_text(cli):
    res = cli("compare", TREE, RING, "--procs", "4,16", "-D", "n=1000")
    assert res.exit_code == 0
    assert "-> A wins by" in res.stdout
    assert "B takes 3.75x as long" in res.stdout
    assert res.stdout.rstrip().endswith("faster: A at 4, 16 processes")


def test_compare_host_node_design(cli):
    res = cli("compare", "samples/trapezoid_host.c+samples/trapezoid_node.c", TRAP, "--procs", "4",
              "-D", "n=1000", "-D", "reps=1", "--format", "json")
    assert res.exit_code == 0, res.stderr
    pt = json.loads(res.stdout)["points"][0]
    assert pt["A"]["total"] == pytest.approx(
        _total(["samples/trapezoid_host.c", "samples/trapezoid_node.c"], 4, ["n=1000", "reps=1"]), rel=1e-12)
    assert pt["winner"] == ("A" if pt["A"]["total"] < pt["B"]["total"] else "B")


def test_verdict_and_design_parsing():
    assert verdict(1.0, 2.0) == {"winner": "A", "margin_seconds": 1.0, "ratio": 2.0}
    assert verdict(3.0, 1.5) == {"winner": "B", "margin_seconds": 1.5, "ratio": 2.0}
    assert verdict(1.0, 1.0)["winner"] == "tie"
    assert verdict(None, 1.0)["winner"] is None
    assert parse_design("h.c+n.c") == ("h.c", "n.c")


@pytest.mark.parametrize("args,message", [
    (["a.c+b.c+c.c", RING], "give one program, or host.c+node.c"),
    ([TREE + "+", RING], "give one program, or host.c+node.c"),
    ([TREE, RING, "--procs", "4,x"], "not a whole number"),
    ([TREE, RING, "-D", "nn=3"], "no external input of that name"),
])
def test_compare_bad_input_exits_2(cli, args, message):
    res = cli("compare", *args)
    assert res.exit_code == 2
    assert message in res.stderr and "Traceback" not in res.stderr
