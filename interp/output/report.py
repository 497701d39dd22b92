"""Text rendering of a run at the three levels of paper 3.5 (tables that fit 100 columns).

Every level starts with the AAG-level summary (total, one line per process, the process that
finishes last and why); ``subaag`` adds functions, outermost loops and regions, ``aau`` the
per-AAU tables. The figures come from ``levels``; this module only lays them out.
"""
from __future__ import annotations

import textwrap

from interp.output.levels import Levels, Structure, aau_rows, idle, last_process
from interp.engine.result import RunResult
from interp.output.format import fmt_count, fmt_time, fmt_value  # noqa: F401  (re-used by other reports)

WIDTH = 100


def _bullets(items) -> list[str]:
    out = []
    for item in items:
        out.extend(textwrap.wrap(item, width=WIDTH, initial_indent="  - ", subsequent_indent="    "))
    return out


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:max(0, width - 3)] + "..."


def _cut_where(text: str, width: int) -> str:
    """A ``file:lines`` cell too long for its column loses the start of its file name, never its
    line numbers (``...montecarlo.c:12-14``): the lines are what locate the AAU."""
    file, colon, lines = text.rpartition(":")
    if len(text) <= width or not colon or not lines.replace("-", "").isdigit() or len(lines) + 5 > width:
        return _cut(text, width)
    return "..." + file[len(file) - (width - len(lines) - 4):] + ":" + lines


def _table(columns, rows) -> list[str]:
    """COLUMNS: (title, width, '<' or '>'); a width of 0 takes the rest of the line (last column)."""
    used = sum(w + 1 for _, w, _ in columns if w)
    cols = [(t, w or max(8, WIDTH - used), a) for t, w, a in columns]

    def line(cells):  # names may be shortened, numbers never
        text = " ".join(f"{(_cut_where if t == 'lines' else _cut)(str(c), w) if a == '<' else str(c):{a}{w}}"
                        for c, (t, w, a) in zip(cells, cols))
        return text.rstrip()

    return [line([t for t, _, _ in cols]), "-" * min(WIDTH, sum(w + 1 for _, w, _ in cols) - 1)] + \
        [line(r) for r in rows]


_SPLIT = [("compute", 10, ">"), ("comm ovh", 10, ">"), ("transmit", 10, ">"), ("waiting", 10, ">")]
_SPLIT9 = [(t, 9, a) for t, _, a in _SPLIT]  # narrower, to leave room for names


def _split(f) -> list[str]:
    return [fmt_time(f.comp), fmt_time(f.ovh), fmt_time(f.xmit), fmt_time(f.wait)]


def _stood_for(result: RunResult) -> str:
    """Who was interpreted for the others under rank symmetry: rank 0, or with several classes
    (engine/symmetry_classes.py; their note names them) each class's representative."""
    several = any(n.startswith("rank symmetry:") and " classes (" in n for n in result.notes)
    return "the classes' representatives" if several else "rank 0"


def header(result: RunResult, inputs_line: bool = True) -> list[str]:
    out = [f"program: {result.program}",
           f"machine: {result.machine}" + (f"  [what-if: {', '.join(result.scenario)}]" if result.scenario else "")]
    if inputs_line and result.inputs:
        out.append("inputs:  " + ", ".join(f"{k}={fmt_value(v)}" for k, v in result.inputs.items()))
    more = ([f"+ {result.extrapolated_events:,} in extrapolated steady-state iterations"]
            if result.extrapolated_events else []) + \
        ([f"+ {result.symmetric_events:,} of the processes {_stood_for(result)} stood for"]
         if result.symmetric_events else [])
    skipped = f" ({', '.join(more)})" if more else ""
    out.append(f"processes: {result.nprocs}   bound: {result.bound}   events interpreted: {result.events:,}{skipped}")
    return out


def aag_level(result: RunResult) -> list[str]:
    """Paper 3.5 "AAG level": the whole application, per process."""
    out = [f"predicted time: {fmt_time(result.total)}", ""]
    rows = [[p.label, p.sau, fmt_time(p.end), *_split(p), fmt_time(idle(result, p))] for p in result.procs]
    out += _table([("process", 9, "<"), ("SAU", 10, "<"), ("end", 10, ">"), *_SPLIT, ("idle", 10, ">")], rows)
    last, waits = last_process(result)
    if not waits:
        out.append(f"finishes last: {last.label} at {fmt_time(last.end)}, without waiting")
        return out
    out.append(f"finishes last: {last.label} at {fmt_time(last.end)}; its longest waits:")
    for seconds, _, where, what, times in waits:
        again = f" ({times} times)" if times > 1 else ""
        out.append(_cut(f"  {fmt_time(seconds):>10}  {where:<32} {what}{again}", WIDTH))
    return out


