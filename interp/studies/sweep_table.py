"""A sweep as text, CSV or JSON (docs/sweeps.md describes the fields)."""
from __future__ import annotations

import csv
import io
import textwrap

from interp.studies.measured import average_by_procs, average_error
from interp.output.format import fmt_value
from interp.output.format import fmt_time
from interp.engine.result import CATEGORIES
from interp.studies.sweep_columns import as_table, floats, formatted

SCHEMA_VERSION = 1

DEFINITIONS = {
    "speedup": "p_min * T(p_min) / T(p) for the same inputs; with p_min = 1 it is S_n = T_1 / T_n (seed 003)",
    "efficiency": "speedup / p (seed 003: E_n = S_n / n)",
    "comm_share": "(ovh + xmit + wait) / (comp + ovh + xmit + wait), each summed over processes",
    "latency_seconds": "L(W, N) = T(p) - (computation summed over processes) / p (seed 002 Eq. 3.5)",
    "error": "|T_measured - T_predicted| / T_measured (seed 000 Eq. 4.9)",
    "average_error_by_procs": "mean of the errors of the measured points at one process count (seed 000 Eq. 4.10)",
    "mean_error": "mean of the errors of every measured point of the sweep",
}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None, fmt: str = ".2f") -> str:
    return "-" if x is None else format(x, fmt)


def _axis_value(v) -> str:
    return v if isinstance(v, str) else fmt_value(v)


def common(table) -> tuple[str, tuple]:
    """The machine name(s) and the what-ifs every point shares (the axes' values are columns)."""
    done = [o for o in table.outcomes.described() if o.machine]
    names = list(dict.fromkeys(o.machine for o in done))
    shared = tuple(s for s in done[0].scenario if all(s in o.scenario for o in done)) if done else ()
    return (" / ".join(names) or "?"), shared


def _where(row) -> str:
    return ", ".join([f"{k}={fmt_value(v)}" for k, v in row.point.inputs]
                     + [f"{k}={_axis_value(v)}" for k, v in row.point.machine] + [f"procs={row.point.procs}"])


def _notes(table) -> list[str]:
    return list(dict.fromkeys(n for o in table.outcomes.described() for n in o.notes))


def _text_columns(t, names, columns, measured) -> list[list[str]]:
    """The text table's cells, column by column (each formatted from the arrays)."""
    n = len(names)
    cells = [t.texts(d, fmt_value) for d in range(n)] + [t.texts(n + k, _axis_value) for k in range(len(columns))]
    cells.append([str(p) for p in t.procs.tolist()])
    predicted = formatted(t.outcomes.total, fmt_time, "-")
    for i in t.problems():
        predicted[i] = "hang" if t.outcomes.kept[i].hang else "error"
    cells += [predicted, formatted(t.speedup, _num, "-"), formatted(t.efficiency, _pct, "-"),
              formatted(t.comm_share, _pct, "-"), formatted(t.latency, fmt_time, "-")]
    if measured:
        cells += [formatted(t.measured, fmt_time, "-"), formatted(t.error, _pct, "-")]
    return cells


def render_text(rows, files, bound, define_lists, unmatched=None, closed=None) -> str:
    t = as_table(rows)
    measured = unmatched is not None
    names = [n for n, _ in define_lists]
    machine, shared = common(t)
    scenario = f"  [what-if: {', '.join(shared)}]" if shared else ""
    procs = sorted(set(t.procs.tolist()))
    axes = [f"{n} in {{{', '.join(fmt_value(v) for v in vals)}}}" for n, vals in define_lists]
    columns = t.axis_columns()
    for k, column in enumerate(columns):
        axes.append(f"{column} in {{{', '.join(_axis_value(v) for v in t.axis_values(k))}}}")
    axes.append(f"procs in {{{', '.join(map(str, procs))}}}")
    out = [f"sweep: {' '.join(files)} on {machine}{scenario}, bound {bound}",
           f"{len(t)} point{'s' if len(t) != 1 else ''}: " + " x ".join(axes),
           f"speedup = p_min * T(p_min) / T(p) with p_min = {min(procs)}; efficiency = speedup / p (seed 003)",
           "comm share = (ovh + xmit + wait) / (comp + ovh + xmit + wait), summed over all processes",
           "L(W,N) = T(p) - (computation summed over processes) / p (seed 002 Eq. 3.5)",
           ""]
    header = names + columns + ["procs", "predicted", "speedup", "efficiency", "comm share", "L(W,N)"] \
        + (["measured", "error"] if measured else [])
    cells = _text_columns(t, names, columns, measured)
    widths = [max([len(h)] + [len(c) for c in col]) for h, col in zip(header, cells)]
    out.append("  ".join(c.rjust(w) for c, w in zip(header, widths)).rstrip())
    out.append("-" * (sum(widths) + 2 * (len(widths) - 1)))
    out.extend("  ".join(c.rjust(w) for c, w in zip(line, widths)).rstrip() for line in zip(*cells))
    for i in t.problems():
        r = t.row(i)
        if r.outcome.hang:
            out.append(f"{_where(r)}: the program cannot finish: {r.outcome.hang.splitlines()[0]}")
        else:
            out.append(f"{_where(r)}: not predicted: {r.outcome.error.splitlines()[0]}")
    if closed is not None:  # sweep --symbolic (studies/closed_grid.py)
        out.append("")
        out.extend(closed.lines())
    if measured:
        out.append("")
        out.extend(_error_summary(t.rows(), unmatched))
    notes = _notes(t)
    if notes:
        out.append("")
        out.append("notes on the machine model and the interpretation:")
        for n in notes:
            out.extend(textwrap.wrap(n, width=100, initial_indent="  - ", subsequent_indent="    "))
    return "\n".join(out)


