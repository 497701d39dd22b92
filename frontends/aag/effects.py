"""Closed-form effects of a deterministic loop on the critical variables its body assigns.

A counted loop whose body only updates critical variables by induction (``off += chunk``,
``rank += 0``, ``last = i``) needs no iteration-by-iteration interpretation: after n iterations
each variable is a closed form of the values before the loop (paper 3.3.2 keeps critical
variables exact; 3.4.2 wants deterministic loops costed in closed form). Without this, such a loop
was IterND and a bound of 10^9 took 10^9 interpreted iterations (issue 14).

``loop_effects`` returns [(name, expression)], the value of each assigned name after the loop as
an expression of the names before it, or None when the body is not of that shape: any branch,
message, function call, jump or unknown value; an update that is not ``v = v + c`` or ``v = c``
with ``c`` free of the names the body assigns; a sum sympy cannot close; or an inner loop whose
limits read a name the body assigns (its time would then change from iteration to iteration).
"""
from __future__ import annotations

import sympy

from . import symexpr as S
from .aau import Iter, Seq

_K = sympy.Dummy("k", integer=True, nonnegative=True)


def loop_effects(loop: Iter, entry_count: bool = False) -> list[tuple[str, sympy.Expr]] | None:
    """``entry_count``: the trip count is a closed form of the values at the loop's entry (a
    condition's counters, aag/whilecount.py), so it may read names the body assigns."""
    try:
        return _effects(loop, entry_count)
    except (TypeError, ValueError, AttributeError, NotImplementedError, RecursionError,
            sympy.PolynomialError, sympy.CoercionFailed):
        # sympy could not sum or simplify an update (it fails inside its polynomial code on some
        # symbolic steps): the loop is interpreted, as it was before closed forms existed
        return None


def _effects(loop: Iter, entry_count: bool = False) -> list[tuple[str, sympy.Expr]] | None:
    if loop.var is None and loop.num_iters is not None and loop.iters_annotation is not None:
        # A while (DO WHILE) whose count iters() states: the same sums, over an index no one reads.
        var, lo, step = "__pass", sympy.Integer(0), sympy.Integer(1)
    elif loop.var is None or loop.lo is None or loop.step is None or loop.num_iters is None:
        return None
    else:
        var, lo, step = loop.var, loop.lo, loop.step
    step_map = _body_map(loop.body)
    if step_map is None:
        return None
    written = set(step_map) | {var}
    index = S.var(var)
    n = loop.num_iters
    if (S.free_names(n) & written and not entry_count) or S.free_names(lo) & written or S.free_names(step) & written:
        return None
    effects = []
    for name, new in step_map.items():
        if name == var:
            return None  # the body moves its own index: not a counted loop
        if new is None:  # a value from data (diff = fmax(diff, fabs(u[i] - v[i]))): unknown after
            effects.append((name, None))
            continue
        old = S.var(name)
        inc = sympy.expand(new - old)
        at_k = {index: lo + _K * step}
        if not (S.free_names(inc) & written - {var}):  # v = v + c(i)
            total = sympy.summation(inc.subs(at_k), (_K, 0, n - 1))
            if total.has(sympy.Sum):
                return None
            effects.append((name, old + total))
        elif not (S.free_names(new) & written - {var}):  # v = c(i): the last iteration's c
            last = new.subs({index: lo + (n - 1) * step})
            effects.append((name, sympy.Piecewise((last, n >= 1), (old, True))))
        else:
            return None
    if loop.var is not None:
        effects.append((var, lo + n * step))
    return effects


def _body_map(body) -> dict[str, sympy.Expr] | None:
    """One pass of the body as a map name -> new value in terms of the values at its start."""
    state: dict[str, sympy.Expr | None] = {}
    for a in body:
        if isinstance(a, Seq) and a.control is None:
            unknown = _unknown(state)
            if unknown & _roots(S.free_names(a.cost).union(*(S.free_names(e) for e in (a.work or {}).values()))):
                return None  # a cost stated in a value from data: it varies from pass to pass
            for name, expr in a.defs:
                if name.endswith(S.ELEMENTS) and expr is not None:  # an element picked at run time
                    return None
                # a value from data (None), or one computed from it, is data too: no time of the
                # body depends on it (no branch, loop limit or cost reads it here), and after the
                # loop it is unknown, as interpreting every pass would leave it; so is every
                # element of an array stored at an index from data (hist[key[i]]++)
                state[name] = None if expr is None or _roots(S.free_names(expr)) & unknown else _at(expr, state)
                unknown = _unknown(state)
        elif isinstance(a, Iter) and a.cls == "IterD" and getattr(a, "effects", None) is not None:
            # an inner loop already closed: its limits may read the outer index, not the names
            # this body assigns before it (its time would then differ between iterations)
            limits = S.free_names(a.num_iters) | S.free_names(a.lo) | S.free_names(a.step)
            if limits & set(state):
                return None
            unknown = _unknown(state)
            updates = {name: None if expr is None or _roots(S.free_names(expr)) & unknown else _at(expr, state)
                       for name, expr in a.effects}
            state.update(updates)
        else:
            return None
    return state


def _roots(names) -> set[str]:
    """Names by their variable or array: ``hist[3]``, ``hist[]`` and ``hist`` are ``hist``."""
    return {n.split("[", 1)[0] for n in names}


def _unknown(state) -> set[str]:
    """The variables and arrays the pass so far has made unknown (values from data)."""
    return _roots(n for n, v in state.items() if v is None)


def _at(expr, state):
    """``expr`` with the names the body has assigned so far replaced by their new values."""
    if not state:
        return expr
    return expr.xreplace({S.var(n): v for n, v in state.items() if v is not None})
