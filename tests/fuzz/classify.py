"""The outcome of one interp run, from its exit status and output (issue 14's classes).

    ok                   exit 0 or 1, no traceback, no non-finite figure
    clear error          exit 2, stderr starts with "interp: ", no traceback (``machine check``
                         documents one line per problem instead: "FILE:LINE: PATH: what")
    unclear error        exit 2 without the "interp: " message (for example click's usage text)
    internal error       exit 3, or "internal error" in the output
    traceback            a raw Python traceback anywhere in the output
    hang                 the wall-time limit was hit
    crash                killed by a signal, out of memory (the memory limit), or an exit code
                         the contract does not have
    accepted non-finite  exit 0 with "nan", "inf" or a negative predicted time in the output
    code executed        the input made interp run code: a YAML tag that would create the file
                         PWNED in the working directory did

Clean outcomes are ``ok`` and ``clear error``; every other case is kept with its reproduction.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

OK = "ok"
CLEAR = "clear error"
UNCLEAR = "unclear error"
INTERNAL = "internal error"
TRACEBACK = "traceback"
HANG = "hang"
CRASH = "crash"
NONFINITE = "accepted non-finite"
EXECUTED = "code executed"

OUTCOMES = (OK, CLEAR, UNCLEAR, INTERNAL, TRACEBACK, HANG, CRASH, NONFINITE, EXECUTED)
CLEAN = frozenset({OK, CLEAR})
# The outcomes issue 14 requires to be absent (the in-suite run asserts zero of each).
FORBIDDEN = (INTERNAL, TRACEBACK, HANG, CRASH, NONFINITE, EXECUTED)

_TRACEBACK = re.compile(r"^Traceback \(most recent call last\):", re.M)
# Non-finite figures. Source text echoed in reports (a "what" column, the AAG of ``show``) may
# legitimately contain the word nan, so a bare word counts only where a figure stands: with a time
# unit, as a JSON value, as a table cell among numbers, in "predicted time:", or as an input value.
_NF = r"[-+]?(?:nan|inf|infinity)"
_NONFINITE = (
    re.compile(rf"(?<![\w.]){_NF}\s*(?:s|ms|us|ns|ps|%|x|B|B/s)(?!\w)", re.I),
    re.compile(r"[:\[,]\s*-?(?:NaN|Infinity)\s*[,\]}\n]|[:\[,]\s*-?(?:NaN|Infinity)$"),
    re.compile(rf"(?:predicted time|time|total|speedup|efficiency)\s*[:=]\s*{_NF}(?!\w)", re.I),
    re.compile(rf"^inputs:.*=\s*{_NF}(?![\w])", re.I),
    re.compile(r"predicted time:\s*-\s*\d|\"predicted_seconds\":\s*-\d"),
)
_CELL = re.compile(rf"^{_NF}$", re.I)
_MEMORY = re.compile(r"\bMemoryError\b|out of memory|Cannot allocate memory", re.I)


@dataclass
class RunResult:
    """What one run produced (``returncode`` is negative for a signal, as subprocess gives it)."""
    returncode: int | None
    stdout: str
    stderr: str
    timed_out: bool = False
    elapsed: float = 0.0
    executed: bool = False   # the file PWNED appeared in the working directory


def nonfinite_line(stdout: str) -> str | None:
    """The first output line with a non-finite or negative time, if any."""
    for line in stdout.splitlines():
        if any(p.search(line) for p in _NONFINITE) or _nonfinite_cell(line):
            return line.strip()
    return None


def _nonfinite_cell(line: str) -> bool:
    """A table row (no "=" or "(" of source text) with a nan/inf cell next to numeric cells."""
    if "=" in line or "(" in line:
        return False
    cells = line.split()
    return any(_CELL.match(c) for c in cells) and any(c[:1].isdigit() for c in cells)


_PROBLEM_LINE = re.compile(r"^(interp: |\S[^:\n]*:(\d+:)? \S)")


def _clear_message(stderr: str, argv) -> bool:
    if stderr.startswith("interp: "):
        return True
    if list(argv[:2]) == ["machine", "check"]:
        lines = [ln for ln in stderr.splitlines() if ln.strip()]
        return bool(lines) and all(_PROBLEM_LINE.match(ln) or ln.startswith(" ") for ln in lines)
    return False


def classify(res: RunResult, argv=()) -> tuple[str, str]:
    """(outcome, detail): the class of the run and the line that decided it; ``argv`` is the
    command line (``machine check`` has its own error format)."""
    out = res.stdout + "\n" + res.stderr
    if res.executed:
        return EXECUTED, "a YAML tag made interp create the file PWNED"
    if res.timed_out:
        return HANG, f"no exit after {res.elapsed:.0f} s"
    if res.returncode is not None and res.returncode < 0:
        return CRASH, f"killed by signal {-res.returncode}"
    if _TRACEBACK.search(out):
        return TRACEBACK, _last_line(out)
    if _MEMORY.search(res.stderr):
        return CRASH, "out of memory: " + _first_match_line(res.stderr, _MEMORY)
    if res.returncode == 3 or "internal error" in out:
        return INTERNAL, _first_match_line(out, re.compile("internal error")) or _last_line(res.stderr)
    if res.returncode not in (0, 1, 2):
        return CRASH, f"exit code {res.returncode}: {_last_line(res.stderr)}"
    if res.returncode == 2:
        if _clear_message(res.stderr, argv):
            return CLEAR, res.stderr.splitlines()[0]
        return UNCLEAR, _last_line(res.stderr) or "(nothing on stderr)"
    if res.returncode == 0:
        bad = nonfinite_line(res.stdout)
        if bad is not None:
            return NONFINITE, bad
    return OK, ""


def _last_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return lines[-1].strip() if lines else ""


def _first_match_line(text: str, pattern: re.Pattern) -> str:
    for line in text.splitlines():
        if pattern.search(line):
            return line.strip()
    return ""
