"""Fortran's bit intrinsics: their values are the symbolic functions of C's bit operators.

``partner = IEOR(rank, mask)`` is the partner of a hypercube exchange as ``rank ^ mask`` is in C:
it must have a value for the partner, a loop bound or a condition to be followed. Each intrinsic
is the function the C frontend gives the operator (frontends/c/expr.py, frontends/aag/symexpr.py):

- IEOR(i, j), IAND(i, j), IOR(i, j): ``BXor``, ``BAnd``, ``BOr`` (C's ``^ & |``). Python's
  operators on unbounded two's complement integers give the values a 32- or 64-bit integer has,
  negative arguments included.
- NOT(i): ``-i - 1``, the two's complement ``~i`` (all integers). C's ``~`` has no symbolic
  value in the C frontend (frontends/c/expr.py ``_sym_UnaryOp``): NOT is followed, ``~`` not yet.
- ISHFT(i, s): ``Shl(i, s)`` for s >= 0 (``i << s``), ``Shr(i, -s)`` for s < 0, as the standard
  says; a shift count whose sign is not known is ``Shr(Shl(i, Max(s, 0)), Max(-s, 0))``, which
  is one or the other and never shifts by a negative count. Differs from Fortran where the
  standard's fixed bit size matters: ISHFT's right shift is logical (zeros in from the left),
  ``Shr`` is C's arithmetic shift, so they differ for a negative i; a left shift past the
  integer's bits is not wrapped (nor is C's ``<<``). Equal for non-negative values in range.
- IBSET(i, pos): ``BOr(i, Shl(1, pos))``; IBCLR(i, pos): ``BAnd(i, -Shl(1, pos) - 1)`` (i & ~(1 <<
  pos)); BTEST(i, pos): ``BAnd(Shr(i, pos), 1) != 0``, a LOGICAL (0/1 as C's comparisons).

Operations are counted as the C frontend counts the equivalent C (frontends/c/counts.py: a bit
operator, ``~`` and a shift are one int add each): IEOR, IAND, IOR, NOT one; ISHFT one for a
constant count, else C's ``s >= 0 ? i << s : i >> -s`` (the test, each arm at half weight: 2.5);
IBSET two, IBCLR three, BTEST two.
"""
from __future__ import annotations

import sympy

from ..aag import symexpr as S

BITS = {"IEOR", "IAND", "IOR", "NOT", "ISHFT", "IBSET", "IBCLR", "BTEST"}
_BINARY = {"IEOR": S.BXor, "IAND": S.BAnd, "IOR": S.BOr}
_INT_ADDS = {"IEOR": 1, "IAND": 1, "IOR": 1, "NOT": 1, "IBSET": 2, "IBCLR": 3, "BTEST": 2}


def ishft(i, s):
    """ISHFT(i, s): left by s when s >= 0, right by -s when s < 0."""
    if s.is_Integer:
        return S.Shl(i, s) if s >= 0 else S.Shr(i, -s)
    return S.Shr(S.Shl(i, sympy.Max(s, 0)), sympy.Max(-s, 0))


def bit_value(g: str, vals: list):
    """The value of bit intrinsic ``g`` (generic name) of known argument values, or None."""
    if g in _BINARY and len(vals) == 2:
        return _BINARY[g](*vals)
    if g == "NOT" and len(vals) == 1:
        return -vals[0] - 1
    if len(vals) != 2:
        return None
    i, pos = vals
    if g == "ISHFT":
        return ishft(i, pos)
    if g == "IBSET":
        return S.BOr(i, S.Shl(1, pos))
    if g == "IBCLR":
        return S.BAnd(i, -S.Shl(1, pos) - 1)
    if g == "BTEST":
        return S.as_number(sympy.Ne(S.BAnd(S.Shr(i, pos), 1), 0))
    return None


def count_bits(ex, g: str, args, counts) -> None:
    """The int adds of bit intrinsic ``g`` (its arguments are counted by the caller)."""
    if g == "ISHFT":
        s = ex.sym(args[1]) if len(args) == 2 else None
        counts.add_op("int_add", 1 if s is not None and s.is_Integer else 2.5)
        return
    counts.add_op("int_add", _INT_ADDS.get(g, 1))
