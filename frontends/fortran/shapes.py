"""Array shapes the level-1 parse can state: SIZE / UBOUND / LBOUND, and the extents of
assumed-shape dummy arguments, which come from the actual argument of each call.

``subroutine relax(u)`` with ``u(:, :)`` and ``do j = 2, size(u, 2) - 1`` is the modern Fortran
way to pass a field: the extent is not in the callee's declarations but in the caller's. Each
assumed extent becomes a hidden parameter of the subprogram (``interp_u_2`` for u's second
dimension), and every call passes the extent of its actual argument (a declared or allocated
array, a section ``a(2:n-1, :)``, a component ``f%v``), as compilers pass a descriptor. An extent
the caller cannot state (an element passed for sequence association, an unallocated array) is not
known in the callee: what depends on it is reported there.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F

from ..aag import symexpr as S
from .refs import args_of, is_ref
from .types import INT


def present_flag(dummy: str) -> str:
    """The hidden parameter that says whether an OPTIONAL dummy got an actual argument."""
    return f"interp_{dummy}_present"


def present_flags(unit, scope) -> list[tuple[int, str]]:
    """(dummy position, flag parameter) of the dummies whose PRESENT() the unit reads: each call
    passes 1 for a dummy it gives an actual argument (positional or by keyword), 0 otherwise, as
    a compiler passes a null address (``if (present(nsweep)) ns = nsweep``)."""
    tested = set()
    stack = [unit]
    while stack:
        n = stack.pop()
        if isinstance(n, F.Intrinsic_Function_Reference) and str(n.items[0]).upper() == "PRESENT":
            tested |= {scope.canon(str(a)) for a in args_of(n) if isinstance(a, F.Name)}
        stack.extend(c for c in (getattr(n, "items", None) or ()) if c is not None and not isinstance(c, str))
        stack.extend(getattr(n, "content", None) or ())
    out = []
    for pos, dummy in enumerate(scope.dummies):
        if scope.canon(dummy) in tested:
            scope.types[present_flag(scope.canon(dummy))] = INT
            out.append((pos, present_flag(scope.canon(dummy))))
    return out


def hidden_name(dummy: str, k: int) -> str:
    return f"interp_{dummy}_{k}"


def assumed_extents(scope) -> list[tuple[int, int, str]]:
    """Give the assumed-shape dummies of ``scope`` hidden extent parameters: (dummy position,
    dimension k (1-based), parameter name), in order. The dummies' dims refer to them."""
    out = []
    for pos, dummy in enumerate(scope.dummies):
        t = scope.types.get(dummy)
        if t is None or not t.is_array or t.pointer or all(ext is not None for _, ext in t.dims):
            continue
        dims = []
        for k, (lo, ext) in enumerate(t.dims, start=1):
            if ext is None:
                name = hidden_name(dummy, k)
                scope.types[name] = INT
                out.append((pos, k, name))
                ext = S.var(name)
            dims.append((lo, ext))
        scope.types[dummy] = t.with_dims(tuple(dims))
    return out


def array_dims(ex, node) -> list | None:
    """((lower, extent), ...) of an array operand: a whole array, a section (lower bound 1), a
    component array; None when it is not one or its shape is not stated."""
    scope = ex.scope
    if isinstance(node, F.Name):
        t = scope.var_type(str(node))
        return list(t.dims) if t is not None and t.is_array else None
    if isinstance(node, F.Data_Ref):
        return list(ex.components.dims(node)) if ex.components.whole_array(node) else None
    if is_ref(node) and scope.ref_kind(str(node.items[0])) == "array":
        t = scope.var_type(str(node.items[0]))
        out = []
        for k, a in enumerate(args_of(node)):
            if isinstance(a, F.Subscript_Triplet):
                lo_n, hi_n, st_n = a.items
                lo_d, ext_d = t.dims[k] if k < len(t.dims) else (None, None)
                lo = ex.sym(lo_n) if lo_n is not None else lo_d
                hi = ex.sym(hi_n) if hi_n is not None else (
                    None if lo_d is None or ext_d is None else lo_d + ext_d - 1)
                st = ex.sym(st_n) if st_n is not None else sympy.Integer(1)
                ext = None if lo is None or hi is None or st is None else \
                    sympy.Max(0, sympy.floor((hi - lo + st) / st))
                out.append((sympy.Integer(1), ext))
        return out or None  # an element (no section): not an array operand
    return None


def inquiry_value(ex, g: str, args):
    """SIZE(a [, dim]), UBOUND(a, dim), LBOUND(a, dim) from the shape, or None."""
    dims = array_dims(ex, args[0]) if args else None
    if not dims:
        return None
    if len(args) > 1:
        k = ex.sym(args[1])
        if k is None or not k.is_Integer or not 1 <= int(k) <= len(dims):
            return None
        lo, ext = dims[int(k) - 1]
    elif g == "SIZE":
        exts = [ext for _, ext in dims]
        return None if any(e is None for e in exts) else sympy.Mul(*exts)
    elif len(dims) == 1:
        lo, ext = dims[0]
    else:
        return None  # UBOUND(a) of a rank-2 array is an array
    if g == "SIZE":
        return ext
    if g == "LBOUND":
        return lo
    return None if lo is None or ext is None else lo + ext - 1


def actual_extent(ex, node, k: int):
    """The extent of dimension k of an actual argument, for a callee's hidden parameter."""
    dims = array_dims(ex, node)
    return dims[k - 1][1] if dims is not None and k <= len(dims) else None
