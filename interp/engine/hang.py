"""The report of a program that hangs (Algorithm 2: leaves not all red): which processes cannot
finish, where each is blocked and what it waits for, and what the engine assumed on the way."""
from __future__ import annotations

from interp.engine.early_exit import ASSUMED_EXITS


def hang_report(engine, blocked: list) -> str:
    lines = [f"the program hangs: {len(blocked)} of {len(engine.procs)} processes cannot finish "
             "(Algorithm 2: leaves not all red)"]
    for p in engine.procs:
        if p.chain.ended is not None and p.chain.ended[0] == "exit":
            a = p.chain.ended[1]
            lines.append(f"  {p.chain.label}: ended early by an ending call at {a.loc.file}:{a.loc.first} "
                         f"(t={p.chain.proc.end:.6g} s)")
    for p in blocked:
        op = p.op
        if not p.started:
            lines.append(f"  {p.chain.label}: never started (no load() of its program)")
            continue
        a = op.aau if op is not None else p.chain.current
        where = f"{a.loc.file}:{a.loc.first}" if a is not None and a.loc else "?"
        what = p.blocked or "its next operation"
        lines.append(f"  {p.chain.label}: blocked in {a.cls if a else '?'} {a.label if a else ''} at "
                     f"{where}, waiting for {what} (since t={p.op_time + p.chain.offset:.6g} s)")
    lines += engine.nonblocking.running()  # non-blocking collectives some processes never joined
    lines += [f"  it assumed: {text}" for key, text in engine.notes.items() if key[0] in ASSUMED_EXITS]
    return "\n".join(lines)
