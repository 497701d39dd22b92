"""Machine-readable form of a run (schema version 1; fields and units in docs/output.md).

Times are seconds. Every level carries the AAG-level fields; ``subaag`` adds ``functions``,
``loops`` and ``regions``, ``aau`` adds ``aaus``. Adding fields keeps the version; renaming,
removing or changing the meaning of one raises it.
"""
from __future__ import annotations

from interp.output.levels import Figures, Levels, Row, Structure, aau_rows, idle, last_process
from interp.engine.result import CATEGORIES, AAUStats, RunResult

SCHEMA_VERSION = 1


def _num(x: float):
    """Counts as integers when they are whole (closed-form loops can give fractional counts)."""
    return int(x) if x == int(x) else x


def _stats(s: AAUStats) -> dict:
    return {"executions": _num(s.executions), "first": s.first, "last": s.last, "total": s.total, "mean": s.mean,
            "min": s.min, "max": s.max, **{c: getattr(s, c) for c in CATEGORIES}}


def _figures(f: Figures) -> dict:
    return f.as_dict()


def _row(r: Row, labels: list[str]) -> dict:
    out = {"name": r.name, "lines": r.where}
    if r.kind == "loop":
        out.update({"id": r.aau_id, "function": r.function})
    count = {"function": "calls", "call": "calls", "loop": "executions", "region": "entries"}[r.kind]
    if r.kind == "function":
        out.update({count: _num(r.summed_inclusive.count), "inclusive": _figures(r.summed_inclusive),
                    "self": _figures(r.summed)})
        out["per_process"] = [{"process": labels[p], count: _num(r.inclusive[p].count),
                               "inclusive": _figures(r.inclusive[p]), "self": _figures(f)}
                              for p, f in sorted(r.per_process.items())]
    else:
        out.update({count: _num(r.summed.count), **_figures(r.summed)})
        out["per_process"] = [{"process": labels[p], count: _num(f.count), **_figures(f)}
                              for p, f in sorted(r.per_process.items())]
    return out


def aag_fields(r: RunResult) -> dict:
    last, waits = last_process(r)
    return {
        "total_seconds": r.total,
        "per_process": [
            {"process": p.label, "sau": p.sau, "start": p.start, "end": p.end, "busy": p.busy,
             "idle": idle(r, p), **{c: getattr(p, c) for c in CATEGORIES}}
            for p in r.procs
        ],
        "last_process": {"process": last.label, "end": last.end,
                         "longest_waits": [{"seconds": sec, "aau": aid, "where": where, "what": what,
                                            "times": times} for sec, aid, where, what, times in waits]},
    }


def to_json(r: RunResult, level: str = "aau", structure: Structure | None = None, region: str | None = None,
            top: int | None = None) -> dict:
    out = {
        "schema_version": SCHEMA_VERSION,
        "level": level,
        "program": r.program,
        "machine": r.machine,
        "scenario": list(r.scenario),
        "processes": r.nprocs,
        "inputs": r.inputs,
        "bound": r.bound,
        "events": r.events,
        "extrapolated_events": r.extrapolated_events,
        "symmetric_events": r.symmetric_events,
        **aag_fields(r),
    }
    labels = [p.label for p in r.procs]
    if region is not None:
        out["region"] = region
    if level == "subaag":
        sub = Levels(r, structure).sub_aag(region)
        out["functions"] = [_row(f, labels) for f in sub.functions]
        out["loops"] = [_row(l, labels) for l in sub.loops]
        out["regions"] = [_row(g, labels) for g in sub.regions]
    elif level == "aau":
        _, shown = aau_rows(r, structure, region, top)
        out["aaus"] = [
            {"id": s.aau_id, "class": s.cls, "lines": s.loc, "label": s.label, "function": s.function,
             "region": s.region, **_stats(s),
             "per_process": [{"process": labels[pi], **_stats(st)}
                             for pi in range(len(labels)) if (st := r.aaus.get((pi, s.aau_id))) is not None]}
            for s in shown
        ]
    out["notes"] = r.notes
    out["problems"] = r.problems
    return out
