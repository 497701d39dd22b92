"""Fortran types as the level-1 parse needs them: arithmetic class, element size, array shape.

INTEGER -> int (4 bytes), REAL -> real (4), DOUBLE PRECISION / REAL*8 / REAL(8) -> double (8),
LOGICAL -> int (4: a truth value is an integer operation, as C's), CHARACTER / COMPLEX / derived
types -> other. Arrays keep their dimensions in Fortran order, FIRST index fastest (column major),
each as (lower bound, extent) with sympy values (None where the source does not fix them: ``*``,
``:``, or bounds that depend on data).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import sympy


@dataclass(frozen=True)
class FType:
    kind: str  # int | real | double | other
    size: int  # bytes of one element
    dims: tuple = ()  # ((lower, extent), ...), first index fastest; a value may be None
    pointer: bool = False  # POINTER or ALLOCATABLE: the shape comes from ALLOCATE
    tag: str | None = None  # a derived type's name (derived.py), for kind "other"

    @property
    def is_array(self) -> bool:
        return bool(self.dims)

    @property
    def length(self) -> int | None:
        """Elements of the array when every extent is a constant (as memory.symbol_table wants)."""
        if not self.dims:
            return None
        n = 1
        for _, ext in self.dims:
            if ext is None or not getattr(ext, "is_Integer", False):
                return None
            n *= int(ext)
        return n

    @property
    def arithmetic(self) -> bool:
        return self.kind in ("int", "real", "double")

    def element(self) -> "FType":
        return FType(self.kind, self.size, tag=self.tag)

    def with_dims(self, dims: tuple, pointer: bool | None = None) -> "FType":
        return replace(self, dims=tuple(dims), pointer=self.pointer if pointer is None else pointer)


INT = FType("int", 4)
REAL = FType("real", 4)
DOUBLE = FType("double", 8)
LOGICAL = FType("int", 4)
OTHER = FType("other", 0)


def promote(a: FType, b: FType) -> FType:
    """Fortran's mixed-mode arithmetic, reduced to the int / real / double classes."""
    if "double" in (a.kind, b.kind):
        return DOUBLE
    if "real" in (a.kind, b.kind):
        return REAL
    if a.kind == "other" or b.kind == "other":
        return OTHER
    return INT


def intrinsic_type(name: str, kind: int | None, length: int | None = None) -> FType:
    """The FType of ``INTEGER``, ``REAL*8``, ``REAL(KIND=8)``, ``DOUBLE PRECISION``, ..."""
    name = " ".join(name.upper().split())
    if name == "INTEGER":
        return FType("int", kind or 4)
    if name == "REAL":
        size = kind or 4
        return FType("double", size) if size >= 8 else REAL
    if name == "DOUBLE PRECISION":
        return DOUBLE
    if name == "LOGICAL":
        return FType("int", kind or 4)
    if name == "CHARACTER":
        return FType("other", length or 1)
    if name == "COMPLEX":
        return FType("other", 2 * (kind or 4))
    if name == "DOUBLE COMPLEX":
        return FType("other", 16)
    return OTHER


def implicit_type(name: str, rules: dict[str, FType] | None) -> FType | None:
    """Fortran's implicit typing: I-N integer, else real, unless IMPLICIT says otherwise."""
    if rules is None:  # IMPLICIT NONE
        return None
    first = name[:1].lower()
    if first in rules:
        return rules[first]
    return INT if "i" <= first <= "n" else REAL


def kind_of_literal(kind_param, constants: dict[str, sympy.Expr]) -> int | None:
    """The value of a literal's kind parameter (``1.0_8``, ``1.0_dp``)."""
    if kind_param is None:
        return None
    text = str(kind_param).lower()
    if text.isdigit():
        return int(text)
    value = constants.get(text)
    return int(value) if value is not None and getattr(value, "is_Integer", False) else None


def extent(lower, upper):
    """Elements along one dimension, or None when a bound is unknown."""
    if lower is None or upper is None:
        return None
    return sympy.simplify(upper - lower + 1)
