"""Which interpreted loops overlap their statements across an iteration (the roofline's rule, applied
to loops the engine interprets iteration by iteration).

The roofline model costs a straight-line loop body as max(pipelined ops, divider, memory) summed
over the whole body (roofline.iterd): an out-of-order core issues the loop's increment, its test
and the other statements' adds beside a division in flight. A loop the engine interprets (a search
that returns early, ``if (k % d == 0) return 0;``; a loop whose count is data it computes) used to
be costed statement by statement, each statement's own max, summed: the divider's 5 ns plus the
test's and the branch's 0.9 ns for trial division's inner loop, where the core runs it in 5.
Interpreted with an iteration window (interp/engine/overlap.py), each statement is charged what
it adds to max(sum of ops, sum of divider time, sum of memory time) of its iteration so far.

The window does not apply, at mid, where a division reads a value an earlier division of the loop
computed (Euclid's ``t = a % b; a = b; b = t``): the divisions then wait for each other and for
the operations between them, the latency chain the summed cost stands for. ``--bound best``
overlaps every interpreted loop, ``--bound worst`` none (the statement-by-statement sum): the
ends of the range are the model's own (docs/model.md, "Interpreted iterations overlap").
"""
from __future__ import annotations

import math

import sympy

from frontends.aag import AAU, Condt, Iter, Seq
from frontends.aag.symexpr import CDiv, CMod

FIXED_POINT = 16  # rounds of propagation through a body's assignments (a chain longer is rare)


def divider_chain(loop: Iter) -> bool:
    """Does a division in ``loop`` read (directly or through the loop's assignments) the result
    of a division of the loop, so that consecutive divisions wait for each other?"""
    defs = []
    quotients = list(loop.cond_counts.quotients)
    for a in _within(loop.body):
        if isinstance(a, Seq):
            defs.extend((name, expr) for name, expr in a.defs if expr is not None)
            quotients.extend(a.counts.quotients)
        elif isinstance(a, Condt):
            for b in a.branches:
                quotients.extend(b.cond_counts.quotients)
        elif isinstance(a, Iter):
            quotients.extend(a.cond_counts.quotients)
    if not quotients:
        return False
    tainted = {name for name, expr in defs if expr.has(CDiv, CMod)}
    for _ in range(FIXED_POINT):
        more = {name for name, expr in defs if name not in tainted and _names(expr) & tainted}
        if not more:
            break
        tainted |= more
    return any((_names(x) | _names(y)) & tainted for x, y in quotients)


def _within(body: list[AAU]):
    for a in body:
        yield from a.walk()


def _names(expr) -> set[str]:
    return {s.name for s in getattr(expr, "free_symbols", ())}


def carried_chain(loop: Iter, latencies: dict) -> tuple[float, list[str]]:
    """The latency of the longest dependency cycle by which an iteration of ``loop`` carries a
    value to the next (``t = x*x - y*y + cr; y = 2*x*y + ci; x = t``: a multiply and two adds
    from last pass's x and y to this pass's), and the names on such cycles: a floor on each
    iteration's time, however many ports the operations have. Only paths that start at a value
    the iteration did not compute count: in ``s += x[i]*y[i]`` the multiply does not wait for the
    last pass's s, so the chain is one add. ``latencies``: for "int" and "float", seconds of one
    dependent add, mul and div (a statement with no floating-point operation takes the int
    ones). The body's top-level assignments in order; an operation of n operands is a balanced
    tree of n - 1 (a constant factor of 1 or -1 is no multiply; an integer's power-of-two factor is a
    shift, an add's time); a division by a power of two is
    a shift (an add's time), by another constant a multiply and two adds; calls and branches add
    nothing. A cycle through k names spans k passes at most and counts its mean per pass (the
    max-plus cycle mean)."""
    paths: dict[str, dict[str, float]] = {}   # name -> {start-of-pass name: longest path to it}
    for a in loop.body:
        if not isinstance(a, Seq):
            continue
        floating = any(op.startswith(("double_", "real_")) or op.endswith("_to_real") for op in a.counts.ops)
        latency = latencies["float"] if floating else dict(latencies["int"], shift=latencies["int"]["add"])
        for name, expr in a.defs:
            if expr is None or not isinstance(expr, sympy.Basic):
                continue
            paths[name] = _paths(expr, paths, latency)
    return cycle_mean(paths)


def _paths(e, paths: dict, latency: dict) -> dict[str, float]:
    """Longest path (seconds) to ``e``'s value from each start-of-pass value it reads."""
    if e.is_Symbol:
        return dict(paths[e.name]) if e.name in paths else {e.name: 0.0}
    if e.is_Number or not e.args:
        return {}
    merged: dict[str, float] = {}
    for x in e.args:
        for name, t in _paths(x, paths, latency).items():
            merged[name] = max(t, merged.get(name, 0.0))
    step = _step(e, latency)
    return {name: t + step for name, t in merged.items()}


def _step(e, latency: dict) -> float:
    """The latency ``e``'s own operation adds on top of its operands'."""
    if e.is_Add:
        return latency["add"] * math.ceil(math.log2(len(e.args)))
    if e.is_Mul:
        factors = [x for x in e.args if not (x.is_Number and abs(x) == 1)]
        # an integer times a power of two is a shift or an lea (``step *= 2``): an add's latency
        shifts = [x for x in factors if x.is_Integer and abs(int(x)) > 1 and not abs(int(x)) & (abs(int(x)) - 1)]
        rest = len(factors) - len(shifts)
        t = latency["mul"] * (math.ceil(math.log2(rest)) if rest > 1 else 0)
        return t + (latency.get("shift", latency["mul"]) if shifts and rest else 0.0)
    if e.is_Pow:
        exp = e.args[1]
        if exp == -1:
            return latency["div"]
        if exp.is_Integer and exp > 1:
            return latency["mul"] * math.ceil(math.log2(int(exp)))
        return 0.0
    if isinstance(e, (CDiv, CMod)):
        d = e.args[1]
        if d.is_Integer and d > 0 and (int(d) & (int(d) - 1)) == 0:
            return latency["add"]  # a shift (and a mask)
        if d.is_Number:
            return latency["mul"] + 2 * latency["add"]  # a multiply-high and a fix-up
        return latency["div"]
    return 0.0


def cycle_mean(paths: dict[str, dict[str, float]]) -> tuple[float, list[str]]:
    """The maximum mean weight per pass of a cycle in the graph u -> v (weight: v's longest path
    from last pass's u), by max-plus powers of its matrix (k passes for a cycle through k names;
    the graphs are a loop body's assigned names), and the names on the cycles that reach it."""
    names = sorted(paths)
    edge = {v: {u: t for u, t in paths[v].items() if u in paths} for v in names}
    best, on = 0.0, set()
    reach = {v: dict(edge[v]) for v in names}   # v <- u in exactly k passes: longest
    for k in range(1, len(names) + 1):
        for v in names:
            if v in reach[v] and reach[v][v] > 0:
                mean = reach[v][v] / k
                if mean > best * (1 + 1e-12):
                    best, on = mean, {v}
                elif mean >= best * (1 - 1e-12):
                    on.add(v)
        reach = {v: _extend(edge[v], reach) for v in names}
    return best, sorted(on)


def _extend(into: dict[str, float], reach: dict[str, dict[str, float]]) -> dict[str, float]:
    out: dict[str, float] = {}
    for w, t in into.items():
        for u, s in reach[w].items():
            out[u] = max(out.get(u, 0.0), s + t)
    return out
