"""Reports of a fuzz run: the outcome table per input kind, the non-clean cases, the defects.

A defect is a group of non-clean cases with one cause: internal errors, tracebacks, crashes and
hangs by where in interp they fail or were stuck (else by their message, numbers and quoted text
left out, or for hangs by the mutations that produced them), accepted non-finite figures and
unclear errors by their message.
"""
from __future__ import annotations

import re
import subprocess
from collections import Counter, defaultdict
from pathlib import Path

from tests.fuzz.case import KIND_TITLES, KINDS
from tests.fuzz.classify import (CLEAR, CRASH, EXECUTED, HANG, INTERNAL, NONFINITE, OK, OUTCOMES,
                                 TRACEBACK, UNCLEAR)
from tests.fuzz.runner import Outcome, reproduction_command

SHORT = {OK: "ok", CLEAR: "clear", UNCLEAR: "unclear", INTERNAL: "internal", TRACEBACK: "traceback",
         HANG: "hang", CRASH: "crash", NONFINITE: "non-finite", EXECUTED: "executed"}


def commit_of(repo: Path) -> str:
    try:
        head = subprocess.run(["git", "-C", str(repo), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(repo), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return (head or "unknown") + (" (with uncommitted changes)" if dirty else "")


def table(outcomes: list[Outcome]) -> str:
    counts: dict[str, Counter] = defaultdict(Counter)
    for o in outcomes:
        counts[o.case.kind][o.outcome] += 1
        counts["total"][o.outcome] += 1
    head = f"{'input kind':<18}{'cases':>7}" + "".join(f"{SHORT[k]:>11}" for k in OUTCOMES)
    lines = [head, "-" * len(head)]
    for kind in (*KINDS, "total"):
        if kind not in counts:
            continue
        c = counts[kind]
        title = KIND_TITLES.get(kind, "total")
        lines.append(f"{title:<18}{sum(c.values()):>7}" + "".join(f"{c[k]:>11}" for k in OUTCOMES))
    return "\n".join(lines)


def _normal(text: str) -> str:
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    text = re.sub(r"\b[\w.-]+\.(c|f|f90|yaml|py)\b(:\d+)?", "FILE", text)
    return re.sub(r"\d+(\.\d+)?(e[-+]?\d+)?", "N", text)[:160]


def _message(o: Outcome) -> str:
    msg = o.detail.split(" (set INTERP_DEBUG")[0]
    return msg.replace("interp: internal error: ", "")


def signature(o: Outcome) -> str:
    """What the cases of one defect share."""
    if o.outcome in (INTERNAL, TRACEBACK):
        exc = _message(o).split(":")[0]
        if o.location:
            return f"{o.outcome}: {exc} at {o.location}"
        return f"{o.outcome}: {_normal(_message(o))}"
    if o.outcome == HANG:
        if o.location:  # the function, not the line: a loop is caught anywhere in its body
            where = o.location.strip("()").removeprefix("in ")
            return "hang: stuck in " + re.sub(r":\d+ in (\S+).*", r" in \1", where)
        labels = o.case.note.split(": ", 1)[-1]
        return f"hang: {o.case.kind}: {_normal(labels)}"
    if o.outcome == CRASH and o.location:
        return f"crash: {_normal(o.detail)} at {o.location}"
    if o.outcome == CRASH:
        return f"crash: {_normal(o.detail)} ({o.case.kind}: {_normal(o.case.note.split(': ', 1)[-1])})"
    return f"{o.outcome}: {_normal(o.detail)}"


def defects(outcomes: list[Outcome]) -> list[tuple[str, list[Outcome]]]:
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        if not o.clean:
            groups[signature(o)].append(o)
    order = {k: i for i, k in enumerate(OUTCOMES)}
    return sorted(groups.items(), key=lambda kv: (order[kv[1][0].outcome], -len(kv[1]), kv[0]))


def describe(o: Outcome, repo: Path) -> str:
    where = f" [{o.location}]" if o.location else ""
    lines = [f"{o.case.case_id}  {o.outcome}: {o.detail[:200]}{where}",
             f"    input: {o.case.note[:200]}",
             f"    replay: python benchmarks/fuzz.py --replay {o.case.case_id} --repo {repo}"]
    if o.saved:
        lines.append(f"    saved: {o.saved}/repro.sh")
    else:
        lines.append(f"    command (in a directory with the case's files): "
                     f"{reproduction_command(o.case, repo)[:300]}")
    return "\n".join(lines)


def defect_list(outcomes: list[Outcome], repo: Path) -> str:
    out = []
    for n, (sig, cases) in enumerate(defects(outcomes), 1):
        first = min(cases, key=lambda o: (len(o.case.note), o.case.case_id))
        kinds = ", ".join(sorted({o.case.kind for o in cases}))
        out.append(f"{n:3}. {sig}\n     {len(cases)} case(s) ({kinds}); e.g. {first.case.case_id}: "
                   f"{first.case.note[:160]}\n     python benchmarks/fuzz.py --replay "
                   f"{first.case.case_id} --repo {repo}")
    return "\n".join(out) if out else "(none)"


def failures_message(outcomes: list[Outcome], forbidden: tuple[str, ...], repo: Path,
                     limit: int = 40) -> str:
    """The assertion message of the in-suite run: counts, then each failing case's reproduction."""
    bad = [o for o in outcomes if o.outcome in forbidden]
    counts = Counter(o.outcome for o in bad)
    head = ", ".join(f"{n} {k}" for k, n in counts.most_common())
    body = "\n".join(describe(o, repo) for o in bad[:limit])
    more = f"\n... and {len(bad) - limit} more" if len(bad) > limit else ""
    return f"{len(bad)} of {len(outcomes)} fuzz cases failed ({head}):\n{body}{more}\n\n" \
           f"distinct defects:\n{defect_list(bad, repo)}"
