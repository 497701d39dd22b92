"""The phase-parallel model of seed paper 003 (Xu & Hwang, "Early Prediction of MPP Performance",
sections 2.1.1, 2.2.1 "Performance Metrics" and 3.4): a program is a sequence of phases C_i, each
with a workload W_i (flop), a sequential time T_1(i) and a degree of parallelism DOP_i, separated
by interaction steps.

    T_inf   = sum_i T_1(i) / DOP_i          critical path (Eq. 2; Step 4 of section 3.1)
    P_inf   = W / T_inf                     maximal speed
    N_max   = max_i DOP_i                   maximal parallelism
    T_1/T_inf                               average parallelism (an upper bound of S_n)
    T_n    >= max(T_1 / n, T_inf)           Eq. 3
    T_n     = sum_i T_1(i) / min(DOP_i, n) + T_interact     (Step 4, zero T_parallel as in 3.3.1)

and the two design checks of section 3.4: the grain of phase i (flops one process executes before
the next interaction, W_i / min(n, DOP_i)) should be at least t_0 * P_1(i), with t_0 the
machine's point-to-point latency and P_1(i) = W_i / T_1(i); and "use no more than twice the average
parallelism": n <= 2 T_1 / T_inf.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    name: str
    work: float  # W_i, flop
    t1: float  # T_1(i), seconds on one processor
    dop: float  # DOP_i
    dop_from: str = ""  # where DOP_i comes from (annotation, or the prediction)

    @property
    def speed(self) -> float:
        """P_1(i) = W_i / T_1(i), flop/s."""
        return self.work / self.t1 if self.t1 > 0 else 0.0

    def time(self, n: int) -> float:
        """T_1(i) / min(DOP_i, n)."""
        return self.t1 / min(self.dop, n)

    def grain(self, n: int) -> float:
        """Flops one process executes in this phase on n processors."""
        return self.work / min(self.dop, n)


@dataclass(frozen=True)
class Extremes:
    """The extreme-value metrics of Table 6."""

    work: float  # W, flop
    t1: float  # T_1, s
    t_inf: float  # T_inf, s
    n_max: float | None = None

    @property
    def p_inf(self) -> float:
        return self.work / self.t_inf

    @property
    def average_parallelism(self) -> float:
        return self.t1 / self.t_inf

    def bound(self, n: int) -> float:
        """Eq. 3: T_n >= max(T_1 / n, T_inf)."""
        return max(self.t1 / n, self.t_inf)

    def most_procs(self) -> float:
        """Section 3.4's rule of thumb: n <= 2 T_1 / T_inf (efficiency at most 50% beyond)."""
        return 2 * self.average_parallelism


def extremes(phases: list[Phase], work: float, t1: float) -> Extremes:
    t_inf = sum(p.t1 / p.dop for p in phases)
    return Extremes(work, t1, t_inf, max((p.dop for p in phases), default=None))


def grain_checks(phases: list[Phase], n: int, t0: float) -> list[tuple[Phase, float, float, bool]]:
    """Per phase: (phase, grain at n, the least grain t_0 * P_1(i), whether the grain suffices)."""
    out = []
    for p in phases:
        least = t0 * p.speed
        out.append((p, p.grain(n), least, p.grain(n) >= least))
    return out


def model_time(phases: list[Phase], n: int, interact: float = 0.0) -> float:
    """Step 4's parallel time: sum_i T_1(i) / min(DOP_i, n) + T_interact."""
    return sum(p.time(n) for p in phases) + interact
