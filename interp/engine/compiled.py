"""Expressions of the AAG compiled once to float functions (DESIGN: never sympy per event).

A chain evaluates loop bounds, partners, sizes and closed forms many times with different values
of the names they read; each expression is compiled on first use and kept by identity.
"""
from __future__ import annotations

import math

import sympy

from frontends.aag import symexpr as S
from frontends.aag.cstrings import STRLEN

from frontends.aag.communicators import GroupList

from interp.engine import flags
from interp.models.omega import TermSum


class Unknown(Exception):
    def __init__(self, name: str):
        self.name = name


class Compiled:
    """Sympy expressions compiled once to float functions of the names they use."""

    def __init__(self, functions: dict | None = None):
        self._fns: dict = {}
        self.functions = functions  # bodies of the engine's own functions (communicators), by name

    def get(self, expr):
        # Keyed by identity: AAG expressions live as long as the run, and hashing a sympy tree
        # per event costs more than the evaluation itself.
        entry = self._fns.get(id(expr))
        if entry is not None:
            return entry[0], entry[1]
        if isinstance(expr, (int, float)):
            entry = ((), lambda: float(expr))
        elif expr.has(TermSum):
            entry = (None, _term_sum_evaluator(expr, self))
        elif isinstance(expr, GroupList):
            entry = (None, _list_evaluator(expr, self))
        elif expr.has(S.Elem) or isinstance(expr, sympy.Piecewise) and any(
                n.endswith(STRLEN) for n in S.free_names(expr)):
            # (a string's length after sprintf(buf + n, ..): at n = 0 what buf held is not read)
            entry = (None, _element_evaluator(expr, self))
        else:
            names = tuple(sorted(S.free_names(expr)))
            entry = (names, S.compile_fn(expr, list(names), self.functions))
        self._fns[id(expr)] = (entry[0], entry[1], expr)  # keep expr alive: its id stays unique
        return entry


def _value(compiled: Compiled, e, lookup):
    """An expression's value with ``lookup`` giving the names it reads (any of the evaluators)."""
    names, fn = compiled.get(e)
    return fn(lookup) if names is None else fn(*[lookup(n) for n in names])


def _list_evaluator(expr, compiled: Compiled):
    """A group made from a rank list the program filled (aag/communicators.GroupList): the group
    and count evaluated, the list's entries read as the tracked elements ``ranks[k]`` (a triplet
    list: ``ranges[k][0..2]``), and the engine's body of the call."""
    group, count, array = expr.args
    name, width = str(array), expr.width

    def run(lookup):
        body = compiled.functions[type(expr).__name__]
        n = int(_value(compiled, count, lookup))
        if width == 1:
            items = [lookup(f"{name}[{k}]") for k in range(n)]
        else:
            items = [tuple(_entry(lookup, name, k, j, width) for j in range(width)) for k in range(n)]
        return body(_value(compiled, group, lookup), items)
    return run


def _entry(lookup, name: str, k: int, j: int, width: int):
    """Entry j of row k of a triplet list: C's ``ranges[k][j]``, or Fortran's ``ranges(j, k)``,
    whose elements are named by their column-major offset from 0 (``ranges[3k + j]``)."""
    try:
        return lookup(f"{name}[{k}][{j}]")
    except Unknown:
        return lookup(f"{name}[{k * width + j}]")


def _element_evaluator(expr, compiled: Compiled):
    """An expression reading array elements picked by computed indices (``counts[rank]``,
    aag/symexpr.Elem): compiled once with each outermost element as a name of its own; at each
    evaluation the indices are evaluated (they may read elements too) and the elements looked up
    as the tracked names ``counts[k]``."""
    if isinstance(expr, sympy.Piecewise):
        return _piecewise_evaluator(expr, compiled)
    found: list = []

    def outermost(e):
        if isinstance(e, S.Elem):
            if e not in found:
                found.append(e)
            return
        for arg in e.args:
            outermost(arg)

    outermost(expr)
    slots = {e: S.var(f"@element{k}") for k, e in enumerate(found)}
    body = expr.xreplace(slots)
    names = sorted(S.free_names(body))
    fn = S.compile_fn(body, names, compiled.functions)
    picks = [(slots[e].name, str(e.args[0]), e.args[1]) for e in found]

    def run(lookup):
        values = {}
        for slot, array, index in picks:
            values[slot] = lookup(S.element_name(array, _value(compiled, index, lookup)))
        return fn(*[values[n] if n in values else lookup(n) for n in names])
    return run


