"""Names a loop's every iteration assigns before it reads them (iteration-local values).

A counted loop whose body updates a critical name has no closed form in general (the value carries
from one iteration to the next), so it is classified IterND and interpreted iteration by iteration.
A name that each iteration sets afresh before reading it (``long x = k;`` at the top of the body,
then ``while (x != 1) ...``) carries nothing across iterations: the loop's iterations are
independent of each other in that name, and the loop stays IterD (a closed form where the body
has one, else sampled: interp/engine/sampling.py). Without this, the Collatz count of 1..N was
interpreted iteration by iteration: N outer iterations of a few hundred inner ones.

The rule is conservative: the first top-level statement of the body that mentions the name (in any
expression: a condition, a bound, an argument, a subscript) must be a Seq whose assignments, in
order, set the name from an expression that does not read it, with no earlier assignment of that
Seq reading it. A value a call returns (``long s = divisor_sum(k);``: the call, then the Seq that
takes its value) counts as such an expression: the call's arguments are a statement of their own
and would be the first to mention the name if they read it. A name mentioned only inside one inner
IterD loop, which sets it afresh in each of its own iterations, is iteration-local to the outer
loop too (``_local_to_inner``).
"""
from __future__ import annotations

import sympy

from .aau import AAU, Iter, Seq


def iteration_local(body: list[AAU], names: set[str]) -> set[str]:
    """The names of ``names`` that every iteration of ``body`` assigns before reading them."""
    out = set()
    # plain variables only: an element store (``counts[]``: each iteration a different element, the
    # engine tracks them one by one) or a member keeps the loop interpreted
    for name in (n for n in names if n.isidentifier()):
        for pos, a in enumerate(body):
            if not _mentions(a, name):
                continue
            if isinstance(a, Seq) and _assigned_first(a, name):
                out.add(name)
            elif isinstance(a, Iter) and _local_to_inner(a, name) \
                    and not any(_mentions(b, name) for b in body[pos + 1:]):
                out.add(name)
            break
    return out


def _local_to_inner(a: Iter, name: str) -> bool:
    """Is ``name`` mentioned only inside an inner IterD loop's body, which sets it afresh in every
    iteration before reading it? Then no iteration of the outer loop reads a value an earlier one
    left (the caller checks that nothing after the inner loop reads it: an inner loop that ran no
    iteration would leave the older value). A red-black sweep's ``istart = 1 + mod(j + color, 2)``
    before ``do i = istart, n, 2`` in the loop over j made the loops over colors and sweeps
    IterND, interpreted sweep by sweep and color by color, though the loop over j was IterD."""
    if a.cls != "IterD":
        # an inner loop interpreted anyway (a while on data, Mandelbrot's escape loop) leaves the
        # outer one without a closed form: it stays interpreted, exactly, rather than sampled
        return False
    if a.var == name or any(value is not None and name in _names(value)
                            for value in (a.lo, a.step, a.cond, a.num_iters, a.iters_annotation)):
        return False
    if a.counters and any(name == k or name in _names(v) for k, v in a.counters.items()):
        return False
    return name in iteration_local(a.body, {name})


def _assigned_first(a: Seq, name: str) -> bool:
    if a.control is not None:
        return False
    for target, expr in a.defs:
        if expr is None and a.returned is not None and a.returned[0] == target:
            expr = a.returned[1]  # ``s = f(k)``: the value the call just before returned
        if expr is None or name in _names(expr):
            return False
        if target == name:
            return True
    return False


def _mentions(a: AAU, name: str) -> bool:
    """Does any expression of ``a``, or of an AAU inside it, read or assign ``name``?"""
    for x in a.walk():
        for value in vars(x).values():
            if _holds(value, name, 3):
                return True
    return False


def _holds(value, name: str, depth: int) -> bool:
    if isinstance(value, str):
        return value == name
    if isinstance(value, sympy.Basic):
        return name in _names(value)
    if depth > 0 and isinstance(value, (list, tuple)):
        return any(_holds(v, name, depth - 1) for v in value)
    if depth > 0 and isinstance(value, dict):
        return any(_holds(k, name, depth - 1) or _holds(v, name, depth - 1) for k, v in value.items())
    if depth > 0 and hasattr(value, "__dict__") and not isinstance(value, AAU):
        return any(_holds(v, name, depth - 1) for v in vars(value).values())
    return False


def _names(expr) -> set[str]:
    return {s.name for s in expr.free_symbols} if isinstance(expr, sympy.Basic) else set()
