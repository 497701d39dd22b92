"""What-if scenarios and run-time parameters (paper 3.4.2, "Modeling What-ifs" and "Modeling
Runtime Parameters"): both become scaling factors or values applied to a copy of the SAG.

``--scale comm_sync.per_byte=0.5`` multiplies every parameter whose key ends with ``per_byte`` in
a comm_sync component (both static and dynamic buffers); ``--scale processing.clock=2`` makes
every clock twice as fast, so every value given in clocks takes half the time.

``--scale processing.speed=0.8`` (``*.speed`` for every component) is the whole component running
at 0.8 times its described speed, as under a load (paper 3.4.2, "Modeling Runtime Parameters":
"an appropriate scaling factor ... used to scale the parameters exported"): every time divided by
0.8, every rate (bandwidth, flop rate) multiplied by it; sizes and counts unchanged. Times given
in clocks are scaled as times and the clock itself is left as described, so that a later
``processing.clock`` what-if still rescales them once.
"""
from __future__ import annotations

from dataclasses import replace

from . import bounded
from .errors import ExprError, quote
from .limits import MAX_OPTION_MAGNITUDE, MIN_SCALE_FACTOR
from .model import SAG, SAU
from .parameter import Parameter
from .units import FLOP_RATE, RATE, TIME

SPEED = "speed"
_FASTER = {TIME: -1, RATE: 1, FLOP_RATE: 1}  # exponent of the speed factor


def parse_assignments(items: tuple[str, ...] | list[str], what: str) -> list[tuple[str, float]]:
    """``NAME=NUMBER`` options (``--scale``, ``--param``) as pairs.

    A number that is not finite or beyond MAX_OPTION_MAGNITUDE (nan, inf, 1e400, 1e30) is a typo,
    and would otherwise turn every prediction into inf or nan: it is an error naming the option.
    """
    out = []
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ExprError(f"{what} {quote(item)}: expected NAME=NUMBER")
        try:
            number = float(value)
        except ValueError:
            raise ExprError(f"{what} {quote(item)}: {quote(value)} is not a number") from None
        problem = bounded.float_problem(number)
        if problem is None and abs(number) > MAX_OPTION_MAGNITUDE:
            problem = f"larger than {MAX_OPTION_MAGNITUDE:g} in magnitude"
        if problem:
            raise ExprError(f"{what} {quote(item)}: the value is {problem}; give a finite number "
                            f"of at most {MAX_OPTION_MAGNITUDE:g} in magnitude")
        out.append((key.strip(), number))
    return out


def _matches(component: str, key: str, pattern: str) -> bool:
    comp, _, rest = pattern.partition(".")
    if not rest:
        return False
    if comp != component and comp != "*":
        return False
    if rest == SPEED:
        return True
    return key == rest or key.endswith("." + rest)


def scale(sag: SAG, changes: list[tuple[str, float]], sau_id: str | None = None) -> SAG:
    """A new SAG with each matching parameter multiplied (clock changes rescale clock counts)."""
    root = sag.root
    for pattern, factor in changes:
        if not (factor > 0):  # also nan
            raise ExprError(f"--scale {quote(pattern)}={factor}: the factor must be positive")
        if not MIN_SCALE_FACTOR <= factor <= MAX_OPTION_MAGNITUDE:
            raise ExprError(f"--scale {quote(pattern)}={factor:g}: a factor must lie between "
                            f"{MIN_SCALE_FACTOR:g} and {MAX_OPTION_MAGNITUDE:g}")
        hits = [0]
        root = _scale_sau(root, pattern, factor, hits, sau_id, None)
        _check_scaled(root, f"--scale {pattern}={factor:g}")
        if not hits[0]:
            known = sorted({f"{c}.{k}" for _, c_k, _ in sag.parameters() for c, _, k in [c_k.partition('.')]})
            raise ExprError(f"--scale {quote(pattern)}: no parameter matches (for example: {', '.join(known[:8])} ...; "
                            "or COMP.speed, *.speed for a whole component's speed)")
    label = tuple(f"{p}*{f:g}" for p, f in changes)
    return replace(sag, root=root, scenario=sag.scenario + label)


def _scale_sau(sau: SAU, pattern: str, factor: float, hits, only: str | None, new_period):
    """Scale matching parameters of ``sau`` and its descendants (all of them, or from ``only`` down)."""
    selected = only is None or sau.id == only
    period = new_period
    comps = {}
    for cname, comp in sau.components.items():
        params = {}
        for key, p in comp.params.items():
            if selected and _matches(cname, key, pattern):
                if pattern.endswith("." + SPEED):
                    exponent = _FASTER.get(p.dimension, 0)
                    if exponent:
                        p = p.scaled(factor ** exponent)
                        hits[0] += 1
                    params[key] = p
                    continue
                p = p.scaled(factor)
                hits[0] += 1
                if cname == "processing" and key == "clock":
                    period = 1.0 / float(p.lo)
            params[key] = p
        comps[cname] = replace(comp, params=params)
    if period is not None:
        comps = {c: replace(comp, params={k: _reclock(p, period) for k, p in comp.params.items()})
                 for c, comp in comps.items()}
    below = None if selected else only
    children = tuple(_scale_sau(ch, pattern, factor, hits, below, period) for ch in sau.children)
    return replace(sau, components=comps, children=children)


def _check_scaled(root: SAU, option: str) -> None:
    """Every constant parameter must stay finite and bounded after a what-if (1e300 * 1e12 is not);
    expressions of run-time arguments are checked when they are evaluated."""
    for sau in root.walk():
        for comp in sau.components.values():
            for p in comp.params.values():
                if p.names:
                    continue
                problem = bounded.expr_problem(p.lo) or bounded.expr_problem(p.hi)
                if problem:
                    where = f"{p.file or '<machine>'}:{p.line}" if p.line else (p.file or "<machine>")
                    raise ExprError(f"{quote(option)} makes {p.path} ({where}) {problem}; "
                                    "use a smaller factor")


def _reclock(p: Parameter, period: float) -> Parameter:
    if p.clk_period is None or p.key == "clock":
        return p
    return p.with_clock(period)


def with_runtime(sag: SAG, values: list[tuple[str, float]]) -> SAG:
    """A new SAG whose run-time parameters (declared in the file's ``runtime``) take these values."""
    runtime = dict(sag.runtime)
    for name, value in values:
        if name not in runtime:
            declared = ", ".join(sorted(runtime)) or "none"
            raise ExprError(f"--param {quote(name)}: this machine declares no run-time parameter "
                            f"{quote(name)} (declared: {declared})")
        if problem := bounded.float_problem(value):
            raise ExprError(f"--param {quote(name)}={value}: the value is {problem}")
        runtime[name] = value
    return replace(sag, runtime=runtime, scenario=sag.scenario + tuple(f"{n}={v:g}" for n, v in values))
