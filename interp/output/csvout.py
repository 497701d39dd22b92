"""CSV form of a run: one row per process (aag), per part per process (subaag), or per AAU per
process (aau). Times in seconds, written with full precision; an empty cell is "no value"
(an AAU never activated has no first activation). Columns are documented in docs/output.md.
"""
from __future__ import annotations

import csv
import io

from interp.output.jsonout import _num
from interp.output.levels import Levels, Structure, aau_rows, idle
from interp.engine.result import CATEGORIES, RunResult

AAG_COLUMNS = ["process", "process_index", "sau", "start", "end", "busy", "idle", *CATEGORIES]
SUBAAG_COLUMNS = ["kind", "name", "lines", "process", "process_index", "count", "total", *CATEGORIES,
                  "inclusive_total"]
AAU_COLUMNS = ["process", "process_index", "aau_id", "class", "lines", "function", "region", "label",
               "executions", "first", "last", "total", "mean", "min", "max", *CATEGORIES]


def _rows_aag(r: RunResult):
    for p in r.procs:
        yield [p.label, p.index, p.sau, p.start, p.end, p.busy, idle(r, p), *(getattr(p, c) for c in CATEGORIES)]


def _rows_subaag(r: RunResult, structure: Structure, region: str | None):
    sub = Levels(r, structure).sub_aag(region)
    for row in sub.functions + sub.loops + sub.regions:
        for pi, f in sorted(row.per_process.items()):
            incl = row.inclusive[pi].total if row.kind == "function" else None
            yield [row.kind, row.name, row.where, r.procs[pi].label, pi, _num(f.count), f.total,
                   *(getattr(f, c) for c in CATEGORIES), incl]


def _rows_aau(r: RunResult, structure: Structure | None, region: str | None, top: int | None):
    _, shown = aau_rows(r, structure, region, top)
    for merged in shown:
        for p in r.procs:
            s = r.aaus.get((p.index, merged.aau_id))
            if s is None:
                continue
            yield [p.label, p.index, s.aau_id, s.cls, s.loc, s.function, s.region, s.label, s.executions,
                   s.first, s.last, s.total, s.mean, s.min, s.max, *(getattr(s, c) for c in CATEGORIES)]


def to_csv(r: RunResult, level: str = "aau", structure: Structure | None = None, region: str | None = None,
           top: int | None = None) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    if level == "aag":
        w.writerow(AAG_COLUMNS)
        w.writerows(_rows_aag(r))
    elif level == "subaag":
        w.writerow(SUBAAG_COLUMNS)
        w.writerows(_rows_subaag(r, structure, region))
    else:
        w.writerow(AAU_COLUMNS)
        w.writerows(_rows_aau(r, structure, region, top))
    return buf.getvalue()
