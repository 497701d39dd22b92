"""The in-core analysis of a loop body with llvm-mca, and the assembly it is read from.

llvm-mca (LLVM's Machine Code Analyzer) simulates a block of instructions as the body of a loop
on the scheduling model of one CPU (``-mcpu``): dispatch width, ports, latencies, register
dependencies carried from one pass to the next. Its cycles per pass are therefore the in-core time
of the loop, bound by whichever is tighter: the ports' throughput or a loop-carried dependence
(``s += x[i]*x[j]`` runs at the latency of one add per pass). Memory is taken as L1 hits, which
is why the compiled model combines it with the working-set model.

The cycles per pass are the slope of the simulated time: (cycles of 500 passes - cycles of 100
passes) / 400, so the pipeline's filling and draining at the start and end of the simulation
(about one latency chain) does not count; a loop that runs millions of passes never sees it.

Results are cached by content (the SHA-256 of the analyzer's version, the CPU and the block; of
the compiler, its flags and the source for the assembly), in memory for the run and on disk next
to the parse cache (``$INTERP_CACHE_DIR``, else ``$XDG_CACHE_HOME/interp``, else
``~/.cache/interp``; ``INTERP_CACHE=0`` turns the disk cache off), so a sweep does not compile
or simulate again for every point.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass

from interp.errors import InputError

ANALYZER = "llvm-mca"
SHORT, LONG = 100, 500        # simulated passes; the slope between them is the steady state
_memo: dict[str, object] = {}


class AnalysisError(Exception):
    """The compiler or the analyzer failed or is absent; the message says which and why."""


@dataclass(frozen=True)
class McaResult:
    cycles: float             # per pass of the loop body, steady state
    block_rthroughput: float  # llvm-mca's bound from the ports alone (no dependencies)


def parse_output(short: str, long: str) -> McaResult:
    """Cycles per pass from two llvm-mca reports of the same block (SHORT and LONG passes)."""
    (n1, c1, rt), (n2, c2, _) = _totals(short), _totals(long)
    if n2 <= n1:
        raise AnalysisError("llvm-mca reports: the second run must simulate more passes than the first")
    return McaResult((c2 - c1) / (n2 - n1), rt)


def _totals(text: str) -> tuple[int, int, float]:
    it = re.search(r"^Iterations:\s+(\d+)", text, re.M)
    cyc = re.search(r"^Total Cycles:\s+(\d+)", text, re.M)
    rt = re.search(r"^Block RThroughput:\s+([\d.]+)", text, re.M)
    if not it or not cyc:
        raise AnalysisError("llvm-mca's report has no 'Iterations' and 'Total Cycles' lines")
    return int(it.group(1)), int(cyc.group(1)), float(rt.group(1)) if rt else 0.0


def analyzer() -> str | None:
    return shutil.which(ANALYZER) or next((p for p in (f"/usr/bin/{ANALYZER}-{v}" for v in range(20, 11, -1))
                                           if os.access(p, os.X_OK)), None)


@functools.lru_cache(maxsize=None)
def _version(tool: str) -> str:
    try:
        return subprocess.run([tool, "--version"], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def cycles(block: str, cpu: str) -> McaResult:
    """llvm-mca's steady-state cycles per pass of ``block`` on ``cpu`` (cached by content)."""
    tool = analyzer()
    if tool is None:
        raise AnalysisError(f"{ANALYZER} is not installed (the LLVM package provides it)")
    key = _key("mca", _version(tool), cpu, block)
    found = _load(key)
    if found is not None:
        return McaResult(*found)
    reports = []
    for n in (SHORT, LONG):
        cmd = [tool, f"-mcpu={cpu}", f"-iterations={n}", "-summary-view", "-instruction-info=0",
               "-resource-pressure=0"]
        try:
            proc = subprocess.run(cmd, input=block, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise AnalysisError(f"{ANALYZER} did not run: {exc}") from None
        if "is not a recognized processor" in proc.stderr:
            # a wrong name in the machine file: the user's to fix, not a reason to fall back
            raise InputError(f"processing.compiled.cpu {cpu!r}: {ANALYZER} does not know this CPU "
                             f"(`{ANALYZER} -mcpu=help` lists the names; `gcc -march=native -Q --help=target` "
                             "gives this machine's)")
        if proc.returncode != 0:
            first = (proc.stderr.strip().splitlines() or ["no message"])[0]
            raise AnalysisError(f"{ANALYZER} -mcpu={cpu} refused the loop: {first}")
        reports.append(proc.stdout)
    result = parse_output(*reports)
    _store(key, [result.cycles, result.block_rthroughput])
    return result


def assembly(cc: str, flags: list[str], source: str, extra=()) -> str:
    """``cc FLAGS -g -S EXTRA`` of one source file: the assembly with its line table (cached);
    ``extra``: include paths (the MPI wrapper's, ``-iquote`` for nx.h)."""
    try:
        text = open(source, encoding="utf-8", errors="replace").read()
    except OSError as exc:
        raise AnalysisError(f"cannot read {source}: {exc.strerror}") from None
    args = [*flags, *([] if "-g" in flags else ["-g"]), *extra]
    key = _key("asm", _version(cc), " ".join(args), os.path.basename(source), text)
    found = _load(key)
    if found is not None:
        return found
    with tempfile.TemporaryDirectory(prefix="interp-asm-") as tmp:
        out = os.path.join(tmp, "out.s")
        cmd = [cc, *args, "-S", "-o", out, source]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise AnalysisError(f"{cc} did not run: {exc}") from None
        if proc.returncode != 0:
            first = next((ln for ln in proc.stderr.splitlines() if "error" in ln), proc.stderr.strip()[:200])
            raise AnalysisError(f"{' '.join(cmd)} failed: {first}")
        asm = open(out, encoding="utf-8", errors="replace").read()
    _store(key, asm)
    return asm


@functools.lru_cache(maxsize=None)
def mpi_includes(mpicc: str | None) -> tuple[str, ...]:
    """The include directories the MPI compiler wrapper adds (MPICH ``-show``, Open MPI
    ``--showme:compile``), so the program's own compiler can build an MPI source."""
    if mpicc is None:
        return []
    for flag in ("-show", "--showme:compile"):
        try:
            out = subprocess.run([mpicc, flag], capture_output=True, text=True, timeout=20).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        dirs = re.findall(r"(?:^|\s)-I(\S+)", out)
        if dirs:
            return tuple(dirs)
    return ()


# -- cache --------------------------------------------------------------------------------------
def _key(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8", "surrogatepass") + b"\0")
    return h.hexdigest()


def _directory() -> str | None:
    if os.environ.get("INTERP_CACHE", "1") == "0":
        return None
    base = os.environ.get("INTERP_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "interp")
    return os.path.join(base, "compiled")


def _load(key: str):
    if key in _memo:
        return _memo[key]
    d = _directory()
    if d is None:
        return None
    try:
        with open(os.path.join(d, key[:2], key + ".json"), encoding="utf-8") as f:
            value = json.load(f)
    except (OSError, ValueError):  # absent or damaged: compute again (and _store replaces it)
        return None
    _memo[key] = value
    return value


def _store(key: str, value) -> None:
    _memo[key] = value
    d = _directory()
    if d is None:
        return
    sub = os.path.join(d, key[:2])
    try:
        os.makedirs(sub, mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=sub, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(value, f)
        os.replace(tmp, os.path.join(sub, key + ".json"))
    except OSError:  # a cache that cannot be written only costs the analysis next time
        pass
