"""Flag arrays: the elements of an array a condition reads by a computed index and that the program
only ever stores constants into (a sieve's ``marked[]``, a visited mask), followed on each process.

The frontend picks them (frontends/critical.py ``_flag_arrays``); a store or a fill is kept here,
one byte an element (numpy int8, UNKNOWN where the value is not known), so a sieve's 10^7-10^8
flags cost 10-100 MB where the per-name elements of engine/values.py would cost 120 bytes each.
A closed-form loop of stores with a linear index (``for (m = p * p; m < n; m += p) marked[m] =
1``) is one slice assignment (fill), not n stores; a condition reads an element as any other
value. An array is given up (every element unknown from then on, its branches weighed as data,
and a note says so) when a value does not fit a byte, an index is negative, or it would grow past
MAX_ELEMENTS: the prediction then stays what it was before flags were followed, never refused.
"""
from __future__ import annotations

import sympy

from interp.engine.lazynp import np as lazy_np

UNKNOWN = -128  # the code of an element whose value is not known (no flag stores it: bytes -127..127)
MAX_ELEMENTS = 1 << 28  # elements of one flag array on one process (256 MB)
ARRAY = "@flags:"  # engine/values.py looks a flag array itself up under this prefix and its name
CHUNK = 1 << 22  # elements counted at once (32 MB of counts)
MAX_STORES = 1 << 20  # elements a closed-form loop may store one by one (an index not linear in it)


class GivenUp(Exception):
    """The array cannot be followed any more (the reason is the message)."""


class FlagArray:
    """One flag array's elements on one process: int8 codes, grown as stores reach further."""

    __slots__ = ("codes", "fill", "version")

    def __init__(self, fill: float | None):
        self.fill = _code(fill) if fill is not None else UNKNOWN  # what an element never stored reads
        self.codes = lazy_np.full(0, self.fill, dtype="int8")
        self.version = 0  # counts stores: a loop's state (engine/chain._endless) sees them

    def get(self, k: float) -> float | None:
        if not float(k).is_integer():
            return None  # not an element (C indices are whole): unknown, weighed as data
        k = int(k)
        code = int(self.codes[k]) if 0 <= k < len(self.codes) else (self.fill if k >= 0 else UNKNOWN)
        return None if code == UNKNOWN else float(code)

    def set(self, k: float, value: float | None) -> None:
        if not float(k).is_integer() or k < 0:
            raise GivenUp(f"an index is {float(k):g}, not a whole number from 0")
        self._grow(int(k) + 1)
        self.codes[int(k)] = UNKNOWN if value is None else _code(value)
        self.version += 1

    def set_slice(self, start: int, step: int, n: int, value: float | None) -> None:
        """Elements start, start + step, ... (n of them) = value."""
        if n <= 0:
            return
        last = start + step * (n - 1)
        if min(start, last) < 0:
            raise GivenUp(f"an index is negative ({min(start, last)})")
        self._grow(max(start, last) + 1)
        code = UNKNOWN if value is None else _code(value)
        if step > 0:
            self.codes[start:last + 1:step] = code
        elif step < 0:
            self.codes[last:start + 1:-step] = code
        else:
            self.codes[start] = code
        self.version += 1

    def counts(self, start: int, step: int, n: int) -> dict[float, int] | None:
        """How many of the elements start, start + step, ... (n of them) have each value; None
        when one of them is not known."""
        last = start + step * (n - 1)
        if min(start, last) < 0:
            return None
        lo, hi = min(start, last), max(start, last)
        inside = self.codes[lo:min(hi, len(self.codes) - 1) + 1:abs(step)] if lo < len(self.codes) else self.codes[:0]
        beyond = n - len(inside)  # past the grown end: never stored, the fill's value
        numbers = lazy_np.zeros(256, dtype="int64")
        for at in range(0, len(inside), CHUNK):  # bincount widens to 8 bytes an element: by chunks
            numbers += lazy_np.bincount(inside[at:at + CHUNK].view("uint8"), minlength=256)
        out = {float(v - 256 if v > 127 else v): int(numbers[v]) for v in lazy_np.flatnonzero(numbers)}
        if beyond:
            out[float(self.fill)] = out.get(float(self.fill), 0) + beyond
        return None if float(UNKNOWN) in out else out

    def _grow(self, size: int) -> None:
        if size <= len(self.codes):
            return
        if size > MAX_ELEMENTS:
            raise GivenUp(f"it would hold {size:,} elements (interp follows at most {MAX_ELEMENTS:,})")
        grown = lazy_np.full(max(size, 2 * len(self.codes), 1024), self.fill, dtype="int8")
        grown[:len(self.codes)] = self.codes
        self.codes = grown


def _code(value: float) -> int:
    v = float(value)
    if not v.is_integer() or not -127 <= v <= 127:
        raise GivenUp(f"it stores {v:g}, which interp does not keep for a flag array (a whole number "
                      "from -127 to 127)")
    return int(v)


def linear_in(index, var) -> tuple | None:
    """(a, b) with ``index`` = a + b*var, expressions free of var, or None."""
    try:
        poly = sympy.Poly(index, var)
    except (sympy.PolynomialError, sympy.GeneratorsNeeded, TypeError, ValueError):
        return None
    if poly.degree() > 1:
        return None
    coeffs = poly.all_coeffs()
    b, a = (coeffs if len(coeffs) == 2 else [sympy.Integer(0), coeffs[0]])
    if var in a.free_symbols or var in b.free_symbols:
        return None
    return a, b


def element_of(name: str) -> tuple[str, float] | None:
    """``marked[12]`` -> ("marked", 12.0); None for another name."""
    at = name.find("[")
    if at <= 0:
        return None
    try:
        return name[:at], float(name[at + 1:-1])
    except ValueError:
        return None


def note(array: str, where: str, why: str) -> str:
    return (f"{where}: interp stopped following the elements of the flag array {array}: {why}; the "
            f"conditions that read them are weighed as data from here on (Algorithm 3)")

