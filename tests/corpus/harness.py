"""Run the issue-13 corpus (manifest.yaml beside this file) and judge each program's outcome.

Shared by tests/test_corpus.py (in-process, click's CliRunner) and benchmarks/corpus.py (one
subprocess per program, so that a hang of interp itself is caught by a wall-clock limit).

An outcome is one of the categories the issue tracks:
    works             the expectation of the manifest is met
    needs annotation  refused with a message asking for an annotation (which one, if it says)
    refused           refused for another reason (why)
    internal error    exit 3 or a Python traceback
    hang              interp did not finish: stopped by --timeout / --max-events, or killed
    wrong             a prediction (or refusal, or check report) that differs from the manifest
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

CORPUS = Path(__file__).resolve().parent
MANIFEST = CORPUS / "manifest.yaml"

WORKS, ANNOTATION, REFUSED, INTERNAL, HANG, WRONG = (
    "works", "needs annotation", "refused", "internal error", "hang", "wrong")
CATEGORIES = (WORKS, ANNOTATION, REFUSED, INTERNAL, HANG, WRONG)

EXIT_INTERNAL = 3
KILLED = "killed: no answer after"  # how a run stopped from outside (a hang of interp) begins


@dataclass(frozen=True)
class Outcome:
    kind: str      # one of CATEGORIES
    detail: str    # what was expected / what came out, one line

    @property
    def ok(self) -> bool:
        return self.kind == WORKS

    def __str__(self) -> str:
        return f"{self.kind} ({self.detail})" if self.detail else self.kind


def load_manifest(path: Path = MANIFEST) -> tuple[dict, list[dict]]:
    """The manifest's defaults and its program entries (each with 'timeout' and 'command' filled)."""
    data = yaml.safe_load(Path(path).read_text())
    defaults = data.get("defaults", {})
    entries = []
    for entry in data["programs"]:
        e = dict(entry)
        e.setdefault("command", "run")
        e.setdefault("timeout", defaults.get("timeout", 60))
        e.setdefault("machine", defaults.get("machine", "ipsc860"))
        e.setdefault("defines", {})
        entries.append(e)
    return defaults, entries


def cli_args(entry: dict, corpus: Path = CORPUS) -> list[str]:
    """The interp command line (after the program name) for one manifest entry."""
    files = [str(corpus / f) for f in entry["files"]]
    args = [entry["command"], *files, "--procs", str(entry["procs"])]
    for name, value in (entry.get("defines") or {}).items():
        args += ["-D", f"{name}={value}"]
    if entry["command"] == "run":
        args += ["--machine", entry["machine"], "--format", "json", "--timeout", str(entry["timeout"])]
    return args


