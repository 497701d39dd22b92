"""Walking pycparser trees for the C level-1 parse: nodes below a node, source lines, labels,
and the shapes of statements the parse recognises (a call statement, the names a loop assigns).
"""
from __future__ import annotations

import copy

from pycparser import c_ast, c_generator

from .critical import target_name

class _Generator(c_generator.CGenerator):
    def visit_Constant(self, n):
        return getattr(n, "function", None) or n.value  # a function's handle: its name (fnhandles.py)


_GEN = _Generator()


def label(node, limit: int = 48) -> str:
    """Short source text of a node, for reports (the AAU's label)."""
    try:
        text = " ".join(_GEN.visit(node).split())
    except Exception:  # a label is cosmetic; never fail a parse on it
        text = type(node).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def lines(node) -> tuple[int, int]:
    """First and last source line of a node."""
    first = node.coord.line if getattr(node, "coord", None) else 0
    last = first

    class V(c_ast.NodeVisitor):
        def generic_visit(self, n):
            nonlocal last
            if getattr(n, "coord", None) and n.coord.line > last:
                last = n.coord.line
            super().generic_visit(n)

    V().visit(node)
    return first, last


def walk(node):
    """Every node below ``node`` in evaluation-ish order (children before parents is not needed)."""
    if node is None:
        return
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed([c for _, c in n.children()]))


def calls_in_order(node):
    """The calls in ``node`` in the order C runs them: a call's arguments (their own calls, at any
    depth) before the call, and operands and arguments left to right, as compilers do in practice
    (C leaves the order of arguments unspecified, not that of a call and its arguments).
    ``consume(produce(x))`` runs produce first: walk() meets consume first."""
    if node is None:
        return
    stack = [(node, False)]
    while stack:  # iterative: a deep expression must not exhaust Python's recursion
        n, expanded = stack.pop()
        if expanded:
            yield n
            continue
        if isinstance(n, c_ast.FuncCall):
            stack.append((n, True))
        stack.extend((c, False) for _, c in reversed(n.children()))


def top_call(expr):
    """``f(...)`` or ``x = f(...)`` (possibly cast): the call and the assigned variable."""
    if isinstance(expr, c_ast.FuncCall):
        return expr, None
    if isinstance(expr, c_ast.Assignment) and expr.op == "=":
        rhs = expr.rvalue.expr if isinstance(expr.rvalue, c_ast.Cast) else expr.rvalue
        if isinstance(rhs, c_ast.FuncCall):
            return rhs, target_name(expr.lvalue)
    return None, None


def assigned_names(stmt) -> set[str]:
    """The variables a statement (a loop body) assigns."""
    out = set()
    for n in walk(stmt):
        if isinstance(n, c_ast.Assignment):
            t = target_name(n.lvalue)
            if t:
                out.add(t)
        elif isinstance(n, c_ast.UnaryOp) and n.op in ("p++", "p--", "++", "--"):
            t = target_name(n.expr)
            if t:
                out.add(t)
    return out


def called(node) -> str | None:
    """The name a call node calls (None for a call through an expression)."""
    return node.name.name if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) else None


def rebuilt(node, replaced: dict):
    """A copy of ``node`` with the nodes in ``replaced`` (by id) swapped."""
    if id(node) in replaced:
        return replaced[id(node)]
    clone = copy.copy(node)
    for name in getattr(node, "__slots__", ()):
        value = getattr(node, name, None)
        if isinstance(value, c_ast.Node):
            setattr(clone, name, rebuilt(value, replaced))
        elif isinstance(value, list):
            setattr(clone, name, [rebuilt(v, replaced) if isinstance(v, c_ast.Node) else v for v in value])
    return clone
