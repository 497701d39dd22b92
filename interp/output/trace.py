"""Chrome Trace Event Format (JSON object form) of a traced run, for the Perfetto UI.

One thread track per process, one complete ("X") slice per AAU execution, the waiting part of a
communication as a child slice, interpreted loops, branches and calls as enclosing slices, and a
flow arrow ("s" -> "f") per message from its send to its receive.

Perfetto keeps times as integer nanoseconds and drops a slice that partly overlaps another, so
every time is rounded to a nanosecond here first and children are clamped into their parents.
A flow binds to the slice on top of its track's stack at the flow's time, so its timestamp is put
strictly inside the slice it belongs to and before any child of that slice.
"""
from __future__ import annotations

import bisect
import json
from dataclasses import dataclass, field

from interp.engine.result import RunResult, Span

PID = 1
SEND_OPS = ("send", "isend")  # their wait (a busy link, a full buffer pool) follows the call overhead


@dataclass
class _Node:
    span: Span
    children: list = field(default_factory=list)
    ts: int = 0  # nanoseconds
    end: int = 0
    wait: tuple | None = None  # (start, end) of the wait child, nanoseconds


def _ns(seconds: float) -> int:
    return int(round(seconds * 1e9))


def _trees(spans: list[Span], nprocs: int) -> list[list[_Node]]:
    """Rebuild each process's nesting: spans are recorded when they end, children before parents."""
    roots: list[list[_Node]] = [[] for _ in range(nprocs)]
    pending: list[dict[int, list[_Node]]] = [{} for _ in range(nprocs)]
    for s in spans:
        node = _Node(s)
        if s.kind == "compound":
            node.children = pending[s.proc].pop(s.depth + 1, [])
        pending[s.proc].setdefault(s.depth, []).append(node)
    for p in range(nprocs):
        for depth in sorted(pending[p]):  # depth 0, then anything left open by an early stop
            roots[p].extend(pending[p][depth])
        roots[p].sort(key=lambda n: (n.span.start, -n.span.end))
    return roots


def _place(nodes: list[_Node], lo: int, hi: int, send_ids: set) -> None:
    """Integer-nanosecond bounds: inside [lo, hi], siblings in order, never partly overlapping."""
    prev = lo
    for n in nodes:
        n.ts = min(max(_ns(n.span.start), prev), hi)
        n.end = min(max(_ns(n.span.end), n.ts), hi)
        prev = n.end
        s = n.span
        if s.kind == "comm" and s.wait > 0:
            first = n.ts + (_ns(s.ovh) if s.aau_id in send_ids else 0)
            ws = min(first, n.end)
            we = min(ws + _ns(s.wait), n.end)
            n.wait = (ws, we) if we > ws else None
        _place(n.children, n.ts, n.end, send_ids)


def _anchor(n: _Node, t: int) -> int:
    """A time at which N (or its wait child) is the innermost open slice, near T."""
    first_child = n.wait[0] if n.wait else n.end
    if first_child - n.ts >= 2:
        return min(max(t, n.ts + 1), first_child - 1)
    if n.wait and n.wait[1] - n.wait[0] >= 2:
        return min(max(t, n.wait[0] + 1), n.wait[1] - 1)
    return n.ts


def _flat(nodes):
    for n in nodes:
        yield n
        yield from _flat(n.children)


def _slice(n: _Node, info: dict, tid: int) -> dict:
    s = n.span
    cls, loc, label = info.get(s.aau_id, ("AAU", f"#{s.aau_id}", ""))
    args = {"aau": s.aau_id, "label": label}
    if s.kind == "comm":
        args.update({f"{c}_us": getattr(s, c) * 1e6 for c in ("comp", "ovh", "xmit", "wait")})
    return {"name": f"{cls} {loc}", "cat": s.kind, "ph": "X", "pid": PID, "tid": tid,
            "ts": n.ts / 1000, "dur": (n.end - n.ts) / 1000, "args": args}


