"""The values a statement leaves, put into the closed form of what follows it (paper 3.4.2's
closed forms of bodies whose statements assign the names later ones read): NodeModel.body and
the attribution of a closed form to its AAUs (attribution.py)."""
from __future__ import annotations

import sympy

from frontends.aag import symexpr as S
from frontends.aag import AAU, Call, Condt, Iter, Seq

from .closed import NotClosed


def copied_members(a: Call, symbols) -> dict:
    """A struct passed by value: the callee's ``c.n`` is the caller's ``cf.n`` (Call.copies)."""
    out = {}
    for param, var in a.copies.items():
        for sym in symbols:
            if str(sym).startswith((param + ".", param + "[")):
                out[sym] = S.var(var + str(sym)[len(param):])
    return out


def values_after(a: AAU):
    """The substitution that puts into what follows ``a`` the values ``a`` leaves (after_seq,
    after_loop, after_branches), or None when ``a`` assigns nothing that way."""
    if isinstance(a, Seq) and a.defs:
        return lambda rest: after_seq(a, rest)
    if isinstance(a, Iter) and a.cls == "IterD" and a.clobbers:
        return lambda rest: after_loop(a, rest)
    if isinstance(a, Condt) and a.cls == "CondtD" and assigns(a):
        return lambda rest: after_branches(a, rest)
    return None


def after_seq(a: Seq, rest: sympy.Expr) -> sympy.Expr:
    """The time of what follows ``a`` with the values ``a`` assigns put in (``long lo = rank * m,
    hi = lo + m;`` then a loop from lo to hi): a callee's closed form reads its locals' values, not
    names the caller cannot know. A value the parse could not follow leaves the body interpreted."""
    for target, value in reversed(a.defs):
        sym = S.var(target)
        if sym in rest.free_symbols:
            if value is None:
                raise NotClosed(a)
            rest = rest.xreplace({sym: value})
    return rest


def after_loop(a: Iter, rest: sympy.Expr) -> sympy.Expr:
    """What follows a loop with the values the loop leaves put in: ``k = 0; for (i < n) k += 2;``
    then a loop to k costs 2n iterations (the loop's closed-form effects, aag/effects.py). A name
    the loop assigns without a closed form, read by what follows, leaves the body interpreted.
    Until 2026-11-23 the value from before the loop was used: the second loop of a function ran 0
    times in the function's closed form."""
    effects = dict(a.effects or [])
    subs = {}
    for name in a.clobbers:
        sym = S.var(name)
        if sym not in rest.free_symbols:
            continue
        if effects.get(name) is None:
            raise NotClosed(a)
        subs[sym] = effects[name]
    return rest.xreplace(subs) if subs else rest


def assigns(c: Condt) -> bool:
    return any(isinstance(y, Seq) and y.defs for b in c.branches for x in b.body for y in x.walk())


def after_branches(c: Condt, rest: sympy.Expr) -> sympy.Expr:
    """What follows an if whose branches assign values it reads (``start = p * p; if (start <
    lo) start = lo + ...;`` then a loop from start): each such name becomes the value of the
    branch taken, as a Piecewise of the decided conditions, the name itself (the value from
    before, put in by the caller's ``after_seq``) when no branch is taken. A branch on data, or an
    assignment deeper than the branch's own statements, leaves the body interpreted: before, the
    value from before the if was used whatever the branch did (a sieve block's marks counted from
    p * p instead of from the block's start)."""
    assigned = {name for b in c.branches for x in b.body for y in x.walk() if isinstance(y, Seq)
                for name, _ in y.defs}
    subs = {}
    for name in assigned:
        sym = S.var(name)
        if sym not in rest.free_symbols:
            continue
        value = sym
        for b in reversed(c.branches):
            if b.data_dependent or b.cond is None and not b.is_else:
                raise NotClosed(c)
            v = _branch_value(b.body, name)
            value = v if b.is_else else sympy.Piecewise((v, b.cond), (value, True))
        subs[sym] = value
    return rest.xreplace(subs) if subs else rest


def _branch_value(body: list[AAU], name: str):
    """The value ``name`` has after a branch's statements (its own symbol when they leave it)."""
    env: dict = {}
    for x in body:
        if not isinstance(x, Seq):
            if any(isinstance(y, Seq) and any(t == name for t, _ in y.defs) for y in x.walk()):
                raise NotClosed(x)
            continue
        for target, value in x.defs:
            if value is None:
                if target == name:
                    raise NotClosed(x)
                env[target] = None
                continue
            if any(env.get(str(f)) is None and str(f) in env for f in value.free_symbols):
                raise NotClosed(x)
            env[target] = value.xreplace({S.var(t): v for t, v in env.items() if v is not None})
    return env.get(name, S.var(name))  # never None: an unknown value of ``name`` raised above


def returns(body: list[AAU]) -> bool:
    """Does the branch body end with a return?"""
    return bool(body) and isinstance(body[-1], Seq) and body[-1].control == "return"