def sub_aag_level(levels: Levels, region: str | None = None) -> list[str]:
    """Paper 3.5 "Sub-AAG level": functions, outermost loops and annotated regions."""
    sub = levels.sub_aag(region)
    out = []
    if region is None:
        out.append("functions (self: the function's own AAUs, callees excluded; summed over processes)")
        rows = [[f.name, fmt_count(f.summed_inclusive.count), fmt_time(f.summed_inclusive.total),
                 fmt_time(f.summed.total), *_split(f.summed)] for f in sub.functions]
        out += _table([("function", 22, "<"), ("calls", 11, ">"), ("inclusive", 9, ">"), ("self", 9, ">"),
                       *_SPLIT9], rows)
    else:
        out.append(f"calls made in region {region} (inclusive of the callees; summed over processes)")
        rows = [[f.name, fmt_count(f.summed.count), fmt_time(f.summed.total), *_split(f.summed)]
                for f in sub.functions]
        out += _table([("function", 22, "<"), ("calls", 11, ">"), ("total", 9, ">"), *_SPLIT9], rows) \
            if rows else ["  (none)"]
    out.append("")
    out.append("outermost loops" + (f" in region {region}" if region else "") + " (summed over processes)")
    rows = [[l.where, fmt_count(l.summed.count), fmt_time(l.summed.total), *_split(l.summed), l.name]
            for l in sub.loops]
    out += _table([("lines", 22, "<"), ("execs", 9, ">"), ("total", 9, ">"), *_SPLIT9, ("loop", 0, "<")],
                  rows) if rows else ["  (none)"]
    out.append("")
    out.append("regions (summed over processes)")
    rows = [[r.name, r.where, fmt_count(r.summed.count), fmt_time(r.summed.total), *_split(r.summed)]
            for r in sub.regions]
    out += _table([("region", 16, "<"), ("lines", 22, "<"), ("entries", 9, ">"), ("total", 9, ">"), *_SPLIT9],
                  rows) if rows else ["  (none: annotate with '#pragma interp region NAME' ... 'end region')"]
    return out


def aau_level(result: RunResult, top: int | None = 25, structure: Structure | None = None,
              region: str | None = None) -> list[str]:
    """Paper 3.5 "AAU level": every AAU, by total time over all processes."""
    rows, shown = aau_rows(result, structure, region, top)
    where = f" in region {region}" if region else ""
    more = f" (top {len(shown)} of {len(rows)})" if len(shown) < len(rows) else ""
    out = [f"AAUs{where} by total time over all processes{more}"]
    out += _table([("#", 3, ">"), ("AAU", 9, "<"), ("lines", 22, "<"), ("execs", 11, ">"), ("first", 9, ">"),
                   ("last", 9, ">"), ("total", 10, ">"), ("mean", 10, ">")],
                  [[k, s.cls, s.loc, fmt_count(s.executions), fmt_time(s.first), fmt_time(s.last),
                    fmt_time(s.total), fmt_time(s.mean)] for k, s in enumerate(shown, 1)])
    out.append("")
    out += _table([("#", 3, ">"), ("min delta", 10, ">"), ("max delta", 10, ">"), *_SPLIT, ("what", 0, "<")],
                  [[k, fmt_time(s.min), fmt_time(s.max), *_split(s), s.label] for k, s in enumerate(shown, 1)])
    return out


def render(result: RunResult, top: int | None = 25, inputs_line: bool = True, level: str = "aau",
           structure: Structure | None = None, region: str | None = None) -> str:
    out = header(result, inputs_line) + [""] + aag_level(result)
    if level == "subaag":
        out += [""] + sub_aag_level(Levels(result, structure), region)
    elif level == "aau":
        out += [""] + aau_level(result, top, structure, region)
    if result.notes:
        out += ["", "notes on the machine model and the interpretation:"] + _bullets(result.notes)
    if result.problems:
        out += ["", "notes on the program:"] + _bullets(result.problems)
    return "\n".join(out)
