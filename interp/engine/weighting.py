"""A branch on critical variables whose values turn out to come from data on a process: weighed as
a branch on data (Algorithm 3) with its prob() or the default 0.5 per condition, once per branch
and run (the engine's memo), with the note that names the annotation replacing the default."""
from __future__ import annotations

from copy import copy

from interp.errors import InputError


def weighted_branch(engine, a, chain):
    """The branch ``a`` weighed as a branch on data (Algorithm 3), with its prob() or the default
    0.5 per condition: the values it tests are not known on ``chain``'s process (they come from
    data). The note says which line and which annotation replaces the default."""
    key = ("weighted", a.id)
    if key not in engine._inner:
        w = copy(a)
        w.branches = []
        for b in a.branches:
            b = copy(b)
            if b.cond is not None:
                b.data_dependent = True
                b.prob = 0.5 if b.prob is None else b.prob
            w.branches.append(b)
        engine._inner[key] = w
        tests = sum(1 for b in a.branches if b.cond is not None)
        directive = "!$interp" if chain.aag.language == "fortran" else "#pragma interp"
        pragma = f"{directive} prob({', '.join(['0.5'] * tests)})"
        if engine.no_defaults:
            raise InputError(f"{a.loc}: --strict: the condition reads values that come from data at run "
                             f"time and would be weighted with the default probability 0.5; state it "
                             f"with '{pragma}' above line {a.loc.first}")
        engine.notes[("weighted", a.id)] = (
            f"{a.loc}: the condition reads values that come from data at run time; weighted with "
            f"probability 0.5 per condition (Algorithm 3); state it with '{pragma}' above line {a.loc.first}")
    return engine._inner[key]
