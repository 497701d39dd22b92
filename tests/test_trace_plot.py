"""--trace (Chrome Trace Event Format for Perfetto) and --plot (space-time diagram)."""
import json
from pathlib import Path

import pytest

from interp.pipeline import predict
from interp.engine.result import Message, RunResult, Span, ProcStats
from interp.output.trace import to_trace

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

REQUIRED = {"X": ("name", "ph", "pid", "tid", "ts", "dur"), "M": ("name", "ph", "pid", "args"),
            "s": ("name", "cat", "ph", "pid", "tid", "ts", "id"), "f": ("name", "cat", "ph", "pid", "tid", "ts", "id", "bp")}

CASES = {
    "nx host-node": ([SAMPLES / "trapezoid_host.c", SAMPLES / "trapezoid_node.c"], 4, ["n=1000", "reps=2"]),
    "mpi ring": ([SAMPLES / "ring_mpi.c"], 4, ["params[0]=64", "params[1]=3"]),
    "mpi sendrecv halo": ([SAMPLES / "jacobi2d_mpi.c"], 4, ["n=34", "iters=3"]),
    "mpi master-worker": ([SAMPLES / "matmul_master_worker_mpi.c"], 4, ["n=12"]),
}


def _ns(us: float) -> int:
    """Perfetto's conversion of a JSON timestamp (microseconds) to its integer nanoseconds."""
    return int(round(us * 1000))


def perfetto_bindings(trace: dict) -> dict:
    """Import TRACE the way Perfetto's JSON importer does, and return {(flow id, ph): bound slice}.

    Events are taken in timestamp order (file order on ties); on each thread track a complete slice
    first pops the slices that ended before it (or exactly at its start), is dropped if it partly
    overlaps an open one, else is pushed; a flow event binds to the slice on top of the stack.
    Raises AssertionError for a dropped slice or an unbound flow.
    """
    order = sorted(enumerate(trace["traceEvents"]), key=lambda ie: (_ns(ie[1].get("ts", 0)), ie[0]))
    stacks: dict = {}
    bound = {}
    for _, e in order:
        if e["ph"] == "M":
            continue
        stack = stacks.setdefault((e["pid"], e["tid"]), [])
        ts = _ns(e["ts"])
        if e["ph"] == "X":
            dur = _ns(e["dur"])
            while stack:
                top_ts, top_dur, _ = stack[-1]
                end = top_ts + top_dur
                if end < ts or (end == ts and not (top_dur == 0 and dur == 0)):
                    stack.pop()
                    continue
                assert not (ts < end < ts + dur), f"slice {e['name']} at {e['ts']} partly overlaps an open slice"
                break
            stack.append((ts, dur, e))
        else:
            assert stack, f"flow {e['ph']} {e['id']} at {e['ts']} has no slice on its track"
            top_ts, top_dur, top = stack[-1]
            assert top_ts <= ts <= top_ts + top_dur, f"flow {e['ph']} {e['id']} at {e['ts']} is outside {top['name']}"
            bound[(e["id"], e["ph"])] = top
    return bound


