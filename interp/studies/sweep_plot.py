"""The sweep plot: time against processes (log-log, one line per input combination) and speedup
against processes with the ideal line; measured times drawn with the predicted ones."""
from __future__ import annotations

import io
from pathlib import Path

from interp.output.atomic import write_bytes
from interp.errors import InputError
from interp.output.format import fmt_value

FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf"}


def _groups(rows):
    """Rows by input combination and machine axes, in sweep order, each sorted by process count."""
    groups: dict[tuple, list] = {}
    for r in rows:
        groups.setdefault(r.point.inputs + r.point.machine, []).append(r)
    return {k: sorted(v, key=lambda r: r.point.procs) for k, v in groups.items()}


def _varying(rows) -> set[str]:
    """Input names and machine axes that take more than one value: only they tell the lines apart."""
    values: dict[str, set] = {}
    for r in rows:
        for k, v in r.point.inputs + r.point.machine:
            values.setdefault(k, set()).add(v)
    return {k for k, vs in values.items() if len(vs) > 1}


def _label(inputs, varying) -> str:
    return ", ".join(f"{k}={v if isinstance(v, str) else fmt_value(v)}" for k, v in inputs if k in varying) or "predicted"


def _procs_axis(ax, procs):
    from matplotlib.ticker import FixedLocator, NullLocator

    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_locator(FixedLocator(procs))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xticklabels([str(p) for p in procs])
    ax.set_xlabel("processes")
    ax.grid(True, which="major", alpha=0.3)


def check_plot_path(path: str) -> str:
    """The output format for ``path``; checked before a sweep, not after its predictions."""
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise InputError(f"--plot {path}: give a .png, .svg or .pdf file name")
    if not Path(path).resolve().parent.is_dir():
        raise InputError(f"--plot {path}: directory {Path(path).parent} does not exist")
    return fmt


def plot_sweep(rows, path: str, title: str, unmatched=()) -> None:
    # The object API with the Agg canvas: no pyplot, so no global backend or figure state.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.ticker import FuncFormatter

    fmt = check_plot_path(path)
    p_min = min(r.point.procs for r in rows)
    procs = sorted({r.point.procs for r in rows})
    varying = _varying(rows)
    fixed = [f"{k}={fmt_value(v)}" for k, v in rows[0].point.inputs if k not in varying]
    fig = Figure(figsize=(11, 4.6), layout="constrained")
    FigureCanvasAgg(fig)
    ax_t, ax_s = fig.subplots(1, 2)
    # One legend entry per input combination (its colour), and one per line style.
    handles = []
    any_measured = False
    for i, (inputs, group) in enumerate(_groups(rows).items()):
        color = f"C{i % 10}"
        done = [r for r in group if r.outcome.total is not None]
        ax_t.plot([r.point.procs for r in done], [r.outcome.total for r in done], "o-", color=color)
        with_s = [r for r in done if r.speedup is not None]
        ax_s.plot([r.point.procs for r in with_s], [r.speedup for r in with_s], "o-", color=color)
        handles.append(Line2D([], [], color=color, lw=6, label=_label(inputs, varying)))
        meas = [r for r in group if r.measured is not None]
        if meas:
            any_measured = True
            ax_t.plot([r.point.procs for r in meas], [r.measured for r in meas], "s--", color=color, mfc="none")
            ref = next((r.measured for r in meas if r.point.procs == p_min), None)
            if ref is not None:
                ax_s.plot([r.point.procs for r in meas], [p_min * ref / r.measured for r in meas], "s--",
                          color=color, mfc="none")
    handles.append(Line2D([], [], color="0.3", marker="o", label="predicted"))
    if any_measured:
        handles.append(Line2D([], [], color="0.3", marker="s", ls="--", mfc="none", label="measured"))
    if unmatched:
        ax_t.plot([m.procs for m in unmatched], [m.seconds for m in unmatched], "x", color="0.3", ms=8)
        handles.append(Line2D([], [], color="0.3", marker="x", ls="none", ms=8, label="measured, not predicted"))
    ax_s.plot(procs, [float(p) for p in procs], ":", color="black")
    handles.append(Line2D([], [], color="black", ls=":", label="ideal speedup (S = p)"))
    ax_t.set_yscale("log")
    ax_t.set_ylabel("time (s)")
    ax_t.set_title("time" + (": predicted and measured" if any_measured else " (predicted)"))
    ax_s.set_yscale("log", base=2)
    ax_s.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:g}"))
    ax_s.set_ylabel(f"speedup = {p_min} T({p_min}) / T(p)" if p_min > 1 else "speedup = T(1) / T(p)")
    ax_s.set_title("speedup")
    for ax in (ax_t, ax_s):
        _procs_axis(ax, procs)
    fig.legend(handles=handles, loc="outside right upper", fontsize="small")
    fig.suptitle(title + (f"  ({', '.join(fixed)})" if fixed else ""), fontsize="medium")
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt, dpi=110)
    write_bytes(path, buf.getvalue())
