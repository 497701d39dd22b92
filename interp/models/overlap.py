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
    """The latency of the longest dependency chain an iteration of ``loop`` adds to a value the
    next iteration reads (``t = x*x - y*y + cr; y = 2*x*y + ci; x = t``: a multiply and two
    adds to x), and those values' names: a floor on each interpreted iteration's time, however
    many ports the operations have. ``latencies``: for "int" and "float", seconds of one
    dependent add, mul and div (a statement with no floating-point operation takes the int
    ones). The body's top-level assignments in order; an operation of n operands is a balanced
    tree of n - 1 (a constant factor of 1 or -1 is no multiply); a division by a power of two is
    a shift (an add's time), by another constant a multiply and two adds; calls and branches add
    nothing."""
    lat: dict[str, float] = {}
    read: set[str] = set(_names(loop.cond)) if loop.cond is not None else set()
    for a in loop.body:
        if not isinstance(a, Seq):
            continue
        floating = any(op.startswith(("double_", "real_")) or op.endswith("_to_real") for op in a.counts.ops)
        latency = latencies["float" if floating else "int"]
        for name, expr in a.defs:
            if expr is None or not isinstance(expr, sympy.Basic):
                continue
            read |= _names(expr) - set(lat)  # read before this iteration assigns it: last iteration's
            lat[name] = _latency(expr, lat, latency)
    carried = sorted(n for n in lat if n in read and lat[n] > 0)
    return (max((lat[n] for n in carried), default=0.0), carried)


def _latency(e, lat: dict, latency: dict) -> float:
    if e.is_Symbol:
        return lat.get(e.name, 0.0)
    if e.is_Number or not e.args:
        return 0.0
    inner = [_latency(x, lat, latency) for x in e.args]
    if e.is_Add:
        return max(inner) + latency["add"] * math.ceil(math.log2(len(e.args)))
    if e.is_Mul:
        factors = [x for x in e.args if not (x.is_Number and abs(x) == 1)]
        steps = math.ceil(math.log2(len(factors))) if len(factors) > 1 else 0
        return max(inner) + latency["mul"] * steps
    if e.is_Pow:
        base, exp = e.args
        if exp == -1:
            return inner[0] + latency["div"]
        if exp.is_Integer and exp > 1:
            return inner[0] + latency["mul"] * math.ceil(math.log2(int(exp)))
        return max(inner)
    if isinstance(e, (CDiv, CMod)):
        d = e.args[1]
        if d.is_Integer and d > 0 and (int(d) & (int(d) - 1)) == 0:
            return max(inner) + latency["add"]  # a shift (and a mask)
        if d.is_Number:
            return max(inner) + latency["mul"] + 2 * latency["add"]  # a multiply-high and a fix-up
        return max(inner) + latency["div"]
    return max(inner)