class _CommIndex:
    """The communication slices of one track, for binding flows (bisect: no scan per message)."""

    def __init__(self, nodes: list[_Node]):
        comm = sorted((n for n in nodes if n.span.kind == "comm"), key=lambda n: n.ts)
        self.all = comm
        self.all_ts = [n.ts for n in comm]
        self.by_aau: dict[int, list[_Node]] = {}
        for n in comm:
            self.by_aau.setdefault(n.span.aau_id, []).append(n)
        self.by_aau_ts = {k: [n.ts for n in v] for k, v in self.by_aau.items()}

    @staticmethod
    def _last_before(nodes, starts, t):
        k = bisect.bisect_right(starts, t)
        return nodes[k - 1] if k else None

    def find(self, aau_id: int | None, t: int) -> _Node | None:
        """AAU_ID's slice containing T; else any communication slice containing T (an MPI_Wait
        completing an irecv); else AAU_ID's last slice before T."""
        mine = self._last_before(self.by_aau.get(aau_id, []), self.by_aau_ts.get(aau_id, []), t)
        if mine is not None and t <= mine.end:
            return mine
        other = self._last_before(self.all, self.all_ts, t)
        if other is not None and t <= other.end:
            return other
        return mine


def to_trace(result: RunResult, programs=()) -> dict:
    send_ids = {a.id for prog in programs for a in prog.walk() if getattr(a, "op", None) in SEND_OPS}
    labels = result.proc_labels or [p.label for p in result.procs]
    trees = _trees(result.spans, len(labels))
    end = _ns(max([result.total] + [s.end for s in result.spans]))
    events = [{"name": "process_name", "ph": "M", "pid": PID, "tid": 0,
               "args": {"name": f"interp: {result.program} on {result.machine}"}}]
    flat, index = [], []
    for p, roots in enumerate(trees):
        tid = p + 1
        sau = result.procs[p].sau if p < len(result.procs) else ""
        events.append({"name": "thread_name", "ph": "M", "pid": PID, "tid": tid,
                       "args": {"name": f"{labels[p]} ({sau})" if sau else labels[p]}})
        events.append({"name": "thread_sort_index", "ph": "M", "pid": PID, "tid": tid, "args": {"sort_index": p}})
        _place(roots, 0, end, send_ids)
        flat.append(list(_flat(roots)))
        index.append(_CommIndex(flat[-1]))
    # Slices in pre-order per track (parents before their children at equal times), flows after
    # the slice they bind to, so that equal timestamps keep a working order.
    after: dict[int, list[dict]] = {}
    flows = 0
    for m in result.messages:
        if m.internal or m.recv_time is None:
            continue
        src = index[m.src].find(m.aau_send, _ns(m.send_time))
        dst = index[m.dst].find(m.aau_recv, _ns(m.recv_time))
        if src is None or dst is None:
            continue
        flows += 1
        common = {"name": "message", "cat": "message", "id": flows, "pid": PID}
        after.setdefault(id(src), []).append(
            {**common, "ph": "s", "tid": m.src + 1, "ts": _anchor(src, _ns(m.send_time)) / 1000,
             "args": {"bytes": m.size, "tag": str(m.tag), "kind": m.kind}})
        after.setdefault(id(dst), []).append(
            {**common, "ph": "f", "bp": "e", "tid": m.dst + 1, "ts": _anchor(dst, _ns(m.recv_time)) / 1000})
    for p, nodes in enumerate(flat):
        for n in nodes:
            events.append(_slice(n, result.aau_info, p + 1))
            if n.wait:
                events.append({"name": "wait", "cat": "wait", "ph": "X", "pid": PID, "tid": p + 1,
                               "ts": n.wait[0] / 1000, "dur": (n.wait[1] - n.wait[0]) / 1000,
                               "args": {"aau": n.span.aau_id}})
            events.extend(after.get(id(n), []))
    return {"traceEvents": events,
            "otherData": {"program": result.program, "machine": result.machine, "processes": result.nprocs,
                          "predicted_seconds": result.total, "flows": flows}}


def trace_json(result: RunResult, programs=()) -> str:
    return json.dumps(to_trace(result, programs), separators=(",", ":"))
