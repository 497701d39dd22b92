"""The program's source annotated with predicted time: the figures of each source line.

An AAU is shown on its first line (a loop on its ``for``, a call on the line of the call). A
line's *figures* are those of its outermost AAU, exactly as the JSON report gives them
(inclusive: a loop's time contains its body's). A line's *share* is what a profiler's annotated
source shows: the line's own (self) time over all processes, divided by the busy time of all
processes, so that the shares of all lines add up to 100% and a loop's line is not hot merely
because its body is. Self time of an AAU on a process:

- a loop or branch: its total less the totals of the AAUs directly inside it (loop control and
  condition tests);
- a call site: its total less its part of the callee's body time, the body's time on that process
  split over the function's call sites in proportion to their totals (exact when the function is
  called from one site; the call overhead stays on the call's line);
- anything else: its total.

The rules and the choices are in docs/report-html.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from frontends.aag import Call, Condt, Iter

from interp.engine.result import RunResult
from interp.output.levels import Structure


@dataclass
class Line:
    """One source line that carries AAUs: ids outermost first, self time summed over processes."""

    number: int
    aaus: list[int] = field(default_factory=list)
    self_time: float = 0.0
    share: float = 0.0


@dataclass
class SourceFile:
    path: str
    text: list[str] | None  # None: not readable (``error`` says why)
    lines: dict[int, Line] = field(default_factory=dict)
    error: str | None = None

    @property
    def self_time(self) -> float:
        return sum(line.self_time for line in self.lines.values())


def _callee_shares(r: RunResult, s: Structure) -> dict:
    """(process, call site id) -> the part of the callee's body time that site accounts for."""
    out = {}
    for key, sites in s.sites_to.items():
        tops = s.top.get(key, []) if s.functions.get(key) is not None else []
        for p in range(len(r.procs)):
            body = sum(float(r.aaus[(p, t)].total) for t in tops if (p, t) in r.aaus)
            totals = {i: float(r.aaus[(p, i)].total) for i in sites if (p, i) in r.aaus}
            whole = sum(totals.values())
            for i, t in totals.items():
                out[(p, i)] = body * t / whole if whole > 0 else 0.0
    return out


def self_times(r: RunResult, s: Structure) -> dict[int, float]:
    """AAU id -> its self time summed over processes (rules in the module docstring)."""
    callee = _callee_shares(r, s)
    out: dict[int, float] = {}
    for (p, aid), st in r.aaus.items():
        total = float(st.total)
        a = s.aau.get(aid)
        if isinstance(a, (Iter, Condt)):
            inner = sum(float(r.aaus[(p, c)].total) for c in s.children.get(aid, []) if (p, c) in r.aaus)
            own = total - inner
        elif isinstance(a, Call):
            own = total - callee.get((p, aid), 0.0)
        else:
            own = total
        if abs(own) <= 1e-9 * abs(total):  # the rounding residue of a subtraction
            own = 0.0
        out[aid] = out.get(aid, 0.0) + own
    return out


def _read(path: str) -> tuple[list[str] | None, str | None]:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace").splitlines(), None
    except OSError as exc:
        return None, f"cannot read it: {exc.strerror or exc}"


def annotate(r: RunResult, s: Structure) -> list[SourceFile]:
    """Every source file of the run (the programs first, then files their AAUs come from),
    with its lines' AAUs, self times and shares."""
    own = self_times(r, s)
    busy = sum(float(p.busy) for p in r.procs)
    order = [prog.file for prog in s.programs]
    ran = {aid for (_, aid) in r.aaus}
    files: dict[str, SourceFile] = {}
    for path in order:
        files.setdefault(path, SourceFile(path, None))
    # Outermost first on a line: by depth in the AAG, then by id (source order).
    depth = {}
    for aid in s.aau:
        d, p = 0, s.parent.get(aid)
        while p is not None:
            d, p = d + 1, s.parent.get(p)
        depth[aid] = d
    for aid in sorted(ran, key=lambda i: (depth.get(i, 0), i)):
        a = s.aau.get(aid)
        if a is None or a.loc is None:
            continue
        sf = files.setdefault(a.loc.file, SourceFile(a.loc.file, None))
        line = sf.lines.setdefault(a.loc.first, Line(a.loc.first))
        line.aaus.append(aid)
        line.self_time += own.get(aid, 0.0)
    for sf in files.values():
        sf.text, sf.error = _read(sf.path)
        for line in sf.lines.values():
            line.share = line.self_time / busy if busy > 0 else 0.0
    return list(files.values())


def hottest(files: list[SourceFile]) -> tuple[SourceFile, Line] | None:
    """The line with the largest self time (the first in file order on a tie)."""
    best = None
    for sf in files:
        for n in sorted(sf.lines):
            line = sf.lines[n]
            if best is None or line.self_time > best[1].self_time:
                best = (sf, line)
    return best
