"""``sweep --html DIR``: the sweep as a page: time and speedup against processes, one series per
combination of the other inputs, and the table (docs/report-html.md).

Built from the sweep's JSON document (``sweep_table.to_json``), so its figures are the JSON's.
"""
from __future__ import annotations

from pathlib import Path

from interp.output.atomic import write_text
from interp.output.charts import line_chart
from interp.output.format import fmt_time, fmt_value
from interp.output.html import check_dir, environment


def _series(doc: dict, key: str, tip) -> list:
    """One series per combination of the inputs: [(name, [(procs, value, tooltip)])]."""
    groups: dict[tuple, list] = {}
    for p in doc["points"]:
        axes = {**p["inputs"], **p.get("machine_axes", {})}
        name = ", ".join(f"{k}={v if isinstance(v, str) else fmt_value(v)}" for k, v in axes.items()) or "all"
        groups.setdefault(name, []).append((p["procs"], p[key], tip(name, p)))
    return [(name, sorted(pts, key=lambda t: t[0])) for name, pts in groups.items()]


def _tip(name: str, p: dict) -> str:
    speed = f"{p['speedup']:.2f}" if p["speedup"] is not None else "-"
    return f"{name}, {p['procs']} processes: {fmt_time(p['predicted_seconds'])}, speedup {speed}"


def write_sweep(path: str, doc: dict) -> Path:
    d = check_dir(path)
    procs = sorted({p["procs"] for p in doc["points"]})
    counts = dict(x_log=True, x_values=procs, fmt_x=lambda v: f"{v:g}")
    time_chart = line_chart("Predicted time against processes", "processes", "predicted time",
                            _series(doc, "predicted_seconds", _tip), fmt_y=fmt_time, y_log=True, **counts)
    speedup_chart = line_chart(f"Speedup against processes (relative to {doc['p_min']})", "processes", "speedup",
                               _series(doc, "speedup", _tip), fmt_y=lambda v: f"{v:g}", **counts)
    page = environment().get_template("sweep.html").render(
        doc=doc, time_chart=time_chart, speedup_chart=speedup_chart, measured="mean_error" in doc)
    d.mkdir(exist_ok=True)
    index = d / "index.html"
    write_text(index, page)
    return index
