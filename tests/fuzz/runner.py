"""Run fuzz cases against a checkout of interp, each in its own process and temporary directory.

Each case runs as ``python -c "from interp.cli import entry; ..." ARGS`` with ``PYTHONPATH`` set
to the checkout under test (default: the repository this harness lives in), in a new session
(so a hang is killed with all its children), with a time limit (CPU seconds, or four times as
much wall time), an address-space limit (RLIMIT_AS), no core files, and a cap on the size of any file it writes. Its working directory,
HOME, TMPDIR and caches all lie inside its temporary directory, which is removed afterwards.

``mode="fork"`` runs the cases from a fork server instead (``forkserver.py``: interp imported
once, each case a forked process set up the same way), about twice as fast; ``"exec"`` (the
default) starts a fresh interpreter per case.

A case whose outcome is not clean is kept in the output directory with its input files, its
output, ``case.json`` and ``repro.sh``. Where in interp it failed is found for the report: a case
that ends in an internal error is run a second time with INTERP_DEBUG=1 (for the traceback); a
case that hangs gets SIGABRT before it is killed, and Python's faulthandler (enabled in every case)
prints the stack it was stuck in.
"""
from __future__ import annotations

import json
import os
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from tests.fuzz.case import Case
from tests.fuzz.classify import CLEAN, HANG, INTERNAL, RunResult, classify
from tests.fuzz.forkserver import ForkServer

HARNESS_REPO = Path(__file__).resolve().parents[2]
ENTRY = "from interp.cli import entry; import sys; sys.exit(entry())"
FILE_LIMIT = 256 << 20      # bytes any one file written by a case may reach
OUTPUT_KEEP = 1 << 20       # bytes of stdout/stderr read back and kept


@dataclass
class Outcome:
    case: Case
    result: RunResult
    outcome: str
    detail: str
    location: str = ""      # internal errors: the innermost frame of interp (INTERP_DEBUG run)
    saved: str = ""         # the directory the reproduction was kept in

    @property
    def clean(self) -> bool:
        return self.outcome in CLEAN


def _limits(memory: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT, FILE_LIMIT))
    return apply


