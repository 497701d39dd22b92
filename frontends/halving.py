"""Interval halving: the trip count of a binary search with two moving bounds.

``while (lo <= hi) { mid = (lo + hi) / 2; if (a[mid] < key) lo = mid + 1; else hi = mid - 1; }``
reads data in its condition (the bounds move with the values of ``a``), so no value decides when
it ends; but each pass keeps at most half of the interval, whatever the data. The worst case (the
key never found early) is a closed form of the bounds at loop entry, and interp takes that count
as the loop's ``iters()`` (docs/model.md, "Binary search"). Both languages recognise the source
pattern (frontends/c/halving.py, frontends/fortran/halving.py) and hand this module what they
found: the loop test, which midpoint, and what each bound is set to.
"""
from __future__ import annotations

import sympy

# The midpoints: floor((lo + hi) / 2) ("floor": (lo + hi) / 2, lo + (hi - lo) / 2, >> 1) and
# floor((lo + hi + 1) / 2) ("ceil": (lo + hi + 1) / 2, lo + (hi - lo + 1) / 2).
FLOOR, CEIL = "floor", "ceil"
# The loop test ``hi - lo > 1`` (a bracket of two points that never meet): "gap", besides "<="
# (``lo <= hi``) and "<" (``lo < hi``).
GAP = "gap"
# ``x / 2`` and ``x >> 1`` in the sympy forms the frontends build of the body's assignments.
half = sympy.Function("half")


def recognise(test: str, lo: str, hi: str, assignments: list):
    """(mid kind, moves of lo, moves of hi) of a halving loop ``while (lo TEST hi)``, or None.
    ``assignments``: (name, value) of every assignment in the body, the value a sympy form of
    names, integers, + and - and ``half`` (None for a name changed any other way)."""
    mids: dict[str, set] = {}
    for name, value in assignments:
        kind = midpoint(value, lo, hi) if name not in (lo, hi) else None
        if kind is not None:
            mids.setdefault(name, set()).add(kind)
    if len(mids) != 1 or len(next(iter(mids.values()))) != 1:
        return None
    mid_name, (mid,) = next(iter(mids.items()))
    moves: dict[str, set] = {lo: set(), hi: set()}
    for name, value in assignments:
        if name == mid_name and midpoint(value, lo, hi) is None:
            return None  # mid set to something else as well
        if name in moves:
            m = move(value, mid_name)
            if m is None:
                return None
            moves[name].add(m)
    if trip_count(test, sympy.Integer(0), sympy.Integer(1), mid, moves[lo], moves[hi]) is None:
        return None
    return mid, moves[lo], moves[hi]


def midpoint(value, lo: str, hi: str):
    """FLOOR for half(lo + hi) or lo + half(hi - lo), CEIL for the same with + 1 inside, else None."""
    if value is None:
        return None
    L, H = sympy.Symbol(lo), sympy.Symbol(hi)
    if isinstance(value, half):
        return {L + H: FLOOR, L + H + 1: CEIL}.get(sympy.expand(value.args[0]))
    rest = sympy.expand(value - L)
    if isinstance(rest, half):
        return {H - L: FLOOR, H - L + 1: CEIL}.get(sympy.expand(rest.args[0]))
    return None


def move(value, mid: str):
    """"mid+1", "mid" or "mid-1" for a bound set to mid, mid + 1 or mid - 1, else None."""
    if value is None:
        return None
    M = sympy.Symbol(mid)
    return {M + 1: "mid+1", M: "mid", M - 1: "mid-1"}.get(sympy.expand(value))


def trip_count(test: str, lo: sympy.Expr, hi: sympy.Expr, mid: str, lo_moves: set, hi_moves: set):
    """The worst-case number of passes of a halving loop, or None if the pattern is not one that
    halves (or one that can stop moving: ``while (lo <= hi)`` with ``hi = mid`` never ends once
    lo == hi). ``test``: "<=" (``lo <= hi``) or "<" (``lo < hi``); ``lo_moves`` / ``hi_moves``:
    what the bounds are set to, each a subset of {"mid+1", "mid", "mid-1"}.

    With d = hi - lo, a pass leaves (worst case over the branch taken):
      lo <= hi, lo = mid+1 | hi = mid-1, floor mid: the closed interval holds n = d + 1 values;
        the part left of mid holds floor((n - 1) / 2), the part right of it floor(n / 2), so
        T(n) = 1 + T(floor(n / 2)), T(0) = 0, which is floor(log2 n) + 1 = ceil(log2(n + 1))
        = ceil(log2(hi - lo + 2)) for n >= 1, and 0 for n <= 0.
      lo < hi, lo = mid+1 | hi = mid, floor mid: hi = mid leaves d' = floor(d / 2), lo = mid+1
        leaves d - floor(d / 2) - 1 = ceil(d / 2) - 1 <= floor(d / 2); so T(d) = 1 + T(floor(d / 2)),
        T(0) = 0, which is ceil(log2(d + 1)) = ceil(log2(hi - lo + 1)) for d >= 1, 0 for d <= 0.
      lo < hi, lo = mid | hi = mid-1, ceil mid: the mirror image, the same count.
    """
    d = hi - lo
    if test == GAP:
        # hi - lo > 1, lo = mid | hi = mid (Numerical Recipes' locate): the bracket [lo, hi] keeps
        # both ends; a pass leaves ceil(d / 2) or floor(d / 2), so T(d) = 1 + T(ceil(d / 2)),
        # T(1) = 0: T(2) = 1, T(3) = T(4) = 2, T(5..8) = 3, that is ceil(log2 d) for d >= 1.
        if lo_moves == {"mid"} and hi_moves == {"mid"}:
            return sympy.Piecewise((0, d <= 1), (sympy.ceiling(sympy.log(d, 2)), True))
        return None
    if test == "<=" and lo_moves == {"mid+1"} and hi_moves == {"mid-1"} and mid == FLOOR:
        return sympy.Piecewise((0, d < 0), (sympy.ceiling(sympy.log(d + 2, 2)), True))
    halves = (lo_moves == {"mid+1"} and hi_moves == {"mid"} and mid == FLOOR) or \
             (lo_moves == {"mid"} and hi_moves == {"mid-1"} and mid == CEIL)
    if test == "<" and halves:
        return sympy.Piecewise((0, d <= 0), (sympy.ceiling(sympy.log(d + 1, 2)), True))
    return None


def note(test: str, lo: str, hi: str, directive: str, line: int) -> str:
    """The report's note on a recognised search."""
    count = f"ceil(log2({hi} - {lo}{' + 2' if test == '<=' else '' if test == GAP else ' + 1'}))"
    return (f"binary search: [{lo}, {hi}] halves every pass, so the loop runs at most {count} times "
            f"(with {lo} and {hi} as the loop starts); taken as its trip count (the worst case: a key "
            f"found early ends it sooner; state the mean with '{directive} iters(N)' above line {line})")
