"""The in-core analysis of a loop body with OSACA, the second analyzer of the compiled node model.

OSACA (RRZE-HPC's Open Source Architecture Code Analyzer, ``pip install osaca``) models a loop
body differently from llvm-mca: each instruction's micro-ops on the ports that can take them,
assigned so that the busiest port is as idle as possible (``Port pressure``), and the
loop-carried dependencies through registers (``LCD``). Its cycles per pass are the larger of
the two. It does not simulate the front end (dispatch width, a compare fused with its jump) or a
scheduler's imperfect port choices, so it is an optimistic bound where llvm-mca is a simulation
of one scheduling model, pessimistic where that model's ports are wrong (LLVM 14's Zen 2 sends
every scalar add of the 1-D stencil to one pipe: 6 cycles a pass; OSACA 3; the core 4.45). The
compiled model takes the two as the range of the in-core time (``interp/models/compiled.py``).

Results are cached by content in the same cache as llvm-mca's (``interp/models/mca.py``).
"""
from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass

from interp.models import mca

TOOL = "osaca"

# gcc's -march=native names (what calibrate records as processing.compiled.cpu) -> OSACA's
# --arch. A CPU without an OSACA model of its own is not mapped to a neighbour's: the compiled
# model then says OSACA had none and uses llvm-mca alone.
ARCHS = {
    "znver1": "ZEN1", "znver2": "ZEN2", "znver3": "ZEN3", "znver4": "ZEN4",
    "sandybridge": "SNB", "ivybridge": "IVB", "haswell": "HSW", "broadwell": "BDW",
    "skylake-avx512": "SKX", "cascadelake": "CSX", "icelake-client": "ICL",
    "icelake-server": "ICX", "sapphirerapids": "SPR",
    "thunderx2t99": "TX2", "neoverse-n1": "N1", "a64fx": "A64FX", "neoverse-v2": "V2",
    "tsv110": "TSV110", "cortex-a72": "A72",
}
# The totals line: one figure per port column, then the critical path and the LCD. OSACA prints
# a whole number without its decimals on some architectures (ZEN3: a critical path of "10").
_NUMBERS = re.compile(r"\s*(\d+(?:\.\d+)?\s+){3,}\d+(?:\.\d+)?\s*")


@dataclass(frozen=True)
class OsacaResult:
    ports: float    # the busiest port's cycles per pass
    lcd: float      # the longest loop-carried dependence, cycles per pass

    @property
    def cycles(self) -> float:
        return max(self.ports, self.lcd)


def arch(cpu: str | None) -> str | None:
    return ARCHS.get((cpu or "").lower())


def available() -> str | None:
    return shutil.which(TOOL)


@functools.lru_cache(maxsize=None)
def _version(tool: str) -> str:
    try:
        return subprocess.run([tool, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def parse_output(text: str) -> OsacaResult:
    """Port pressure and LCD from OSACA's report: the totals line of its combined table, one
    number per port column, then the critical path and the LCD."""
    missing = re.search(r"performance data for (\d+) instructions? (?:is|are) missing", text)
    if missing:
        # OSACA's data has no figure for some instruction (its Zen 2 file lacks divsd and
        # cvtsi2sdl): an analysis without them would be too fast, so there is none
        raise mca.AnalysisError(f"OSACA's data for this CPU lacks {missing.group(1)} of the loop's instructions")
    at = text.find("Combined Analysis Report")
    if at < 0:
        raise mca.AnalysisError("OSACA's report has no 'Combined Analysis Report'")
    for line in text[at:].splitlines():
        if _NUMBERS.fullmatch(line):
            values = [float(v) for v in line.split()]
            return OsacaResult(max(values[:-2]), values[-1])
    raise mca.AnalysisError("OSACA's report has no totals line under its port table")


def cycles(block: str, cpu: str) -> OsacaResult:
    """OSACA's cycles per pass of ``block`` (analyzer text, as llvm-mca gets it) on ``cpu``."""
    tool, name = available(), arch(cpu)
    if tool is None:
        raise mca.AnalysisError(f"{TOOL} is not installed (pip install osaca)")
    if name is None:
        raise mca.AnalysisError(f"{TOOL} has no model of {cpu}")
    key = mca._key("osaca", _version(tool), name, block)
    found = mca._load(key)
    if found is not None and len(found) == 1:  # its refusal, kept: OSACA takes seconds a run
        raise mca.AnalysisError(found[0])
    if found is not None:
        return OsacaResult(*found)
    with tempfile.TemporaryDirectory(prefix="interp-osaca-") as tmp:
        path = os.path.join(tmp, "loop.s")
        with open(path, "w", encoding="utf-8") as f:
            f.write("# OSACA-BEGIN\n.Linterp_loop:\n" + block + "# OSACA-END\n")
        try:
            proc = subprocess.run([tool, "--arch", name, path],
                                  capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise mca.AnalysisError(f"{TOOL} did not run: {exc}") from None
    try:
        if proc.returncode != 0:
            first = (proc.stderr.strip().splitlines() or ["no message"])[-1]
            raise mca.AnalysisError(f"{TOOL} --arch {name} refused the loop: {first}")
        result = parse_output(proc.stdout)
    except mca.AnalysisError as exc:  # the same block and OSACA refuse it again: remembered
        mca._store(key, [str(exc)])
        raise
    mca._store(key, [result.ports, result.lcd])
    return result
