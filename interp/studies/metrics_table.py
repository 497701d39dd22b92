"""``interp sweep --metrics`` as text, CSV or JSON (docs/scalability.md describes the fields)."""
from __future__ import annotations

import csv
import io

from interp.output.format import fmt_time, fmt_value
from interp.studies.phase_parallel import grain_checks

SCHEMA_VERSION = 1

DEFINITIONS = {
    "speed": "P_n = W / T_n, flop/s (seed 003 section 2.2.1)",
    "speedup": "S_n = T_1 / T_n (seed 003)",
    "efficiency": "E_n = S_n / n (seed 003)",
    "utilization": "U_n = P_n / (n P_peak) (seed 003)",
    "bound": "max(T_1 / n, T_inf), a lower bound of T_n (seed 003 Eq. 3)",
    "latency": "L(W, N) = T_n - (sum of the processes' computation) / n (seed 002 Eq. 3.5)",
    "phases": "per region: computation + call overhead + transmission of its slowest process, waiting "
              "excluded (seed 003 Table 9)",
}


def fmt_rate(flops: float | None) -> str:
    if flops is None:
        return "-"
    for unit, f in (("Gflop/s", 1e9), ("Mflop/s", 1e6), ("kflop/s", 1e3)):
        if abs(flops) >= f:
            return f"{flops / f:.4g} {unit}"
    return f"{flops:.4g} flop/s"


def fmt_flops(flops: float) -> str:
    return f"{flops / 1e6:.6g} Mflop"


def _pct(x):
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x):
    return "-" if x is None else f"{x:.4g}"


def _align(table: list[list[str]]) -> list[str]:
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    out = []
    for k, line in enumerate(table):
        out.append("  ".join(c.rjust(w) for c, w in zip(line, widths)).rstrip())
        if k == 0:
            out.append("-" * (sum(widths) + 2 * (len(widths) - 1)))
    return out


def _where(inputs) -> str:
    return ", ".join(f"{k}={fmt_value(v)}" for k, v in inputs)


def render_text(report, files, bound, define_lists) -> str:
    names = [n for n, _ in define_lists]
    first = next((r.outcome for r in report.rows if r.outcome.machine), None)
    machine = first.machine if first else "?"
    out = [f"sweep --metrics: {' '.join(files)} on {machine}, mode {report.mode}, bound {bound}",
           f"P_peak = {fmt_rate(report.peak)} ({report.peak_from})"]
    for inputs, ref in report.references.items():
        at = f" [{_where(inputs)}]" if inputs else ""
        out.append(f"T_1 = {fmt_time(ref.t1)} ({ref.t1_from}); W = {fmt_flops(ref.work)} ({ref.work_from}){at}")
    out.append("speed P_n = W/T_n, speedup S_n = T_1/T_n, efficiency E_n = S_n/n, "
               "utilization U_n = P_n/(n P_peak), bound = max(T_1/n, T_inf) (seed 003 Eq. 3),")
    out.append("L(W,N) = T_n - (computation summed over processes)/n (seed 002 Eq. 3.5)")
    out.append("region columns: each region's own time on its slowest process, waiting excluded (Table 9)")
    out.append("")
    table = [names + ["procs", "T_n", "speed", "speedup", "efficiency", "utilization", "bound", "L(W,N)"] + report.regions]
    for r, m in zip(report.rows, report.metrics):
        cells = [fmt_value(dict(r.point.inputs)[n]) for n in names] + [str(r.point.procs)]
        cells += ["hang" if r.outcome.hang else "error" if r.outcome.error else fmt_time(r.outcome.total), fmt_rate(m.speed), _num(m.speedup),
                  _pct(m.efficiency), _pct(m.utilization), fmt_time(m.bound), fmt_time(m.latency)]
        cells += [fmt_time(m.phases.get(name)) if m.phases else "-" for name in report.regions]
        table.append(cells)
    out.extend(_align(table))
    if report.closed is not None:  # --symbolic (studies/closed_grid.py)
        out += ["", *report.closed.lines()]
        if report.regions:
            out.append("  region columns: '-' at a point from a closed form (a form gives the total and the "
                       "four categories, not each region's time)")
    for inputs in report.references:
        out.append("")
        out.extend(_phase_block(report, inputs))
    notes = list(dict.fromkeys(n for r in report.rows for n in r.outcome.notes))
    if notes:
        out.append("")
        out.append("notes on the machine model and the interpretation:")
        out.extend(f"  - {n}" for n in notes)
    return "\n".join(out)


