"""Fortran intrinsic functions: their types, values and operation counts.

Counted as the C frontend counts the equivalent C: type conversions (REAL, DBLE, INT, NINT) as
C's casts; ANINT as C's ``round`` (both round half away from zero); MOD of integers as C's ``%`` (an int division), of reals as ``fmod``; MAX / MIN as one
comparison per extra argument; MERGE as C's ``?:`` (both values at weight 0.5); ABS, SQRT, EXP,
LOG, SIN, COS, ... as C's library calls (``fabs`` for a real ABS). Inquiry functions (SIZE, KIND,
...) cost nothing; array intrinsics (SUM, MATMUL, ...) are reported by the level-1 parse. The bit
intrinsics (IEOR, IAND, ISHFT, ...) are C's bit operators: bits.py.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F

from ..aag import symexpr as S
from ..aag import Access, OpCounts
from ..aag.opclass import count_integer_op
from ..msgpass import count_call
from .bits import BITS, bit_value, count_bits
from .shapes import inquiry_value, present_flag
from .types import DOUBLE, INT, OTHER, REAL, FType, promote

# Intrinsics: name -> (C library name or rule, result rule). Rules: "arg" (type of the first
# argument), "int", "real", "double", "promote" (of all arguments).
_LIB = {"SQRT": "sqrt", "EXP": "exp", "LOG": "log", "LOG10": "log10", "SIN": "sin", "COS": "cos",
        "TAN": "tan", "ASIN": "asin", "ACOS": "acos", "ATAN": "atan", "ATAN2": "atan2",
        "SINH": "sinh", "COSH": "cosh", "TANH": "tanh", "SIGN": "copysign"}
_SPECIFIC = {  # specific names of the generic intrinsics (FORTRAN 77)
    "DSQRT": "SQRT", "DEXP": "EXP", "ALOG": "LOG", "DLOG": "LOG", "ALOG10": "LOG10", "DLOG10": "LOG10",
    "DSIN": "SIN", "DCOS": "COS", "DTAN": "TAN", "DASIN": "ASIN", "DACOS": "ACOS", "DATAN": "ATAN",
    "DATAN2": "ATAN2", "DSINH": "SINH", "DCOSH": "COSH", "DTANH": "TANH", "IABS": "ABS", "DABS": "ABS",
    "AMOD": "MOD", "DMOD": "MOD", "MAX0": "MAX", "AMAX0": "MAX", "MAX1": "MAX", "AMAX1": "MAX",
    "DMAX1": "MAX", "MIN0": "MIN", "AMIN0": "MIN", "MIN1": "MIN", "AMIN1": "MIN", "DMIN1": "MIN",
    "FLOAT": "REAL", "SNGL": "REAL", "DFLOAT": "DBLE", "IFIX": "INT", "IDINT": "INT", "IDNINT": "NINT",
    "ISIGN": "SIGN", "DSIGN": "SIGN", "DNINT": "ANINT"}
_SPECIFIC_TYPE = {"D": DOUBLE, "A": REAL, "I": INT}  # DSQRT -> double, ALOG -> real, IABS -> int
_CONVERT = {"REAL": REAL, "DBLE": DOUBLE, "INT": INT, "NINT": INT}
_INQUIRY = {"SIZE", "LBOUND", "UBOUND", "SHAPE", "KIND", "LEN", "LEN_TRIM", "TRIM", "ADJUSTL",
            "ADJUSTR", "HUGE", "TINY", "EPSILON", "PRECISION", "RANGE", "DIGITS", "PRESENT",
            "ASSOCIATED", "ALLOCATED", "SELECTED_REAL_KIND", "SELECTED_INT_KIND", "BIT_SIZE",
            "COMMAND_ARGUMENT_COUNT"}
# COMMAND_ARGUMENT_COUNT() is C's argc - 1: the arguments after the program's name. Its value is
# the input argc the C frontend has (interp/pipeline.py argc_given: 1 + the last position given).
ARGC = sympy.Symbol("input:argc", real=True)
# Array intrinsics: their cost depends on the size of the array (reported, not modelled).
ARRAY_INTRINSICS = {"SUM", "PRODUCT", "MAXVAL", "MINVAL", "DOT_PRODUCT", "MATMUL", "TRANSPOSE",
                    "RESHAPE", "COUNT", "ANY", "ALL", "MAXLOC", "MINLOC", "PACK", "UNPACK", "SPREAD",
                    "CSHIFT", "EOSHIFT", "NORM2"}
INTRINSICS = (set(_LIB) | set(_SPECIFIC) | set(_CONVERT) | _INQUIRY | ARRAY_INTRINSICS | BITS
              | {"ABS", "MOD", "MAX", "MIN", "MERGE", "FLOOR", "CEILING", "ICHAR", "CHAR", "MODULO", "ANINT"})


def generic(name: str) -> str:
    return _SPECIFIC.get(name.upper(), name.upper())


def op_name(kind: str, op: str) -> str:
    return f"{kind if kind in ('int', 'real', 'double') else 'int'}_{op}"


def intrinsic_type(ex, name: str, args) -> FType:
    """The result type of an intrinsic reference (generic intrinsics take their argument's)."""
    g = generic(name)
    if g in _CONVERT:
        return _CONVERT[g]
    if g in ("FLOOR", "CEILING", "ICHAR", "BTEST") or g in _INQUIRY:
        return INT
    if name.upper() != g and name[0].upper() in _SPECIFIC_TYPE and g not in ("MAX", "MIN"):
        return _SPECIFIC_TYPE[name[0].upper()]
    if g in ("MAX", "MIN", "MOD", "MODULO", "SIGN"):
        return _promoted(ex, g, args)
    if g == "MERGE":
        return promote(ex.ftype(args[0]), ex.ftype(args[1])) if len(args) >= 2 else OTHER
    return ex.ftype(args[0]) if args else DOUBLE


def intrinsic_value(ex, name: str, args):
    """The value of an intrinsic reference (C semantics: INT truncates, MOD is CMod), or None."""
    g = generic(name)
    if g in ("KIND",) and args:
        return sympy.Integer(max(ex.ftype(args[0]).size, 1))
    if g == "SELECTED_REAL_KIND":
        p = ex.value(args[0]) if args else None
        return None if p is None else sympy.Integer(4 if p <= 6 else 8 if p <= 15 else 16)
    if g == "SELECTED_INT_KIND":
        r = ex.value(args[0]) if args else None
        return None if r is None else sympy.Integer(4 if r <= 9 else 8)
    if g in ("SIZE", "UBOUND", "LBOUND"):
        return inquiry_value(ex, g, args)
    if g == "LEN" and len(args) == 1 and isinstance(args[0], F.Name):
        t = ex.scope.var_type(str(args[0]))  # CHARACTER(len=32): its declared length (types.py)
        return sympy.Integer(t.size) if t is not None and t.kind == "other" and t.tag is None else None
    if g == "PRESENT" and len(args) == 1 and isinstance(args[0], F.Name):
        # the flag the call passes for an OPTIONAL dummy (shapes.present_flags): 1 given, 0 not
        flag = present_flag(ex.scope.canon(str(args[0])))
        return S.var(flag) if flag in ex.scope.program.present_names(ex.scope.name) else None
    if g == "COMMAND_ARGUMENT_COUNT":
        ex.reads_argc = True  # the unit's level-1 parse registers the input argc
        return ARGC - 1
    vals = [ex.value(a) for a in args]
    if g == "MERGE" and len(vals) >= 3:
        t, f, c = vals[:3]
        if t is None or f is None or c is None:
            return None
        return sympy.Piecewise((t, S.as_condition(c)), (f, True))
    if any(v is None for v in vals) or not vals:
        return None
    if g in ("REAL", "DBLE"):
        return vals[0]
    if g == "INT":
        return S.CTrunc(vals[0]) if ex.ftype(args[0]).kind in ("real", "double") else vals[0]
    if g in ("NINT", "ANINT"):
        return nearest(vals[0]) if ex.ftype(args[0]).kind in ("real", "double") else vals[0]
    if g == "ABS":
        return sympy.Abs(vals[0])
    if g == "SQRT":
        return sympy.sqrt(vals[0])
    if g == "EXP":
        return sympy.exp(vals[0])
    if g == "LOG":
        return sympy.log(vals[0])
    if g in ("MOD", "MODULO") and len(vals) == 2:
        ints = all(ex.ftype(a).kind == "int" for a in args)
        # MOD takes the dividend's sign (C's %), MODULO the divisor's (sympy's Mod, Python's %):
        # modulo(rank - 1, nprocs) is nprocs - 1 on rank 0, mod(rank - 1, nprocs) is -1.
        return (S.CMod if g == "MOD" else sympy.Mod)(vals[0], vals[1]) if ints else None
    if g == "MAX":
        return sympy.Max(*vals)
    if g == "MIN":
        return sympy.Min(*vals)
    if g == "FLOOR":
        return sympy.floor(vals[0])
    if g == "CEILING":
        return sympy.ceiling(vals[0])
    if g in BITS:
        return bit_value(g, vals)
    return None


def count_intrinsic(ex, name: str, args, counts: OpCounts, accesses: list[Access]) -> None:
    """The operations of an intrinsic reference, as the C frontend counts the equivalent C."""
    g = generic(name)
    if g in _INQUIRY:
        return
    if g == "MERGE" and len(args) >= 3:
        ex.count(args[2], counts, accesses)
        # Both values counted at half weight, as C's ?: (which one is taken is not known).
        for arm in args[:2]:
            half_c, half_a = OpCounts(), []
            ex.count(arm, half_c, half_a)
            for k, v in half_c.ops.items():
                counts.add_op(k, v * 0.5)
            counts.fetch += half_c.fetch * 0.5
            counts.store += half_c.store * 0.5
        return
    for a in args:
        ex.count(a, counts, accesses)
    kinds = [ex.ftype(a).kind for a in args]
    if g in _CONVERT:
        src, dst = (kinds[0] if kinds else "int"), _CONVERT[g].kind
        ex.convert(src, dst, counts)
        return
    if g == "MOD" or g == "MODULO":
        kind = _promoted(ex, g, args).kind
        if kind == "int":  # C's %, by its divisor's class (frontends/aag/opclass.py)
            if len(args) == 2:
                count_integer_op(counts, "%", ex.sym(args[0]), ex.sym(args[1]))
            else:
                counts.add_op("int_div")
        else:
            count_call(counts, "fmod", 2)
        return
    if g in ("MAX", "MIN"):
        kind = _promoted(ex, g, args).kind
        for k in kinds:
            if kind in ("real", "double") and k == "int":
                counts.add_op("int_to_real")
        counts.add_op(op_name(kind, "add"), max(0, len(args) - 1))
        return
    if g == "ABS":
        count_call(counts, "abs" if kinds and kinds[0] == "int" else "fabs", 1)
        return
    if g == "ANINT":  # a real result: C's round(), no conversion to an integer type
        count_call(counts, "round", 1)
        return
    if g in ("FLOOR", "CEILING"):
        count_call(counts, "floor" if g == "FLOOR" else "ceil", 1)
        counts.add_op("real_to_int")
        return
    if g in BITS:
        count_bits(ex, g, args, counts)
        return
    if g in _LIB:
        if kinds and kinds[0] == "int":
            counts.add_op("int_to_real")
        count_call(counts, _LIB[g], len(args))
        return
    count_call(counts, g.lower(), len(args))


def nearest(x):
    """NINT / ANINT of x: the nearest whole number, a half rounded away from zero (Fortran, as C's
    round(); not Python's or sympy's round-half-to-even, which makes nint(2.5) 2). Built from the
    truncation every numeric path already evaluates, so the engine compiles it as it does INT."""
    return S.CTrunc(x + sympy.sign(x) / 2)


def _promoted(ex, g, args) -> FType:
    """The type of MAX, MIN, MOD, SIGN: their arguments' promoted type."""
    t = INT
    for a in args:
        at = ex.ftype(a)
        t = promote(t, at) if at.arithmetic else t
    return t