def check_trace(trace: dict, result: RunResult) -> None:
    events = trace["traceEvents"]
    json.loads(json.dumps(trace))  # plain JSON types only
    for e in events:
        for key in REQUIRED[e["ph"]]:
            assert key in e, f"{e['ph']} event without {key}: {e}"
        if e["ph"] == "X":
            assert e["dur"] >= 0
        if e["ph"] == "f":
            assert e["bp"] == "e"
    starts = {e["id"]: e for e in events if e["ph"] == "s"}
    ends = {e["id"]: e for e in events if e["ph"] == "f"}
    assert set(starts) == set(ends)
    for i, s in starts.items():
        assert (s["cat"], s["name"]) == (ends[i]["cat"], ends[i]["name"])  # Perfetto keys a flow by id, cat, name
    received = [m for m in result.messages if not m.internal and m.recv_time is not None]
    assert len(starts) == len(received)
    # One track (thread) per process, named.
    names = {e["tid"]: e["args"]["name"] for e in events if e["name"] == "thread_name"}
    assert len(names) == len(result.procs)
    assert all(n.startswith(p.label) for n, p in zip([names[k] for k in sorted(names)], result.procs))
    # Slices per track nest: sort by (start, -duration), a stack of open slices, no partial overlap.
    tracks: dict = {}
    for e in events:
        if e["ph"] == "X":
            tracks.setdefault(e["tid"], []).append((_ns(e["ts"]), _ns(e["ts"]) + _ns(e["dur"])))
    for tid, slices in tracks.items():
        open_: list = []
        for a, z in sorted(slices, key=lambda s: (s[0], -s[1])):
            while open_ and open_[-1] <= a:
                open_.pop()
            assert not open_ or z <= open_[-1], f"track {tid}: slice [{a}, {z}] partly overlaps its parent"
            open_.append(z)
    # Every span is one slice; every wait is one child slice named "wait".
    assert sum(1 for e in events if e["ph"] == "X" and e["cat"] != "wait") == len(result.spans)
    waits = sum(1 for s in result.spans if s.kind == "comm" and s.wait * 1e9 >= 0.5)
    assert sum(1 for e in events if e["ph"] == "X" and e["name"] == "wait") == waits
    # Flows bind (as Perfetto binds them) to the message's own send and to a communication slice.
    bound = perfetto_bindings(trace)
    by_id = {}
    for e in events:
        if e["ph"] == "s":
            by_id[e["id"]] = e
    for i, s in by_id.items():
        src = bound[(i, "s")]
        assert src["cat"] in ("comm", "wait") and src["tid"] == s["tid"]
        dst = bound[(i, "f")]
        assert dst["cat"] in ("comm", "wait")


@pytest.mark.parametrize("case", sorted(CASES))
def test_trace_of_samples_is_valid_and_binds(case):
    files, procs, defines = CASES[case]
    pred = predict([str(f) for f in files], "ipsc860", procs, defines, trace=True, interactive=False)
    trace = to_trace(pred.result, pred.programs)
    check_trace(trace, pred.result)
    if case != "mpi sendrecv halo":
        assert trace["otherData"]["flows"] > 0


def test_send_flow_leaves_from_the_sending_aau():
    files, procs, defines = CASES["mpi ring"]
    pred = predict([str(f) for f in files], "ipsc860", procs, defines, trace=True, interactive=False)
    trace = to_trace(pred.result, pred.programs)
    bound = perfetto_bindings(trace)
    received = [m for m in pred.result.messages if not m.internal and m.recv_time is not None]
    sends = {e["id"]: e for e in trace["traceEvents"] if e["ph"] == "s"}
    assert len(sends) == len(received) > 0
    sender_aaus = {m.aau_send for m in received}
    for i in sends:
        assert bound[(i, "s")]["args"]["aau"] in sender_aaus


def _hand_result(spans, messages, total):
    procs = [ProcStats(0, "rank 0", "SAU-A", end=total), ProcStats(1, "rank 1", "SAU-A", end=total)]
    return RunResult("hand.c", "m", 2, {}, "mid", total, procs, {}, [], [], messages=messages, spans=spans,
                     aau_info={1: ("IterSync", "hand.c:1-9", "for"), 2: ("Seq", "hand.c:2", "x"),
                               3: ("Comm", "hand.c:3", "send"), 4: ("Comm", "hand.c:4", "recv")},
                     proc_labels=["rank 0", "rank 1"])


