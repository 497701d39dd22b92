"""Seed 004 section 2.2 on an interp program: phi (Eq. 2), delta (Eq. 3), omega (Eq. 4) and
T^l = max(phi, omega) (Eq. 5 at the top level), from one contention-free interpretation.

phi is the engine's prediction with every shared resource infinitely multiple
(EngineOptions.contention = False): no message waits for a link or a buffer and a packet-switched
message takes one packet's path, so the longest chain of dependent computation and communication
is what remains. In the same run the engine adds up the demand every message and every process
puts on each resource (EngineOptions.demand). Every iteration is interpreted (no steady-state
extrapolation), so every message is counted.

A message-passing program is not a series-parallel graph, so Eq. 5's rule for a parallel
composition inside a sequence is not applied: T^l = max(phi, omega) of the whole program, which is
still a lower bound of the engine's prediction (each resource must serve its whole demand, and
no chain can be shorter than it is with no waiting) -- docs/bound.md.
"""
from __future__ import annotations

from dataclasses import dataclass

from interp.bound.resources import Demand, demands
from interp.bound.symbolic import SymbolicBound, symbolic_bound
from interp.pipeline import predict


@dataclass
class BoundResult:
    phi: float  # critical path (s)
    resources: list[Demand]  # largest delta / |r| first
    omega: float  # max delta / |r| (s)
    tl: float  # max(phi, omega)
    result: object  # the contention-free RunResult (inputs, notes)
    symbolic: SymbolicBound | None = None

    @property
    def binding(self) -> str:
        """What sets T^l: the critical path, or the resource whose demand is omega."""
        if self.resources and self.omega > self.phi:
            return self.resources[0].name
        return "critical path (phi)"


def analyse(files, machine, procs: int, defines=(), bound="mid", scale=(), params=(), granularity="cluster",
            include_dirs=(), map_file=None, form=None, symbolic=(), interactive=None,
            max_events=None, timeout=None) -> BoundResult:
    pred = predict(list(files), machine, procs, defines, bound, scale, params, granularity,
                   interactive=interactive, include_dirs=include_dirs, map_file=map_file, symbolic=symbolic,
                   form=form, messages=False, exact=True, max_events=max_events, timeout=timeout,
                   contention=False, demand=True)
    r = pred.result
    resources = demands(r.demand, r.capacity)
    phi = float(r.total)
    omega = max((float(d.bound) for d in resources), default=0.0)
    out = BoundResult(phi, resources, omega, max(phi, omega), r)
    if symbolic:
        out.symbolic = symbolic_bound(r, resources, symbolic)
    return out
