"""A sweep as text, CSV or JSON (docs/sweeps.md describes the fields)."""
from __future__ import annotations

import csv
import io
import textwrap

from interp.studies.measured import average_by_procs, average_error
from interp.output.format import fmt_value
from interp.output.format import fmt_time
from interp.studies.sweep import p_min_of

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


def axis_columns(rows) -> list[str]:
    """The machine axes of the sweep (studies/machine_axes.py): machine, scale:KEY, param:NAME."""
    return [c for c, _ in rows[0].point.machine] if rows else []


def common(rows) -> tuple[str, tuple]:
    """The machine name(s) and the what-ifs every point shares (the axes' values are columns)."""
    names = list(dict.fromkeys(r.outcome.machine for r in rows if r.outcome.machine))
    done = [r.outcome.scenario for r in rows if r.outcome.machine]
    shared = tuple(s for s in done[0] if all(s in other for other in done)) if done else ()
    return (" / ".join(names) or "?"), shared


def _where(row) -> str:
    return ", ".join([f"{k}={fmt_value(v)}" for k, v in row.point.inputs]
                     + [f"{k}={_axis_value(v)}" for k, v in row.point.machine] + [f"procs={row.point.procs}"])


def _notes(rows) -> list[str]:
    seen = []
    for r in rows:
        for n in r.outcome.notes:
            if n not in seen:
                seen.append(n)
    return seen


def _status(row, measured: bool) -> str:
    if row.outcome.hang:
        return "hang"
    if row.outcome.error:
        return "error"
    if measured and row.measured is None:
        return "not measured"
    return "ok"


def render_text(rows, files, bound, define_lists, unmatched=None, closed=None) -> str:
    measured = unmatched is not None
    names = [n for n, _ in define_lists]
    machine, shared = common(rows)
    scenario = f"  [what-if: {', '.join(shared)}]" if shared else ""
    procs = sorted({r.point.procs for r in rows})
    axes = [f"{n} in {{{', '.join(fmt_value(v) for v in vals)}}}" for n, vals in define_lists]
    columns = axis_columns(rows)
    for k, column in enumerate(columns):
        values = list(dict.fromkeys(r.point.machine[k][1] for r in rows))
        axes.append(f"{column} in {{{', '.join(_axis_value(v) for v in values)}}}")
    axes.append(f"procs in {{{', '.join(map(str, procs))}}}")
    out = [f"sweep: {' '.join(files)} on {machine}{scenario}, bound {bound}",
           f"{len(rows)} point{'s' if len(rows) != 1 else ''}: " + " x ".join(axes),
           f"speedup = p_min * T(p_min) / T(p) with p_min = {p_min_of(rows)}; efficiency = speedup / p (seed 003)",
           "comm share = (ovh + xmit + wait) / (comp + ovh + xmit + wait), summed over all processes",
           "L(W,N) = T(p) - (computation summed over processes) / p (seed 002 Eq. 3.5)",
           ""]
    table = [names + columns + ["procs", "predicted", "speedup", "efficiency", "comm share", "L(W,N)"]
             + (["measured", "error"] if measured else [])]
    for r in rows:
        o = r.outcome
        cells = [fmt_value(dict(r.point.inputs)[n]) for n in names] + [_axis_value(v) for _, v in r.point.machine]
        cells += [str(r.point.procs)]
        cells += ["hang" if o.hang else "error" if o.error else fmt_time(o.total), _num(r.speedup), _pct(r.efficiency),
                  _pct(o.comm_share), fmt_time(o.latency(r.point.procs))]
        if measured:
            cells += [fmt_time(r.measured), _pct(r.error)]
        table.append(cells)
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    for k, line in enumerate(table):
        out.append("  ".join(c.rjust(w) for c, w in zip(line, widths)).rstrip())
        if k == 0:
            out.append("-" * (sum(widths) + 2 * (len(widths) - 1)))
    for r in rows:
        if r.outcome.hang:
            out.append(f"{_where(r)}: the program cannot finish: {r.outcome.hang.splitlines()[0]}")
        elif r.outcome.error:
            out.append(f"{_where(r)}: not predicted: {r.outcome.error.splitlines()[0]}")
    if closed is not None:  # sweep --symbolic (studies/closed_grid.py)
        out.append("")
        out.extend(closed.lines())
    if measured:
        out.append("")
        out.extend(_error_summary(rows, unmatched))
    notes = _notes(rows)
    if notes:
        out.append("")
        out.append("notes on the machine model:")
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


