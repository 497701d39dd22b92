"""Calls through a function pointer that can only hold one function, made direct calls.

Tutorial and application codes pass the function to integrate, the kernel to apply or the
comparison to sort with as a pointer (``double trap(double a, double b, int n, double (*f)(double))``
called as ``trap(0, 1, n, integrand)``; ``kernel_t k = stencil;``). interp costs a call by the
callee's body, so a call through a pointer was refused ("call through function pointer f is not
modelled"). Where the program gives a pointer only ever one function of its own - every
initialisation and assignment of the name, every argument passed to a parameter of that name, is
that function (``f``, ``&f``) - the call is that function's call, and the pointer passed to a
library call (qsort's comparator) is that function. A pointer that may hold two functions, or a
value from anything else (an array or a struct of pointers, a library function), is left to
fnhandles.py, which follows its value.

Names are matched by spelling across the program (a local, a parameter and a global of the same
name count as one pointer): that can only keep a call refused, never pick a wrong function.
"""
from __future__ import annotations

from pycparser import c_ast


def resolve(ext: list) -> dict[str, str]:
    """Rewrite, in place, the calls through function pointers of one possible target in the
    translation units' top-level nodes ``ext``; returns {pointer name: function}. Idempotent."""
    fundefs = {e.decl.name: e for e in ext if isinstance(e, c_ast.FuncDef)}
    typedefs = {e.name: e.type for e in ext if isinstance(e, c_ast.Typedef)}
    pointers: set[str] = set()
    targets: dict[str, set[str]] = {}
    unknown: set[str] = set()

    def bind(name: str, value) -> None:
        fn = _function(value, fundefs)
        if fn is None:
            unknown.add(name)
        else:
            targets.setdefault(name, set()).add(fn)

    nodes = [n for e in ext for n in walk_nodes(e)]
    for n in nodes:
        if isinstance(n, c_ast.Decl) and n.name and _is_pointer(n.type, typedefs):
            pointers.add(n.name)
            if n.init is not None:
                bind(n.name, n.init)
    for n in nodes:
        if isinstance(n, c_ast.Assignment) and isinstance(n.lvalue, c_ast.ID) and n.lvalue.name in pointers:
            bind(n.lvalue.name, n.rvalue) if n.op == "=" else unknown.add(n.lvalue.name)
        elif isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and n.name.name in fundefs:
            params = _params(fundefs[n.name.name])
            for i, a in enumerate(n.args.exprs if n.args else []):
                if i < len(params) and params[i] in pointers:
                    bind(params[i], a)
        elif isinstance(n, c_ast.UnaryOp) and n.op == "&" and isinstance(n.expr, c_ast.ID) \
                and n.expr.name in pointers:
            unknown.add(n.expr.name)  # &k: something may store another function through it
    resolved = {name: next(iter(fns)) for name, fns in targets.items()
                if len(fns) == 1 and name not in unknown and name not in fundefs}
    for n in nodes:
        if isinstance(n, c_ast.FuncCall):
            name = _pointer_name(n.name)
            if name in resolved:
                n.name = c_ast.ID(resolved[name], n.name.coord)
            elif isinstance(n.name, c_ast.ID) and n.name.name not in fundefs and n.args is not None:
                # passed to a library call (qsort's comparator): the function itself (libloops.py)
                n.args.exprs = [c_ast.ID(resolved[a.name], a.coord) if isinstance(a, c_ast.ID)
                                and a.name in resolved else a for a in n.args.exprs]
    return resolved


def walk_nodes(node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(c for _, c in n.children())


def _function(value, fundefs) -> str | None:
    """The program's function that ``value`` names (``f``, ``&f``, ``(fn_t) f``), or None."""
    while isinstance(value, c_ast.Cast) or (isinstance(value, c_ast.UnaryOp) and value.op == "&"):
        value = value.expr
    return value.name if isinstance(value, c_ast.ID) and value.name in fundefs else None


def _pointer_name(callee) -> str | None:
    """``k`` of ``k(x)`` and ``(*k)(x)``."""
    if isinstance(callee, c_ast.UnaryOp) and callee.op == "*":
        callee = callee.expr
    return callee.name if isinstance(callee, c_ast.ID) else None


def _is_pointer(t, typedefs, depth: int = 0) -> bool:
    """A pointer to a function (through typedefs): ``double (*f)(double)``, ``kernel_t k``."""
    if depth > 20:
        return False
    if isinstance(t, c_ast.PtrDecl):
        return isinstance(t.type, c_ast.FuncDecl)
    if isinstance(t, c_ast.TypeDecl) and isinstance(t.type, c_ast.IdentifierType) and len(t.type.names) == 1:
        named = typedefs.get(t.type.names[0])
        return named is not None and _is_pointer(named, typedefs, depth + 1)
    return False


def _params(fd) -> list[str]:
    args = fd.decl.type.args.params if fd.decl.type.args is not None else []
    return [p.name for p in args if isinstance(p, c_ast.Decl) and p.name]
