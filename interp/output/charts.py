"""Line charts as SVG geometry for the HTML report (sweeps: time and speedup against processes).

A chart is series of (x, y, tooltip) points on linear or logarithmic axes; this module computes
pixel coordinates and tick positions, the template (``macros.html``, ``chart``) draws them, and
the report's script shows a point's tooltip and hides a series when its legend entry is clicked.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

W, H = 560.0, 320.0  # the plot area, pixels
LEFT, BOTTOM, TOP, RIGHT = 70.0, 40.0, 12.0, 16.0
COLOURS = ("#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3", "#8C8C8C",
           "#CCB974", "#64B5CD")


@dataclass
class Chart:
    title: str
    x_label: str
    y_label: str
    series: list = field(default_factory=list)  # {"name", "colour", "path", "points": [(x, y, tip)]}
    x_ticks: list = field(default_factory=list)  # (pixel, label)
    y_ticks: list = field(default_factory=list)
    width: float = LEFT + W + RIGHT
    height: float = TOP + H + BOTTOM


def _scale(values, log: bool):
    lo, hi = min(values), max(values)
    if log:
        lo, hi = math.log10(lo), math.log10(hi)
    if hi == lo:
        lo, hi = lo - (0.5 if log else abs(lo) * 0.1 or 1), hi + (0.5 if log else abs(hi) * 0.1 or 1)
    return lambda v: ((math.log10(v) if log else v) - lo) / (hi - lo), lo, hi


def _ticks(lo: float, hi: float, log: bool, fmt) -> list:
    if log:  # 1, 2, 5 times the powers of ten in range; the powers alone when those are many
        vals = [f * 10.0 ** e for e in range(math.floor(lo) - 1, math.ceil(hi) + 1) for f in (1, 2, 5)
                if lo - 1e-9 <= math.log10(f * 10.0 ** e) <= hi + 1e-9]
        if len(vals) > 8:
            vals = [v for v in vals if abs(math.log10(v) - round(math.log10(v))) < 1e-9]
        return [(v, fmt(v)) for v in vals]
    raw = (hi - lo) / 5
    step = 10 ** math.floor(math.log10(raw))
    step *= next(f for f in (1, 2, 5, 10) if f * step >= raw)
    k = math.ceil(lo / step)
    out = []
    while k * step <= hi + 1e-9 * step:
        out.append((k * step, fmt(k * step)))
        k += 1
    return out


def line_chart(title: str, x_label: str, y_label: str, series: list, fmt_x, fmt_y,
               x_log: bool = False, y_log: bool = False, x_values=None) -> Chart:
    """SERIES: [(name, [(x, y, tooltip)])]; points with a y of None (no prediction) are left out;
    logarithmic axes need positive values (a linear axis is used otherwise). X_VALUES: the ticks
    of the x axis (e.g. the process counts), else round numbers."""
    xs = [x for _, pts in series for x, y, _ in pts if y is not None]
    ys = [y for _, pts in series for x, y, _ in pts if y is not None]
    chart = Chart(title, x_label, y_label)
    if not xs:
        return chart
    x_log = x_log and min(xs) > 0
    y_log = y_log and min(ys) > 0
    fx, xlo, xhi = _scale(xs, x_log)
    fy, ylo, yhi = _scale(ys, y_log)
    px = lambda v: round(LEFT + fx(v) * W, 2)  # noqa: E731
    py = lambda v: round(TOP + H - fy(v) * H, 2)  # noqa: E731
    for k, (name, pts) in enumerate(series):
        shown = [(px(x), py(y), tip) for x, y, tip in pts if y is not None]
        path = " ".join(f"{'M' if i == 0 else 'L'}{x},{y}" for i, (x, y, _) in enumerate(shown))
        chart.series.append({"name": name, "colour": COLOURS[k % len(COLOURS)], "path": path, "points": shown})
    x_ticks = [(v, fmt_x(v)) for v in x_values] if x_values else _ticks(xlo, xhi, x_log, fmt_x)
    chart.x_ticks = [(px(v), label) for v, label in x_ticks]
    chart.y_ticks = [(py(v), label) for v, label in _ticks(ylo, yhi, y_log, fmt_y)]
    return chart