def render_csv(rows, define_lists, unmatched=None, closed=None) -> str:
    measured = unmatched is not None
    names = [n for n, _ in define_lists]
    columns = axis_columns(rows)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(names + columns + ["procs", "predicted_seconds", "speedup", "efficiency", "comm_share", "comp_seconds",
                                  "ovh_seconds", "xmit_seconds", "wait_seconds", "latency_seconds"]
               + (["measured_seconds", "error"] if measured else []) + ["status"] + (["source"] if closed else []))
    for r in rows:
        o = r.outcome
        line = [fmt_value(dict(r.point.inputs)[n]) for n in names] + [_axis_value(v) for _, v in r.point.machine]
        line += [r.point.procs]
        line += [_csv_value(x) for x in (o.total, r.speedup, r.efficiency, o.comm_share)]
        line += [_csv_value(x if o.total is not None else None) for x in (o.comp, o.ovh, o.xmit, o.wait)]
        line += [_csv_value(o.latency(r.point.procs))]
        if measured:
            line += [_csv_value(r.measured), _csv_value(r.error)]
        w.writerow(line + [_status(r, measured)] + ([o.source] if closed else []))
    for m in unmatched or ():
        # A measurement with no predicted point still gets its line, never dropped.
        given = dict(m.inputs)
        w.writerow([fmt_value(given[n]) if n in given else "" for n in names] + [m.procs]
                   + [""] * 9 + [_csv_value(m.seconds), "", "measured only"] + ([""] if closed else []))
    return buf.getvalue()


def to_json(rows, files, bound, define_lists, unmatched=None, closed=None) -> dict:
    measured = unmatched is not None
    first = next((r.outcome for r in rows if r.outcome.machine), None)
    doc = {
        "schema_version": SCHEMA_VERSION,
        "kind": "sweep",
        "files": list(files),
        "machine": first.machine if first else None,
        "scenario": list(common(rows)[1]),
        "bound": bound,
        "inputs": {n: vals for n, vals in define_lists},
        "machine_axes": {c: list(dict.fromkeys(r.point.machine[k][1] for r in rows))
                         for k, c in enumerate(axis_columns(rows))},
        "p_min": p_min_of(rows),
        "definitions": {k: v for k, v in DEFINITIONS.items() if measured or "error" not in k},
        "points": [],
    }
    for r in rows:
        o = r.outcome
        point = {"inputs": dict(r.point.inputs), "machine_axes": dict(r.point.machine), "procs": r.point.procs, "predicted_seconds": o.total,
                 "speedup": r.speedup, "efficiency": r.efficiency, "comm_share": o.comm_share,
                 "comp": o.comp, "ovh": o.ovh, "xmit": o.xmit, "wait": o.wait,
                 "latency_seconds": o.latency(r.point.procs), "events": o.events,
                 "extrapolated_events": o.extrapolated_events,
                 "status": _status(r, measured), "hang": o.hang, "error": o.error, "source": o.source}
        if measured:
            point.update(measured_seconds=r.measured, error=r.error, measured_line=r.measured_line)
        doc["points"].append(point)
    if measured:
        errors = [r.error for r in rows if r.error is not None]
        doc["average_error_by_procs"] = {str(n): {"error": e, "points": k}
                                         for n, (e, k) in average_by_procs(rows).items()}
        doc["mean_error"] = average_error(errors)
        doc["not_measured"] = [{"inputs": dict(r.point.inputs), "procs": r.point.procs}
                               for r in rows if r.measured is None]
        doc["measured_only"] = [{"inputs": dict(m.inputs), "procs": m.procs, "measured_seconds": m.seconds,
                                 "line": m.line} for m in unmatched]
    if closed is not None:
        doc["closed_forms"] = {"symbols": list(closed.names), "points_from_forms": closed.from_form,
                               "points_from_engine": closed.from_engine,
                               "forms": [{"where": f.where, "total": f.text, "points": f.points, "checks": f.checks}
                                         for f in closed.forms],
                               "fallbacks": list(closed.fallbacks)}
    doc["notes"] = _notes(rows)
    return doc
