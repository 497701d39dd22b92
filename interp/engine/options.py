"""How one interpretation runs: the choices a command makes for the engine, in one record."""
from __future__ import annotations

from dataclasses import dataclass

from sag.parameter import Bound


@dataclass(frozen=True)
class EngineOptions:
    bound: Bound = Bound()  # which end of the machine's [min, max] ranges
    trace: bool = False  # record a Span per AAU execution (traces, plots)
    tiebreak: int = 1  # order of simultaneous events: 1 by process index, -1 reversed, 0 by arrival
    closed_forms: bool = True  # False: unroll deterministic loops (tests check the closed forms)
    placement: dict | None = None  # explicit mapping of processes onto SAUs (--map)
    messages: bool = True  # keep a Message record per message (the SAAG, traces, plots)
    extrapolate: bool = True  # steady states of communicating loops extrapolated (not --exact)
    symmetry: bool = True  # processes that provably behave alike interpreted once (engine/symmetry.py)
    classes: tuple = ()  # rank symmetry: each rank's class (engine/symmetry_classes.py; () one class)
    class_group: str = "shift"  # the classes' symmetry: "shift" or "xor" (symmetry_classes.Group)
    class_restarts: int = 0  # refinements of the classes so far (bounded: symmetry_classes.MAX_RESTARTS)
    banned: frozenset = frozenset()  # loops whose extrapolation failed: interpret them fully
    strict: bool = False  # check mode: standard sends above the static buffer may block
    max_events: int | None = None  # budget of operations + loop iterations (None: budget.MAX_EVENTS)
    timeout: float | None = None  # budget of wall time in seconds (None: budget.TIMEOUT)
    contention: bool = True  # False (interp bound's phi): shared resources never make anything wait
    demand: bool = False  # record the service demand of every shared resource (interp bound's delta)
    # check: message records are read only for what is left unmatched at the end, which a skipped
    # steady-state iteration never leaves, so steady states may be extrapolated with records kept
    leftovers_only: bool = False
    no_defaults: bool = False  # --strict: a default (prob 0.5, a sampled loop) is an error naming its annotation
    # check: a loop whose trip count or condition needs data is listed (with the iters() that
    # states it) and taken as running once, so that one check names every such loop, not the first
    survey: bool = False
