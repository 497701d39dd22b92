"""Calls through a function pointer (part of the level-1 parse, see level1.py).

After fnhandles.py a pointer holds a handle, the number of one of the program's functions, and a
call through it is ``(*E)(args)``. The call becomes a Condt marked ``dispatch``: one branch per
function of the program that is named as a value and takes that many arguments, taken when E
holds its handle, holding that function's Call. The engine takes the branch of the function the
pointer holds on each process (interp/engine/dispatch.py), and the closed forms weigh the branches
on E's value as any branch on a followed value; the choice itself costs nothing: a call through a
pointer costs what the direct call of the function it holds costs.

A pointer the parse has no value for (one read from data, a file, a library function such as
``dlsym``; a function the program does not define) is refused at the call's line, with the
annotation that states the call's time.
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from ..aag import Branch, Condt
from . import tree as T


def through_pointer(call) -> bool:
    """Is ``call`` a call through a pointer as fnhandles.py writes it, ``(*E)(args)``?"""
    return isinstance(call, c_ast.FuncCall) and isinstance(call.name, c_ast.UnaryOp) and call.name.op == "*"


def unknown_callee(pointer: str, node_or_line, why: str) -> str:
    """The refusal of a call through a pointer whose function interp cannot tell."""
    line = node_or_line if isinstance(node_or_line, int) else (
        node_or_line.coord.line if getattr(node_or_line, "coord", None) else "?")
    return (f"the callee of the call through pointer {pointer} is not known: {why}; interp cannot tell which "
            f"function runs (it follows a pointer given the program's own functions through assignments, "
            f"parameters, ?:, tables and struct members). State the call's time with "
            f"'#pragma interp cost(EXPR)' above line {line}")


class PointerCalls:
    """Mixin of CLevel1 (with CallStatements): a call through a pointer, a choice of Calls."""

    fn_handles: dict[int, str] = {}

    def _dispatch(self, n: c_ast.FuncCall, args: list, out: list) -> None:
        held = n.name.expr
        pointer = T.label(held, 40)
        value = self.ctx.sym(held)
        targets = [(h, f) for h, f in sorted(self.fn_handles.items())
                   if f in self.fundefs and len(self._params_of(f)) == len(args)]
        if value is None:
            self.problem("unsupported", unknown_callee(pointer, n, "the parse has no value for it (it comes from "
                                                      "data: rand(), a file, a library call)"), n)
            return
        if not targets:
            self.problem("unsupported", unknown_callee(pointer, n, f"no function of the program taking {len(args)} "
                                                      "argument(s) is ever given to a pointer (a library function, "
                                                      "or one defined in no file of the program, is not followed)"), n)
            return
        if value.is_Integer:  # (*&f)(x), a constant table's element: that function's call
            called = [f for h, f in targets if h == int(value)]
            if called:
                out.append(self._call_aau(n, called[0], args))
            else:
                self.problem("unsupported", unknown_callee(pointer, n, f"it holds {value}, no function of the "
                                                          f"program taking {len(args)} arguments"), n)
            return
        branches = [Branch(sympy.Eq(value, h), [self._call_aau(n, f, args, label=f"{f}() via {pointer}")],
                           nconds=k + 1) for k, (h, f) in enumerate(targets)]
        c = self._new(Condt, n, branches=branches, label=f"call through {pointer}"[:48], dispatch=pointer)
        self._classify_condt(c, n)
        out.append(c)
