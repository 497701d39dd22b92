"""Symbolic values of critical expressions, with C semantics, shared by frontends and the engine.

Integer division, remainder and bit operations follow C (truncation toward zero). They are sympy
functions that evaluate when their arguments are numbers, stay symbolic otherwise (so a trip count
``N/P`` can appear in a closed form), and compile to plain Python for the engine's hot path.
"""
from __future__ import annotations

import math

import sympy
from sympy.core.symbol import Str

from .communicators import comm_tag_num, dims_create_num
from .cstrings import format_len_num

RANK = sympy.Symbol("__rank", integer=True)
NPROCS = sympy.Symbol("__nprocs", integer=True)
HOST = -32768  # the value NX/2 myhost() takes in interp (any value no node number can take)
ANY = -1  # MPI_ANY_SOURCE / MPI_ANY_TAG / NX typesel -1


# The name of the bytes of an array of unknown length (``sizeof(v)`` of ``double v[n]``): a value
# the engine never has, so a size or count computed from it is refused with its own message.
SIZEOF = "sizeof"


def var(name: str) -> sympy.Symbol:
    return sympy.Symbol(name, real=True)


def _int(x) -> bool:
    return isinstance(x, sympy.Integer) or (isinstance(x, sympy.Number) and x == int(x))


def c_div_num(a, b):
    if b == 0:
        raise ZeroDivisionError("integer division by zero in a critical expression")
    q = abs(int(a)) // abs(int(b))
    return q if (a >= 0) == (b >= 0) else -q


def c_mod_num(a, b):
    if b == 0:
        raise ZeroDivisionError("integer remainder by zero in a critical expression")
    return int(a) - c_div_num(a, b) * int(b)


class CDiv(sympy.Function):
    """C integer division a / b (truncates toward zero)."""

    @classmethod
    def eval(cls, a, b):
        if _int(a) and _int(b) and b != 0:
            return sympy.Integer(c_div_num(int(a), int(b)))
        if b == 1:
            return a

    def _eval_is_integer(self):
        return True


class CMod(sympy.Function):
    """C remainder a % b (sign of the dividend)."""

    @classmethod
    def eval(cls, a, b):
        if _int(a) and _int(b) and b != 0:
            return sympy.Integer(c_mod_num(int(a), int(b)))

    def _eval_is_integer(self):
        return True


def _bitfn(name, op):
    def eval_(cls, a, b):
        if _int(a) and _int(b):
            return sympy.Integer(op(int(a), int(b)))

    return type(name, (sympy.Function,), {"eval": classmethod(eval_), "_eval_is_integer": lambda self: True})


BXor = _bitfn("BXor", lambda a, b: a ^ b)
BAnd = _bitfn("BAnd", lambda a, b: a & b)
BOr = _bitfn("BOr", lambda a, b: a | b)
Shl = _bitfn("Shl", lambda a, b: a << b)
Shr = _bitfn("Shr", lambda a, b: a >> b)


class Truth(sympy.Function):
    """C truth value of a number: 1 if nonzero else 0 (for `if (x)` and `!x`)."""

    @classmethod
    def eval(cls, a):
        if isinstance(a, sympy.Number):
            return sympy.Integer(1 if a != 0 else 0)


class FloorQ(sympy.Function):
    """floor(a / q) for a whole q > 1: ``floor(n/3 - 2/3)`` as compile_fn computes it (one division
    of a numerator with whole coefficients: exact, where ``n/3 - 2/3`` in floats is 0.999... at
    n = 5 and floors to 0). Never built outside compile_fn."""

    nargs = 2


class CeilQ(sympy.Function):
    """ceiling(a / q), as FloorQ."""

    nargs = 2


NUMERIC_FUNCS = {
    "CDiv": c_div_num,
    "CMod": c_mod_num,
    "BXor": lambda a, b: int(a) ^ int(b),
    "BAnd": lambda a, b: int(a) & int(b),
    "BOr": lambda a, b: int(a) | int(b),
    "Shl": lambda a, b: int(a) << int(b),
    "Shr": lambda a, b: int(a) >> int(b),
    "Truth": lambda a: 1 if a != 0 else 0,
    "ceiling": math.ceil,
    "floor": math.floor,
    "FloorQ": lambda a, q: math.floor(a / q),
    "CeilQ": lambda a, q: math.ceil(a / q),
    "Max": max,
    "Min": min,
    "log": math.log,
    "sqrt": math.sqrt,
}


def compile_fn(expr, names: list[str], functions: dict | None = None):
    """Compile ``expr`` into a float function of ``names`` (the engine calls it per event).
    ``functions``: bodies of functions only the caller can evaluate (by name: the engine's
    communicators, frontends/aag/communicators.py)."""
    syms = [RANK if n == "__rank" else NPROCS if n == "__nprocs" else var(n) for n in names]
    modules = [{**NUMERIC_FUNCS, **functions}, "math"] if functions else [NUMERIC_FUNCS, "math"]
    return sympy.lambdify(syms, exact_rounding(expr), modules=modules)


