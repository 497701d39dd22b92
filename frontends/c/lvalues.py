"""The storage a C expression names, as interp tracks it: a message buffer's base variable, a
struct member's path (``s.n``, ``*p.n``, ``lev.n[2]``), a member of an element of an array of
structs, the identifiers an expression reads, and whether it calls a random generator. Shared by
the expression context (expr.py), the critical-variable analysis and the statement builders."""
from __future__ import annotations

import re

from pycparser import c_ast

from ..aag.bodies import root
from ..critical import RANDOM_SOURCES
from .types import integer_literal


def buffer_name(node) -> str | None:
    """Base variable of a message buffer argument: ``&x``, ``x``, ``(char *)&x``, ``&x[0]``, ``x+k``."""
    while True:
        if isinstance(node, c_ast.Cast):
            node = node.expr
        elif isinstance(node, c_ast.UnaryOp) and node.op == "&":
            node = node.expr
        elif isinstance(node, c_ast.ArrayRef):
            node = node.name
        elif isinstance(node, c_ast.BinaryOp) and node.op in "+-":
            node = node.left
        elif isinstance(node, c_ast.ID):
            return node.name
        elif isinstance(node, c_ast.StructRef):
            return field_path(node)
        else:
            return None


def field_path(node) -> str | None:
    """The name of a struct member as interp tracks it: ``s.n``, ``*p.n`` for ``p->n`` and
    ``(*p).n``, ``s.dims[0]`` for a constant index, ``a.b.c`` for nested members; None for a
    path through a variable index or a call."""
    if isinstance(node, c_ast.ID):
        return node.name
    if isinstance(node, c_ast.UnaryOp) and node.op == "*" and isinstance(node.expr, c_ast.ID):
        return f"*{node.expr.name}"
    if isinstance(node, c_ast.ArrayRef) and isinstance(node.subscript, c_ast.Constant):
        base = field_path(node.name)
        return None if base is None else f"{base}[{node.subscript.value}]"
    if isinstance(node, c_ast.StructRef):
        if node.type == "->":
            if not isinstance(node.name, c_ast.ID):
                return None
            return f"*{node.name.name}.{node.field.name}"
        member = member_element(node)
        if member is not None and isinstance(member[1], c_ast.Constant):
            k = integer_literal(member[1])  # lev[2].n: element 2 of the members "lev.n"
            return None if k is None else f"{member[0]}[{k}]"
        base = field_path(node.name)
        return None if base is None else f"{base}.{node.field.name}"
    return None


def member_name(base: str, member: str) -> str:
    """The tracked name of ``member`` of the struct named ``base`` (field_path's): ``s.n``, and
    ``lev.n[2]`` for the element ``lev[2]`` of an array of structs."""
    found = re.fullmatch(r"(\*?[A-Za-z_]\w*)\[(\d+)\]", base)
    return f"{found.group(1)}.{member}[{found.group(2)}]" if found else f"{base}.{member}"


def member_element(node) -> tuple[str, object] | None:
    """``a[i].f``, a member of an element of an array (or pointer) of structs: ("a.f", the index
    node). The members f of a's elements are an array of their own, named "a.f", its element k
    "a.f[k]" (a constant index names it so too: ``a[2].f`` is ``a.f[2]``), so a loop bound read
    from an array of structs (``i < lev[l].n``) is followed as ``counts[l]`` is; a member of a
    member, ``a[i].g.n``, is "a.g.n". None otherwise."""
    fields = []
    while isinstance(node, c_ast.StructRef) and node.type == ".":
        fields.append(node.field.name)   # lev[l].g.n: a member of a member of the element
        node = node.name
    if fields and isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ID):
        return ".".join([node.name.name, *reversed(fields)]), node.subscript
    return None


def calls_random(node) -> bool:
    """Does an expression call a pseudo-random number generator (rand(), random(), drand48())?"""
    found = []

    class V(c_ast.NodeVisitor):
        def visit_FuncCall(self, n):
            if isinstance(n.name, c_ast.ID) and n.name.name in RANDOM_SOURCES:
                found.append(n)
            self.generic_visit(n)
    V().visit(node)
    return bool(found)


def names_in(node) -> set[str]:
    """Every identifier read in an expression, with constant-index elements as ``a[k]``."""
    out: set[str] = set()

    class V(c_ast.NodeVisitor):
        def visit_ID(self, n):
            out.add(n.name)

        def visit_ArrayRef(self, n):
            if isinstance(n.name, c_ast.ID) and isinstance(n.subscript, c_ast.Constant):
                out.add(f"{n.name.name}[{n.subscript.value}]")
            self.generic_visit(n)

        def visit_FuncCall(self, n):
            if n.args is not None:
                self.visit(n.args)

        def visit_StructRef(self, n):
            path = field_path(n)
            member = member_element(n)
            if path is None and member is not None:
                path = member[0]  # lev[l].n: the members "lev.n" as a whole (an index read at run time)
            if path is not None:
                out.add(path)
                out.add(root(path))
            if n.type == "->" and isinstance(n.name, c_ast.ID):
                return  # the pointer itself decides nothing; its target's member does
            self.visit(n.name)  # not the member's name: it is no variable

        def visit_UnaryOp(self, n):
            if n.op != "sizeof":  # sizeof reads no value
                self.generic_visit(n)

    if node is not None:
        V().visit(node)
    return out