def _fmt_s(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if abs(seconds) >= scale or unit == "ns":
            return f"{seconds / scale:.4g} {unit}"
    return f"{seconds:g} s"


def _first_message(stderr: str) -> str:
    """interp's message on stderr without its 'interp: ' prefix: the first line, and when that
    line announces a list (ends with ':'), the first two items of the list."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    if not lines:
        return "(no message)"
    first = lines[0][len("interp: "):] if lines[0].startswith("interp: ") else lines[0]
    if first.endswith(":") and len(lines) > 1:
        items = lines[1:3] + ([f"... ({len(lines) - 3} more)"] if len(lines) > 3 else [])
        first += " " + "; ".join(items)
    return first


_CORPUS_PATH = re.compile(r"(?:/[^\s'\"]*)?/tests/corpus/")


def _short(text: str, limit: int = 200) -> str:
    text = _CORPUS_PATH.sub("", " ".join(text.split()))
    return text if len(text) <= limit else text[:limit - 3] + "..."


_ANNOTATION = re.compile(r"#pragma interp ([a-z_]+\([^)]*\)?)|!\$interp ([a-z_]+\([^)]*\)?)", re.I)


def _refusal(message: str) -> Outcome:
    """A refusal: needs an annotation (naming it if the message does) or refused for a reason."""
    named = _ANNOTATION.search(message)
    if named:
        return Outcome(ANNOTATION, f"{named.group(1) or named.group(2)}: {_short(message)}")
    if "annotation" in message or "annotate" in message:
        return Outcome(ANNOTATION, f"unnamed: {_short(message)}")
    return Outcome(REFUSED, _short(message))


def _consistency(report: dict) -> str | None:
    """Why the report's per-process split does not add up (None if it does)."""
    total = report["total_seconds"]
    for proc in report.get("per_process", []):
        parts = proc["comp"] + proc["ovh"] + proc["xmit"] + proc["wait"]
        if abs(parts - proc["busy"]) > 1e-12 + 1e-6 * abs(proc["busy"]):
            return (f"{proc['process']}: compute + overhead + transmit + wait = {_fmt_s(parts)} "
                    f"but busy {_fmt_s(proc['busy'])}")
        lived = proc["end"] - proc["start"]
        if proc["busy"] > lived + 1e-12 + 1e-6 * abs(lived):
            return (f"{proc['process']} is busy {_fmt_s(proc['busy'])} but runs from {_fmt_s(proc['start'])} "
                    f"to {_fmt_s(proc['end'])}")
        if proc["end"] > total * (1 + 1e-9) + 1e-15:
            return f"{proc['process']} ends at {_fmt_s(proc['end'])}, after the total {_fmt_s(total)}"
        if min(proc["comp"], proc["ovh"], proc["xmit"], proc["wait"]) < -1e-12:
            return f"{proc['process']} has a negative share"
    return None


def _unequal_split(report: dict) -> str | None:
    """Why the processes' splits differ (None if every share agrees within 1% of the busy time)."""
    procs = report.get("per_process", [])
    if not procs:
        return None
    scale = max(p["busy"] for p in procs) or 1.0
    for key, name in (("comp", "compute"), ("ovh", "overhead"), ("xmit", "transmit"), ("wait", "waiting")):
        values = [p[key] for p in procs]
        if max(values) - min(values) > 0.01 * scale:
            shown = ", ".join(f"{p['process']} {_fmt_s(p[key])}" for p in procs)
            return f"{name} differs between identical ranks: {shown}"
    return None


def judge(entry: dict, code: int | None, stdout: str, stderr: str, *, killed: bool = False,
          traceback: bool = False) -> Outcome:
    """The outcome of one run of ``entry`` (exit ``code``; ``killed``: stopped by the wall clock)."""
    expect = entry["expect"]
    if killed:
        return Outcome(HANG, f"{KILLED} {entry['timeout']} s (--timeout) + margin")
    if traceback or code == EXIT_INTERNAL or "internal error" in stderr or "Traceback (most recent" in stderr:
        return Outcome(INTERNAL, _short(_first_message(stderr)))
    message = _first_message(stderr)
    if code not in (0, 1, 2):
        return Outcome(INTERNAL, f"exit {code}: {_short(message)}")
    if "--timeout" in message or "--max-events" in message:
        return Outcome(HANG, _short(message))

    if entry["command"] == "check":
        text = stdout + stderr
        missing = [s for s in expect.get("check_finds", []) if s.lower() not in text.lower()]
        present = [s for s in expect.get("check_not", []) if s.lower() in text.lower()]
        if not missing and not present:
            return Outcome(WORKS, "check reports " + ", ".join(repr(s) for s in expect.get("check_finds", [])))
        first = _short(text.strip().splitlines()[0] if text.strip() else "(nothing)")
        want = [f"report {s!r}" for s in missing] + [f"not report {s!r}" for s in present]
        return Outcome(WRONG, f"expected check to {' and '.join(want)}; got: {first}")

    if "error" in expect:
        wanted = expect["error"]
        if code == 0:
            got = _prediction_text(stdout)
            return Outcome(WRONG, f"expected an error containing {wanted!r}, got a prediction {got}")
        if wanted in stderr:
            return Outcome(WORKS, f"refused as expected: {_short(message, 120)}")
        return Outcome(WRONG, f"expected an error containing {wanted!r}, got: {_short(message)}")

    # expect a prediction: {time, rel} or {predicts: true}
    if code == 1:
        return Outcome(WRONG, f"expected {_expected_text(expect)}, got a predicted hang: {_short(message)}")
    if code == 2:
        return _refusal(message)
    try:
        report = json.loads(stdout)
        total = float(report["total_seconds"])
    except (ValueError, KeyError, TypeError):
        return Outcome(INTERNAL, f"exit 0 without a JSON report: {_short(stdout or message)}")
    if not math.isfinite(total) or total <= 0:
        return Outcome(WRONG, f"expected {_expected_text(expect)}, got a total of {total!r}")
    broken = _consistency(report)
    if broken:
        return Outcome(WRONG, f"inconsistent report: {broken}")
    if "time" in expect:
        want, rel = float(expect["time"]), float(expect.get("rel", 0.01))
        if abs(total - want) > rel * want:
            return Outcome(WRONG, f"expected {_fmt_s(want)} +-{rel:.0%}, got {_fmt_s(total)}")
    if "note" in expect:
        # The text report prints both under "notes": the machine's and the program's (problems).
        notes = "\n".join(report.get("notes", []) + report.get("problems", []))
        if expect["note"] not in notes:
            return Outcome(WRONG, f"the notes do not say {expect['note']!r} (total {_fmt_s(total)})")
    listed = [name for name in expect.get("inputs_not", []) if name in (report.get("inputs") or {})]
    if listed:
        return Outcome(WRONG, f"the report lists {', '.join(listed)} as external inputs "
                              f"({_short(json.dumps(report.get('inputs')), 80)})")
    if expect.get("equal_split"):
        unequal = _unequal_split(report)
        if unequal:
            return Outcome(WRONG, unequal)
    return Outcome(WORKS, f"{_fmt_s(total)}" + (f", expected {_fmt_s(float(expect['time']))}"
                                              if "time" in expect else ""))


def _expected_text(expect: dict) -> str:
    return _fmt_s(float(expect["time"])) if "time" in expect else "a prediction"


def _prediction_text(stdout: str) -> str:
    try:
        return _fmt_s(float(json.loads(stdout)["total_seconds"]))
    except (ValueError, KeyError, TypeError):
        return "(unreadable report)"
