"""C expressions for the level-1 parse: their type, their operation counts, their symbolic value.

Operation counts follow the operator classes of paper Table 1 (int / real / double add-sub, mul,
div; mixed int->real and real->int conversions) and memory accesses of Table 2 (fetch, store).
Symbolic values are only needed for critical expressions (loop limits, conditions, partners,
sizes); an expression that depends on data the parse cannot know has the value None.
"""
from __future__ import annotations

from typing import Callable

import sympy
from pycparser import c_ast

from .aag import symexpr as S
from .aag import Access, OpCounts
from .c_types import DOUBLE, INT, OTHER, REAL, CType, TypeTable, promote

# Library functions whose value is known when their arguments are (for critical expressions).
_SYM_FUNCS = {
    "abs": sympy.Abs, "labs": sympy.Abs, "fabs": sympy.Abs, "sqrt": sympy.sqrt,
    "log2": lambda x: sympy.log(x, 2), "log": sympy.log, "exp": sympy.exp,
    "pow": lambda a, b: a**b, "floor": sympy.floor, "ceil": sympy.ceiling,
    "fmin": sympy.Min, "fmax": sympy.Max,
}
# Library functions returning double / int (for types of expressions that call them).
_INT_FUNCS = {"abs", "labs", "atoi", "atol", "rand", "strlen", "printf", "fprintf", "sprintf",
              "snprintf", "scanf", "sscanf", "fscanf", "time", "clock", "mynode", "numnodes", "mypid",
              "myhost", "isend", "irecv", "msgdone", "cprobe", "infocount", "infonode", "infotype",
              "puts", "putchar", "getchar", "fputs", "fclose", "fflush", "strcmp", "strncmp", "memcmp"}

_ARITH = {"+": "add", "-": "add", "*": "mul", "/": "div", "%": "div"}
_COMPARE = {"<", ">", "<=", ">=", "==", "!="}
_OPCLASS = {"int": "int", "real": "real", "double": "double"}


def op_name(kind: str, op: str) -> str:
    return f"{_OPCLASS.get(kind, 'int')}_{op}"


