"""The speed probe: how fast this machine is now, against when it was calibrated.

A virtual or shared machine's speed drifts by tens of percent from minute to minute
(docs/calibrate.md), so a machine file measured at one moment meets programs run at another.
``bench/probe.c`` times a fixed piece of work (independent double adds and a streaming read of an
L2-resident buffer) in about 20 ms. ``interp calibrate`` runs it between its benchmark runs and
writes the median as ``processing.probe``; ``interp validate`` runs it around every measured run.
``reference / now`` is the machine's current speed, the run-time scaling factor of paper 3.4.2
("Modeling Runtime Parameters"), applied to a prediction as ``--scale '*.speed=F'``.
"""
from __future__ import annotations

import statistics
from pathlib import Path

from ..errors import InputError
from . import tools


class Probe:
    """A compiled probe; ``measure()`` runs it once and returns its time in seconds."""

    def __init__(self, tmp: Path, cc: str = "gcc", flags=("-O2",)):
        self.exe = tools.compile_c(cc, [tools.bench_source("probe.c")], Path(tmp) / "probe", list(flags),
                                   libs=())
        self.times: list[float] = []

    def measure(self) -> float:
        t = parse(tools.run([self.exe], timeout=60))
        self.times.append(t)
        return t


def parse(text: str) -> float:
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "probe":
            try:
                value = float(parts[1])
            except ValueError:
                break
            if value > 0:
                return value
    raise InputError(f"the speed probe printed no time: {text.strip()[:200]!r}")


def speed(reference: float, times: list[float]) -> float:
    """The machine's speed against the reference: > 1 when it runs faster than at calibration."""
    return reference / statistics.median(times)


def reference(sag) -> float | None:
    """The probe time the machine file records (``processing.probe`` of a compute SAU), or None."""
    for sau in sag.walk():
        if sau.role != "compute":
            continue
        p = sau.effective("processing").get("probe")
        if p is not None:
            return float(p.value())
    return None
