"""Elements a closed-form loop stores (aag/fill.py): ``rowptr[i] = nnz`` for every iteration.

The loop's time and its counters come from closed forms; the elements it stores are evaluated
here from their forms in the iteration k, one compiled function each for the index and the value
(DESIGN: never sympy per event), and stored as the elements the interpreted loop would have
stored. Every element is kept, as interpretation keeps it: a program that fills more than
MAX_FOLLOWED elements of one array is refused with the annotation that replaces the elements'
use, rather than growing the engine's memory without bound (about 120 bytes an element).
"""
from __future__ import annotations

from frontends.aag import symexpr as S
from frontends.aag.fill import K

from interp.engine.compiled import Unknown
from interp.errors import InputError

MAX_FOLLOWED = 4_000_000  # elements of one array a process follows (about 0.5 GB)


def store_fills(chain, a, n: int) -> None:
    """Store the elements iteration 0 .. n-1 of loop ``a`` stores (its ``fills``)."""
    for array, index, value in a.fills:
        check_followed(chain, a, array, n)
        fns = []
        for expr in (index, value):
            names = sorted(S.free_names(expr) - {K.name})
            fn = S.compile_fn(expr, [K.name] + names, chain.engine.compiled.functions)
            try:
                fixed = [chain.lookup(nm) for nm in names]
            except Unknown:  # a value before the loop is not known: every element unknown
                fns = None
                break
            fns.append((fn, fixed))
        if fns is None:
            chain.assign(array + S.ELEMENTS, None)
            continue
        (index_fn, index_args), (value_fn, value_args) = fns
        for k in range(n):
            chain.assign(S.element_name(array, index_fn(k, *index_args)), float(value_fn(k, *value_args)))


def check_followed(chain, a, array: str, n: int) -> None:
    if n > MAX_FOLLOWED:
        raise InputError(f"{a.loc}: {refusal(array, n, chain.directive)}")


def refusal(array: str, n: int, directive: str) -> str:
    return (f"the program stores {n:,} elements of {array} by computed indices, whose values decide "
            f"a loop limit (row pointers); interp follows at most {MAX_FOLLOWED:,} elements of an array; "
            f"state the trip count of the loops that read {array} with '{directive} iters(N)' above them "
            "(N: their mean trip count)")
