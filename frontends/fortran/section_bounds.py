"""The critical variables of array syntax (part of the critical-variable analysis, critical.py):
an array assignment is a loop nest (sections.py), so the bounds of its sections, and the declared
or allocated bounds of its whole arrays, are loop limits.
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F

from . import tree as T
from .refs import args_of, is_ref, ref_name
from .intrinsics import generic
from .sections import ELEMENTAL, reductions_in


def allocation_names(ex, stmts) -> dict[str, set[str]]:
    """Array name -> the names its ALLOCATE bounds read, over a unit's statements."""
    out: dict[str, set[str]] = {}
    for stmt in stmts:
        if isinstance(stmt, F.Allocate_Stmt):
            for a in (n for n in T.walk_all(stmt) if isinstance(n, F.Allocation)):
                obj = a.items[0]
                key = ex.components.text(obj) if isinstance(obj, F.Data_Ref) else ex.scope.canon(str(obj))
                out.setdefault(key, set()).update(ex.names_in(a.items[1]))
    return out


def section_limits(ex, stmt, allocated: dict[str, set[str]]) -> set[str]:
    """The names that bound the loops of an assignment's array syntax (its critical variables):
    those in section triplets and in the declared or allocated bounds of its arrays."""
    scope = ex.scope
    arrays = [n for n in T.walk_all(stmt) if isinstance(n, F.Name) and scope.is_array(str(n))
              or isinstance(n, F.Data_Ref) and ex.components.whole_array(n)]
    triplets = [n for n in T.walk_all(stmt) if isinstance(n, F.Subscript_Triplet)]
    if not triplets and not reductions_in(ex, stmt.items[2]) and not (
            arrays and any(str(n) == str(stmt.items[0]) or not _inside_call(stmt, n, scope) for n in arrays)):
        return set()
    names: set[str] = set()
    for t in triplets:
        names |= ex.names_in(t)
    for node in T.walk_all(stmt):
        if isinstance(node, F.Data_Ref) and ex.components.whole_array(node):  # f%v: its ALLOCATE's bounds
            names |= allocated.get(ex.components.text(node), set())
            names |= {str(s) for lo, ext in ex.components.dims(node) for b in (lo, ext)
                      for s in getattr(b, "free_symbols", ())}
            continue
        name = str(node) if isinstance(node, F.Name) else ref_name(node) if is_ref(node) else None
        if name is None or not scope.is_array(name):
            continue
        names |= allocated.get(scope.canon(name), set())
        for lo, ext in scope.var_type(name).dims:
            for bound in (lo, ext):
                names |= {str(s) for s in getattr(bound, "free_symbols", ())}
    return names


def _inside_call(stmt, node, scope) -> bool:
    """Is the whole array ``node`` an argument of a non-elemental function (passed, not looped)?"""
    for ref in (n for n in T.walk_all(stmt) if is_ref(n)):
        if any(a is node for a in args_of(ref)):
            kind = scope.ref_kind(ref_name(ref))
            return not (kind == "intrinsic" and generic(ref_name(ref)) in ELEMENTAL)
    return False
