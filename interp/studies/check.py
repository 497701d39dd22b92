"""``interp check``: the level-2 static checks of paper 3.3.2 ("the level 2 parses can detect
errors in the application description like mismatched communication/synchronization calls, missing
calls, potential deadlocks").

The SAAG's communication edges depend on the rank (partners like ``(me+1)%P``), so they are resolved
by running every process's chain abstractly for the given P: the engine matches each send with its
receive and each collective with its participants. What is left unmatched, or blocked, is a
finding. A second pass treats standard-mode sends above the static (eager) buffer as synchronous,
as MPI allows an implementation to: a hang that appears only then is a potential deadlock.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from frontends.aag import AAG

from interp.engine.algorithm import Engine
from interp.errors import InputError, ProgramHang
from interp.engine.ops import ANY
from interp.pipeline import load_machine, macro_names, parse_defines, resolve_inputs

SEVERE = {"deadlock", "potential-deadlock", "unmatched-send", "unmatched-recv", "size-mismatch",
          "tag-mismatch", "collective-mismatch", "missing-input", "unmodelled-call", "unsupported",
          "missing-iters", "data-dependent"}


@dataclass
class Finding:
    kind: str
    file: str
    line: int
    message: str
    ranks: list = field(default_factory=list)

    def __str__(self) -> str:
        ranks = f" [ranks {', '.join(map(str, self.ranks))}]" if self.ranks else ""
        return f"{self.file}:{self.line}: {self.kind}: {self.message}{ranks}"


def _where(aau) -> tuple[str, int]:
    return (aau.loc.file, aau.loc.first) if aau is not None and aau.loc else ("?", 0)


def _label(engine: Engine, idx) -> str:
    return engine._label(idx)


def check(programs: list[AAG], machine: str, procs: int, defines=()) -> list[Finding]:
    findings: list[Finding] = []
    for prog in programs:
        for p in prog.problems:
            findings.append(Finding(p.kind, p.file, p.line, p.message))
    try:
        values = parse_defines(defines)
        inputs = resolve_inputs(programs, values, interactive=False,
                                macros=macro_names([p.file for p in programs], values))
    except InputError as exc:
        text = str(exc)
        if "missing values of critical external inputs" not in text:
            raise
        for prog in programs:
            for name, inp in prog.inputs.items():
                if inp.critical and inp.default is None and name not in parse_defines(defines):
                    findings.append(Finding("missing-input", prog.file, inp.line,
                                            f"critical external input {name} has no value (give -D {name}=VALUE "
                                            f"or '#pragma interp input {name} = VALUE')"))
        return findings
    sag = load_machine(machine)
    hang = _interpret(programs, sag, procs, inputs, findings, strict=False)
    if not hang:
        strict: list[Finding] = []
        if _interpret(programs, sag, procs, inputs, strict, strict=True):
            reported = {r for f in findings for r in f.ranks}
            for f in strict:
                if f.kind == "deadlock" and not set(f.ranks) <= reported:
                    f.kind = "potential-deadlock"
                    f.message += (" if standard-mode sends larger than the eager (static) buffer wait for "
                                  "their receive, as MPI allows")
                    findings.append(f)
    return findings


def _interpret(programs, sag, procs, inputs, findings: list[Finding], strict: bool) -> bool:
    """Run the chains; add what is unmatched or blocked to ``findings``; True if it hung."""
    engine = Engine(programs, sag, procs, inputs)
    engine.strict = strict
    hung = False
    try:
        engine.run()
    except ProgramHang:
        hung = True
    for kind, aau, ranks, message in engine.findings:
        f, line = _where(aau)
        findings.append(Finding(kind, f, line, message, ranks))
    collectives_seen: dict = {}
    # Receives that never got a message, and sends nobody received.
    for dst, msgs in enumerate(engine.unmatched):
        for m in msgs:
            if _internal(m.tag):
                collectives_seen[m.record.aau_send if m.record else None] = None
                continue
            if m.sender_op is not None and not engine.procs[m.src].done \
                    and engine.procs[m.src].blocked is not None:
                continue  # a blocked rendezvous send: part of a deadlock, reported below
            if m.record is None and m.sender_op is None:
                continue
            aau = m.sender_op.aau if m.sender_op is not None else _find_aau(engine, m.record.aau_send)
            f, line = _where(aau)
            posted = [op for op, _ in engine.posted[dst] if op.kind != "probe"]
            same_pair = [op for op in posted if op.partner in (ANY, m.src)]
            if same_pair:
                rf, rl = _where(same_pair[0].aau)
                findings.append(Finding("tag-mismatch", f, line,
                                        f"{_label(engine, m.src)} sends tag {m.tag} to {_label(engine, dst)}, "
                                        f"which waits for tag {engine._tagtext(same_pair[0].tag)} at "
                                        f"{rf.rsplit('/', 1)[-1]}:{rl}", [m.src, dst]))
            else:
                findings.append(Finding("unmatched-send", f, line,
                                        f"{_label(engine, m.src)} sends {m.size:g} bytes (tag {m.tag}) to "
                                        f"{_label(engine, dst)}, which never receives it", [m.src, dst]))
    for dst, posted in enumerate(engine.posted):
        for op, _ in posted:
            if _internal(op.tag):
                collectives_seen[op.aau.id] = op.aau
                continue
            if any(f.kind == "tag-mismatch" and dst in f.ranks for f in findings):
                continue
            f, line = _where(op.aau)
            src = "any process" if op.partner is ANY else _label(engine, op.partner)
            findings.append(Finding("unmatched-recv", f, line,
                                    f"{_label(engine, dst)} waits for a message from {src} "
                                    f"(tag {engine._tagtext(op.tag)}) that is never sent", [dst]))
    for aau_id, aau in collectives_seen.items():
        aau = aau or _find_aau(engine, aau_id)
        if aau is None:
            continue
        reached = sorted(i for i in range(procs) if (i, aau.id) in engine.stats
                         or (engine.procs[i].op is not None and engine.procs[i].op.aau is aau))
        missing = [i for i in range(procs) if i not in reached]
        if not missing:
            continue
        f, line = _where(aau)
        findings.append(Finding("collective-mismatch", f, line,
                                f"{aau.label.split('(')[0]} is reached by ranks {', '.join(map(str, reached))} "
                                f"but never by {', '.join(map(str, missing))}", reached + missing))
    for key, group in engine.barriers.items():
        arrived = sorted(q.chain.index for q, _, _ in group)
        missing = [i for i in range(procs) if i not in arrived]
        aau = group[0][2].aau if group[0][2] is not None else group[0][0].op.aau
        f, line = _where(aau)
        findings.append(Finding("collective-mismatch", f, line,
                                f"{aau.label.split('(')[0]} is reached by ranks {', '.join(map(str, arrived))} "
                                f"but never by {', '.join(map(str, missing))}", missing))
    if hung:
        blocked = [p for p in engine.procs if not p.done]
        accounted = {r for f in findings for r in f.ranks}
        cycle = [p for p in blocked if p.chain.index not in accounted]
        if cycle:
            op = cycle[0].op
            f, line = _where(op.aau if op else None)
            what = "; ".join(f"{p.chain.label} in {p.op.aau.label.split('(')[0] if p.op else '?'} at line "
                             f"{_where(p.op.aau if p.op else None)[1]} waits for {p.blocked}" for p in cycle)
            findings.append(Finding("deadlock", f, line, f"blocking operations that cannot complete: {what}",
                                    [p.chain.index for p in cycle]))
    return hung


def _internal(tag) -> bool:
    return isinstance(tag, tuple) and tag and tag[0] == "__coll"


def _find_aau(engine: Engine, aau_id: int):
    for p in engine.procs:
        for a in p.chain.aag.walk():
            if a.id == aau_id:
                return a
    return None