def test_children_are_clamped_into_parents_and_waits_placed():
    # Floating-point sums: a child's end (0.1 + 0.2) lies just past its parent's end (0.3); the
    # other child ends 2 ns past it (as if recorded on another clock): both must end at the parent's end.
    child_end = 0.1e-3 + 0.2e-3
    assert child_end > 0.3e-3
    spans = [
        Span(0, 2, 0.0, 0.1e-3, "comp", 1),
        Span(0, 3, 0.1e-3, child_end + 2e-9, "comm", 1, ovh=0.05e-3, xmit=0.05e-3, wait=0.1e-3),
        Span(0, 1, 0.0, child_end, "compound", 0),
        Span(1, 4, 0.0, 0.3e-3, "comm", 0, ovh=0.01e-3, xmit=0.04e-3, wait=0.25e-3),
    ]
    msg = Message(0, 1, 8, 0.1e-3, 0.29e-3, 7, 3, aau_recv=4, recv_time=0.3e-3)
    result = _hand_result(spans, [msg], 0.3e-3)

    class Send:  # the AAG says AAU 3 is a send: its wait follows its call overhead
        id, op = 3, "send"

    class Prog:
        def walk(self):
            return [Send()]

    trace = to_trace(result, [Prog()])
    check_trace(trace, result)
    x = {(e["tid"], e["name"]): e for e in trace["traceEvents"] if e["ph"] == "X"}
    parent, comm = x[(1, "IterSync hand.c:1-9")], x[(1, "Comm hand.c:3")]
    assert _ns(comm["ts"]) + _ns(comm["dur"]) == _ns(parent["ts"]) + _ns(parent["dur"]) == 300_000
    assert _ns(x[(2, "Comm hand.c:4")]["dur"]) == 300_000
    send_wait = x[(1, "wait")]
    assert (_ns(send_wait["ts"]), _ns(send_wait["dur"])) == (150_000, 100_000)  # after 50 us of overhead
    recv_wait = x[(2, "wait")]
    assert (_ns(recv_wait["ts"]), _ns(recv_wait["dur"])) == (0, 250_000)  # a receive waits first
    bound = perfetto_bindings(trace)
    assert bound[(1, "s")]["name"] == "Comm hand.c:3"  # inside the overhead, before the wait child
    assert bound[(1, "f")]["name"] == "wait" and bound[(1, "f")]["tid"] == 2


def test_trace_and_plot_from_the_command_line(cli, tmp_path):
    trace_file, png = tmp_path / "t.json", tmp_path / "t.png"
    r = cli("run", SAMPLES / "trapezoid_host.c", SAMPLES / "trapezoid_node.c", "--procs", 4, "-D", "n=1000",
            "-D", "reps=2", "--level", "aag", "--trace", trace_file, "--plot", png)
    assert r.exit_code == 0, r.output
    trace = json.loads(trace_file.read_text())
    pred = predict([str(SAMPLES / "trapezoid_host.c"), str(SAMPLES / "trapezoid_node.c")], "ipsc860", 4,
                   ["n=1000", "reps=2"], trace=True, interactive=False)
    check_trace(trace, pred.result)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 10_000
    import matplotlib.image

    img = matplotlib.image.imread(str(png))
    colours = {tuple(px[:3]) for px in (img * 255).round().astype(int).reshape(-1, img.shape[-1]).tolist()}
    assert len(colours) > 2
    # The legend's three activity colours are in the picture.
    for hexcode in ("#4C72B0", "#F2A93B", "#C44E52"):
        assert tuple(int(hexcode[k:k + 2], 16) for k in (1, 3, 5)) in colours, hexcode


def test_plot_needs_a_known_format_and_directory(cli, tmp_path):
    r = cli("run", SAMPLES / "trapezoid_mpi.c", "--procs", 2, "-D", "n=100", "-D", "reps=1",
            "--plot", tmp_path / "t.bmp")
    assert r.exit_code == 2 and ".png" in r.output
    r = cli("run", SAMPLES / "trapezoid_mpi.c", "--procs", 2, "-D", "n=100", "-D", "reps=1",
            "--trace", tmp_path / "no" / "t.json")
    assert r.exit_code == 2 and "does not exist" in r.output