def exact_rounding(expr):
    """``expr`` with each floor and ceiling of an argument with fractional coefficients written
    over their common denominator (FloorQ, CeilQ): closed forms split by residues count
    ``floor(n/3 - 2/3)`` iterations, which floats computed as floor(0.9999999999999999) = 0 at n
    = 5 (a red-black sweep with a stride of 3 counted 20 points of 25); the numerator with whole
    coefficients is exact in floats, and one division then rounds to the right side."""
    if not isinstance(expr, sympy.Basic) or not expr.has(sympy.floor, sympy.ceiling):
        return expr

    def over_denominator(e):
        arg = sympy.expand(e.args[0])
        q = 1
        for term in sympy.Add.make_args(arg):
            c = term.as_coeff_Mul()[0]
            if not c.is_Rational:
                return e  # a float coefficient: nothing exact to keep
            q = math.lcm(q, int(c.q))
        if q == 1:
            return e
        return (FloorQ if isinstance(e, sympy.floor) else CeilQ)(sympy.expand(arg * q), q)
    return expr.replace(lambda e: isinstance(e, (sympy.floor, sympy.ceiling)), over_denominator)


def free_names(expr) -> set[str]:
    if expr is None or not isinstance(expr, sympy.Basic):
        return set()
    return {s.name for s in expr.free_symbols}


def _is_boolean(e) -> bool:
    # sympy Symbols are also Boolean instances; program variables are numbers here.
    return isinstance(e, (sympy.logic.boolalg.Boolean, sympy.core.relational.Relational)) \
        and not isinstance(e, sympy.Symbol)


def as_condition(e):
    """Turn a numeric C expression into a sympy boolean (``if (x)`` means ``x != 0``)."""
    if _is_boolean(e):
        return e
    if isinstance(e, sympy.Piecewise) and len(e.args) == 2 and e.args[0].expr == 1 \
            and e.args[1].expr == 0 and e.args[1].cond == sympy.true:
        return e.args[0].cond  # C's 0/1 value of a comparison, used as a condition
    if isinstance(e, Truth):
        return sympy.Ne(e.args[0], 0)
    return sympy.Ne(e, 0)


def as_number(e):
    """Turn a boolean into C's 0/1 integer value. The comparison is kept as written: evaluated,
    Piecewise would rewrite ``Eq(i + 40*j - 40, 100*rank + 100)`` as ``Eq(rank, i/100 + 2*j/5 -
    7/5)``, which floating point cannot find equal at rank 0, i = 20, j = 3 (1.1e-16 != 0)."""
    if _is_boolean(e):
        return sympy.Piecewise((1, e), (0, True), evaluate=e in (sympy.true, sympy.false))
    return e


class CTrunc(sympy.Function):
    """C conversion of a real value to an integer type (truncation toward zero)."""

    @classmethod
    def eval(cls, a):
        if isinstance(a, sympy.Number):
            if not a.is_finite:  # C leaves inf/nan -> int undefined: no value, refused where used
                return sympy.nan
            return sympy.Integer(int(a))

    def _eval_is_integer(self):
        return True


def _c_trunc_num(a):
    return int(a) if math.isfinite(a) else math.nan


NUMERIC_FUNCS["CTrunc"] = _c_trunc_num
NUMERIC_FUNCS["DimsCreate"] = dims_create_num
NUMERIC_FUNCS["CommTag"] = comm_tag_num
NUMERIC_FUNCS["FormatLen"] = format_len_num  # a printf conversion's characters (cstrings.py)


# -- array elements picked by a computed index ------------------------------------------------
# ``counts[i]`` with i a variable (the counts of MPI_Scatterv filled in a loop, the rank list of
# MPI_Group_incl) is an element whose name the engine knows only when it has evaluated i: the
# read is Elem(array, i), the assignment ``counts[i] = v`` the def ("counts[]", Stored(i, v)). The
# engine looks the element up as the tracked name ``counts[k]`` (interp/engine/compiled.py).

ELEMENTS = "[]"  # the suffix of a def that stores into an element picked at run time


class Elem(sympy.Function):
    """Elem(array, index): the element ``array[index]``; ``array`` is a sympy Str (no free symbol:
    the array as a whole is no value)."""

    @classmethod
    def eval(cls, array, index):
        return None

    def _eval_is_extended_real(self):
        return True  # a C or Fortran number (a loop limit ``p < rowptr[i + 1]`` takes Max(0, ..))


class Stored(sympy.Function):
    """Stored(index, value): the value a def named ``array[]`` stores into ``array[index]``."""

    @classmethod
    def eval(cls, index, value):
        return None


class Filled(sympy.Function):
    """Filled(value): the def named ``array[]`` of an allocation or fill that gives every element
    of the array ``value`` (``calloc``, ``memset(a, 0, ...)``, ``= {0}``): elements not stored since
    read as it."""

    @classmethod
    def eval(cls, value):
        return None


class IntElem(Elem):
    """An element of an integer array (``rowptr[i]`` of a compressed-sparse-row matrix): sympy
    knows it is whole, so the trip count ``ceiling(rowptr[i + 1] - rowptr[i])`` is the difference
    itself, which a sum over i telescopes (interp/models/telescope.py)."""

    def _eval_is_integer(self):
        return True


def element(array: str, index, integer: bool = False):
    return (IntElem if integer else Elem)(Str(array), index)


def element_name(array: str, index: float) -> str:
    """The tracked name of element ``index`` (a number) of ``array``: ``counts[3]``."""
    k = float(index)
    if not k.is_integer():
        raise ValueError(f"the index of {array}[] is {k:g}, not a whole number")
    return f"{array}[{int(k)}]"
