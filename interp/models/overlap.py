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