def _phase_block(report, inputs) -> list[str]:
    phases, ext, ref = report.phases[inputs], report.extremes[inputs], report.references[inputs]
    at = f" [{_where(inputs)}]" if inputs else ""
    if not phases:
        return [f"phase-parallel model{at}: no computing region (mark the phases with "
                "'#pragma interp region NAME')"]
    n = report.largest
    out = [f"phase-parallel model (seed 003 section 2.1.1, Eq. 2-3){at}:"]
    checks = grain_checks(phases, n, report.t0) if report.t0 is not None else None
    table = [["phase", "W_i", "T_1(i)", "P_1(i)", "DOP_i", "T_1(i)/DOP_i", f"grain at n={n}", "t_0*P_1(i)", "grain check"]]
    for k, p in enumerate(phases):
        row = [p.name, fmt_flops(p.work), fmt_time(p.t1), fmt_rate(p.speed), f"{p.dop:g}", fmt_time(p.t1 / p.dop)]
        if checks is not None:
            _, grain, least, ok = checks[k]
            row += [f"{grain:.4g} flop", f"{least:.4g} flop", "ok" if ok else "too fine"]
        else:
            row += ["-", "-", "no t_0 in the machine"]
        table.append(row)
    out.extend("  " + line for line in _align(table))
    out.extend(f"  DOP_i of {p.name}: {p.dop_from}" for p in phases)
    out.append(f"  T_inf = {fmt_time(ext.t_inf)}, P_inf = W/T_inf = {fmt_rate(ext.p_inf)}, N_max = {ext.n_max:g}, "
               f"average parallelism T_1/T_inf = {ext.average_parallelism:.4g}")
    if report.t0 is not None:
        out.append(f"  grain check (section 3.4): grain W_i/min(n, DOP_i) >= t_0 * P_1(i), t_0 = {fmt_time(report.t0)}")
    limit = ext.most_procs()
    over = sorted({r.point.procs for r in report.rows if r.point.inputs == inputs and r.point.procs > limit})
    verdict = "every process count of the sweep passes" if not over else \
        f"fails at n = {', '.join(map(str, over))} (efficiency at most 50% there)"
    out.append(f"  processors check (section 3.4): n <= 2 T_1/T_inf = {limit:.4g}: {verdict}")
    return out


def _csv(x) -> str:
    return "" if x is None else repr(float(x))


def render_csv(report, define_lists) -> str:
    names = [n for n, _ in define_lists]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(names + ["procs", "predicted_seconds", "speed_flops", "speedup", "efficiency", "utilization",
                        "bound_seconds", "latency_seconds"] + [f"phase_{r}_seconds" for r in report.regions] + ["status"]
               + (["source"] if report.closed is not None else []))
    for r, m in zip(report.rows, report.metrics):
        line = [fmt_value(dict(r.point.inputs)[n]) for n in names] + [r.point.procs]
        line += [_csv(x) for x in (r.outcome.total, m.speed, m.speedup, m.efficiency, m.utilization, m.bound,
                                        m.latency)]
        line += [_csv(m.phases.get(name)) for name in report.regions]
        w.writerow(line + ["hang" if r.outcome.hang else "error" if r.outcome.error else "ok"]
                   + ([r.outcome.source] if report.closed is not None else []))
    return buf.getvalue()


def to_json(report, files, bound, define_lists) -> dict:
    first = next((r.outcome for r in report.rows if r.outcome.machine), None)
    doc = {"schema_version": SCHEMA_VERSION, "kind": "sweep-metrics", "files": list(files),
           "machine": first.machine if first else None, "mode": report.mode, "bound": bound,
           "inputs": {n: vals for n, vals in define_lists}, "definitions": DEFINITIONS,
           "peak_flops": report.peak, "t0_seconds": report.t0, "settings": [], "points": []}
    for inputs, ref in report.references.items():
        ext = report.extremes[inputs]
        doc["settings"].append({
            "inputs": dict(inputs), "t1_seconds": ref.t1, "t1_from": ref.t1_from, "work_flops": ref.work,
            "work_from": ref.work_from,
            "phases": [{"name": p.name, "work_flops": p.work, "t1_seconds": p.t1, "dop": p.dop,
                        "dop_from": p.dop_from} for p in report.phases[inputs]],
            "t_inf_seconds": ext.t_inf if ext else None, "p_inf_flops": ext.p_inf if ext else None,
            "n_max": ext.n_max if ext else None,
            "average_parallelism": ext.average_parallelism if ext else None})
    for r, m in zip(report.rows, report.metrics):
        doc["points"].append({"inputs": dict(r.point.inputs), "procs": r.point.procs,
                              "predicted_seconds": r.outcome.total, "speed_flops": m.speed, "speedup": m.speedup,
                              "efficiency": m.efficiency, "utilization": m.utilization, "bound_seconds": m.bound,
                              "latency_seconds": m.latency,
                              "phases": m.phases, "hang": r.outcome.hang, "error": r.outcome.error,
                              "source": r.outcome.source})
    if report.closed is not None:
        doc["closed_forms"] = report.closed.to_json()
    doc["notes"] = list(dict.fromkeys(n for r in report.rows for n in r.outcome.notes))
    return doc
