"""The semi-empirical node model of seed paper 000 (Xu, Zhang, Sun, "Semi-empirical Multiprocessor
Performance Predictions", section 2.2): a loop's time is its time measured in a small sample run,
scaled by interp's own count of how much work the loop does at the predicted size.

    Eq. 2.3   tt(ss, x, N) = F(ss, x, N) / F(ss, x0, N0) * tt(ss, x0, N0)
    Eq. 2.6   tt(ss, x, N) = ceil( F(ss, x)/F(ss, x0) * min(N0, F(ss, x0)) / min(N, F(ss, x)) ) * tt(ss, x0, N0)

``ss`` is a segment: a loop with no communication that no such loop encloses (what
``interp extrapolate`` instruments). F is interp's count of the segment's work: every operation,
memory access, loop iteration, condition test and call of the segment counts one (``WorkUnits``:
the operation-count model of Tables 1-4 with every cost 1 s). The paper's F is "the number of
iterations"; for a loop nest whose body is not uniform, counting every elementary action weighs
the parts as a careful count of iterations would, and on a uniform body both are proportional.

The measured rate tt(x0, N0) / F(x0, N0) of each segment comes in the SAU's processing settings
(``samples``: a ``SampleRates``), put there by ``interp extrapolate`` (interp/studies/extrapolate.py),
like ``sag/modes.py`` selects the uniform model. Code outside every measured segment (straight-line
code, loops the sample never ran) keeps the machine's operation costs.

Eq. 2.6 is the data-parallel rule: F iterations spread over min(N, F) processors. interp's
per-process trip counts already divide an SPMD program's loops over its processes, so Eq. 2.3 per
process covers that; Eq. 2.6 is used for the processes themselves when there are more of them
than processors (``timeshare``, the paper's threads): F = processes, N = processors.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from pathlib import Path

import sympy

from frontends.aag import Iter
from sag.units import TIME

from interp.errors import InputError
from interp.models.omega import NodeModel


def eq_2_3(f: float, f0: float, tt0: float) -> float:
    """Seed 000 Eq. 2.3: time at size x from the time tt0 measured at x0, by the ratio of F."""
    return f / f0 * tt0


def eq_2_6(f: float, f0: float, n: float, n0: float, tt0: float) -> float:
    """Seed 000 Eq. 2.6: a data-parallel block of F iterations on N processors, from tt0 of F0
    iterations on N0 processors (each processor's share is rounded up to whole iterations)."""
    return math.ceil(f / f0 * min(n0, f0) / min(n, f)) * tt0


def timeshare_factor(procs: int, processors: int, sample_procs: int, sample_processors: int) -> int:
    """Eq. 2.6 with the processes as the iterations: how many times slower a process runs at
    ``procs`` processes on ``processors`` processors than it did in the sample (``sample_procs``
    processes on ``sample_processors``)."""
    return int(eq_2_6(procs, sample_procs, processors, sample_processors, 1.0))


@dataclass
class SampleRates:
    """Seconds per work unit of each measured segment, by (file name, first line) of its loop."""

    rates: dict = field(default_factory=dict)  # (file name, line) -> seconds per unit
    origin: str = ""  # which sample run they come from (for the report)

    def to_json(self) -> dict:
        return {"format": "interp-sample-rates-1", "origin": self.origin,
                "rates": [{"file": f, "line": line, "seconds_per_unit": r}
                          for (f, line), r in sorted(self.rates.items())]}

    @classmethod
    def from_file(cls, path: str) -> "SampleRates":
        return _read_rates(str(Path(path).resolve()))

    @classmethod
    def _parse(cls, path: str) -> "SampleRates":
        """The rates `interp extrapolate --save-rates` wrote (machine files name them with
        ``processing.samples`` for ``model: measured``)."""
        import json

        try:
            data = json.loads(Path(path).read_text())
        except OSError as exc:
            raise InputError(f"processing.samples: cannot read {path}: {exc.strerror or exc}; write it with "
                             "'interp extrapolate ... --save-rates FILE'") from None
        except ValueError as exc:
            raise InputError(f"{path}: not a sample-rates file (invalid JSON: {exc})") from None
        if not isinstance(data, dict) or data.get("format") != "interp-sample-rates-1" \
                or not isinstance(data.get("rates"), list):
            raise InputError(f"{path}: not a sample-rates file written by 'interp extrapolate --save-rates'")
        rates = {}
        for k, row in enumerate(data["rates"]):
            try:
                key, value = (str(row["file"]), int(row["line"])), float(row["seconds_per_unit"])
            except (TypeError, KeyError, ValueError):
                raise InputError(f"{path}: rates[{k}] needs file, line and seconds_per_unit") from None
            if not math.isfinite(value) or value < 0:
                raise InputError(f"{path}: rates[{k}].seconds_per_unit must be a finite number >= 0")
            rates[key] = value
        return cls(rates, str(data.get("origin", path)))

    def rate(self, loc) -> float | None:
        if loc is None:
            return None
        return self.rates.get((loc.file.rsplit("/", 1)[-1], loc.first))


class WorkUnits(NodeModel):
    """F of Eq. 2.3: the operation-count model with every parameter 1 s and no cache misses, so a
    time is a count of elementary actions. Selected as node model ``units`` to count F per AAU
    and process in one interpretation."""

    def t(self, key: str, component: str = "processing", note: bool = True) -> float:
        return 1.0

    def has(self, key: str, component: str = "processing") -> bool:
        return key in ("fetch", "store", "ops.flop")

    def _cache_window(self):
        return None


class MeasuredModel(NodeModel):
    """Eq. 2.3 for every measured segment, the machine's costs elsewhere; all of it ``timeshare``
    times slower when processes share processors."""

    def __init__(self, sau, bound, runtime, functions, notes, sharing: int = 1):
        self.share = float(sau.setting("processing", "timeshare") or 1)
        super().__init__(sau, bound, runtime, functions, notes, sharing)
        samples = sau.setting("processing", "samples") or SampleRates()
        # a machine file names the rates' file; interp extrapolate puts the rates themselves
        self.samples: SampleRates = SampleRates.from_file(samples) if isinstance(samples, str) else samples
        self.units = WorkUnits(sau, bound, runtime, functions, notes)
        self._measured: dict[int, sympy.Expr] = {}

    def t(self, key: str, component: str = "processing", note: bool = True) -> float:
        value = super().t(key, component, note)
        p = (self.proc if component == "processing" else self.mem).get(key)
        # Only times are shared out: cache sizes and blocks stay what they are.
        return value * self.share if p is not None and p.dimension == TIME else value

    def iterd(self, loop: Iter) -> sympy.Expr:
        rate = self.samples.rate(loop.loc)
        if rate is None:
            return super().iterd(loop)
        if loop.id not in self._measured:
            # Eq. 2.3 with the rate tt(x0, N0) / F(x0, N0) of the sample run.
            self._measured[loop.id] = sympy.Float(rate * self.share) * self.units.iterd(loop)
        return self._measured[loop.id]


@functools.lru_cache(maxsize=8)
def _read_rates(path: str) -> SampleRates:
    """Read once per run: every process's node model asks for the same file."""
    return SampleRates._parse(path)
