"""Critical variables (paper 3.3.2): the variables whose values decide the flow of execution.

A variable is critical when it appears in a loop limit or step, a branch condition, a switch, or a
communication partner, size, tag or root; and, transitively, when a critical variable is assigned
from it. Variables used as message buffers are tracked too, so that a value sent in a message (an
NX/2 host sending N to its nodes, an MPI_Bcast of N) keeps its definition path on the receiver.
Names are program-wide (a name critical in one function is tracked everywhere), which can only
track more than needed, never less.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pycparser import c_ast

from .c_calls import MPI_TYPE_SIZES, NX_NAMES
from .c_expr import buffer_name, names_in

# Argument positions that decide control or sizes, per message-passing call.
_CTRL_ARGS = {
    "MPI_Send": (1, 3, 4), "MPI_Ssend": (1, 3, 4), "MPI_Bsend": (1, 3, 4), "MPI_Rsend": (1, 3, 4),
    "MPI_Recv": (1, 3, 4), "MPI_Isend": (1, 3, 4), "MPI_Irecv": (1, 3, 4), "MPI_Issend": (1, 3, 4),
    "MPI_Sendrecv": (1, 3, 4, 6, 8, 9), "MPI_Sendrecv_replace": (1, 3, 4, 5, 6),
    "MPI_Probe": (0, 1), "MPI_Bcast": (1, 3), "MPI_Reduce": (2, 5), "MPI_Allreduce": (2,),
    "MPI_Scan": (2,), "MPI_Scatter": (1, 4, 6), "MPI_Gather": (1, 4, 6), "MPI_Allgather": (1, 4),
    "MPI_Alltoall": (1, 4), "MPI_Waitall": (0,),
    "csend": (0, 2, 3), "crecv": (0, 2), "isend": (0, 2, 3), "irecv": (0, 2), "cprobe": (0,),
    "gdsum": (1,), "gisum": (1,), "gssum": (1,), "gdhigh": (1,), "gdlow": (1,), "gihigh": (1,),
    "gilow": (1,), "gcol": (1,), "load": (1,),
}
# Buffer argument positions: sends (values leave) and receives (values arrive).
_SEND_BUF = {"MPI_Send": 0, "MPI_Ssend": 0, "MPI_Bsend": 0, "MPI_Rsend": 0, "MPI_Isend": 0,
             "MPI_Issend": 0, "MPI_Sendrecv": 0, "MPI_Sendrecv_replace": 0, "MPI_Bcast": 0,
             "csend": 1, "isend": 1}
_RECV_BUF = {"MPI_Recv": 0, "MPI_Irecv": 0, "MPI_Sendrecv": 5, "MPI_Sendrecv_replace": 0,
             "MPI_Bcast": 0, "crecv": 1, "irecv": 1}


@dataclass
class CriticalInfo:
    """``control``: the critical variables (they decide control flow, partners and sizes).
    ``tracked``: those plus the values that travel in message buffers."""

    tracked: set[str] = field(default_factory=set)
    control: set[str] = field(default_factory=set)
    definitions: dict[str, list[int]] = field(default_factory=dict)  # critical name -> lines assigned

    def is_tracked(self, name: str) -> bool:
        return name in self.tracked or name.split("[", 1)[0] in self.tracked

    def is_critical(self, name: str) -> bool:
        return name in self.control or name.split("[", 1)[0] in self.control


class _Collector(c_ast.NodeVisitor):
    def __init__(self, functions: dict[str, c_ast.FuncDef]):
        self.functions = functions
        self.control: set[str] = set()
        self.buffers: set[str] = set()
        self.assigns: list[tuple[str, set[str], int]] = []
        self.call_args: list[tuple[str, int, set[str]]] = []  # (callee, position, names)
        self.call_refs: list[tuple[str, int, str]] = []  # (callee, position, caller variable of &var)
        self.returns: dict[str, set[str]] = {}
        self._fn: str | None = None

    def visit_FuncDef(self, node):
        self._fn = node.decl.name
        self.generic_visit(node)
        self._fn = None

    def _ctrl(self, node):
        if node is not None:
            self.control |= names_in(node)

    def visit_For(self, node):
        self._ctrl(node.init)
        self._ctrl(node.cond)
        self._ctrl(node.next)
        self.generic_visit(node)

    def visit_While(self, node):
        self._ctrl(node.cond)
        self.generic_visit(node)

    def visit_DoWhile(self, node):
        self._ctrl(node.cond)
        self.generic_visit(node)

    def visit_If(self, node):
        self._ctrl(node.cond)
        self.generic_visit(node)

    def visit_Switch(self, node):
        self._ctrl(node.cond)
        self.generic_visit(node)

    def visit_Return(self, node):
        if self._fn is not None and node.expr is not None:
            self.returns.setdefault(self._fn, set()).update(names_in(node.expr))
        self.generic_visit(node)

    def visit_Decl(self, node):
        if node.init is not None and node.name:
            self.assigns.append((node.name, names_in(node.init), node.coord.line if node.coord else 0))
        self.generic_visit(node)

    def visit_Assignment(self, node):
        target = target_name(node.lvalue)
        if target:
            rhs = names_in(node.rvalue)
            if node.op != "=":
                rhs.add(target)
            self.assigns.append((target, rhs, node.coord.line if node.coord else 0))
        self.generic_visit(node)

    def visit_UnaryOp(self, node):
        if node.op in ("p++", "p--", "++", "--"):
            target = target_name(node.expr)
            if target:
                self.assigns.append((target, {target}, node.coord.line if node.coord else 0))
        self.generic_visit(node)

    def visit_FuncCall(self, node):
        name = node.name.name if isinstance(node.name, c_ast.ID) else None
        args = node.args.exprs if node.args else []
        if name in _CTRL_ARGS:
            for i in _CTRL_ARGS[name]:
                if i < len(args):
                    self._ctrl(args[i])
        if name in _SEND_BUF and _SEND_BUF[name] < len(args):
            b = buffer_name(args[_SEND_BUF[name]])
            if b:
                self.buffers.add(b)
        if name in _RECV_BUF and _RECV_BUF[name] < len(args):
            b = buffer_name(args[_RECV_BUF[name]])
            if b:
                self.assigns.append((b, {"<message>"}, node.coord.line if node.coord else 0))
        if name in self.functions:
            for i, a in enumerate(args):
                self.call_args.append((name, i, names_in(a)))
                if isinstance(a, c_ast.UnaryOp) and a.op == "&" and isinstance(a.expr, c_ast.ID):
                    self.call_refs.append((name, i, a.expr.name))
        self.generic_visit(node)


def target_name(node) -> str | None:
    """The variable an assignment stores to: ``x``, ``a[3]`` (constant index), ``a``, or ``*p``."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "*" and isinstance(node.expr, c_ast.ID):
        return f"*{node.expr.name}"  # an output parameter
    if isinstance(node, c_ast.ID):
        return node.name
    if isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ID):
        if isinstance(node.subscript, c_ast.Constant):
            return f"{node.name.name}[{node.subscript.value}]"
        return node.name.name
    return None


