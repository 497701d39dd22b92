"""Fortran binary searches with two moving bounds (frontends/halving.py gives their trip count).

Recognised: ``DO WHILE (lo <= hi)`` / ``DO WHILE (lo < hi)`` (``.LE.``, ``.LT.``, or the bounds
swapped with ``>=`` / ``>``), and ``DO WHILE (hi - lo > 1)`` (a bracket, Numerical Recipes'
locate, whose bounds are set to the midpoint itself), whose body sets one name to the midpoint of lo and hi --
``(lo + hi) / 2``, ``lo + (hi - lo) / 2``, with ``+ 1`` inside for the upper midpoint -- and
sets lo and hi only to that name, or it plus or minus 1. An ``EXIT`` in a branch of an IF standing
in the body (the key found) is dropped: the count is the worst case, in which it is never taken.
"""
from __future__ import annotations

import copy

import sympy
from fparser.two import Fortran2003 as F

from .. import halving
from . import tree as T

_OPS = {"<=": "<=", ".LE.": "<=", "<": "<", ".LT.": "<", ">=": ">=", ".GE.": ">=", ">": ">", ".GT.": ">"}
_FLIP = {">=": "<=", ">": "<"}
FOUND = "interp_found_probs"  # attribute of an IF of a recognised search that leaves when found


def recognise(cond_node, body_items: list, canon):
    """(test, lo name, hi name, mid kind, moves of lo, moves of hi) and the body without its
    found-early EXITs, or None. ``canon``: the scope's canonical name of a variable."""
    bounds = _bounds(cond_node, canon)
    if bounds is None:
        return None
    op, lo, hi = bounds
    assignments = []
    for item in body_items:
        for n in T.walk_all(item):
            if isinstance(n, F.Assignment_Stmt) and isinstance(n.items[0], F.Name):
                assignments.append((canon(str(n.items[0])), _linear(n.items[2], canon)))
    found = halving.recognise(op, lo, hi, assignments)
    if found is None:
        return None
    return (op, lo, hi, *found), [_without_exit(s) for s in body_items]


def _bounds(cond_node, canon):
    """(test, lo, hi) of ``lo <= hi``, ``lo < hi`` (or swapped with >=, >) and of ``hi - lo > 1``
    (``.GT.``; Numerical Recipes' locate: test halving.GAP), else None."""
    if not (isinstance(cond_node, F.Level_4_Expr) and str(cond_node.items[1]).upper() in _OPS):
        return None
    left, op, right = cond_node.items[0], _OPS[str(cond_node.items[1]).upper()], cond_node.items[2]
    if isinstance(left, F.Name) and isinstance(right, F.Name):
        lo, hi = canon(str(left)), canon(str(right))
        return (_FLIP[op], hi, lo) if op in _FLIP else (op, lo, hi)
    if op == ">" and isinstance(left, F.Level_2_Expr) and left.items[1] == "-" and str(right) == "1" \
            and isinstance(left.items[0], F.Name) and isinstance(left.items[2], F.Name):
        return halving.GAP, canon(str(left.items[2])), canon(str(left.items[0]))
    return None


def _linear(node, canon):
    """A sum of names and integer constants, halved by ``/ 2``, as a sympy form, else None."""
    if isinstance(node, F.Name):
        return sympy.Symbol(canon(str(node)))
    if isinstance(node, F.Int_Literal_Constant) and node.items[1] is None:
        return sympy.Integer(int(node.items[0]))
    if isinstance(node, F.Parenthesis):
        return _linear(node.items[1], canon)
    if isinstance(node, (F.Level_2_Expr, F.Add_Operand)) and node.items[1] in ("+", "-", "/"):
        a, b = _linear(node.items[0], canon), _linear(node.items[2], canon)
        if a is None or b is None:
            return None
        if node.items[1] == "/":
            return halving.half(a) if b == 2 else None
        return a + b if node.items[1] == "+" else a - b
    return None


def _without_exit(stmt):
    """``IF (c) EXIT`` as ``IF (c) CONTINUE``; an IF construct without its EXITs standing directly
    in its branches. Copies: the parsed tree stays as it was. An IF whose branch leaves the loop
    (EXIT or RETURN: the key found) carries the probabilities of its conditions, 0 for that branch
    (never, in the worst case), 0.5 for the others (``FOUND``)."""
    if isinstance(stmt, F.If_Stmt) and isinstance(stmt.items[1], (F.Exit_Stmt, F.Return_Stmt)):
        new = copy.copy(stmt)
        if isinstance(stmt.items[1], F.Exit_Stmt) and stmt.items[1].items[1] is None:
            new.items = (stmt.items[0], F.Continue_Stmt("CONTINUE"))
        setattr(new, FOUND, [0.0])
        return new
    if isinstance(stmt, F.If_Construct):
        new = copy.copy(stmt)
        parts = [c for c in T.content(stmt) if not isinstance(c, F.Comment)]
        probs, last = [], None
        for c in parts:
            if isinstance(c, (F.Else_If_Stmt, F.Else_Stmt, F.End_If_Stmt)) and probs:
                probs[-1] = 0.0 if isinstance(last, (F.Exit_Stmt, F.Return_Stmt)) else 0.5
            if isinstance(c, (F.If_Then_Stmt, F.Else_If_Stmt)):
                probs.append(0.5)
            last = c
        new.content = [c for c in T.content(stmt) if not (isinstance(c, F.Exit_Stmt) and c.items[1] is None)]
        if 0.0 in probs:
            setattr(new, FOUND, probs)
        return new
    return stmt
