"""External inputs of a C program (paper 3.1: values the program reads when it runs, given with
-D): a variable converted from a word of argv (``n = atoi(argv[1])``), from text scanf read, or an
option of a getopt loop; the name it goes by, and its record (part of the level-1 parse, mixed into
callstmts.CallStatements)."""
from __future__ import annotations

import sympy
from pycparser import c_ast

from ..aag import ExternalInput
from . import tree as T

# Library calls that read a program argument: ``n = atoi(argv[1])`` makes n an external input.
READERS = _READERS = {name: "argv" for name in ("atoi", "atol", "atoll", "atof", "strtol", "strtoll", "strtoul",
                                                "strtoull", "strtoimax", "strtoumax", "strtod", "strtof", "strtold")}


class ExternalInputs:
    """Mixin of CLevel1 (through CallStatements): inputs read into variables."""

    def _input_value(self, rhs, target: str):
        """``n = atoi(argv[1])``, ``n = atoi(word)`` after ``scanf("%s", word)``: the value is the
        external input ``n``: a number converted from text the program reads. ``argc > 1 ?
        atoi(argv[1]) : 1000`` is the input n, whose default is the program's own 1000."""
        inner = rhs.expr if isinstance(rhs, c_ast.Cast) else rhs
        if isinstance(inner, c_ast.TernaryOp) and _reads_only_argc(inner.cond):
            for read, other in ((inner.iftrue, inner.iffalse), (inner.iffalse, inner.iftrue)):
                value = self._input_value(read, target)
                if value is not None:
                    inp = self.inputs[value.name[len("input:"):]]
                    default = self.ctx.sym(other)
                    inp.optional = True
                    if default is not None and default.is_number and inp.default is None:
                        inp.default = float(default)
                    return value
            return None
        if isinstance(inner, c_ast.FuncCall) and isinstance(inner.name, c_ast.ID) and inner.name.name in _READERS:
            args = inner.args.exprs if inner.args else []
            if not args or isinstance(args[0], c_ast.Constant):
                return None  # atoi("64"): a constant, computed by the parse if at all
            how, index = "text read by the program", None
            if isinstance(args[0], c_ast.ArrayRef) and isinstance(args[0].name, c_ast.ID) \
                    and args[0].name.name == "argv":
                idx = self.ctx.sym(args[0].subscript)
                if idx is not None and idx.is_Integer:
                    self.argv_max = max(self.argv_max, int(idx))
                    index = int(idx)
                how = "argv"
            named = self._input_name(target)
            self._register_input(named, inner, how, target)
            inp = self.inputs[named]
            if how == "argv" and inp.how == "argv":
                inp.index = index if inp.index is None else inp.index
                inp.optional = inp.optional or self._argc_guards > 0
            return sympy.Symbol(f"input:{named}", real=True)
        return None

    def _input_name(self, target: str) -> str:
        """The name an input read into ``target`` goes by: the variable itself, or for a store
        through pointer parameter p (``*p``) the caller's variable when every call passes the same
        ``&n`` (Pacheco's Get_input(..., &n) reads n), else p."""
        if "." in target:  # p->nx = atoi(argv[1]): the member's name (-D nx=...)
            return target.rsplit(".", 1)[1].split("[", 1)[0]
        if not target.startswith("*") or "[" in target:
            return target
        param = target[1:]
        params = self._params_of(self.fn_name) if self.fn_name in self.fundefs else []
        if param not in params:
            return param
        pos = params.index(param)
        passed = set()
        for fd in self.fundefs.values():
            for n in T.walk(fd):
                if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and n.name.name == self.fn_name:
                    args = n.args.exprs if n.args else []
                    a = args[pos] if pos < len(args) else None
                    ok = isinstance(a, c_ast.UnaryOp) and a.op == "&" and isinstance(a.expr, c_ast.ID)
                    passed.add(a.expr.name if ok else None)
        return passed.pop() if len(passed) == 1 and None not in passed else param

    def _register_input(self, name: str, node, how: str, target: str | None = None) -> None:
        if target is not None and target != name:  # critical when the variable it is read into is
            self.input_targets.setdefault(name, set()).add(target)
        line = node.coord.line if node.coord else 0
        inp = self.inputs.get(name)
        if inp is None:
            self.inputs[name] = ExternalInput(name, line, how)
        elif inp.how == "annotation":
            inp.how, inp.line = how, line


def _reads_only_argc(cond) -> bool:
    """Does a condition read argc and no other variable (``argc > 1``, ``argc >= 3``)?"""
    names = {n.name for n in T.walk(cond) if isinstance(n, c_ast.ID)}
    return names == {"argc"}