class ExprContext:
    """What the level-1 parse knows while reading one function."""

    def __init__(self, types: TypeTable, lookup: Callable[[str], CType | None],
                 constants: dict[str, int], user_functions: set[str], file: str):
        self.types = types
        self.lookup = lookup
        self.constants = constants
        self.user_functions = user_functions
        self.file = file
        self.loop_var: str | None = None  # innermost enclosing loop index, for access strides
        self.loop_step = None  # its step per iteration (a number when known)

    # -- types ----------------------------------------------------------------------------
    def ctype(self, node) -> CType:
        if isinstance(node, c_ast.Constant):
            if node.type in ("double", "float"):
                return REAL if node.value.lower().endswith("f") else DOUBLE
            if node.type == "string":
                return CType("ptr", 1)
            return INT
        if isinstance(node, c_ast.ID):
            if node.name in self.constants:
                return INT
            return self.lookup(node.name) or OTHER
        if isinstance(node, c_ast.ArrayRef):
            base = self.ctype(node.name)
            if base.is_array and len(base.dims) > 1 and isinstance(node.name, c_ast.ID):
                return CType(base.kind, base.size, True, None, base.dims[1:], base.pointee)
            if base.kind == "ptr" and base.pointee is not None and not base.is_array:
                return base.pointee
            return CType(base.kind, base.size, pointee=base.pointee) if base.kind != "other" else OTHER
        if isinstance(node, c_ast.BinaryOp):
            if node.op in _COMPARE or node.op in ("&&", "||"):
                return INT
            return promote(self.ctype(node.left), self.ctype(node.right))
        if isinstance(node, c_ast.UnaryOp):
            if node.op == "sizeof" or node.op == "!":
                return INT
            if node.op == "&":
                return CType("ptr", self.ctype(node.expr).size, pointee=self.ctype(node.expr))
            if node.op == "*":
                t = self.ctype(node.expr)
                return t.pointee if t.pointee is not None else CType(t.kind, t.size)
            return self.ctype(node.expr)
        if isinstance(node, c_ast.Cast):
            return self.types.of(node.to_type)
        if isinstance(node, c_ast.Assignment):
            return self.ctype(node.lvalue)
        if isinstance(node, c_ast.TernaryOp):
            return promote(self.ctype(node.iftrue), self.ctype(node.iffalse))
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
            return INT if node.name.name in _INT_FUNCS else DOUBLE
        if isinstance(node, c_ast.StructRef):
            return OTHER
        return OTHER

    # -- symbolic values ------------------------------------------------------------------
    def sym(self, node):
        """The value of ``node`` as a sympy expression of program variables, or None if unknown."""
        try:
            return self._sym(node)
        except (TypeError, ValueError, ZeroDivisionError, AttributeError):
            return None

    def _sym(self, node):
        if isinstance(node, c_ast.Constant):
            if node.type in ("int", "long", "unsigned int", "unsigned long", "long long"):
                return sympy.Integer(int(node.value.rstrip("uUlL"), 0))
            if node.type in ("double", "float"):
                return sympy.Float(node.value.rstrip("fFlL"))
            if node.type == "char":
                text = node.value[1:-1]
                return sympy.Integer(ord(text.encode().decode("unicode_escape")))
            return None
        if isinstance(node, c_ast.ID):
            if node.name in self.constants:
                return sympy.Integer(self.constants[node.name])
            t = self.lookup(node.name)
            if t is not None and t.kind == "ptr" and not t.is_array:
                # Pointers are taken to be non-null: allocations succeed, so the usual
                # "if (p == NULL) abort" checks are not taken (a documented assumption).
                return sympy.Integer(1)
            if t is None or not t.arithmetic or t.is_array:
                return None
            return S.var(node.name)
        if isinstance(node, c_ast.ArrayRef):
            # A constant index into a small buffer is tracked as its own variable ("params[2]"),
            # so values that travel in message buffers keep their definition path.
            if isinstance(node.name, c_ast.ID) and isinstance(node.subscript, c_ast.Constant):
                idx = self._sym(node.subscript)
                if idx is not None and idx.is_Integer:
                    return S.var(f"{node.name.name}[{int(idx)}]")
            return None
        if isinstance(node, c_ast.Cast):
            inner = self._sym(node.expr)
            if inner is None:
                return None
            target = self.types.of(node.to_type)
            if target.kind == "int" and self.ctype(node.expr).kind in ("real", "double"):
                return S.CTrunc(inner)
            return inner
        if isinstance(node, c_ast.UnaryOp):
            if node.op == "sizeof":
                target = node.expr
                t = self.types.of(target) if isinstance(target, c_ast.Typename) else self.ctype(target)
                if isinstance(target, c_ast.ID):
                    t = self.lookup(target.name) or t
                size = self.types.sizeof(t)
                return sympy.Integer(size) if size else None
            inner = self._sym(node.expr)
            if inner is None:
                return None
            if node.op == "-":
                return -inner
            if node.op == "+":
                return inner
            if node.op == "!":
                return S.as_number(sympy.Not(S.as_condition(inner)))
            return None
        if isinstance(node, c_ast.BinaryOp):
            a, b = self._sym(node.left), self._sym(node.right)
            if a is None or b is None:
                return None
            op = node.op
            is_int = self.ctype(node.left).kind == "int" and self.ctype(node.right).kind == "int"
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            if op == "*":
                return a * b
            if op == "/":
                return S.CDiv(a, b) if is_int else a / b
            if op == "%":
                return S.CMod(a, b)
            if op == "^":
                return S.BXor(a, b)
            if op == "&":
                return S.BAnd(a, b)
            if op == "|":
                return S.BOr(a, b)
            if op == "<<":
                return S.Shl(a, b)
            if op == ">>":
                return S.Shr(a, b)
            if op in _COMPARE:
                rel = {"<": sympy.Lt, ">": sympy.Gt, "<=": sympy.Le, ">=": sympy.Ge,
                       "==": sympy.Eq, "!=": sympy.Ne}[op]
                return S.as_number(rel(S.as_number(a), S.as_number(b)))
            if op == "&&":
                return S.as_number(sympy.And(S.as_condition(a), S.as_condition(b)))
            if op == "||":
                return S.as_number(sympy.Or(S.as_condition(a), S.as_condition(b)))
            return None
        if isinstance(node, c_ast.TernaryOp):
            c, t, f = self._sym(node.cond), self._sym(node.iftrue), self._sym(node.iffalse)
            if c is None or t is None or f is None:
                return None
            return sympy.Piecewise((t, S.as_condition(c)), (f, True))
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
            name = node.name.name
            args = node.args.exprs if node.args else []
            if name in ("mynode",):
                return S.RANK
            if name == "numnodes":
                return S.NPROCS
            if name == "myhost":
                return sympy.Integer(S.HOST)
            if name == "mypid":
                return sympy.Integer(0)
            if name in _SYM_FUNCS:
                vals = [self._sym(a) for a in args]
                if any(v is None for v in vals):
                    return None
                return _SYM_FUNCS[name](*vals)
            return None
        return None

    def condition(self, node):
        value = self.sym(node)
        return None if value is None else S.as_condition(value)

    # -- operation counts ---------------------------------------------------------------------
    def count(self, node, counts: OpCounts, accesses: list[Access], store: bool = False) -> None:
        """Add the operations of evaluating ``node`` (Table 1 classes, Table 2 accesses)."""
        if node is None:
            return
        if isinstance(node, c_ast.Constant):
            return
        if isinstance(node, c_ast.ID):
            if node.name in self.constants:
                return
            t = self.lookup(node.name)
            if t is None:
                return
            if t.is_array and not store:
                return  # the array's address, not an access
            self._access(node.name, t, counts, accesses, store, is_array=False)
            return
        if isinstance(node, c_ast.ArrayRef):
            base, subs = _array_parts(node)
            sub_counts = OpCounts()
            for sub in subs:
                self.count(sub, sub_counts, accesses)
            if len(subs) > 1:  # row-major address arithmetic of a multi-dimensional array
                sub_counts.add_op("int_mul", len(subs) - 1)
                sub_counts.add_op("int_add", len(subs) - 1)
            counts.merge(sub_counts)
            if isinstance(base, c_ast.ID):
                t = self.lookup(base.name) or OTHER
                elem = t.pointee if (t.kind == "ptr" and t.pointee is not None and not t.is_array) else t
                acc = self._access(base.name, elem, counts, accesses, store, is_array=True)
                acc.stride = self._stride(subs, t)
                acc.index = self._flat_index(subs, t)
                acc.index_ops = dict(sub_counts.ops)
            else:
                self.count(base, counts, accesses)
                (counts.__setattr__("store", counts.store + 1) if store
                 else counts.__setattr__("fetch", counts.fetch + 1))
            return
        if isinstance(node, c_ast.StructRef):
            if node.type == "->":
                self.count(node.name, counts, accesses)
            if store:
                counts.store += 1
            else:
                counts.fetch += 1
            return
        if isinstance(node, c_ast.BinaryOp):
            self.count(node.left, counts, accesses)
            self.count(node.right, counts, accesses)
            lt, rt = self.ctype(node.left), self.ctype(node.right)
            kind = promote(lt, rt).kind
            if node.op in _ARITH:
                counts.add_op(op_name(kind, _ARITH[node.op]))
            elif node.op in _COMPARE:
                counts.add_op(op_name(kind, "add"))
            else:  # && || & | ^ << >>
                counts.add_op("int_add")
            if kind in ("real", "double") and "int" in (lt.kind, rt.kind):
                counts.add_op("int_to_real")
            return
        if isinstance(node, c_ast.UnaryOp):
            if node.op == "sizeof":
                return
            if node.op in ("p++", "p--", "++", "--"):
                self.count(node.expr, counts, accesses)
                counts.add_op(op_name(self.ctype(node.expr).kind, "add"))
                self.count(node.expr, counts, accesses, store=True)
                return
            if node.op == "&":
                if isinstance(node.expr, c_ast.ArrayRef):
                    for sub in _array_parts(node.expr)[1]:
                        self.count(sub, counts, accesses)
                return
            if node.op == "*":
                self.count(node.expr, counts, accesses)
                if store:
                    counts.store += 1
                else:
                    counts.fetch += 1
                return
            self.count(node.expr, counts, accesses)
            if node.op in ("-", "!", "~"):
                counts.add_op(op_name(self.ctype(node.expr).kind if node.op == "-" else "int", "add"))
            return
        if isinstance(node, c_ast.Cast):
            self.count(node.expr, counts, accesses)
            src, dst = self.ctype(node.expr).kind, self.types.of(node.to_type).kind
            if src == "int" and dst in ("real", "double"):
                counts.add_op("int_to_real")
            elif src in ("real", "double") and dst == "int":
                counts.add_op("real_to_int")
            return
        if isinstance(node, c_ast.Assignment):
            self.count(node.rvalue, counts, accesses)
            lt, rt = self.ctype(node.lvalue), self.ctype(node.rvalue)
            if node.op != "=":
                self.count(node.lvalue, counts, accesses)
                op = node.op[:-1]
                kind = promote(lt, rt).kind
                counts.add_op(op_name(kind, _ARITH.get(op, "add")))
            self.convert(rt, lt, counts)
            self.count(node.lvalue, counts, accesses, store=True)
            return
        if isinstance(node, c_ast.TernaryOp):
            self.count(node.cond, counts, accesses)
            # Both arms counted at half weight: the taken arm is not known statically.
            for arm in (node.iftrue, node.iffalse):
                half_c, half_a = OpCounts(), []
                self.count(arm, half_c, half_a)
                for k, v in half_c.ops.items():
                    counts.add_op(k, v * 0.5)
                counts.fetch += half_c.fetch * 0.5
                counts.store += half_c.store * 0.5
            return
        if isinstance(node, c_ast.FuncCall):
            args = node.args.exprs if node.args else []
            for a in args:
                self.count(a, counts, accesses)
            # A user function is its own Call AAU; only its arguments are evaluated here.
            if isinstance(node.name, c_ast.ID) and node.name.name not in self.user_functions:
                counts.add_call(node.name.name, len(args))
            return
        if isinstance(node, c_ast.ExprList):
            for e in node.exprs:
                self.count(e, counts, accesses)
            return
        if isinstance(node, c_ast.InitList):
            for e in node.exprs:
                self.count(e, counts, accesses)
                counts.store += 1
            return

    def _stride(self, subs: list, t: CType) -> int | None:
        """Elements between the accesses of successive iterations of the innermost loop."""
        if self.loop_var is None:
            return None
        per = self._per_index(subs, t)
        if per is None:
            return None
        step = self.loop_step if self.loop_step is not None else 1
        if not getattr(step, "is_number", isinstance(step, (int, float))):
            return None if per else 0
        return int(per * step)

    def _flat_index(self, subs: list, t: CType):
        """Element offset of ``a[s0][s1]...`` from the array's start (row-major), or None."""
        dims = list(t.dims) if t.is_array else []
        total, row = sympy.Integer(0), sympy.Integer(1)
        for k in range(len(subs) - 1, -1, -1):
            value = self.sym(subs[k])
            if value is None:
                return None
            total += value * row
            if k > 0:
                inner = dims[k] if k < len(dims) else None
                if inner is None:
                    return None
                row *= inner
        return sympy.expand(total)

    def _per_index(self, subs: list, t: CType) -> int | None:
        """Elements between accesses as the innermost loop index grows by one."""
        i = S.var(self.loop_var)
        stride, row = 0, 1
        dims = list(t.dims) if t.is_array else []
        for k in range(len(subs) - 1, -1, -1):
            value = self.sym(subs[k])
            if value is None:
                return None
            d = sympy.diff(value, i)
            if d.free_symbols or not d.is_number:
                return None
            stride += int(d) * row
            if k > 0:
                inner = dims[k] if k < len(dims) else None
                if inner is None:
                    return None if any(self.sym(s) is None or sympy.diff(self.sym(s), i) != 0
                                       for s in subs[:k]) else stride
                row *= inner
        return stride

    def convert(self, src: CType, dst: CType, counts: OpCounts) -> None:
        """Count the implicit conversion of an assignment (paper Table 1 "Mix Oper")."""
        if src.kind == "int" and dst.kind in ("real", "double"):
            counts.add_op("int_to_real")
        elif src.kind in ("real", "double") and dst.kind == "int":
            counts.add_op("real_to_int")

    def _access(self, name, t: CType, counts: OpCounts, accesses, store: bool, is_array: bool) -> Access:
        if store:
            counts.store += 1
        else:
            counts.fetch += 1
        acc = Access(name, "store" if store else "fetch", max(t.size, 1), is_array)
        accesses.append(acc)
        return acc


