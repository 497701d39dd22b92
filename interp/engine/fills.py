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

from interp.engine import flags
from interp.engine.compiled import Unknown
from interp.errors import InputError

MAX_FOLLOWED = 4_000_000  # elements of one array a process follows (about 0.5 GB)
FILLED = "[*]"  # the name suffix of the value every element not stored since a fill has (calloc)


def store_fills(chain, a, n: int) -> None:
    """Store the elements iteration 0 .. n-1 of loop ``a`` stores (its ``fills``)."""
    for array, index, value in a.fills:
        if array in chain.aag.flag_arrays:
            fill_flags(chain, array, index, value, n)
            continue
        check_followed(chain, a, array, n)
        try:
            index_of, value_of = _form(chain, index), _form(chain, value)
        except Unknown:  # a value before the loop is not known: every element unknown
            chain.assign(array + S.ELEMENTS, None)
            continue
        for k in range(n):
            chain.assign(S.element_name(array, index_of(k)), float(value_of(k)))


def fill_flags(chain, array: str, index, value, n: int) -> None:
    """A closed-form loop's stores into a flag array (engine/flags.py): one slice when the index
    is linear in the iteration and the value constant over it, else element by element."""
    if array not in chain.flag_arrays:
        chain.flag_start(array, None)
    if chain.flag_arrays[array] is None or n <= 0:
        return
    linear = flags.linear_in(index, K) if K not in value.free_symbols else None
    try:
        if linear is not None:
            start, step, v = chain.eval(linear[0]), chain.eval(linear[1]), chain.eval(value)
            if float(start).is_integer() and float(step).is_integer():
                chain.flag_store(array, lambda f: f.set_slice(int(start), int(step), n, v))
                return
        if n > flags.MAX_STORES:
            chain.flag_store(array, lambda f: _too_many(n))
            return
        index_of, value_of = _form(chain, index), _form(chain, value)
        chain.flag_store(array, lambda f: [f.set(index_of(k), float(value_of(k))) for k in range(n)])
    except Unknown:  # a value before the loop is not known: every element unknown
        chain.flag_start(array, None)


def _too_many(n: int):
    raise flags.GivenUp(f"a loop stores {n:,} of them by an index that is not linear in the loop's "
                        f"count (interp stores at most {flags.MAX_STORES:,} one by one)")


def _form(chain, expr):
    """``expr`` as a function of the iteration k, the other names at their values now. Compiled
    once per expression by the engine's cache (a fill loop inside another loop runs many times)."""
    names, fn = chain.engine.compiled.get(expr)
    if names is None:  # a form that reads elements or sums term by term: names looked up per call
        return lambda k: fn(lambda nm: k if nm == K.name else chain.lookup(nm))
    args = [None if nm == K.name else chain.lookup(nm) for nm in names]
    slot = names.index(K.name) if K.name in names else None

    def at(k):
        if slot is not None:
            args[slot] = k
        return fn(*args)
    return at


def check_followed(chain, a, array: str, n: int) -> None:
    if n > MAX_FOLLOWED:
        raise InputError(f"{a.loc}: {refusal(array, n, chain.directive)}")


def refusal(array: str, n: int, directive: str) -> str:
    return (f"the program stores {n:,} elements of {array} by computed indices, whose values decide "
            f"a loop limit (row pointers); interp follows at most {MAX_FOLLOWED:,} elements of an array; "
            f"state the trip count of the loops that read {array} with '{directive} iters(N)' above them "
            "(N: their mean trip count)")
