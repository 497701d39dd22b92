"""Space-time diagram of a traced run (matplotlib, Agg: no display needed).

Processes on the y axis, time on the x axis; computation, communication (call overhead and
transmission) and waiting in distinct colours; each message a line from its send on the sender to
its receive on the receiver. The waiting part of a communication is drawn where the trace puts it
(after the call overhead of a send, first in anything else): the engine records how long a
process waited, not exactly when.
"""
from __future__ import annotations

import io
from pathlib import Path

from interp.output.atomic import write_bytes
from interp.errors import InputError
from interp.engine.result import RunResult

COLOURS = {"comp": "#4C72B0", "comm": "#F2A93B", "wait": "#C44E52", "message": "#222222",
           "internal": "#5A5A5A"}
SEND_OPS = ("send", "isend")
FORMATS = ("png", "pdf", "svg")


def plot_format(path: str) -> str:
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise InputError(f"--plot {path}: give a file ending in " + ", ".join(f".{f}" for f in FORMATS))
    return fmt


def _unit(total: float):
    for name, f in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if total >= f:
            return name, f
    return "ns", 1e-9


def send_aaus(programs) -> set:
    """Ids of the AAUs that send: their wait follows the call overhead (see ``segments``)."""
    return {a.id for prog in programs for a in prog.walk() if getattr(a, "op", None) in SEND_OPS}


def segments(result: RunResult, send_ids: set):
    """(process, category, start, end, aau id) of every drawn interval, in drawing order.

    Compound spans first, as computation: their own time (loop control, condition tests) is
    computation, and the spans inside them are drawn over them. The space-time diagram of the
    HTML report (``spacetime.py``) draws the same intervals.
    """
    for s in sorted(result.spans, key=lambda s: s.kind != "compound"):
        width = s.end - s.start
        if width <= 0:
            continue
        if s.kind != "comm" or s.wait <= 0:
            yield s.proc, "comm" if s.kind == "comm" else "comp", s.start, s.end, s.aau_id
            continue
        w0 = s.start + (min(s.ovh, width) if s.aau_id in send_ids else 0.0)
        w1 = min(w0 + s.wait, s.end)
        for a, z, cat in ((s.start, w0, "comm"), (w0, w1, "wait"), (w1, s.end, "comm")):
            if z > a:
                yield s.proc, cat, a, z, s.aau_id


def _bars(result: RunResult, send_ids: set):
    """Per process and category: (start, width) intervals in seconds."""
    bars = [{"comp": [], "comm": [], "wait": []} for _ in result.procs]
    for proc, cat, a, z, _ in segments(result, send_ids):
        bars[proc][cat].append((a, z - a))
    return bars


def render_png(result: RunResult, programs=(), fmt: str = "png") -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import LineCollection
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch
    from matplotlib.lines import Line2D

    send_ids = send_aaus(programs)
    labels = result.proc_labels or [p.label for p in result.procs]
    n = len(labels)
    unit, f = _unit(result.total)
    # Rows shrink past 48 processes so that the figure stays readable on a screen.
    fig = Figure(figsize=(12, min(1.8 + 0.42 * n, 22)), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    height = 0.56
    for p, cats in enumerate(_bars(result, send_ids)):
        ax.broken_barh([(0, result.total / f)], (p - height / 2, height), facecolors="#EEEEEE")  # idle
        for cat in ("comp", "comm", "wait"):
            if cats[cat]:
                ax.broken_barh([(a / f, w / f) for a, w in cats[cat]], (p - height / 2, height),
                               facecolors=COLOURS[cat], linewidth=0)
    dense = n > 32 or len(result.messages) > 2000  # thinner lines, no end dots: keep the bars visible
    for internal in (True, False):
        segs = [[(m.send_time / f, m.src), ((m.recv_time if m.recv_time is not None else m.arrival) / f, m.dst)]
                for m in result.messages if m.internal == internal]
        if segs and not internal and not dense:  # a dot marks the receiving end: the direction of the message
            ax.scatter([b[0] for _, b in segs], [b[1] for _, b in segs], s=7, color=COLOURS["message"], zorder=4)
        if segs:
            ax.add_collection(LineCollection(segs, colors=COLOURS["internal" if internal else "message"],
                                             linewidths=(0.8 if internal else 0.9) * (0.4 if dense else 1),
                                             alpha=0.7 if internal else 0.85,
                                             linestyles="dashed" if internal else "solid", zorder=3))
    step = max(1, -(-n // 48))
    ax.set_yticks(range(0, n, step), labels[::step])
    ax.set_ylim(n - 0.5, -0.5)  # first process on top
    ax.set_xlim(0, result.total / f * 1.01 or 1)
    ax.set_xlabel(f"predicted time ({unit})")
    ax.set_ylabel("process")
    program = " ".join(Path(name).name for name in result.program.split())
    ax.set_title(f"{program} on {result.machine}: {n} processes, "
                 f"predicted {result.total / f:.4g} {unit}", fontsize=10)
    ax.grid(axis="x", color="#DDDDDD", linewidth=0.6)
    ax.set_axisbelow(True)
    handles = [Patch(color=COLOURS["comp"], label="computation"),
               Patch(color=COLOURS["comm"], label="communication (overhead + transmission)"),
               Patch(color=COLOURS["wait"], label="waiting"),
               Line2D([], [], color=COLOURS["message"], label="message")]
    if any(m.internal for m in result.messages):
        handles.append(Line2D([], [], color=COLOURS["internal"], linestyle="dashed", label="collective step"))
    fig.legend(handles=handles, loc="outside lower center", ncol=len(handles), fontsize=8, frameon=False)
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt)
    return buf.getvalue()


def write_plot(result: RunResult, path: str, programs=()) -> None:
    write_bytes(path, render_png(result, programs, plot_format(path)))