def analyse(functions: dict[str, c_ast.FuncDef], globals_: list[c_ast.Node]) -> CriticalInfo:
    col = _Collector(functions)
    for g in globals_:
        col.visit(g)
    for fn in functions.values():
        col.visit(fn)
    params = {name: [p.name for p in (fn.decl.type.args.params if fn.decl.type.args else [])
                     if isinstance(p, c_ast.Decl) and p.name]
              for name, fn in functions.items()}

    constants = set(MPI_TYPE_SIZES) | {"MPI_COMM_WORLD", "argv"} | NX_NAMES
    info = CriticalInfo(control=closure(set(col.control), col, params) - constants)
    info.tracked = closure(info.control | set(col.buffers), col, params) - constants
    for target, _, line in col.assigns:
        if info.is_critical(target):
            info.definitions.setdefault(target, []).append(line)
    return info


def closure(start: set[str], col: _Collector, params: dict[str, list[str]]) -> set[str]:
    """Names that ``start`` depends on through assignments and user-function arguments."""
    out = set(start)

    def has(name: str) -> bool:
        return name in out or name.split("[", 1)[0] in out

    changed = True
    while changed:
        changed = False
        for target, rhs, line in col.assigns:
            if has(target):
                new = {n for n in rhs if n != "<message>"} - out
                if new:
                    out |= new
                    changed = True
        for callee, pos, names in col.call_args:
            plist = params.get(callee, [])
            if pos < len(plist) and plist[pos] in out and not names <= out:
                out |= names
                changed = True
        for callee, pos, var in col.call_refs:
            plist = params.get(callee, [])
            if pos < len(plist) and var in out and f"*{plist[pos]}" not in out:
                out.add(f"*{plist[pos]}")  # the callee's stores through the pointer define var
                changed = True
    return out
