"""The values a whole-array assignment or initialisation gives each element of a small array.

``dims = 0``, ``logical :: periods(2) = .false.``, ``dims = (/ 4, 2 /)``: the arrays MPI's
Cartesian calls read element by element (MPI_Dims_create, MPI_Cart_create, MPI_Cart_rank) are set
whole in Fortran, where C writes ``int dims[2] = {0, 0}``. The engine follows such elements by name
(``dims[0]``, 0-based column-major as the C frontend names them, expr.element_offset), so each
named element gets the value the statement gives it.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F

from ..aag import symexpr as S
from ..aag.communicators import handle_value
from ..msgpass import datatype_value

# The most elements given values by name: the small arrays of process grids, never a data array
# (whose elements the engine does not follow).
FOLLOWED_ELEMENTS = 16


def element_count(ftype) -> int | None:
    """The number of elements of an array type with constant extents, None otherwise."""
    extents = [e for _, e in (ftype.dims if ftype is not None else ())]
    if not extents or any(e is None or not getattr(e, "is_Integer", False) for e in extents):
        return None
    return int(sympy.Mul(*extents))


def element_values(ex, target_type, rhs) -> list | None:
    """The value of every element after ``array = rhs`` (a value may be None: not known); None
    when the array is not small with constant extents."""
    size = element_count(target_type)
    if size is None or size > FOLLOWED_ELEMENTS:
        return None
    if isinstance(rhs, F.Array_Constructor):
        items = list(rhs.items[1].items) if isinstance(rhs.items[1], F.Ac_Value_List) else [rhs.items[1]]
        if len(items) != size or any(isinstance(i, F.Ac_Implied_Do) for i in items):
            return [None] * size  # an implied DO or a length mismatch: not followed
        return [_value(ex, target_type, i) for i in items]
    if ex.ftype(rhs).is_array:
        return [None] * size  # another array's elements: not followed through the copy
    return [_value(ex, target_type, rhs)] * size


def _value(ex, target_type, node):
    if isinstance(node, F.Name) and ex.scope.is_handle(str(node)):  # types = [MPI_INTEGER, ...]
        return handle_value(str(node)) or datatype_value(str(node), "fortran")
    value = ex.sym(node)
    if value is not None and target_type.kind == "int" and ex.ftype(node).kind in ("real", "double"):
        value = S.CTrunc(value)  # an integer array takes the truncated value, as a scalar does
    return value
