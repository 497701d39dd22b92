"""``interp scale``: the latency metric of seed paper 002 (Zhang, Yan and He, "Latency Metric: An
Experimental Method for Measuring and Evaluating Parallel Program and Architecture Scalability",
JPDC 1994), from interp's predictions.

    L(W, N) = sum_i (T_para - T_i + L_i) / N                      Eq. 3.5
    scale(E, (N, N')) = L_e(W, N) / L_e(W', N')                   Eq. 3.7, E kept constant
    Scale(N, N') = integral over E in [0, 1] of scale(E, (N, N'))  Eq. 3.8
    Theorem 2: scale(E, (N, N')) = (W/N) / (W'/N')                Eq. 3.13

From a prediction: T_para is the predicted time; T_i, the effective execution time of process i
(Definition 1), is its busy time (computation + call overhead + transmission + waiting, without
the idle time before its start and after its end); L_i, its overhead latency (Definition 2), is
its call overhead + transmission + waiting. So T_para - T_i + L_i = T_para - comp_i and
L(W, N) = T_para - mean_i(comp_i).

The efficiency is E = 1 - L(W, N) / T_para (section 6.1, the relation of Methods 2 and 3), which
is sum_i comp_i / (N T_para): the program's computation spread over N processes against the time
they take. For each N, the size input is searched for the smallest W with E >= the target
(doubling, then bisection over whole values: each step is a prediction).

The integral of Eq. 3.8 is taken by Gauss-Legendre quadrature over E (numpy's nodes): every node
is one more search per N. Its integrand goes to 0 as E -> 1 only if W grows without bound, so the
nodes (never 0 or 1) are the E values searched.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from interp.errors import InputError
from interp.studies.sweep import Point, Settings, predict_point

MAX_SIZE = 10 ** 12  # the search gives up above this size: the efficiency is not reachable


@dataclass(frozen=True)
class Found:
    procs: int
    size: float  # W: the smallest value of the size input with E >= target
    latency: float  # L(W, N), seconds (Eq. 3.5)
    efficiency: float  # E at that size
    total: float  # T_para
    predictions: int


def latency_of(outcome, procs: int) -> float:
    """Eq. 3.5 from a sweep outcome: T_para - (sum_i comp_i) / N."""
    return outcome.latency(procs)


def efficiency_of(outcome, procs: int) -> float:
    """E = 1 - L(W, N) / T_para = sum_i comp_i / (N T_para)."""
    return outcome.comp / (procs * outcome.total) if outcome.total else 0.0


def search(settings: Settings, inputs: dict, size_name: str, procs: int, target: float,
           start: float = 1, known: dict | None = None) -> Found:
    """The smallest whole W >= start with E(W, N) >= target (E grows with W for a scalable program).
    ``known``: the points already predicted (the searches of one study share their doublings)."""
    count = [0]
    known = {} if known is None else known

    def at(w: float):
        point = Point(tuple(sorted({**inputs, size_name: float(w)}.items())), procs)
        if point not in known:
            known[point] = predict_point(settings, point)
        out = known[point]
        count[0] += 1
        if out.total is None:
            raise InputError(f"{size_name}={w:g} on {procs} processes: the program cannot finish: "
                             f"{out.hang.splitlines()[0]}")
        return out

    lo, hi = int(start), int(start)
    out = at(hi)
    while efficiency_of(out, procs) < target:
        lo, hi = hi, hi * 2
        if hi > MAX_SIZE:
            raise InputError(f"efficiency {target:g} is not reached on {procs} processes for {size_name} up "
                             f"to {MAX_SIZE:g} (E = {efficiency_of(out, procs):.3g} there): the program does not "
                             "scale to it on this machine")
        out = at(hi)
    best = out
    while hi - lo > 1:  # invariant: E(lo) < target <= E(hi) (or lo == start == hi at the outset)
        mid = (lo + hi) // 2
        o = at(mid)
        if efficiency_of(o, procs) >= target:
            hi, best = mid, o
        else:
            lo = mid
    return Found(procs, float(hi), latency_of(best, procs), efficiency_of(best, procs), best.total, count[0])


def scale_matrix(latencies: dict) -> dict:
    """Eq. 3.7 for every N < N': {(N, N'): L(N) / L(N')}, N and N' in increasing order."""
    ns = sorted(latencies)
    return {(a, b): latencies[a] / latencies[b] for i, a in enumerate(ns) for b in ns[i:]}


def theorem2(sizes: dict) -> dict:
    """Eq. 3.13: {(N, N'): (W/N) / (W'/N')}."""
    ns = sorted(sizes)
    return {(a, b): (sizes[a] / a) / (sizes[b] / b) for i, a in enumerate(ns) for b in ns[i:]}


def gauss_legendre(points: int) -> list[tuple[float, float]]:
    """Nodes and weights of the Gauss-Legendre rule on [0, 1]."""
    from numpy.polynomial.legendre import leggauss

    x, w = leggauss(points)
    return [(float((xi + 1) / 2), float(wi / 2)) for xi, wi in zip(x, w)]


@dataclass
class ScaleReport:
    efficiency: float
    found: dict  # N -> Found at the target efficiency
    matrix: dict  # (N, N') -> scale
    theorem: dict  # (N, N') -> (W/N)/(W'/N')
    integral: dict  # (N, N') -> Scale(N, N') (Eq. 3.8), empty when not asked for
    nodes: list  # (E, weight) of the quadrature


def run_scale(settings: Settings, inputs: dict, size_name: str, procs: list[int], target: float,
              integral_points: int = 0) -> ScaleReport:
    if not 0 < target < 1:
        raise InputError(f"--efficiency {target:g}: give a number between 0 and 1 (exclusive)")
    settings = replace(settings, regions=False)
    known: dict = {}  # Point -> outcome: each size is predicted once over all the searches
    found = {n: search(settings, inputs, size_name, n, target, known=known) for n in procs}
    matrix = scale_matrix({n: f.latency for n, f in found.items()})
    theorem = theorem2({n: f.size for n, f in found.items()})
    integral, nodes = {}, []
    if integral_points:
        nodes = gauss_legendre(integral_points)
        for e, weight in nodes:
            at = scale_matrix({n: search(settings, inputs, size_name, n, e, known=known).latency for n in procs})
            for key, value in at.items():
                integral[key] = integral.get(key, 0.0) + weight * value
    return ScaleReport(target, found, matrix, theorem, integral, nodes)


def parse_latencies(text: str) -> dict:
    """``2:1,4:1.550,...`` -> {2: 1.0, 4: 1.55, ...} (N: latency, any one unit)."""
    out = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        n, sep, value = item.partition(":")
        try:
            procs, lat = int(n), float(value)
        except ValueError:
            procs, lat = 0, float("nan")
        if not sep or procs < 1 or not lat > 0 or lat == float("inf"):
            raise InputError(f"--latencies: {item!r} is not N:LATENCY with N a process count >= 1 and a "
                             "latency > 0 (e.g. --latencies 2:1,4:1.55)")
        if procs in out:
            raise InputError(f"--latencies: N = {procs} is given twice")
        out[procs] = lat
    if len(out) < 2:
        raise InputError("--latencies: give at least two N:LATENCY pairs")
    return out
