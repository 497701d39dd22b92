"""C binary searches with two moving bounds (frontends/halving.py gives their trip count).

Recognised: ``while (lo <= hi)`` / ``while (lo < hi)`` (or ``hi >= lo`` / ``hi > lo``) whose body
sets one name to the midpoint of lo and hi -- ``(lo + hi) / 2``, ``lo + (hi - lo) / 2``, ``>> 1``,
with ``+ 1`` inside for the upper midpoint -- and sets lo and hi only to that name, or it plus or
minus 1. A ``break`` in a branch of an if standing in the body (the key found) is dropped: the
count is the worst case, in which it is never taken (docs/model.md, "Binary search").
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from .. import halving
from . import tree as T

_FLIP = {"<=": ">=", "<": ">", ">=": "<=", ">": "<"}


def recognise(stmt: c_ast.While):
    """(test, lo, hi, mid kind, moves of lo, moves of hi), the body without its found-early breaks
    and the probabilities of the ifs that hold them (by id), or None."""
    cond = stmt.cond
    if not (isinstance(cond, c_ast.BinaryOp) and cond.op in _FLIP
            and isinstance(cond.left, c_ast.ID) and isinstance(cond.right, c_ast.ID)):
        return None
    op, lo, hi = cond.op, cond.left.name, cond.right.name
    if op in (">=", ">"):
        op, lo, hi = _FLIP[op], hi, lo
    body = stmt.stmt
    found = halving.recognise(op, lo, hi, list(_assignments(body)))
    if found is None:
        return None
    body, found_probs = _without_found_breaks(body)
    return (op, lo, hi, *found), body, found_probs


def _assignments(body):
    """(name, value node) of every assignment and initialised declaration in the body; a name
    changed any other way (``++``, ``+=``, through a pointer) gets value None."""
    for n in T.walk(body):
        if isinstance(n, c_ast.Assignment) and isinstance(n.lvalue, c_ast.ID):
            yield n.lvalue.name, _linear(n.rvalue) if n.op == "=" else None
        elif isinstance(n, c_ast.Decl) and n.init is not None:
            yield n.name, _linear(n.init)
        elif isinstance(n, c_ast.UnaryOp) and n.op in ("++", "--", "p++", "p--", "&") \
                and isinstance(n.expr, c_ast.ID):
            yield n.expr.name, None


def _linear(node):
    """A sum of names and integer constants, halved by ``/ 2`` or ``>> 1``, as a sympy form
    (frontends/halving.py), else None."""
    while isinstance(node, c_ast.Cast):
        node = node.expr
    if isinstance(node, c_ast.ID):
        return sympy.Symbol(node.name)
    if isinstance(node, c_ast.Constant) and node.type == "int":
        try:
            return sympy.Integer(int(node.value.rstrip("uUlL"), 0))
        except ValueError:
            return None
    if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-", "/", ">>"):
        a, b = _linear(node.left), _linear(node.right)
        if a is None or b is None:
            return None
        if node.op in ("/", ">>"):
            return halving.half(a) if b == (2 if node.op == "/" else 1) else None
        return a + b if node.op == "+" else a - b
    return None


def _without_found_breaks(body):
    """The body with each ``break`` that ends a branch of an if standing in it removed, and for
    each such if (new nodes: the parsed tree may be cached) the probabilities of its conditions:
    0 for a branch that breaks or returns (the key found: never, in the worst case), 0.5 for the
    others. Other breaks stay (the loop is then left interpreted)."""
    if not isinstance(body, c_ast.Compound):
        return body, {}
    items, found = [], {}
    for s in body.block_items or []:
        if isinstance(s, c_ast.If):
            probs = _found_probs(s)
            s = _if_without_break(s)
            if 0.0 in probs:
                found[id(s)] = probs
        items.append(s)
    return c_ast.Compound(items, body.coord), found


def _ends_in_jump(b) -> bool:
    last = b.block_items[-1] if isinstance(b, c_ast.Compound) and b.block_items else b
    return isinstance(last, (c_ast.Break, c_ast.Return))


def _found_probs(node: c_ast.If) -> list:
    """Per condition of an if / else-if chain: 0.0 where its branch leaves the loop, else 0.5."""
    probs = []
    while isinstance(node, c_ast.If):
        probs.append(0.0 if _ends_in_jump(node.iftrue) else 0.5)
        node = node.iffalse
    return probs


def _if_without_break(node: c_ast.If) -> c_ast.If:
    def branch(b):
        if isinstance(b, c_ast.Break):
            return c_ast.Compound([], b.coord)
        if isinstance(b, c_ast.Compound) and b.block_items and isinstance(b.block_items[-1], c_ast.Break):
            return c_ast.Compound(b.block_items[:-1], b.coord)
        if isinstance(b, c_ast.If):
            return _if_without_break(b)
        return b
    return c_ast.If(node.cond, branch(node.iftrue), branch(node.iffalse) if node.iffalse is not None else None,
                    node.coord)
