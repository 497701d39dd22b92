"""Prediction modes of seed paper 003 (Xu & Hwang, "Early Prediction of MPP Performance", section 4
and Fig. 9) as SAG transforms, like the what-ifs of ``sag.whatif``:

- ``full``: the machine as described (every overhead);
- ``zero-overhead``: no interaction or parallelism overhead (T_interact = T_parallel = 0 in Eq. 1):
  every time of a comm_sync component (start-ups, per-byte and per-hop costs, synchronization,
  fitted collectives) and every ``machine.*`` call time (process and group creation, the message
  passing library's calls) is 0; computation keeps its described costs;
- ``uniform``: zero-overhead, and "every flop takes the same amount of time": the node model
  ``uniform`` (interp/models/uniform.py) charges each floating-point operation ``seconds_per_flop``
  (the caller's W/T_1 rate) and nothing else.
"""
from __future__ import annotations

from dataclasses import replace

import sympy

from .model import SAG, SAU
from .parameter import Parameter
from .units import TIME

MODES = ("full", "zero-overhead", "uniform")


def _overhead(component: str, key: str, p: Parameter) -> bool:
    if p.dimension != TIME:
        return False
    return component == "comm_sync" or (component == "processing" and key.startswith("machine."))


def _zeroed(sau: SAU) -> SAU:
    comps = {}
    for cname, comp in sau.components.items():
        params = {k: (p.scaled(0.0) if _overhead(cname, k, p) else p) for k, p in comp.params.items()}
        comps[cname] = replace(comp, params=params)
    return replace(sau, components=comps, children=tuple(_zeroed(c) for c in sau.children))


def zero_overhead(sag: SAG) -> SAG:
    return replace(sag, root=_zeroed(sag.root), scenario=sag.scenario + ("zero-overhead",))


def _uniform(sau: SAU, flop: Parameter) -> SAU:
    comps = dict(sau.components)
    proc = comps.get("processing")
    if proc is not None and not proc.is_void:
        comps["processing"] = replace(proc, params={**proc.params, "ops.flop": flop},
                                      settings={**proc.settings, "model": "uniform"})
    return replace(sau, components=comps, children=tuple(_uniform(c, flop) for c in sau.children))


def uniform(sag: SAG, seconds_per_flop: float, source: str) -> SAG:
    """Zero-overhead, every flop ``seconds_per_flop`` on every SAU (``source`` says where it comes from)."""
    value = sympy.Float(seconds_per_flop)
    flop = Parameter("ops.flop", TIME, value, value, text=f"{seconds_per_flop:.6g} s", source=source,
                     path="processing.ops.flop")
    base = zero_overhead(sag)
    return replace(base, root=_uniform(base.root, flop),
                   scenario=sag.scenario + (f"uniform {1 / seconds_per_flop / 1e6:.4g} Mflop/s",))


def apply(sag: SAG, mode: str, seconds_per_flop: float | None = None, source: str = "") -> SAG:
    if mode == "full":
        return sag
    if mode == "zero-overhead":
        return zero_overhead(sag)
    if mode == "uniform":
        if seconds_per_flop is None:
            raise ValueError("uniform mode needs the time of one flop")
        return uniform(sag, seconds_per_flop, source)
    raise ValueError(f"unknown mode {mode!r} (choose one of: {', '.join(MODES)})")
