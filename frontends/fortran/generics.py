"""Generic interfaces: ``INTERFACE advance; MODULE PROCEDURE advance_one, advance_all; END
INTERFACE`` (part of the level-1 parse, see level1.py).

A call of the generic name is a call of the one specific procedure whose dummy arguments the
actual arguments fit, as the compiler resolves it (F2018 15.5.5.2): the number of arguments, and
for each its type (integer, real, a derived type's name) and whether it is an array. The parse
trees are rewritten once, after the declarations and before anything reads the calls, so every
later step sees the specific procedure's name. A call no specific fits, or more than one does,
keeps the generic name: it is reported as a call interp does not model.
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F

from . import tree as T
from .refs import args_of, is_ref, ref_name


def generic_interface(stmt) -> tuple[str, list[str]] | None:
    """(generic name, its specific procedures) of an Interface_Block with a name and MODULE
    PROCEDURE / PROCEDURE lists; None for an interface block without a generic name."""
    head = stmt.content[0] if getattr(stmt, "content", None) else None
    name = head.items[0] if isinstance(head, F.Interface_Stmt) else None
    if not isinstance(name, F.Name):
        return None
    procs = [str(n).lower() for c in stmt.content if isinstance(c, F.Procedure_Stmt)
             for n in T.walk_all(c.items[0]) if isinstance(n, F.Name)]
    return (str(name).lower(), procs) if procs else None


def resolve_generics(units, generics: dict[str, list[str]]) -> None:
    """Rewrite every call of a generic name in ``units`` ((node, Scope, ...) of level1) to its
    specific procedure."""
    if not generics:
        return
    scopes = {scope.name: scope for _, scope, _, _ in units}
    for u, scope, _, _ in units:
        for node in T.walk_all(u):
            if isinstance(node, F.Call_Stmt):
                name = str(node.items[0]).lower()
            elif is_ref(node):
                name = ref_name(node).lower()
            else:
                continue
            if name not in generics or scope.is_array(name):
                continue
            specific = _specific(scope, args_of(node), [scopes.get(p) for p in generics[name]])
            if specific is not None:
                node.items = (F.Name(specific),) + tuple(node.items[1:])


def _specific(scope, args, candidates) -> str | None:
    fits = [c.name for c in candidates if c is not None and _fits(scope, args, c)]
    return fits[0] if len(fits) == 1 else None


def _fits(scope, args, callee) -> bool:
    if len(args) > len(callee.dummies):
        return False
    for arg, dummy in zip(args, callee.dummies):
        actual, formal = scope.expr.ftype(arg), callee.var_type(dummy)
        if formal is None:
            continue
        if actual.is_array != formal.is_array or actual.tag != formal.tag:
            return False
        if (actual.kind == "int") != (formal.kind == "int"):
            return False
    return True
