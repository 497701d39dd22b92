"""A loop with no trip count that is on its way past the event budget, refused early (fuzz round 4).

A while loop whose condition reads a counter that the body moves inside a branch (``while (i < n)
{ if (rank >= 0) i++; }``) has no closed form (aag/whilecount.py) and is interpreted pass by pass,
about 15,000 passes a second: with ``-D n=1000000000`` it reached --max-events (10^8) after more
than an hour. Every ``ITER_STEP`` passes the engine looks at the gap between the two sides of
the condition (``lhs - rhs``); when it moved toward the limit by the same amount over the last two
spans, the passes still to run are about the gap over that rate, and when they are more than the
budget has left, the loop is refused now (``Budget.forecast``), within about a second, with the
message the budget would give at the end. Anything else (a gap that moves unevenly or away from
the limit, ``==`` or ``!=``, a symbolic value) leaves the loop to run as before.
"""
from __future__ import annotations

import sympy

from frontends.aag.bodies import can_leave

from interp.engine.budget import BudgetExceeded

_GAPS: dict[int, tuple] = {}  # id(cond) -> (cond, lhs - rhs or None): one expression per loop
_CLOSE = 1e-9  # relative tolerance of "the same amount"


def check(chain, a, k: int, step: int) -> None:
    """At pass ``k`` (a multiple of ``step``) of loop ``a`` on ``chain``: refuse it if its gap says
    it will run past the budget. A loop that can be left otherwise (a break, a return, a call that
    may end the process) is not judged by its condition."""
    seen = chain.__dict__.setdefault("_forecast", {})
    gap = _gap(chain, a.cond)
    if k == step:  # the first look of this execution of the loop
        seen[a.id] = [gap] if gap is not None and not can_leave(a.body) else None
        return
    history = seen.get(a.id)
    if history is None or gap is None:
        return
    history.append(gap)
    if len(history) < 3:
        return
    g0, g1, g2 = history[-3:]
    del history[:-3]
    rate = g2 - g1
    if not rate or abs((g1 - g0) - rate) > _CLOSE * abs(rate) or g2 * rate >= 0:
        return  # uneven, or not moving toward the limit (the gap's sign is the side it ends on)
    left = abs(g2 / rate) * step
    budget = chain.engine.budget
    if left > budget.max_events - budget.work:
        raise BudgetExceeded(
            f"{a.loc} ({a.cls}) on {chain.label}: this loop would run about {k + left:,.0f} passes, each "
            "interpreted (its condition's counters move in a branch or a call, so it has no closed form), "
            f"more than the {budget.max_events:,} operations and loop iterations a prediction may interpret "
            f"(--max-events); state its trip count with '{chain.directive} iters(N)' above line {a.loc.first}, "
            "or raise --max-events if it really runs that long")


def _gap(chain, cond):
    if not isinstance(cond, (sympy.StrictLessThan, sympy.LessThan, sympy.StrictGreaterThan, sympy.GreaterThan)):
        return None
    entry = _GAPS.get(id(cond))
    if entry is None or entry[0] is not cond:
        entry = _GAPS[id(cond)] = (cond, cond.lhs - cond.rhs)
    value = chain.try_eval(entry[1])
    return float(value) if isinstance(value, (int, float)) else None