def _piecewise_evaluator(expr, compiled: Compiled):
    """A Piecewise reading elements, its conditions tested in order and only the chosen piece
    evaluated: ``p == 0 ? 0 : displs[p - 1] + w`` must not look up displs[-1] at p = 0 (an
    element no store holds: the whole value was unknown, and a prefix sum of counts with it)."""
    pieces = [(e, None if c is sympy.true else c) for e, c in expr.args]  # a condition compiles to a
    # function giving a bool (as_number would wrap it in a Piecewise again: this evaluator, for ever)

    def run(lookup):
        for e, c in pieces:
            if c is None or _value(compiled, c, lookup):
                return _value(compiled, e, lookup)
        raise Unknown("?")  # no piece holds (sympy's Piecewise is then undefined)
    return run


def _term_sum_evaluator(expr, compiled: Compiled):
    def run(lookup):
        def value(e):
            e = sympy.sympify(e)
            if e.has(S.Elem):  # elements picked by computed indices: their values first
                e = e.replace(lambda x: isinstance(x, S.Elem),
                              lambda x: lookup(S.element_name(str(x.args[0]), value(x.args[1]))))
            return float(e.xreplace(_values(e, lookup)))

        def ts(e):
            body, var, lo, step, n = e.args
            lo_v, step_v, n_v = value(lo), value(step), int(value(n))
            names, fn = compiled.get(body)

            def term(k):
                x = lo_v + k * step_v
                if names is None:  # the body reads elements picked by computed indices
                    return fn(lambda nm: x if nm == var.name else lookup(nm))
                return fn(*[x if nm == var.name else lookup(nm) for nm in names])

            if id(e) not in shapes:  # the sum's shape, once: sympy is not for every evaluation
                shapes[id(e)] = _flag_shape(body, var)
            by_flag = _flag_terms(shapes[id(e)], value, lookup, compiled, lo_v, step_v, n_v)
            if by_flag is not None:
                return sympy.Float(by_flag)
            if ("period", id(e)) not in shapes:  # its remainders, once (sympy rebuilt them at every call)
                shapes[("period", id(e))] = _remainders(body, var)
            period = _period(shapes[("period", id(e))], value, lo_v, step_v, n_v)
            if period is not None:
                # The terms repeat with the period: whole periods and the start of one (issue 13:
                # `if (i % np != me) continue;` summed term by term grew with the trip count).
                whole, part = divmod(n_v, period)
                one = [term(k) for k in range(period)]
                return sympy.Float(whole * sum(one) + sum(one[:part]))
            return sympy.Float(sum(term(k) for k in range(n_v)))

        def holds(c) -> bool:
            return bool(c.xreplace(_values(c, lookup)))

        # A sum in closed form where C's remainders keep their sign, term by term elsewhere
        # (omega.sum_over): only the piece whose condition holds is evaluated, the term-by-term
        # one only where it is needed.
        chosen, sums = (expr, outermost) if not guarded else _choose(expr, holds)
        # Only the outermost sums: a nested one reads the outer sum's index (``if (di || dj)`` in
        # a loop nest), which its term-by-term evaluation puts in (sympy's replace works from the
        # leaves up and evaluated the inner sum first, with the outer index unknown).
        return value(chosen.xreplace({t: ts(t) for t in sums}))

    outermost = _outermost_sums(expr)
    guarded = any(isinstance(p, sympy.Piecewise) and p.has(TermSum) for p in expr.atoms(sympy.Piecewise))
    shapes: dict = {}
    return run


def _values(e, lookup) -> dict:
    """The names ``e`` reads -> their values, whole numbers as sympy Integers: sympy then rounds a
    ``ceiling(n/3 - 2/3)`` exactly, where the float n = 5.0 gave 0.999... (symexpr.exact_rounding
    for compiled functions)."""
    out = {}
    for n in S.free_names(e):
        v = lookup(n)
        if isinstance(v, float) and v.is_integer():
            v = sympy.Integer(int(v))
        out[S.RANK if n == "__rank" else S.NPROCS if n == "__nprocs" else S.var(n)] = v
    return out


