"""Whitelisted arithmetic expressions for machine parameters.

Machine files may give a parameter as an expression of run-time parameters (``load``), operation
arguments (message bytes ``m``, hops ``h``, processes ``n``) and the clock period ``clk``
(paper 3.2.2). Strings from files are never given to ``eval`` or ``sympify``: they are parsed by
Python's ``ast`` module, which only builds a tree, and the tree is walked with a whitelist of node
types and function names, producing a sympy expression built from trusted constructors.
"""
from __future__ import annotations

import ast
import math
from functools import lru_cache

import sympy

from .errors import ExprError

_FUNCTIONS = {
    "log2": lambda x: sympy.log(x, 2),
    "log": sympy.log,
    "ln": sympy.log,
    "sqrt": sympy.sqrt,
    "min": sympy.Min,
    "max": sympy.Max,
    "ceil": sympy.ceiling,
    "floor": sympy.floor,
    "abs": sympy.Abs,
}

_BINOPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.Pow: lambda a, b: a**b,
}

MAX_LENGTH = 500


def _symbol(name: str) -> sympy.Symbol:
    return sympy.Symbol(name, real=True)


@lru_cache(maxsize=4096)
def parse(text: str, allowed_names: frozenset[str] | None = None) -> sympy.Expr:
    """Parse ``text`` into a sympy expression, refusing anything outside the whitelist.

    ``allowed_names`` restricts the free variables; ``None`` accepts any plain identifier.
    """
    if not isinstance(text, str):
        raise ExprError(f"expected an expression string, got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ExprError(f"expression longer than {MAX_LENGTH} characters")
    src = text.strip()
    if not src:
        raise ExprError("empty expression")
    try:
        tree = ast.parse(src, mode="eval")
    except SyntaxError as exc:
        raise ExprError(f"cannot parse expression {text!r}: {exc.msg}") from None
    return _build(tree.body, text, allowed_names)


def _build(node: ast.AST, text: str, allowed: frozenset[str] | None) -> sympy.Expr:
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
            raise ExprError(f"only numbers are allowed as constants in {text!r}")
        if isinstance(node.value, float) and not math.isfinite(node.value):
            raise ExprError(f"non-finite number in {text!r}")
        return sympy.Float(node.value) if isinstance(node.value, float) else sympy.Integer(node.value)
    if isinstance(node, ast.Name):
        if allowed is not None and node.id in allowed:
            return _symbol(node.id)
        if node.id in _FUNCTIONS:
            raise ExprError(f"function {node.id!r} used without arguments in {text!r}")
        if node.id.startswith("_"):
            raise ExprError(f"name {node.id!r} is not allowed in {text!r}")
        if allowed is not None and node.id not in allowed:
            names = ", ".join(sorted(allowed)) or "none"
            raise ExprError(f"unknown name {node.id!r} in {text!r} (allowed here: {names})")
        return _symbol(node.id)
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        return _BINOPS[type(node.op)](_build(node.left, text, allowed), _build(node.right, text, allowed))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        operand = _build(node.operand, text, allowed)
        return -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            what = node.func.id if isinstance(node.func, ast.Name) else "this call"
            raise ExprError(
                f"function {what!r} is not allowed in {text!r} "
                f"(allowed: {', '.join(sorted(_FUNCTIONS))})"
            )
        if node.keywords or not node.args:
            raise ExprError(f"bad arguments to {node.func.id}() in {text!r}")
        args = [_build(a, text, allowed) for a in node.args]
        if node.func.id in ("min", "max"):
            if len(args) < 2:
                raise ExprError(f"{node.func.id}() needs at least two arguments in {text!r}")
        elif len(args) != 1:
            raise ExprError(f"{node.func.id}() takes one argument in {text!r}")
        return _FUNCTIONS[node.func.id](*args)
    raise ExprError(f"{type(node).__name__} is not allowed in expression {text!r}")


def free_names(expr: sympy.Expr) -> set[str]:
    return {s.name for s in expr.free_symbols}


def compile_numeric(expr: sympy.Expr, names: tuple[str, ...]):
    """Turn a sympy expression into a plain float function of ``names`` (used on hot paths)."""
    if not expr.free_symbols:
        value = float(expr)
        return lambda *args: value
    return sympy.lambdify([_symbol(n) for n in names], expr, modules="math")
