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

import os
import re
from dataclasses import dataclass, field

from frontends.aag import AAG

from interp.engine.algorithm import Engine
from interp.errors import InputError, ProgramHang
from interp.engine.ops import ANY
from interp.engine.options import EngineOptions
from interp.pipeline import load_machine, macro_names, parse_defines, resolve_inputs

SEVERE = {"before-init", "no-init", "aborts", "ends-early", "deadlock", "potential-deadlock", "unmatched-send", "unmatched-recv", "size-mismatch",
          "tag-mismatch", "collective-mismatch", "missing-input", "unmodelled-call", "unsupported",
          "missing-iters", "data-dependent", "default", "unwaited-request"}
# --strict: a default the prediction would take is a finding of kind "default" (docs/annotations.md).
_RUN_DEFAULTS = ("weighted", "sampled")  # the engine's notes of defaults it took


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


def check(programs: list[AAG], machine: str, procs: int, defines=(), max_events=None,
          timeout=None, strict: bool = False) -> list[Finding]:
    from interp.pipeline import DEFAULT_KINDS

    findings: list[Finding] = []
    for prog in programs:
        for p in prog.problems:
            kind = "default" if strict and p.kind in DEFAULT_KINDS else p.kind
            findings.append(Finding(kind, p.file, p.line, p.message))
        findings += _init_order(prog)
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
    budget = {"max_events": max_events, "timeout": timeout}
    hang = _interpret(programs, sag, procs, inputs, findings, strict=False, defaults=strict, **budget)
    if not hang:
        strict: list[Finding] = []
        if _interpret(programs, sag, procs, inputs, strict, strict=True, **budget):
            reported = {r for f in findings for r in f.ranks}
            for f in strict:
                if f.kind == "deadlock" and not set(f.ranks) <= reported:
                    f.kind = "potential-deadlock"
                    f.message += (" if standard-mode sends larger than the eager (static) buffer wait for "
                                  "their receive, as MPI allows")
                    findings.append(f)
    return findings


def _interpret(programs, sag, procs, inputs, findings: list[Finding], strict: bool, max_events=None,
               timeout=None, defaults: bool = False) -> bool:
    """Run the chains; add what is unmatched or blocked to ``findings``; True if it hung."""
    engine = Engine(programs, sag, procs, inputs, EngineOptions(strict=strict, max_events=max_events,
                                                                timeout=timeout, leftovers_only=True,
                                                                survey=True))
    hung, stopped = False, None
    try:
        engine.run()
    except ProgramHang:
        hung = True
    except InputError as exc:
        if not engine.survey:
            raise
        stopped = str(exc)  # past a loop taken as running once: listed with the loops
    if engine.survey:
        # Loops whose count needs data, each named with its iters(N): all of them at once (one a
        # check, fixed and checked again, was the way before). They were taken as running once,
        # so what the run left unmatched says nothing about the program: not reported.
        # the parse's problem at a line the survey refused says the same: run's words are kept
        findings[:] = [x for x in findings if not (x.kind == "missing-iters" and (x.file, x.line) in engine.survey)]
        for (f, line), message in sorted(engine.survey.items()):
            # the message's own place (the file as given, or its name and the lines: a.loc) is the finding's
            text = message.split(": ", 1)[1] if message.startswith((f"{f}:", f"{os.path.basename(f)}:")) else message
            findings.append(Finding("missing-iters", f, line, text))
        if stopped is not None:
            findings += _stopped(stopped, findings)
        findings.append(Finding("note", *sorted(engine.survey)[0],
                                "the communication was not checked: state the trip counts above, then check again"))
        return True
    left = engine.leftovers()
    if defaults:  # --strict: the defaults the run took (a branch weighted 0.5, a sampled loop)
        for key, text in engine.notes.items():
            if isinstance(key, tuple) and key and key[0] in _RUN_DEFAULTS:
                aau = engine.find_aau(key[1])
                f, line = _where(aau) if aau is not None else ("?", 0)
                findings.append(Finding("default", f, line, text))
    for kind, aau, ranks, message in left.findings:
        f, line = _where(aau)
        findings.append(Finding(kind, f, line, message, ranks))
    _endings(left, procs, hung, findings)
    collectives_seen: dict = {}
    _unmatched_sends(engine, left, findings, collectives_seen)
    _unmatched_receives(left, findings, collectives_seen)
    for aau_id, aau in collectives_seen.items():
        aau = aau or engine.find_aau(aau_id)
        if aau is None:
            continue
        reached = sorted(i for i in range(procs) if (i, aau.id) in left.reached
                         or left.processes[i].aau is aau)
        missing = [i for i in range(procs) if i not in reached]
        if not missing:
            continue
        f, line = _where(aau)
        findings.append(Finding("collective-mismatch", f, line,
                                f"{aau.label.split('(')[0]} is reached by ranks {', '.join(map(str, reached))} "
                                f"but never by {', '.join(map(str, missing))}", reached + missing))
    for group in left.collectives:
        missing = [i for i in range(procs) if i not in group.arrived]
        f, line = _where(group.aau)
        findings.append(Finding("collective-mismatch", f, line,
                                f"{group.aau.label.split('(')[0]} is reached by ranks "
                                f"{', '.join(map(str, group.arrived))} but never by {', '.join(map(str, missing))}",
                                missing))
    if hung:
        _deadlock(left, findings)
    return hung