def _error_summary(rows, unmatched) -> list[str]:
    out = []
    by_procs = average_by_procs(rows)
    if by_procs:
        out.append("average error at each process count (seed 000 Eq. 4.10): "
                   + ", ".join(f"{n}: {_pct(e)} ({k} pt)" for n, (e, k) in by_procs.items()))
        errors = [r.error for r in rows if r.error is not None]
        out.append(f"mean error over the sweep: {_pct(average_error(errors))} ({len(errors)} measured points)")
    else:
        out.append("no measured point matches a predicted point: no error to report")
    missing = [r for r in rows if r.measured is None]
    if missing:
        out.append(f"predicted but not measured ({len(missing)}): " + "; ".join(_where(r) for r in missing))
    for m in unmatched:
        out.append(f"measured but not predicted (line {m.line}: {m.describe()}, {fmt_time(m.seconds)}): "
                   "no point of the sweep has these values")
    return out


def _csv_value(x) -> str:
    return "" if x is None else repr(float(x))


def _csv_cell(v) -> str:
    """A machine axis's value as the csv module writes it (a file name may hold a comma)."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow([_axis_value(v)])
    return buf.getvalue()


BLOCK = 100_000  # CSV lines made at a time: a 10^6-point sweep is written in ten pieces


def _sources(t, part=slice(None)) -> list[str]:
    import numpy as np

    out = np.where(t.outcomes.form[part] >= 0, "closed form", "engine").astype(object)
    start = part.start or 0
    for i, o in t.outcomes.kept.items():
        if start <= i < start + len(out):
            out[i - start] = o.source
    return out.tolist()


def _csv_block(t, n, columns, measured, closed, part) -> str:
    """The CSV lines of the points in ``part`` (a slice), from the table's columns."""
    import numpy as np

    o = t.outcomes
    total = o.total[part]
    hung = np.isnan(total)  # no time: no categories either
    cells = [t.texts(d, fmt_value, part) for d in range(n)]
    cells += [t.texts(n + k, _csv_cell, part) for k in range(len(columns))]
    cells += [[str(p) for p in t.procs[part].tolist()]]
    cells += [formatted(x[part], repr, "") for x in (o.total, t.speedup, t.efficiency, t.comm_share)]
    cells += [formatted(np.where(hung, np.nan, getattr(o, c)[part]), repr, "") for c in CATEGORIES]
    cells += [formatted(t.latency[part], repr, "")]
    if measured:
        cells += [formatted(t.measured[part], repr, ""), formatted(t.error[part], repr, "")]
    cells += [t.status(measured, part)] + ([_sources(t, part)] if closed else [])
    # Joined, not csv.writer's writerows: no cell but a machine axis's value can need quotes, and
    # those are quoted once per value (_csv_cell); writerows takes ten times as long.
    return "\n".join(map(",".join, zip(*cells))) + "\n"


