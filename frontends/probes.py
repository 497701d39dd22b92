"""Dependent probes: the loads of a search whose address depends on the comparison before it.

``for (; step > 0; step /= 2) if (a[pos + step] <= key) pos += step;`` and ``while (lo <= hi)
{ mid = (lo + hi) / 2; if (a[mid] < key) lo = mid + 1; else hi = mid - 1; }`` read one element
per halving step, at an address computed from what the previous comparison decided: a latency
chain through memory (the gather's loads, by contrast, are independent). The model costs such an
access by the pointer-chase latency of the level its lines come from at each depth of the search
(interp/models/search.py). This pass marks them (``Access.probe``) after the frontends built the
AAG, for both languages:

- the loop halves: a definition in its body divides by 2 (``/ 2``, ``>> 1``) a value that reads a
  variable of the loop's condition (the step, or the bounds whose midpoint is taken);
- the access is read in the condition of an if on data in the loop's body, and its subscript reads
  a variable that such an if assigns, or one computed from those (``mid`` from ``lo``, ``hi``).
"""
from __future__ import annotations

import sympy

from .aag import AAG, Condt, Iter, Seq
from .aag import symexpr as S


def mark_probes(aag: AAG) -> None:
    for fn in aag.functions.values():
        for a in fn.body:
            for x in a.walk():
                if isinstance(x, Iter) and _halves(x):
                    _mark(x)


def _direct(body):
    """The Seqs and Condts of a loop body, not those of loops nested in it."""
    for a in body:
        if isinstance(a, (Seq, Condt)):
            yield a
        if isinstance(a, Condt):
            for b in a.branches:
                yield from _direct(b.body)


def _defs(body):
    for a in _direct(body):
        if isinstance(a, Seq):
            yield from ((name, value) for name, value in a.defs if value is not None)


def _halves(loop: Iter) -> bool:
    if loop.cond is None:
        return False
    tested = loop.cond.free_symbols
    for _, value in _defs(loop.body):
        if not isinstance(value, sympy.Basic):
            continue
        for sub in sympy.preorder_traversal(value):
            halved = (isinstance(sub, S.CDiv) and sub.args[1] == 2) or (isinstance(sub, S.Shr) and sub.args[1] == 1)
            if halved and sub.args[0].free_symbols & tested:
                return True
    return False


def _mark(loop: Iter) -> None:
    decided: set = set()   # variables an if on data assigns
    for a in _direct(loop.body):
        if isinstance(a, Condt) and any(b.data_dependent for b in a.branches):
            for b in a.branches:
                decided |= {S.var(name) for name, _ in _defs(b.body)}
    defs = list(_defs(loop.body))
    changed = True
    while changed:   # and what is computed from them
        changed = False
        for name, value in defs:
            if isinstance(value, sympy.Basic) and value.free_symbols & decided and S.var(name) not in decided:
                decided.add(S.var(name))
                changed = True
    for a in _direct(loop.body):
        if isinstance(a, Condt):
            for b in a.branches:
                if not b.data_dependent:
                    continue
                for acc in b.cond_accesses:
                    index = acc.index
                    if acc.is_array and isinstance(index, sympy.Basic) and index.free_symbols & decided:
                        acc.probe = True