def _stopped(message: str, findings: list[Finding]) -> list[Finding]:
    """The error that ended check's survey after a loop it took as running once (a message size
    from data after a bound from data): a finding at its line, unless the parse's problems have
    one there already. Before, it ended check with that error alone (exit 2), and the loops the
    survey had listed were not said."""
    found = re.match(r"(.+?):(\d+)(?:-\d+)?: (.*)", message, re.S)
    if found is None:
        return [Finding("unsupported", "?", 0, message)]
    file, line, text = found.group(1), int(found.group(2)), found.group(3)
    if any(x.line == line and os.path.basename(x.file) == os.path.basename(file) for x in findings):
        return []
    named = any(f"{ann}(" in text for ann in ("iters", "size", "prob", "cost"))  # an annotation states it
    return [Finding("data-dependent" if named else "unsupported", file, line, text)]


# MPI calls a program may make before MPI_Init (MPI standard, section 11.2.1 "Startup").
_BEFORE_INIT_OK = {"MPI_Init", "MPI_Init_thread", "MPI_Initialized", "MPI_Finalized", "MPI_Get_version",
                   "MPI_Wtime", "MPI_Wtick"}


def _mpi_calls(a) -> list[str]:
    """The MPI calls an AAU makes itself (a communication AAU, or machine calls in a Seq)."""
    if a.cls in ("Comm", "Sync", "SyncSeq") and getattr(a, "api", None) == "mpi":
        return [a.label.split("(", 1)[0]]
    if a.cls == "Seq":
        return [name.split(".", 1)[1] for name in a.counts.calls if name.startswith("machine.MPI_")]
    return []


def _init_order(prog: AAG) -> list[Finding]:
    """MPI calls before MPI_Init in main's order of execution (calls followed into functions),
    and an MPI program with no MPI_Init at all."""
    if prog.api != "mpi" or prog.main is None:
        return []
    before: list = []
    seen: set = set()

    def walk(body) -> bool:  # True once MPI_Init is reached
        for a in body:
            calls = _mpi_calls(a)
            if any(c in ("MPI_Init", "MPI_Init_thread") for c in calls):
                return True
            if any(c not in _BEFORE_INIT_OK for c in calls):
                before.append((a, [c for c in calls if c not in _BEFORE_INIT_OK]))
            if a.cls == "Call" and a.callee in prog.functions and a.callee not in seen:
                seen.add(a.callee)
                if walk(prog.functions[a.callee].body):
                    return True
            for sub in (a.bodies() if a.cls != "Call" else ()):
                if walk(sub):
                    return True
        return False

    reached = walk(prog.main.body)
    out = [Finding("before-init", a.loc.file, a.loc.first,
                   f"{', '.join(calls)} before MPI_Init"
                   + (f" (in lines {a.loc.first}-{a.loc.last})" if a.loc.last != a.loc.first else "")
                   + ": MPI allows no such call before MPI_Init (move MPI_Init up)") for a, calls in before[:5]]
    if not reached:
        out.append(Finding("no-init", prog.file, prog.main.loc.first, "the program makes MPI calls but never "
                           "calls MPI_Init (MPI requires it before any other MPI call)"))
    return out


