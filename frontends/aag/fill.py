"""Closed form of a loop that fills followed elements: the row pointers of a CSR matrix.

``for (i = 0; i < n; i++) { rowptr[i] = nnz; if (i > 0) nnz++; nnz++; if (i < n - 1) nnz++; }``
stores n elements and counts nnz under conditions on i. Interpreted, that is n passes of the
engine (70 s for 10^6 rows). Each counter's increments are constants under conditions linear in
the loop index, so its value at the start of iteration k is its value before the loop plus, per
increment, c times the iterations before k that take it (intervals.py counts them), and
each stored element is a closed form of k. The engine then stores the elements from those forms
(engine/fills.py) without interpreting the body; the loop's time is the omega model's closed form.

The shape accepted (else None: the loop is interpreted as before): a counted loop whose body is
Seqs and ifs on conditions free of the names the body assigns; the ifs' branches only update
counters ``v = v + c``; the Seqs update counters, store elements ``a[f(i)] = g(i, counters)`` or
set per-iteration names from the index (``row = iy * nx + ix``); c free of every name the body
assigns and of the index.
"""
from __future__ import annotations

import sympy

from . import symexpr as S
from .aau import Condt, Iter, Seq
from .intervals import count_where

K = sympy.Symbol("__fill_k", integer=True, nonnegative=True)  # the iteration, 0 .. n-1


class _Shape(Exception):
    pass


def fill_effects(loop: Iter):
    """(effects, fills) of the loop or None. ``effects`` as aag/effects.py's; ``fills``: [(array,
    index, value)], expressions of K (and of the values before the loop) of each element the
    iteration K stores."""
    if loop.var is None or loop.lo is None or loop.step is None or loop.num_iters is None:
        return None
    try:
        return _fill(loop)
    except (_Shape, TypeError, ValueError, AttributeError, NotImplementedError):
        return None


def _fill(loop: Iter):
    index = S.var(loop.var)
    at_k = {index: loop.lo + K * loop.step}
    steps: list = []  # (counter, increment, condition or None), in program order
    stores: list = []  # (array, index expr, value expr, number of steps before the store)
    local: dict = {}  # per-iteration names set from the index
    for a in loop.body:
        if isinstance(a, Seq) and a.control is None:
            for name, expr in a.defs:
                _seq_def(name, expr, steps, stores, local, loop.var)
        elif isinstance(a, Condt) and a.cls == "CondtD":
            _branches(a, steps, local)
        else:
            raise _Shape
    if not stores:
        return None
    counters = {c for c, _, _ in steps}
    written = counters | set(local) | {loop.var}
    arrays = [array for array, _, _, _ in stores]
    if len(set(arrays)) != len(arrays) or any(S.free_names(e) & counters for e in local.values()):
        # two stores into one array (the engine stores one form after the other, not in the
        # program's order), or ``start = nnz`` (a counter's value at that point of the body)
        raise _Shape
    for _, inc, cond in steps:
        if S.free_names(inc) & written or (cond is not None and S.free_names(cond) & (counters | set(local))):
            raise _Shape
    j = sympy.Dummy("j", integer=True, nonnegative=True)

    def before(counter, upto: int, k):
        """The counter's value at step ``upto`` of iteration k: its value before the loop, the
        increments of the k whole iterations before, those of this iteration's first steps."""
        value = S.var(counter)
        for pos, (c, inc, cond) in enumerate(steps):
            if c != counter:
                continue
            cj = None if cond is None else cond.xreplace({index: loop.lo + j * loop.step})
            value += inc * (k if cj is None else count_where([cj], j, k))
            if pos < upto:
                value += inc if cond is None else inc * sympy.Piecewise((1, cond.xreplace(at_k)), (0, True))
        return value

    fills = []
    for array, idx, value, upto in stores:
        subs = {S.var(c): before(c, upto, K) for c in counters}
        subs.update(at_k)
        fills.append((array, idx.xreplace(subs), value.xreplace(subs)))
    n = loop.num_iters
    effects = [(c, before(c, 0, n)) for c in sorted(counters)]
    effects += [(name, sympy.Piecewise((expr.xreplace({index: loop.lo + (n - 1) * loop.step}), n >= 1),
                                       (S.var(name), True))) for name, expr in local.items()]
    effects.append((loop.var, loop.lo + n * loop.step))
    return effects, fills


def _seq_def(name, expr, steps, stores, local, var) -> None:
    if expr is None or name == var:
        raise _Shape
    expr = expr.xreplace({S.var(n): v for n, v in local.items()})
    if name.endswith(S.ELEMENTS):
        if not isinstance(expr, S.Stored):
            raise _Shape
        idx, value = expr.args
        if idx.has(S.Elem) or value.has(S.Elem):
            raise _Shape
        stores.append((name[:-len(S.ELEMENTS)], idx, value, len(steps)))
        return
    inc = sympy.expand(expr - S.var(name))
    if S.var(name) not in inc.free_symbols and S.var(name) in expr.free_symbols:
        steps.append((name, inc, None))  # v = v + c
    elif S.var(name) not in expr.free_symbols and not any(c == name for c, _, _ in steps):
        local[name] = expr  # row = iy * nx + ix: a name of this iteration
    else:
        raise _Shape


def _branches(c: Condt, steps, local) -> None:
    """An if whose branches update counters: each update taken under its branch's condition (and
    the negations of the conditions before it)."""
    taken = sympy.true
    for b in c.branches:
        if b.data_dependent or (b.cond is None and not b.is_else):
            raise _Shape
        cond = sympy.And(taken, b.cond.xreplace({S.var(n): v for n, v in local.items()})) if not b.is_else else taken
        for a in b.body:
            if not isinstance(a, Seq) or a.control is not None:
                raise _Shape
            for name, expr in a.defs:
                if expr is None or name.endswith(S.ELEMENTS):
                    raise _Shape
                inc = sympy.expand(expr - S.var(name))
                if S.var(name) in inc.free_symbols or S.var(name) not in expr.free_symbols:
                    raise _Shape
                steps.append((name, inc, cond))
        if b.is_else:
            break
        taken = sympy.And(taken, sympy.Not(b.cond))