def _array_parts(node: c_ast.ArrayRef):
    """``a[i][j]`` -> (ID a, [i, j])."""
    subs = []
    while isinstance(node, c_ast.ArrayRef):
        subs.append(node.subscript)
        node = node.name
    return node, list(reversed(subs))


def buffer_name(node) -> str | None:
    """Base variable of a message buffer argument: ``&x``, ``x``, ``(char *)&x``, ``&x[0]``, ``x+k``."""
    while True:
        if isinstance(node, c_ast.Cast):
            node = node.expr
        elif isinstance(node, c_ast.UnaryOp) and node.op == "&":
            node = node.expr
        elif isinstance(node, c_ast.ArrayRef):
            node = node.name
        elif isinstance(node, c_ast.BinaryOp) and node.op in "+-":
            node = node.left
        elif isinstance(node, c_ast.ID):
            return node.name
        else:
            return None


def names_in(node) -> set[str]:
    """Every identifier read in an expression, with constant-index elements as ``a[k]``."""
    out: set[str] = set()

    class V(c_ast.NodeVisitor):
        def visit_ID(self, n):
            out.add(n.name)

        def visit_ArrayRef(self, n):
            if isinstance(n.name, c_ast.ID) and isinstance(n.subscript, c_ast.Constant):
                out.add(f"{n.name.name}[{n.subscript.value}]")
            self.generic_visit(n)

        def visit_FuncCall(self, n):
            if n.args is not None:
                self.visit(n.args)

        def visit_UnaryOp(self, n):
            if n.op != "sizeof":  # sizeof reads no value
                self.generic_visit(n)

    if node is not None:
        V().visit(node)
    return out
