"""Loops whose closed form would lose a value a call returns that is read after them.

``for (d = 2; d <= 4; d++) total += count(d);`` then ``for (i = 0; i < total; i++)``: only the
interpreted calls give ``total`` (frontends/c/returned.py), and a loop in closed form runs none of
them, so that loop is interpreted iteration by iteration. A loop whose kept values nothing after it
reads (Game of Life's ``n = neighbours(..)`` inside the cell loops, read in the same statement) stays
in closed form: interpreting it would cost one interpreted call per cell and change no time.
"""
from __future__ import annotations

import sympy

from frontends.aag import Iter, Seq


def loops_keeping_values(functions: dict) -> frozenset[int]:
    """Ids of the loops of a program (its ``functions``) that store a returned value (Seq.returned) into a name that an
    AAU after the loop reads (a later statement of its body, or of any body around it)."""
    out: set[int] = set()
    for fn in functions.values():
        _visit(fn.body, set(), out)
    return frozenset(out)


def _visit(body: list, after: set[str], out: set[int]) -> None:
    for k, a in enumerate(body):
        following = after | _reads(body[k + 1:])
        if isinstance(a, Iter):
            kept = {_base(x.returned[0]) for x in a.walk() if isinstance(x, Seq) and x.returned}
            if kept & {_base(n) for n in following}:
                out.add(a.id)
        for inner in a.bodies():
            _visit(inner, following, out)


def _reads(aaus: list) -> set[str]:
    """Every name an expression of these AAUs (and of the AAUs inside them) reads: any sympy value
    among their fields, or in a list or tuple of them (a Seq's defs, a branch's condition)."""
    names: set[str] = set()
    for a in aaus:
        for x in a.walk():
            stack = list(vars(x).values()) + [b.cond for b in getattr(x, "branches", None) or ()]
            while stack:
                v = stack.pop()
                if isinstance(v, sympy.Basic):
                    names |= {str(s) for s in v.free_symbols}
                elif isinstance(v, (list, tuple)):
                    stack.extend(v)
    return names


def _base(name: str) -> str:
    return name.split("[", 1)[0]
