"""Whitelisted arithmetic expressions for machine parameters.

Machine files may give a parameter as an expression of run-time parameters (``load``), operation
arguments (message bytes ``m``, hops ``h``, processes ``n``) and the clock period ``clk``
(paper 3.2.2). Strings from files are never given to ``eval`` or ``sympify``: they are parsed by
Python's ``ast`` module, which only builds a tree, and the tree is walked with a whitelist of node
types and function names, producing a sympy expression built from trusted constructors.

Every operation's result is checked as it is built (``bounded``): a power is refused before it is
computed when its exponent or value would be huge, and a result that is infinite, complex, nan or
larger than 1e300 is an error naming the expression. So parsing always ends quickly, and a machine
never holds a constant that turns into inf or nan in a prediction.
"""
from __future__ import annotations

import ast
import math
import warnings
from functools import lru_cache

import sympy

from . import bounded
from .errors import ExprError, quote
from .limits import MAX_EXPR_DEPTH, MAX_MAGNITUDE, MAX_MAGNITUDE_TEXT

_FUNCTIONS = {
    "log2": lambda x: sympy.log(x, 2),
    "log": sympy.log,
    "ln": sympy.log,
    "sqrt": sympy.sqrt,
    "min": lambda *a: _extremum(sympy.Min, a),
    "max": lambda *a: _extremum(sympy.Max, a),
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
        raise ExprError(f"expression {quote(text)} is longer than {MAX_LENGTH} characters")
    src = text.strip()
    if not src:
        raise ExprError("empty expression")
    try:
        with warnings.catch_warnings():  # "1ms": a SyntaxWarning on stderr would be noise
            warnings.simplefilter("ignore")
            tree = ast.parse(src, mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError) as exc:
        # ValueError: a NUL byte; RecursionError/MemoryError: thousands of nested parentheses.
        raise ExprError(f"cannot parse expression {quote(text)}: {getattr(exc, 'msg', None) or 'too complex'}") from None
    if _depth(tree) > MAX_EXPR_DEPTH:
        raise ExprError(f"expression {quote(text)} nests deeper than {MAX_EXPR_DEPTH} levels; "
                        "simplify it")
    return _build(tree.body, text, allowed_names)


def _depth(tree: ast.AST) -> int:
    """Nesting depth of an expression tree, counted without recursion (each ``-`` of ``----1`` is a level)."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest


def _what(node: ast.AST, text: str) -> str:
    """``'1/0'``, or ``'1/0' in '2 + 1/0'`` when the node is part of the expression."""
    part = ast.get_source_segment(text.strip(), node)
    if not part or part == text.strip():
        return quote(text)
    return f"{quote(part)} in {quote(text)}"


def _checked(make, node: ast.AST, text: str):
    """Build one node with ``make()`` and refuse a result that is not a finite real number."""
    try:
        result = make()
    except (ValueError, TypeError, ArithmeticError) as exc:  # sympy refusing, e.g. min() of zoo
        raise ExprError(f"cannot evaluate {_what(node, text)}: {exc}") from None
    problem = bounded.expr_problem(result)
    if problem:
        raise ExprError(f"{_what(node, text)} is {problem}; a machine parameter must be a finite "
                        f"real number (constants and results at most {MAX_MAGNITUDE_TEXT})")
    return result


def _build(node: ast.AST, text: str, allowed: frozenset[str] | None) -> sympy.Expr:
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
            raise ExprError(f"only numbers are allowed as constants in {quote(text)}")
        if isinstance(node.value, float) and not math.isfinite(node.value):
            raise ExprError(f"non-finite number in {quote(text)} (a literal beyond 1e308?)")
        if abs(node.value) > MAX_MAGNITUDE:
            raise ExprError(f"a number in {quote(text)} is larger than {MAX_MAGNITUDE_TEXT}; "
                            "a machine parameter must be a finite number of a sensible size")
        return sympy.Float(node.value) if isinstance(node.value, float) else sympy.Integer(node.value)
    if isinstance(node, ast.Name):
        if allowed is not None and node.id in allowed:
            return _symbol(node.id)
        if node.id in _FUNCTIONS:
            raise ExprError(f"function {quote(node.id)} used without arguments in {quote(text)}")
        if node.id.startswith("_"):
            raise ExprError(f"name {quote(node.id)} is not allowed in {quote(text)}")
        if allowed is not None and node.id not in allowed:
            names = ", ".join(sorted(allowed)) or "none"
            raise ExprError(f"unknown name {quote(node.id)} in {quote(text)} (allowed here: {names})")
        return _symbol(node.id)
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        left, right = _build(node.left, text, allowed), _build(node.right, text, allowed)
        if isinstance(node.op, ast.Pow):
            problem = bounded.power_problem(left, right)
            if problem:
                raise ExprError(f"the power {_what(node, text)} is refused: {problem}; "
                                "give a smaller exponent")
        return _checked(lambda: _BINOPS[type(node.op)](left, right), node, text)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        operand = _build(node.operand, text, allowed)
        return -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            what = node.func.id if isinstance(node.func, ast.Name) else "this call"
            raise ExprError(
                f"function {quote(what)} is not allowed in {quote(text)} "
                f"(allowed: {', '.join(sorted(_FUNCTIONS))})"
            )
        if node.keywords or not node.args:
            raise ExprError(f"bad arguments to {node.func.id}() in {quote(text)}")
        args = [_build(a, text, allowed) for a in node.args]
        if node.func.id in ("min", "max"):
            if len(args) < 2:
                raise ExprError(f"{node.func.id}() needs at least two arguments in {quote(text)}")
        elif len(args) != 1:
            raise ExprError(f"{node.func.id}() takes one argument in {quote(text)}")
        return _checked(lambda: _FUNCTIONS[node.func.id](*args), node, text)
    raise ExprError(f"{type(node).__name__} is not allowed in expression {quote(text)}")


def _extremum(fn, args):
    """min() or max(): left unevaluated when an argument is symbolic. sympy compares every pair
    of arguments when it builds one (is_ge on each), which took 1.8 s for the 80 max() terms of a
    calibrated machine's piecewise-linear message costs; their values are the same either way."""
    if all(a.is_number for a in args):
        return fn(*args)
    return fn(*args, evaluate=False)


def free_names(expr: sympy.Expr) -> set[str]:
    return {s.name for s in expr.free_symbols}


def compile_numeric(expr: sympy.Expr, names: tuple[str, ...]):
    """Turn a sympy expression into a plain float function of ``names`` (used on hot paths)."""
    if not expr.free_symbols:
        value = float(expr)
        return lambda *args: value
    return sympy.lambdify([_symbol(n) for n in names], expr, modules="math")