def _endings(left, procs: int, hung: bool, findings: list[Finding]) -> None:
    """MPI_Abort, and exit()/STOP that leave other processes waiting: said once, with the ranks,
    instead of the messages they leave unmatched."""
    if left.aborted is not None:
        t, idx, aau = left.aborted
        f, line = _where(aau)
        callers = sorted(i for i, word, _ in left.ended if word == "abort") or [idx]
        findings.append(Finding("aborts", f, line, f"{left.label(idx)} calls MPI_Abort for {procs} processes: "
                                "the program ends there (a usage guard? give the process count it expects)",
                                callers))
        return
    exits = [(i, a) for i, word, a in left.ended if word == "exit"]
    if exits and hung:
        f, line = _where(exits[0][1])
        findings.append(Finding("ends-early", f, line,
                                f"{', '.join(left.label(i) for i, _ in exits)} end{'s' if len(exits) == 1 else ''} "
                                "by an ending call (exit, abort, STOP) while other processes still wait for "
                                "them", [i for i, _ in exits]))


def _unmatched_sends(engine, left, findings: list[Finding], collectives_seen: dict) -> None:
    """Sends nobody received (or received with another tag)."""
    for m in left.sends:
        if m.internal:
            collectives_seen[m.aau_id if m.recorded else None] = None
            continue
        sender = left.processes[m.src]
        if m.rendezvous and not sender.done and sender.blocked is not None:
            continue  # a blocked rendezvous send: part of a deadlock, reported below
        if any(i == m.dst for i, _, _ in left.ended):
            continue  # the receiver ended early: reported as such
        if not m.recorded and not m.rendezvous:
            continue
        f, line = _where(engine.find_aau(m.aau_id))
        same_pair = [r for r in left.receives if r.dst == m.dst and not r.probe and r.partner in (ANY, m.src)]
        if same_pair:
            rf, rl = _where(same_pair[0].aau)
            findings.append(Finding("tag-mismatch", f, line,
                                    f"{left.label(m.src)} sends tag {m.tag} to {left.label(m.dst)}, "
                                    f"which waits for tag {left.tag_text(same_pair[0].tag)} at "
                                    f"{rf.rsplit('/', 1)[-1]}:{rl}", [m.src, m.dst]))
        else:
            findings.append(Finding("unmatched-send", f, line,
                                    f"{left.label(m.src)} sends {m.size:g} bytes (tag {m.tag}) to "
                                    f"{left.label(m.dst)}, which never receives it", [m.src, m.dst]))


def _unmatched_receives(left, findings: list[Finding], collectives_seen: dict) -> None:
    """Receives that never got their message."""
    for r in left.receives:
        if r.internal:
            collectives_seen[r.aau.id] = r.aau
            continue
        if any(f.kind == "tag-mismatch" and r.dst in f.ranks for f in findings):
            continue
        if r.partner is not ANY and any(i == r.partner for i, _, _ in left.ended):
            continue  # its sender ended early: reported as such
        f, line = _where(r.aau)
        src = "any process" if r.partner is ANY else left.label(r.partner)
        findings.append(Finding("unmatched-recv", f, line,
                                f"{left.label(r.dst)} waits for a message from {src} "
                                f"(tag {left.tag_text(r.tag)}) that is never sent", [r.dst]))


def _deadlock(left, findings: list[Finding]) -> None:
    """Blocked processes no other finding accounts for: a cycle of blocking operations."""
    blocked = [p for p in left.processes if not p.done]
    accounted = {r for f in findings for r in f.ranks}
    cycle = [p for p in blocked if p.index not in accounted]
    if cycle:
        f, line = _where(cycle[0].aau)
        what = "; ".join(f"{p.label} in {p.aau.label.split('(')[0] if p.aau else '?'} at line "
                         f"{_where(p.aau)[1]} waits for {p.blocked}" for p in cycle)
        findings.append(Finding("deadlock", f, line, f"blocking operations that cannot complete: {what}",
                                [p.index for p in cycle]))
