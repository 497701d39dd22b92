"""The bytes a Fortran array spans where its shape is not a constant: ``x(n)`` of a dummy or an
automatic array, ``ALLOCATE(x(nloc * nnzr))`` of an allocatable (C's malloc sizes,
frontends/c/allocations.py).

The gather model (interp/models/gather.py) costs an indirect access ``x(col(k))`` and the search
model (interp/models/search.py) a binary search's probe ``edges(mid)`` by the extent of the array:
the number of distinct lines they can touch. A constant shape is the declaration's
(memory.symbol_table reads it from the type); the others are expressions of the unit's variables
that the engine evaluates where the access runs, kept only when the engine follows every variable
they read (``tracked``). An array allocated twice with different shapes in one unit has none, as
a C pointer assigned two different allocations.
"""
from __future__ import annotations

import sympy


def array_extents(scopes, tracked) -> dict[tuple[str, str], sympy.Expr]:
    """(unit name, array) -> bytes, for every array of ``scopes`` (decls.Scope) whose shape is
    known but not constant."""
    out = {}
    for scope in scopes:
        for name, t in scope.types.items():
            if not t.is_array or t.length is not None:
                continue
            if name in scope.allocated and scope.allocated[name] is None:
                continue  # two ALLOCATEs of different shapes
            extents = [e for _, e in t.dims]
            if any(e is None for e in extents):
                continue  # assumed shape (:), or a bound the parse cannot follow
            size = sympy.Mul(*extents) * t.size
            if all(tracked(v.name) for v in size.free_symbols):
                out[(scope.name, scope.canon(name))] = size
    return out


def element_offset(ex, args, t):
    """0-based column-major offset of the element ``args`` pick in an array of type ``t``, an
    expression of program variables (Access.index: what frontends/probes.py reads to tell a
    search's probe ``edges(mid)``); None when a subscript or a bound is not known."""
    offset, mult = sympy.Integer(0), sympy.Integer(1)
    for k, a in enumerate(args):
        value = ex.sym(a)
        lo, ext = t.dims[k] if k < len(t.dims) else (None, None)
        if value is None or lo is None:
            return None
        offset += (value - lo) * mult
        if k < len(args) - 1:
            if ext is None:
                return None
            mult *= ext
    return offset