def _read(path: Path) -> str:
    """The output, or its first and last half-megabytes (a hang's stack dump comes last)."""
    with open(path, "rb") as f:
        data = f.read(OUTPUT_KEEP + 1)
        if len(data) > OUTPUT_KEEP:
            f.seek(-OUTPUT_KEEP // 2, os.SEEK_END)
            data = data[:OUTPUT_KEEP // 2] + b"\n[...]\n" + f.read()
    return data.decode("utf-8", "replace")


def write_inputs(case: Case, where: Path) -> None:
    for name, data in case.files.items():
        target = where / name
        if name.endswith("/"):
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


class _Job:
    def __init__(self, case: Case, debug: bool):
        self.case, self.debug = case, debug
        self.tmp = Path(tempfile.mkdtemp(prefix=f"interp-fuzz-{case.case_id}-"))
        self.work = self.tmp / "work"
        self.work.mkdir()
        write_inputs(case, self.work)
        self.proc: subprocess.Popen | None = None   # exec mode
        self.pid = 0                                  # the case's process (and session) id
        self.key = f"{case.case_id}{'/debug' if debug else ''}"
        self.start = 0.0


class Runner:
    def __init__(self, repo: str | os.PathLike | None = None, timeout: float = 20.0,
                 memory: int = 2 << 30, jobs: int = 1, out: str | os.PathLike | None = None,
                 debug_rerun: bool = True, mode: str = "exec"):
        if mode not in ("exec", "fork"):
            raise ValueError(f"mode is 'exec' or 'fork', not {mode!r}")
        self.mode = mode
        self._server: ForkServer | None = None
        self.repo = Path(repo or HARNESS_REPO).resolve()
        self.timeout, self.memory, self.jobs = timeout, memory, max(1, jobs)
        self.out = Path(out) if out else None
        self.debug_rerun = debug_rerun
        self._progress: Callable[[Outcome], None] | None = None

    def command(self, case: Case) -> list[str]:
        return [sys.executable, "-c", ENTRY, *case.argv]

    def env(self, tmp: Path, debug: bool = False) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("PYTHON", "INTERP_", "MPL", "XDG_"))}
        for sub in ("home", "tmp", "cache", "mpl"):
            (tmp / sub).mkdir(exist_ok=True)
        env.update(PYTHONPATH=str(self.repo), PYTHONFAULTHANDLER="1",
                   HOME=str(tmp / "home"), TMPDIR=str(tmp / "tmp"),
                   XDG_CACHE_HOME=str(tmp / "cache"), MPLCONFIGDIR=str(tmp / "mpl"),
                   MPLBACKEND="Agg", PYTHONHASHSEED="0", COLUMNS="100")
        if debug:
            env["INTERP_DEBUG"] = "1"
        return env

    # ---- running ------------------------------------------------------------------------------

    def run(self, cases: Iterable[Case],
            progress: Callable[[Outcome], None] | None = None) -> list[Outcome]:
        """Run every case, ``jobs`` at a time; outcomes in the order of ``cases``."""
        self._progress = progress
        source = iter(cases)  # made as they are needed: a case's files can be megabytes
        pending: deque[tuple[Case, bool]] = deque()  # debug reruns, before new cases
        order: list[str] = []
        running: list[_Job] = []
        done: dict[str, Outcome] = {}
        try:
            while True:
                while len(running) < self.jobs:
                    if pending:
                        case, debug = pending.popleft()
                    else:
                        case, debug = next(source, None), False
                        if case is None:
                            break
                        order.append(case.case_id)
                    running.append(self._start(case, debug))
                if not running:
                    break
                time.sleep(0.02)
                for job in [j for j in running if self._finished(j)]:
                    running.remove(job)
                    self._collect(job, done, pending)
        finally:
            for job in running:
                self._kill(job)
                shutil.rmtree(job.tmp, ignore_errors=True)
            if self._server is not None:
                self._server.close()
                shutil.rmtree(self._server_home, ignore_errors=True)
                self._server = None
        return [done[i] for i in order]

    def _start(self, case: Case, debug: bool) -> _Job:
        job = _Job(case, debug)
        env = self.env(job.tmp, debug)
        if self.mode == "fork":
            if self._server is None:
                self._server_home = Path(tempfile.mkdtemp(prefix="interp-fuzz-server-"))
                self._server = ForkServer(self.repo, self.env(self._server_home), self._server_home)
            job.pid = self._server.spawn({
                "id": job.key, "argv": case.argv, "cwd": str(job.work), "env": env,
                "stdout": str(job.tmp / "stdout"), "stderr": str(job.tmp / "stderr"),
                "memory": self.memory, "fsize": FILE_LIMIT})
        else:
            with open(job.tmp / "stdout", "wb") as out, open(job.tmp / "stderr", "wb") as err:
                job.proc = subprocess.Popen(self.command(case), cwd=job.work, env=env,
                                            stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                            start_new_session=True, preexec_fn=_limits(self.memory))
            job.pid = job.proc.pid
        job.start = time.monotonic()
        return job

    def _returncode(self, job: _Job) -> int | None:
        if job.proc is not None:
            return job.proc.poll()
        return self._server.returncode(job.key)

    def _finished(self, job: _Job) -> bool:
        if self._returncode(job) is not None:
            return True
        wall = time.monotonic() - job.start
        if wall <= self.timeout:
            return False
        # A hang is the time limit in CPU seconds: on a machine shared with other work a case that
        # used 4 s of CPU in 11 s of wall time is slow, not hung. Four times the limit in wall
        # time ends a case that sleeps or waits without using the CPU.
        cpu = _cpu_seconds(job.pid)
        return cpu is None or cpu > self.timeout or wall > 4 * self.timeout

    def _kill(self, job: _Job) -> int | None:
        """Kill the case's session (its process group: the interp process and any children);
        the case's exit code (None if it was still running: a hang)."""
        code = self._returncode(job)
        if code is None:  # hung: faulthandler dumps the stack on SIGABRT
            try:
                os.kill(job.pid, signal.SIGABRT)
            except (ProcessLookupError, PermissionError):
                pass
            end = time.monotonic() + 2.0
            while self._returncode(job) is None and time.monotonic() < end:
                time.sleep(0.02)
        try:
            os.killpg(job.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if job.proc is not None:
            job.proc.wait()
        else:
            self._server.wait(job.key)
            self._server.forget(job.key)
        return code

    def _collect(self, job: _Job, done: dict, pending: deque) -> None:
        code = self._kill(job)  # also ends children left behind by a case that exited
        timed_out = code is None
        elapsed = time.monotonic() - job.start
        result = RunResult(code, _read(job.tmp / "stdout"), _read(job.tmp / "stderr"),
                           timed_out, elapsed, executed=(job.work / "PWNED").exists())
        try:
            if job.debug:
                self._attach_location(done[job.case.case_id], result)
                return
            outcome, detail = classify(result, job.case.argv)
            rec = Outcome(job.case, result, outcome, detail)
            if outcome == HANG:
                rec.location = stack_location(result.stderr, self.repo)
            done[job.case.case_id] = rec
            if self.debug_rerun and (outcome == INTERNAL or "internal error" in detail):
                pending.appendleft((job.case, True))
            else:
                self._finish(rec)
        finally:
            shutil.rmtree(job.tmp, ignore_errors=True)

    def _attach_location(self, rec: Outcome, result: RunResult) -> None:
        rec.location = traceback_location(result.stdout + result.stderr, self.repo)
        rec.result.stderr += "\n--- the same case with INTERP_DEBUG=1 ---\n" + result.stderr
        self._finish(rec)

    def _finish(self, rec: Outcome) -> None:
        if not rec.clean and self.out is not None:
            rec.saved = str(save_reproduction(rec, self.out, self.repo))
        if rec.clean or rec.saved:  # keep memory flat over thousands of cases
            rec.case.files = {}
            rec.result.stdout = rec.result.stdout[-4096:]
            rec.result.stderr = rec.result.stderr[-4096:]
        if self._progress is not None:
            self._progress(rec)


_FRAME = re.compile(r'^\s*File "([^"]+)", line (\d+),? in (\S+)', re.M)


def _interp_frames(frames, repo: Path) -> list[str]:
    out = []
    for path, line, func in frames:
        try:
            rel = Path(path).resolve().relative_to(repo)
        except ValueError:
            continue
        if rel.parts and rel.parts[0] in ("interp", "sag", "frontends"):
            out.append(f"{rel}:{line} in {func}")
    return out


def traceback_location(text: str, repo: Path) -> str:
    """``path:line in function`` of the innermost traceback frame inside ``repo``'s interp code."""
    found = _interp_frames(_FRAME.findall(text), repo)
    return found[-1] if found else ""


def stack_location(stderr: str, repo: Path) -> str:
    """Where a hung case was stuck, from faulthandler's dump (most recent call first): the
    innermost frame of interp's code, and the innermost frame of all if that lies elsewhere."""
    dump = stderr[stderr.rfind("Fatal Python error"):] if "Fatal Python error" in stderr else ""
    frames = _FRAME.findall(dump.split("\n\nThread ")[0] if dump.startswith("Fatal") else dump)
    if not frames:
        return "(in garbage collection)" if "Garbage-collecting" in dump else ""
    ours = _interp_frames(frames, repo)
    path, line, func = frames[0]
    top = f"{Path(path).name}:{line} in {func}"
    if not ours:
        return f"(in {top})"
    return ours[0] if ours[0].endswith(f":{line} in {func}") else f"{ours[0]} (in {top})"


def reproduction_command(case: Case, repo: Path | str) -> str:
    args = " ".join(shlex.quote(a) for a in case.argv)
    return f"PYTHONPATH={shlex.quote(str(repo))} {shlex.quote(sys.executable)} -c {shlex.quote(ENTRY)} {args}"


def save_reproduction(rec: Outcome, out: Path, repo: Path) -> Path:
    case = rec.case
    where = out / case.kind / case.case_id
    shutil.rmtree(where, ignore_errors=True)
    (where / "input").mkdir(parents=True)
    write_inputs(case, where / "input")
    (where / "stdout.txt").write_text(rec.result.stdout, errors="replace")
    (where / "stderr.txt").write_text(rec.result.stderr, errors="replace")
    info = {"kind": case.kind, "seed": case.seed, "index": case.index, "argv": case.argv,
            "note": case.note, "outcome": rec.outcome, "detail": rec.detail,
            "location": rec.location, "returncode": rec.result.returncode,
            "elapsed": round(rec.result.elapsed, 2), "repo": str(repo)}
    (where / "case.json").write_text(json.dumps(info, indent=2) + "\n")
    script = where / "repro.sh"
    script.write_text(errors="surrogateescape", data="#!/bin/sh\n"
                      f"# interp fuzz case {case.case_id}: {case.note[:200]}\n"
                      f"# outcome: {rec.outcome}: {rec.detail[:200]}\n"
                      f"# re-create it with: python benchmarks/fuzz.py --replay {case.case_id}\n"
                      'cd "$(dirname "$0")/input" || exit 2\n'
                      f"exec env {reproduction_command(case, repo)}\n")
    script.chmod(0o755)
    return where


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a running process (Linux /proc), None where unknown."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS
    except (OSError, IndexError, ValueError):
        return None
