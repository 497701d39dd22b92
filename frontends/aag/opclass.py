"""Operation classes of integer divisions and multiplications whose other operand is known.

Compilers at -O1 and above do not use the divider for a division by a constant: a power of two
is a shift or a mask with a sign fix-up (``int_shift``), any other constant a multiply-high by its
reciprocal, a shift and a fix-up (``int_div_const``; Granlund & Montgomery, PLDI 1994); a
multiplication by a power of two is a shift or an ``lea`` (``int_mul_pow2``). The paper's model
(Table 1 has no such classes) costs them as ``int_div`` and ``int_mul`` (interp/models/omega.py
``_FALLBACK``); the roofline and compiled models at the int add's and multiply's throughputs. A
division by a variable stays ``int_div``, and its operands are kept (``OpCounts.quotients``) so
that the engine can cost it by its quotient's width where it knows them (interp/models/divider.py).
Shared by the C and Fortran frontends, so that both languages count the same operations.
"""
from __future__ import annotations

from .aau import OpCounts


def _known(value) -> int | None:
    """An integer the parse knows (a literal, a macro, a constant), else None."""
    if value is None or not getattr(value, "is_Integer", isinstance(value, int)):
        return None
    return int(value)


def known_class(op: str, value: int | None) -> str | None:
    """The class of an integer ``op`` (``*``, ``/``, ``%``) whose other operand (the divisor, a
    factor) is ``value``; None when that is unknown or no constant the compiler folds. A factor of
    1 stays int_mul: a flat subscript ``u[1*n + j]`` counts as the address arithmetic of
    ``u(j, 1)`` does in Fortran (one multiply per extra dimension)."""
    if value is None or value == 0:
        return None
    power = value > 0 and value & (value - 1) == 0
    if op == "*":
        return "int_mul_pow2" if power and value > 1 else None
    return "int_shift" if power else "int_div_const"


def count_integer_op(counts: OpCounts, op: str, left, right, wide: bool = False) -> None:
    """Count one integer ``*``, ``/`` or ``%`` (``op`` as C writes it; MOD is ``%``) whose
    operands' values are ``left`` and ``right`` (sympy expressions of program variables, or None
    where unknown). ``wide``: 64-bit operands, a division by a variable is then ``long_div``
    (dividers take longer over 64 bits: docs/model.md, "The divider")."""
    if op == "*":
        counts.add_op(known_class(op, _known(right)) or known_class(op, _known(left)) or "int_mul")
        return
    name = known_class(op, _known(right))
    if name is not None:
        counts.add_op(name)
        return
    counts.add_op("long_div" if wide else "int_div")
    if left is not None and right is not None and not getattr(left, "is_Number", False):
        counts.quotients.append((left, right))
