"""Machine-readable form of a run (schema version 1; see docs/output.md)."""
from __future__ import annotations

from .result import CATEGORIES, RunResult

SCHEMA_VERSION = 1


def to_json(r: RunResult) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "program": r.program,
        "machine": r.machine,
        "scenario": list(r.scenario),
        "processes": r.nprocs,
        "inputs": r.inputs,
        "bound": r.bound,
        "total_seconds": r.total,
        "events": r.events,
        "per_process": [
            {"process": p.label, "sau": p.sau, "end": p.end, "idle": r.total - p.end,
             **{c: getattr(p, c) for c in CATEGORIES}}
            for p in r.procs
        ],
        "aaus": [
            {"id": s.aau_id, "class": s.cls, "lines": s.loc, "label": s.label, "function": s.function,
             "region": s.region, "executions": s.executions, "first": s.first, "last": s.last,
             "total": s.total, "mean": s.mean, "min": s.min, "max": s.max,
             **{c: getattr(s, c) for c in CATEGORIES}}
            for s in r.aau_totals()
        ],
        "notes": r.notes,
        "problems": r.problems,
    }
