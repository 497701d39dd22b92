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

import sympy

from interp.bound.fitted import PROCS, FittedBound, fitted_bound
from interp.bound.resources import Demand, demands
from interp.bound.symbolic import SymbolicBound, symbolic_bound
from interp.engine import symtime
from interp.errors import InputError
from interp.pipeline import predict


@dataclass
class BoundResult:
    phi: float  # critical path (s)
    resources: list[Demand]  # largest delta / |r| first
    omega: float  # max delta / |r| (s)
    tl: float  # max(phi, omega)
    result: object  # the contention-free RunResult (inputs, notes)
    symbolic: SymbolicBound | FittedBound | None = None

    @property
    def binding(self) -> str:
        """What sets T^l: the critical path, or the resource whose demand is omega."""
        if self.resources and self.omega > self.phi:
            return self.resources[0].name
        return "critical path (phi)"


def analyse(files, machine, procs: int, defines=(), bound="mid", scale=(), params=(), granularity="cluster",
            include_dirs=(), map_file=None, form=None, symbolic=(), interactive=None,
            max_events=None, timeout=None) -> BoundResult:
    def run(nprocs, defs, names):
        return predict(list(files), machine, nprocs, defs, bound, scale, params, granularity,
                       interactive=interactive, include_dirs=include_dirs, map_file=map_file, symbolic=names,
                       form=form, messages=False, exact=True, max_events=max_events, timeout=timeout,
                       contention=False, demand=True).result

    carried, fitted, procs_name = list(symbolic), [], None
    if symbolic:
        carried, fitted, procs_name = split_symbolic(run, procs, list(defines), list(symbolic))
    r = run(procs, defines, carried)
    out = _bound(r)
    if fitted:
        samples = {n: (procs if n == procs_name else float(r.inputs[n])) for n in fitted}
        symbols = [sympy.Symbol(n, positive=True) for n in carried]
        regions = symtime.validity(symbols, {s: float(r.inputs[str(s)]) for s in symbols})

        def at(point):
            defs = [d for d in defines if d.partition("=")[0].strip() not in point]
            defs += [f"{n}={v:g}" for n, v in point.items() if n != procs_name]
            return run(int(point.get(procs_name, procs)), defs, carried)

        out.symbolic = fitted_bound(at, fitted, samples, symbols, regions, procs_name)
    elif symbolic:
        out.symbolic = symbolic_bound(r, out.resources, symbolic)
    return out


def _bound(r) -> BoundResult:
    resources = demands(r.demand, r.capacity)
    phi = float(r.total)
    omega = max((float(d.bound) for d in resources), default=0.0)
    return BoundResult(phi, resources, omega, max(phi, omega), r)


def split_symbolic(run, procs: int, defines: list, names: list) -> tuple[list, list, str | None]:
    """(carried, fitted, the name that stands for the number of processes): an input stays a symbol
    through the interpretation when that works and gives its exact range; one that decides control
    flow, or whose range has steps sympy cannot solve (loop counts: floor, max), is fitted over
    interpretations at several values, as is P, the number of processes, when no input has that name."""
    inputs = run(procs, defines, ()).inputs
    carried, fitted, procs_name = [], [], None
    for name in names:
        if name not in inputs:
            if name == PROCS:
                fitted.append(name)
                procs_name = name
                continue
            known = ", ".join(sorted(inputs)) or "none"
            raise InputError(f"--symbolic {name}: the program has no external input of that name (its inputs: "
                             f"{known}); {PROCS} names the number of processes")
        try:
            r = run(procs, defines, [name])
        except InputError:  # it decides control flow
            fitted.append(name)
            continue
        symbol = sympy.Symbol(name, positive=True)
        region = symtime.validity([symbol], {symbol: float(r.inputs[name])})[symbol]
        (fitted if isinstance(region, symtime.Partial) else carried).append(name)
    return carried, fitted, procs_name
