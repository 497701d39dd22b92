"""The trip count of a loop the source writes with a condition (``while (n--)``, ``while (i < n)
{ ...; i += 3; }``, ``do { } while (--k)``, Fortran ``DO WHILE (I .LE. N)``), when the condition
compares counters that the body steps by a constant once per pass.

Paper 3.4.2 costs a deterministic loop in closed form; a loop the source writes as ``while`` was
IterND and interpreted one pass at a time (about 20 us a pass), so ``while (n--)`` with
``-D n=1000000000`` ran for hours (fuzz round 4). When every name the condition reads is either
left alone by the body or changed only by top-level statements of the body that add a constant
(``n--``, ``i += 3``), the condition after k passes is ``A + B*k OP 0`` with B a non-zero number,
and the first k at which it fails is a closed form of the values at the loop's entry. The loop
then takes the path of one whose count ``iters()`` states: IterD in closed form (its effects on
the counters exact, frontends/aag/effects.py) or IterSync with a known count (steady states).

Anything else keeps the loop IterND, interpreted as before: a jump or a call in the body (a callee
may change a counter or end the process), a counter changed inside a branch, an inner loop or a
message, a step that is not a number, a relation the counters move away from (``i < n`` with
``i--``: it never fails, and interpretation reports it), ``==``, ``&&``.

``!=`` ends only if the counter meets the limit exactly: the count is ``-A/B`` when that is a
whole number of at least 0 (1 after a ``do`` loop's first pass), else the loop never ends (in C,
not before the counter overflows); the count is then NaN, which the engine refuses as a trip count
that is not a finite number, naming the loop and the inputs to check.
"""
from __future__ import annotations

import sympy

from . import symexpr as S
from .aau import Comm, Condt, Iter, Seq, Sync, SyncSeq
from .bodies import can_leave, flat, has_jump, root

_K = sympy.Dummy("k", integer=True, nonnegative=True)

# condition -> (sign of D = lhs - rhs, strict): the loop runs while sign * D < 0 (strict) or <= 0
_RELATIONS = {sympy.StrictLessThan: (1, True), sympy.LessThan: (1, False),
              sympy.StrictGreaterThan: (-1, True), sympy.GreaterThan: (-1, False)}


def derived_count(loop: Iter) -> tuple[sympy.Expr, dict[str, sympy.Expr]] | None:
    """The loop's trip count as a closed form of the values at its entry, and each counter's step
    per pass (0: read, not changed); or None."""
    cond = loop.cond
    if loop.kind not in ("while", "do", "for") or not isinstance(cond, sympy.core.relational.Relational):
        return None
    if has_jump(loop.body) or can_leave(loop.body):
        return None
    names = S.free_names(cond)
    if not names or any(root(n) != n for n in names):  # an element or a member: not followed here
        return None
    steps = _steps(loop.body, names)
    if steps is None or not any(steps.values()):
        return None
    try:
        d = sympy.expand((cond.lhs - cond.rhs).xreplace({S.var(n): S.var(n) + _K * s for n, s in steps.items()}))
        a, b = d.subs(_K, 0), sympy.expand(d.diff(_K))
    except (TypeError, ValueError, AttributeError):
        return None
    if not b.is_Number or b == 0 or sympy.expand(d - a - b * _K) != 0:
        return None
    first = 1 if loop.kind == "do" else 0  # a do loop tests its condition after its first pass
    if isinstance(cond, sympy.Unequality):
        kstar = -a / b
        valid = sympy.And(kstar >= first, sympy.Eq(kstar, sympy.floor(kstar)))
        return sympy.Piecewise((kstar, valid), (sympy.nan, True)), steps
    relation = _RELATIONS.get(type(cond))
    if relation is None:
        return None
    sign, strict = relation
    a, b = sign * a, sign * b
    if b < 0:  # the counters move away from the limit: never fails once it holds
        return None
    count = sympy.ceiling(-a / b) if strict else sympy.floor(-a / b) + 1
    return sympy.Max(first, count), steps


def _steps(body, names: set[str]) -> dict[str, sympy.Expr] | None:
    """What one pass adds to each of ``names`` (0 for a name the body leaves alone), or None when
    a pass changes one in any other way than top-level statements adding a number."""
    top = {id(a) for a in body if isinstance(a, Seq) and a.control is None}
    state: dict[str, sympy.Expr] = {}
    for a in flat(body):
        if isinstance(a, Seq):
            for name, expr in a.defs:
                if root(name) not in names and root(name.removesuffix(S.ELEMENTS)) not in names:
                    continue
                if id(a) not in top or expr is None or name not in names:
                    return None
                state[name] = expr.xreplace({S.var(n): v for n, v in state.items()})
        elif isinstance(a, (Comm, SyncSeq)):
            written = [getattr(a, f, None) for f in ("buffer", "recv_buffer", "status", "request", "creates")]
            written += list(getattr(a, "requests", None) or [])
            written += [name for _, name in getattr(a, "results", None) or ()]
            if any(w is not None and root(w) in names for w in written):
                return None
        elif isinstance(a, Iter):
            if a.var is not None and a.var in names:
                return None
        elif not isinstance(a, (Sync, Condt)):  # any other AAU may write variables (a Spawn)
            return None
    steps = {}
    for name in names:
        step = sympy.expand(state.get(name, S.var(name)) - S.var(name))
        if not step.is_Number:
            return None
        steps[name] = step
    return steps