def _choose(expr, holds):
    """(expr with every Piecewise that holds a TermSum replaced by its first piece whose condition
    ``holds``, the outermost TermSums left in it)."""
    def pick(e):
        if isinstance(e, TermSum) or not e.has(TermSum):
            return e
        if isinstance(e, sympy.Piecewise):
            return pick(next(x for x, c in e.args if c == sympy.true or holds(c)))
        return e.func(*[pick(a) for a in e.args])
    chosen = pick(expr)
    return chosen, _outermost_sums(chosen)


def _outermost_sums(expr) -> list:
    found, stack = [], [expr]
    while stack:
        e = stack.pop()
        if isinstance(e, TermSum):
            found.append(e)
        else:
            stack.extend(e.args)
    return found


FLAG_TERMS = 64  # sums of more terms than this that read a flag array are counted by value
FLAG_SLOT = S.var("@flag")  # the element's value in a flag-counted sum's body


def _flag_shape(body, var):
    """(array, (a, b) with the index a + b*var, the body with the element as ``@flag``) when the
    terms read the index only through one element of an array at a linear index; else None."""
    elems = [e for e in body.atoms(S.Elem) if var in e.free_symbols]
    if len(elems) != 1 or any(isinstance(a, S.Elem) for a in elems[0].args[1].atoms(sympy.Function)):
        return None
    rest = body.xreplace({elems[0]: FLAG_SLOT})
    linear = flags.linear_in(elems[0].args[1], var)
    if var in rest.free_symbols or linear is None:
        return None
    return str(elems[0].args[0]), linear, rest


def _flag_terms(shape, value, lookup, compiled: Compiled, lo: float, step: float, n: int):
    """The sum of n terms that read the index only through one element of a flag array at a
    linear index (``if (!marked[k]) count++``, engine/flags.py; ``shape`` from _flag_shape): each
    value the elements take, times how many of the n elements have it (exact, and as fast for
    10^8 terms as for 10^3). None when the sum is not of that shape (it is summed term by term)."""
    if n <= FLAG_TERMS or shape is None:
        return None
    array, linear, rest = shape
    try:
        f = lookup(flags.ARRAY + array)
        a, b = value(linear[0]), value(linear[1])
    except (Unknown, TypeError, ValueError, ArithmeticError):
        return None
    first = a + b * lo
    if not (float(first).is_integer() and float(b * step).is_integer()):
        return None
    counts = f.counts(int(first), int(b * step), n)
    if counts is None:  # an element not known: the sum is not known either
        raise Unknown(array)
    names, fn = compiled.get(rest)
    total = 0.0
    for v, c in counts.items():
        term = (fn(lambda nm: v if nm == FLAG_SLOT.name else lookup(nm)) if names is None
                else fn(*[v if nm == FLAG_SLOT.name else lookup(nm) for nm in names]))
        total += c * float(term)
    return total


MAX_PERIOD = 100_000  # beyond this, summing term by term costs no more than finding the period


def _remainders(body, var) -> list | None:
    """(a, b, m) expressions of each remainder ``(a*i + b) % m`` through which alone a loop body
    reads its index i; None when it reads i otherwise, or through none."""
    mods = [m for m in body.atoms(S.CMod, sympy.Mod) if var in m.free_symbols]
    if not mods or var in body.xreplace({m: sympy.Dummy() for m in mods}).free_symbols:
        return None
    out = []
    for m in mods:
        dividend, modulus = m.args
        coef = sympy.diff(dividend, var)
        if var in modulus.free_symbols or var in coef.free_symbols:
            return None
        out.append((coef, dividend.xreplace({var: 0}), modulus))
    return out


def _period(remainders: list | None, value, lo: float, step: float, n: int) -> int | None:
    """The period in iterations of a loop body that reads its index only through remainders
    ``(a*i + b) % m`` (``_remainders``) with integers a, b, m and a dividend that keeps its sign
    over the loop (C's remainder takes the dividend's sign); None when there is none shorter than
    the loop."""
    if remainders is None or not (float(lo).is_integer() and float(step).is_integer()) or n < 2:
        return None
    period = 1
    for coef, at0, modulus in remainders:
        try:
            a, b, mv = value(coef), value(at0), value(modulus)
        except (TypeError, ValueError, ArithmeticError):
            return None
        first, last = a * lo + b, a * (lo + (n - 1) * step) + b
        if not all(float(v).is_integer() for v in (a, b, mv)) or mv == 0 or (first < 0) != (last < 0):
            return None
        period = math.lcm(period, int(abs(mv)))
        if period >= min(n, MAX_PERIOD):
            return None
    return period
