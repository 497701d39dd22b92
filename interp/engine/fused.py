"""A straight-line recurrence loop as one Python function (recurrence.py's run, issue 16).

recurrence.py runs ``while (cond) { v1 = e1; v2 = e2; ... }`` with the engine's compiled
functions, one call per assignment and per test (about 4 us a pass: a Mandelbrot image of 10^4
pixels at 40 passes each took 4.5 s in the run alone). Here the compiled functions' own code
(sympy's lambdify prints each expression as Python source, kept for ``inspect``) is put into one
function with the loop around it, every name a local:

    def run(vals, limit):
        s0, s1, ... = vals
        k = 0
        while k < limit and (<cond>):
            s2 = <e1>
            s0 = <e2>
            k += 1
        return k, [s0, s1, ...]

Nothing of the user's text is executed: the source is the printer's, parsed back with ``ast`` and
its argument names replaced by slots; only constants and the functions of the lambdify namespace
(symexpr.NUMERIC_FUNCS, math) remain. The same expressions on the same floats in the same order:
the values, and so the pass count, are the separate functions'. Where a function's source cannot
be read, or two of them bind one global name to different objects, the run keeps its calls
(``fuse`` returns None).
"""
from __future__ import annotations

import ast
import inspect
import textwrap

_PREFIX = "_s"


def _expression(fn, slots: list[int]):
    """The return expression of a lambdified ``fn`` with its arguments renamed to their slots, and
    the global names it reads (name -> object); None when its source is not one return."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError, IndentationError):
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef):
        return None
    func = tree.body[0]
    if len(func.body) != 1 or not isinstance(func.body[0], ast.Return) or func.body[0].value is None:
        return None
    params = [a.arg for a in func.args.args]
    if len(params) != len(slots) or func.args.vararg or func.args.kwarg:
        return None
    rename = {p: f"{_PREFIX}{s}" for p, s in zip(params, slots)}
    used: dict = {}
    for node in ast.walk(func.body[0].value):
        if isinstance(node, ast.Name):
            if node.id in rename:
                node.id = rename[node.id]
            elif node.id.startswith(_PREFIX) or node.id not in fn.__globals__:
                return None
            else:
                used[node.id] = fn.__globals__[node.id]
        elif isinstance(node, (ast.Lambda, ast.NamedExpr, ast.comprehension)):
            return None  # a binding of its own: not a plain expression of the slots
    return func.body[0].value, used


def fuse(test, steps, size: int):
    """One function ``run(vals, limit) -> (passes, vals)`` for the loop whose condition is
    ``test`` = (compiled function, argument slots) and whose assignments are ``steps`` =
    [(target slot, compiled function, argument slots)], over ``size`` slots; None if any part
    cannot be read (see the module doc)."""
    namespace: dict = {}
    parts = []
    for fn, slots in [test] + [(fn, slots) for _, fn, slots in steps]:
        got = _expression(fn, slots)
        if got is None:
            return None
        expr, used = got
        for name, obj in used.items():
            if namespace.setdefault(name, obj) is not obj:
                return None
        parts.append(expr)
    names = [f"{_PREFIX}{i}" for i in range(size)]
    store = ast.Tuple([ast.Name(n, ast.Store()) for n in names], ast.Store()) if size else None
    body = []
    if size:
        body.append(ast.Assign([store], ast.Name("_vals", ast.Load())))
    body.append(ast.Assign([ast.Name("_k", ast.Store())], ast.Constant(0)))
    loop_body = [ast.Assign([ast.Name(f"{_PREFIX}{at}", ast.Store())], expr)
                 for (at, _, _), expr in zip(steps, parts[1:])]
    loop_body.append(ast.AugAssign(ast.Name("_k", ast.Store()), ast.Add(), ast.Constant(1)))
    cond = ast.BoolOp(ast.And(), [ast.Compare(ast.Name("_k", ast.Load()), [ast.Lt()], [ast.Name("_limit", ast.Load())]),
                                  parts[0]])
    body.append(ast.While(cond, loop_body, []))
    body.append(ast.Return(ast.Tuple([ast.Name("_k", ast.Load()),
                                      ast.List([ast.Name(n, ast.Load()) for n in names], ast.Load())], ast.Load())))
    args = ast.arguments(posonlyargs=[], args=[ast.arg("_vals"), ast.arg("_limit")], kwonlyargs=[],
                         kw_defaults=[], defaults=[])
    module = ast.Module([ast.FunctionDef(name="run", args=args, body=body, decorator_list=[], returns=None)], [])
    ast.fix_missing_locations(module)
    scope = dict(namespace)
    try:
        exec(compile(module, "<interp recurrence>", "exec"), scope)  # noqa: S102 - printer's code, see doc
    except (SyntaxError, ValueError, TypeError):
        return None
    return scope["run"]
