"""The value an increment inside an expression leaves in its variable (callstmts.py ``_defs``).

``row = next++`` updates next by one; where the increment stands in a branch of ``?:`` or in the
right operand of ``&&`` / ``||`` (``row = next < h ? next++ : -1``, ``ok && count++``), it runs
only when that branch or operand is evaluated: the update is then ``next + 1`` where the
condition holds and ``next`` elsewhere (a Piecewise), or unknown when the condition has no value.
Before, every such update was taken as always made.

An increment of an element (``count[key[i]]++``) is the element's store ``count[key[i]] += 1``
(``as_element_store``): it was taken for an increment of the array's own name, so the elements
kept their calloc'd 0 and an MPI_Alltoallv with those counts moved nothing, silently.
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from ..aag import symexpr as S
from . import tree as T
from .calls import subscript_value
from .expr import member_element


def update_value(ctx, expr, node: c_ast.UnaryOp, target: str):
    """The value of ``target`` after the increment ``node`` in ``expr`` (None: not known)."""
    delta = 1 if "+" in node.op else -1
    updated = S.var(target) + delta
    guard = _guard(ctx, expr, node)
    if guard is True:
        return updated
    if guard is None:
        return None
    return sympy.Piecewise((updated, guard), (S.var(target), True))


def as_element_store(node: c_ast.UnaryOp) -> c_ast.Assignment:
    """``a[k]++`` as ``a[k] += 1`` (``--`` as ``-= 1``)."""
    return c_ast.Assignment("+=" if "+" in node.op else "-=", node.expr, c_ast.Constant("int", "1"), node.coord)


def element_def(ctx, n: c_ast.Assignment) -> tuple:
    """``a[i] op= v`` into an array whose elements are followed: ("a[]", Stored(i, value)), the
    element picked when the engine has evaluated i; ("a[]", None) when i or the value is not
    known (every element of a is then unknown). ``lev[l].n op= v``: the same into the array
    "lev.n" of the members (expr.member_element)."""
    member = member_element(n.lvalue)
    array, subscript = member if member is not None else (n.lvalue.name.name, n.lvalue.subscript)
    index, value = subscript_value(ctx, subscript), ctx.sym(n.rvalue)
    if index is not None and value is not None and n.op != "=":
        cur = S.element(array, index)
        value = {"+=": cur + value, "-=": cur - value, "*=": cur * value}.get(n.op)
    if index is None or value is None:
        return array + S.ELEMENTS, None
    if ctx.ctype(n.lvalue).kind == "int" and ctx.ctype(n.rvalue).kind in ("real", "double"):
        value = S.CTrunc(value)
    return array + S.ELEMENTS, S.Stored(index, value)


def _guard(ctx, expr, node):
    """True when ``node`` always runs with ``expr``; else the condition under which it runs (a
    sympy boolean), or None when that condition has no value."""
    for n in T.walk(expr):
        if isinstance(n, c_ast.TernaryOp):
            for branch, negate in ((n.iftrue, False), (n.iffalse, True)):
                if _inside(branch, node):
                    return _and(ctx.condition(n.cond), negate, _guard(ctx, branch, node))
        elif isinstance(n, c_ast.BinaryOp) and n.op in ("&&", "||") and _inside(n.right, node):
            return _and(ctx.condition(n.left), n.op == "||", _guard(ctx, n.right, node))
    return True


def _inside(tree, node) -> bool:
    return any(x is node for x in T.walk(tree))


def _and(cond, negate: bool, inner):
    if cond is None or inner is None:
        return None
    cond = sympy.Not(cond) if negate else cond
    return cond if inner is True else sympy.And(cond, inner)