def csv_pieces(rows, define_lists, unmatched=None, closed=None):
    """The CSV, one line per point, in pieces of BLOCK lines (the csv module's format: a float as
    its repr, every digit, and None as an empty cell)."""
    t = as_table(rows)
    measured = unmatched is not None
    names = [n for n, _ in define_lists]
    columns = t.axis_columns()
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(names + columns + ["procs", "predicted_seconds", "speedup", "efficiency", "comm_share", "comp_seconds",
                                  "ovh_seconds", "xmit_seconds", "wait_seconds", "latency_seconds"]
               + (["measured_seconds", "error"] if measured else []) + ["status"] + (["source"] if closed else []))
    yield buf.getvalue()
    for start in range(0, len(t), BLOCK):
        yield _csv_block(t, len(names), columns, measured, closed, slice(start, min(start + BLOCK, len(t))))
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    for m in unmatched or ():
        # A measurement with no predicted point still gets its line, never dropped.
        given = dict(m.inputs)
        w.writerow([fmt_value(given[n]) if n in given else "" for n in names] + [m.procs]
                   + [""] * 9 + [_csv_value(m.seconds), "", "measured only"] + ([""] if closed else []))
    yield buf.getvalue()


def render_csv(rows, define_lists, unmatched=None, closed=None) -> str:
    return "".join(csv_pieces(rows, define_lists, unmatched, closed))


class _Points(list):
    """The JSON's list of points, made one at a time as the encoder reaches them (json's indented
    encoder iterates a list): 10^6 points are never all in memory as dicts."""

    def __init__(self, size, make):
        super().__init__()
        self.size, self.make = size, make

    def __len__(self) -> int:
        return self.size

    def __iter__(self):
        return map(self.make, range(self.size))


def _point_maker(t, measured: bool):
    """A function of i giving point i's JSON object."""
    o = t.outcomes
    names = list(t.points.names) if hasattr(t.points, "names") else [k for k, _ in t.points[0].inputs] if len(t) else []
    columns = t.axis_columns()
    values = [t.input_values(k).tolist() for k in names]
    axes = [t.texts(len(names) + k, lambda v: v) for k in range(len(columns))]
    figures = [floats(x) for x in (o.total, t.speedup, t.efficiency, t.comm_share)]
    categories = [floats(getattr(o, c)) for c in CATEGORIES]
    latency, events, extrapolated = floats(t.latency), o.events.tolist(), o.extrapolated.tolist()
    status, sources, procs = t.status(measured), _sources(t), t.procs.tolist()
    measured_columns = (floats(t.measured), floats(t.error)) if measured else None

    def make(i):
        kept = o.kept.get(i)
        total, speedup, efficiency, share = (f[i] for f in figures)
        point = {"inputs": {k: v[i] for k, v in zip(names, values)},
                 "machine_axes": {c: a[i] for c, a in zip(columns, axes)}, "procs": procs[i],
                 "predicted_seconds": total, "speedup": speedup, "efficiency": efficiency, "comm_share": share,
                 **{c: v[i] for c, v in zip(CATEGORIES, categories)},
                 "latency_seconds": latency[i], "events": events[i], "extrapolated_events": extrapolated[i],
                 "status": status[i], "hang": kept.hang if kept else None, "error": kept.error if kept else None,
                 "source": sources[i]}
        if measured_columns:
            point.update(measured_seconds=measured_columns[0][i], error=measured_columns[1][i],
                         measured_line=t.measured_line.get(i))
        return point

    return make


def to_json(rows, files, bound, define_lists, unmatched=None, closed=None) -> dict:
    t = as_table(rows)
    measured = unmatched is not None
    first = next(iter(o for o in t.outcomes.described() if o.machine), None)
    doc = {
        "schema_version": SCHEMA_VERSION,
        "kind": "sweep",
        "files": list(files),
        "machine": first.machine if first else None,
        "scenario": list(common(t)[1]),
        "bound": bound,
        "inputs": {n: vals for n, vals in define_lists},
        "machine_axes": {c: t.axis_values(k) for k, c in enumerate(t.axis_columns())},
        "p_min": int(t.procs.min()),
        "definitions": {k: v for k, v in DEFINITIONS.items() if measured or "error" not in k},
        "points": _Points(len(t), _point_maker(t, measured)),
    }
    if measured:
        rows = t.rows()
        errors = [r.error for r in rows if r.error is not None]
        doc["average_error_by_procs"] = {str(n): {"error": e, "points": k}
                                         for n, (e, k) in average_by_procs(rows).items()}
        doc["mean_error"] = average_error(errors)
        doc["not_measured"] = [{"inputs": dict(r.point.inputs), "procs": r.point.procs}
                               for r in rows if r.measured is None]
        doc["measured_only"] = [{"inputs": dict(m.inputs), "procs": m.procs, "measured_seconds": m.seconds,
                                 "line": m.line} for m in unmatched]
    if closed is not None:
        doc["closed_forms"] = closed.to_json()
    doc["notes"] = _notes(t)
    return doc
