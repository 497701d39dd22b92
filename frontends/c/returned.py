"""Values a program's function returns that only its interpretation gives (a loop computes them).

    static long count_mine(long n, int rank, int size)
    {
        long c = 0;
        for (long i = rank; i < n; i += size)
            if (i % 7 != 3)
                c++;
        return c;
    }
    ...
    long mine = count_mine(n, rank, size);
    for (long k = 0; k < mine; k++) ...

returns.py evaluates straight-line helpers symbolically; a helper with a loop has no expression
there, and ``mine`` had no value: the loop on it was refused. Here such a call is followed the way
the engine follows everything else, by interpreting it:

- the caller's statement ``mine = count_mine(..)`` (or ``mine += ..``, or a declaration with it as
  the initial value), when ``mine`` is critical, marks its Call (``result = RETURNED``) and its Seq
  (``returned``: mine's value as an expression of RETURNED); the Seq's def of ``mine`` stays None,
  so closed forms and static analyses still see a value they cannot know;
- every ``return EXPR`` of such a function defines RETURN_VALUE in the callee's frame;
- the engine interprets a marked call, names the callee's RETURN_VALUE RETURNED in the caller's
  frame, and the Seq puts it in.

Only a call that is the whole right-hand side (a cast allowed) is followed this way: in
``x = f(a) + f(b)`` the value of each call is not kept apart. The names the return expressions
read are critical when the caller's target is (critical.py), so the engine knows them.
"""
from __future__ import annotations

from pycparser import c_ast

from ..aag import RETURNED
from ..aag import symexpr as S
from . import tree as T
from .critical import target_name


def called(rvalue, fundefs) -> c_ast.FuncCall | None:
    """The call of one of the program's functions that is the whole of ``rvalue`` (cast or not)."""
    while isinstance(rvalue, c_ast.Cast):
        rvalue = rvalue.expr
    if isinstance(rvalue, c_ast.FuncCall) and isinstance(rvalue.name, c_ast.ID) and rvalue.name.name in fundefs:
        return rvalue
    return None


def followed_call(expr, fundefs, is_tracked, has_value) -> c_ast.FuncCall | None:
    """The call whose value the statement ``expr`` stores into a critical variable and that only
    its interpretation gives (None otherwise). ``has_value(name)``: returns.py's value exists."""
    if not isinstance(expr, c_ast.Assignment) or expr.op not in ("=", "+=", "-="):
        return None
    target = target_name(expr.lvalue)
    call = called(expr.rvalue, fundefs)
    if call is None or target is None or "[" in target or not is_tracked(target) or has_value(call.name.name):
        return None
    return call


def followed_functions(fundefs, is_tracked, has_value) -> frozenset[str]:
    """The functions some statement of the program calls as a followed call."""
    out = set()
    for fd in fundefs.values():
        for n in T.walk(fd):
            if isinstance(n, c_ast.Decl) and n.name and n.init is not None:
                n = c_ast.Assignment("=", c_ast.ID(n.name), n.init)
            call = followed_call(n, fundefs, is_tracked, has_value)
            if call is not None:
                out.add(call.name.name)
    return frozenset(out)


def value_of(expr: c_ast.Assignment, truncated: bool):
    """The target's value after ``expr`` as an expression of RETURNED (``+=`` adds it);
    ``truncated``: a real value stored into an int, which C truncates."""
    cur, value = S.var(target_name(expr.lvalue)), S.var(RETURNED)
    value = {"=": value, "+=": cur + value, "-=": cur - value}[expr.op]
    return S.CTrunc(value) if truncated else value
