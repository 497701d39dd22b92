"""Text rendering of a run: the total, one line per process, and the per-AAU table (paper 3.5)."""
from __future__ import annotations

import textwrap

from .result import RunResult


def _bullets(items) -> list[str]:
    out = []
    for item in items:
        out.extend(textwrap.wrap(item, width=100, initial_indent="  - ", subsequent_indent="    "))
    return out


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    a = abs(seconds)
    if a == 0:
        return "0"
    for unit, f in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if a >= f or unit == "ns":
            return f"{seconds / f:.4g} {unit}"
    return f"{seconds:.3g} s"


def fmt_count(n: float) -> str:
    if n == int(n):
        return f"{int(n):,}"
    return f"{n:,.1f}"


def render(result: RunResult, top: int | None = 25, inputs_line: bool = True) -> str:
    out = []
    out.append(f"program: {result.program}")
    out.append(f"machine: {result.machine}" + (f"  [what-if: {', '.join(result.scenario)}]" if result.scenario else ""))
    if inputs_line and result.inputs:
        out.append("inputs:  " + ", ".join(f"{k}={v:g}" for k, v in result.inputs.items()))
    out.append(f"processes: {result.nprocs}   bound: {result.bound}   events interpreted: {result.events:,}")
    out.append("")
    out.append(f"predicted time: {fmt_time(result.total)}")
    out.append("")
    header = f"{'process':<9} {'SAU':<10} {'end':>10} {'compute':>10} {'comm ovh':>10} {'transmit':>10} " \
             f"{'waiting':>10} {'idle':>10}"
    out.append(header)
    out.append("-" * len(header))
    for p in result.procs:
        idle = result.total - p.end
        out.append(f"{p.label:<9} {p.sau:<10} {fmt_time(p.end):>10} {fmt_time(p.comp):>10} {fmt_time(p.ovh):>10} "
                   f"{fmt_time(p.xmit):>10} {fmt_time(p.wait):>10} {fmt_time(idle):>10}")
    last = max(result.procs, key=lambda p: p.end)
    waits = sorted(last.longest_waits, reverse=True)[:1]
    why = ""
    if waits:
        seconds, _, what = waits[0]
        why = f"; its longest wait: {fmt_time(seconds)} for {what}"
    out.append(f"finishes last: {last.label}{why}")
    out.append("")
    rows = result.aau_totals()
    shown = rows[:top] if top else rows
    header = f"{'AAU':<9} {'lines':<22} {'execs':>9} {'first':>9} {'total':>10} {'mean':>10}  what"
    out.append(f"AAUs by total time over all processes" + (f" (top {len(shown)} of {len(rows)})" if top and len(rows) > top else ""))
    out.append(header)
    out.append("-" * 100)
    for s in shown:
        label = s.label if len(s.label) <= 22 else s.label[:19] + "..."
        out.append(f"{s.cls:<9} {s.loc:<22} {fmt_count(s.executions):>9} {fmt_time(s.first):>9} "
                   f"{fmt_time(s.total):>10} {fmt_time(s.mean):>10}  {label}")
    if result.notes:
        out.append("")
        out.append("notes on the machine model:")
        out.extend(_bullets(result.notes))
    if result.problems:
        out.append("")
        out.append("notes on the program:")
        out.extend(_bullets(result.problems))
    return "\n".join(out)
