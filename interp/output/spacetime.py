"""The space-time diagram of the HTML report as SVG geometry: processes x time, with messages.

The same intervals as ``--plot`` (``plot.segments``): computation, communication (call overhead
and transmission) and waiting per process, and each message a line from its send to its receive.
Coordinates are pixels of a time axis ``WIDTH`` wide at zoom 1; the page's script zooms and pans
by scaling that axis. Every interval keeps its AAU, so a click leads to its source line.

A browser stays responsive with some tens of thousands of SVG elements, not millions: past
``MAX_ELEMENTS`` intervals and messages the diagram stops at the time where that budget runs out,
and the page says so (``--trace`` writes every execution for the Perfetto UI).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from interp.engine.result import RunResult
from interp.output.plot import segments, send_aaus

WIDTH = 1000.0  # pixels of the time axis at zoom 1
ROW = 24.0  # pixels per process
BAR = 14.0  # height of a process's bar
MAX_ELEMENTS = 40_000


@dataclass
class Diagram:
    total: float  # seconds shown by the full width
    rows: list[tuple[str, float]] = field(default_factory=list)  # (process label, y of its centre)
    rects: list[tuple] = field(default_factory=list)  # (x, y, width, category, aau id)
    messages: list[tuple] = field(default_factory=list)  # (x1, y1, x2, y2, internal)
    cut: float | None = None  # seconds: nothing after this is drawn (MAX_ELEMENTS reached)

    @property
    def has_internal(self) -> bool:
        return any(m[4] for m in self.messages)

    @property
    def height(self) -> float:
        return ROW * len(self.rows)


def _cut_time(segs: list, result: RunResult) -> float | None:
    """The time before which at most MAX_ELEMENTS intervals and messages start (None: all fit)."""
    starts = sorted([s[2] for s in segs] + [m.send_time for m in result.messages])
    if len(starts) <= MAX_ELEMENTS:
        return None
    return starts[MAX_ELEMENTS]


def diagram(result: RunResult, programs=()) -> Diagram:
    labels = result.proc_labels or [p.label for p in result.procs]
    total = max([result.total] + [s.end for s in result.spans]) or 1.0
    out = Diagram(total, [(label, ROW * k + ROW / 2) for k, label in enumerate(labels)])
    segs = list(segments(result, send_aaus(programs)))
    out.cut = _cut_time(segs, result)
    scale = WIDTH / total
    for proc, cat, a, z, aid in segs:
        if out.cut is not None and a >= out.cut:
            continue
        y = ROW * proc + (ROW - BAR) / 2
        out.rects.append((round(a * scale, 3), y, round((z - a) * scale, 3), cat, aid))
    for m in result.messages:
        if out.cut is not None and m.send_time >= out.cut:
            continue
        end = m.recv_time if m.recv_time is not None else m.arrival
        out.messages.append((round(m.send_time * scale, 3), out.rows[m.src][1],
                             round(end * scale, 3), out.rows[m.dst][1], m.internal))
    return out

