"""Operation counts of C expressions (paper Table 1 and Table 2), for the Seq AAUs.

Evaluating an expression costs operations of the Table 1 classes (int / real / double add-sub,
mul, div; mixed int->real and real->int conversions), memory accesses of Table 2 (fetch, store)
and library calls. Every array access also records, for the memory-hierarchy model (paper 3.4.2),
its element stride per iteration of the innermost loop and its element offset.

``OpCounter`` is a mixin of ExprContext (expr.py), which gives it the expressions' types
(``ctype``) and values (``sym``); one small method per pycparser node class counts that node.
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from ..aag import symexpr as S
from ..aag import Access, OpCounts
from ..aag.opclass import count_integer_op, known_class
from ..msgpass import count_call
from .types import OTHER, CType, integer_literal, promote

_ARITH = {"+": "add", "-": "add", "*": "mul", "/": "div", "%": "div"}
_COMPARE = {"<", ">", "<=", ">=", "==", "!="}
_OPCLASS = {"int": "int", "real": "real", "double": "double"}


def op_name(kind: str, op: str) -> str:
    return f"{_OPCLASS.get(kind, 'int')}_{op}"


def _arith(kind: str, op: str, right) -> str:
    """The operation class of an arithmetic operator; an integer one by a literal constant by its
    class (frontends/aag/opclass.py): a division by a power of two is ``int_shift``, by another
    constant ``int_div_const``, a multiplication by a power of two ``int_mul_pow2``. The paper's
    model costs them as Table 1's int div and int mul (omega's fallback), the roofline and compiled
    models at the throughputs of what compilers emit (docs/model.md)."""
    if op in ("*", "/", "%") and _OPCLASS.get(kind, "int") == "int" and isinstance(right, c_ast.Constant):
        name = known_class(op, integer_literal(right))
        if name is not None:
            return name
    return op_name(kind, _ARITH[op])


def _fetch_or_store(counts: OpCounts, store: bool) -> None:
    if store:
        counts.store += 1
    else:
        counts.fetch += 1


class OpCounter:
    """Counting the operations of C expressions (mixed into ExprContext)."""

    def count(self, node, counts: OpCounts, accesses: list[Access], store: bool = False) -> None:
        """Add the operations of evaluating ``node`` (Table 1 classes, Table 2 accesses)."""
        if node is None:
            return
        handler = getattr(self, f"_count_{type(node).__name__}", None)
        if handler is not None:
            handler(node, counts, accesses, store)

    def _count_ID(self, node, counts, accesses, store):
        if node.name in self.constants:
            return
        t = self.lookup(node.name)
        if t is None:
            return
        if t.is_array and not store:
            return  # the array's address, not an access
        self._access(node.name, t, counts, accesses, store, is_array=False)

    def _count_ArrayRef(self, node, counts, accesses, store):
        base, subs = _array_parts(node)
        sub_counts = OpCounts()
        before = len(accesses)
        for sub in subs:
            self.count(sub, sub_counts, accesses)
        # a subscript read from an array, or computed from a pseudo-random number (rand(), a
        # generator written out: critical.py), picks random elements: a gather
        random = any(self.reads_data(sub) for sub in subs)
        loaded = any(a.is_array for a in accesses[before:]) or random
        if len(subs) > 1:  # row-major address arithmetic of a multi-dimensional array
            sub_counts.add_op("int_mul", len(subs) - 1)
            sub_counts.add_op("int_add", len(subs) - 1)
        counts.merge(sub_counts)
        if isinstance(base, c_ast.ID):
            t = self.lookup(base.name) or OTHER
            elem = t.pointee if (t.kind == "ptr" and t.pointee is not None and not t.is_array) else t
            rows = self._rows_of(base.name, t, subs)
            if rows is not None:
                elem = rows[0]
            acc = self._access(base.name, elem, counts, accesses, store, is_array=True)
            acc.stride = None if random else self._stride(subs, t)  # a random index has no stride
            acc.index = self._flat_index(subs, t) if rows is None else self._row_index(subs, rows[1])
            acc.index_ops = dict(sub_counts.ops)
            acc.gathered = loaded and acc.stride is None
        else:
            self.count(base, counts, accesses)
            _fetch_or_store(counts, store)

    def _count_StructRef(self, node, counts, accesses, store):
        if node.type == "->":
            self.count(node.name, counts, accesses)
        _fetch_or_store(counts, store)

    def _count_BinaryOp(self, node, counts, accesses, store):
        self.count(node.left, counts, accesses)
        self.count(node.right, counts, accesses)
        lt, rt = self.ctype(node.left), self.ctype(node.right)
        kind = promote(lt, rt).kind
        if node.op in _ARITH:
            self._arith_op(kind, node.op, node.left, node.right, counts, max(lt.size, rt.size))  # 2 * step: either side
        elif node.op in _COMPARE:
            counts.add_op(op_name(kind, "add"))
        else:  # && || & | ^ << >>
            counts.add_op("int_add")
        if kind in ("real", "double") and "int" in (lt.kind, rt.kind):
            counts.add_op("int_to_real")

    def _arith_op(self, kind: str, op: str, left, right, counts: OpCounts, size: int = 4) -> None:
        """Count one arithmetic operator; an integer one with a known operand by its class, a
        division by a variable with its operands' values (frontends/aag/opclass.py), of 64-bit
        operands (``size`` 8: long, int64_t, size_t) a ``long_div``."""
        name = _arith(kind, op, right)
        if name in ("int_div", "int_mul"):
            count_integer_op(counts, op, self.sym(left), self.sym(right), wide=size >= 8)
        else:
            counts.add_op(name)

    def _count_UnaryOp(self, node, counts, accesses, store):
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
            _fetch_or_store(counts, store)
            return
        self.count(node.expr, counts, accesses)
        if node.op in ("-", "!", "~"):
            counts.add_op(op_name(self.ctype(node.expr).kind if node.op == "-" else "int", "add"))

    def _count_Cast(self, node, counts, accesses, store):
        self.count(node.expr, counts, accesses)
        src, dst = self.ctype(node.expr).kind, self.types.of(node.to_type).kind
        if src == "int" and dst in ("real", "double"):
            counts.add_op("int_to_real")
        elif src in ("real", "double") and dst == "int":
            counts.add_op("real_to_int")

    def _count_Assignment(self, node, counts, accesses, store):
        self.count(node.rvalue, counts, accesses)
        lt, rt = self.ctype(node.lvalue), self.ctype(node.rvalue)
        if node.op != "=":
            self.count(node.lvalue, counts, accesses)
            op = node.op[:-1]
            kind = promote(lt, rt).kind
            if op in _ARITH:
                self._arith_op(kind, op, node.lvalue, node.rvalue, counts, max(lt.size, rt.size))
            else:
                counts.add_op(op_name(kind, "add"))
        self.convert(rt, lt, counts)
        self.count(node.lvalue, counts, accesses, store=True)

    def _count_TernaryOp(self, node, counts, accesses, store):
        self.count(node.cond, counts, accesses)
        # Both arms counted at half weight: the taken arm is not known statically.
        for arm in (node.iftrue, node.iffalse):
            half_c, half_a = OpCounts(), []
            self.count(arm, half_c, half_a)
            for k, v in half_c.ops.items():
                counts.add_op(k, v * 0.5)
            counts.fetch += half_c.fetch * 0.5
            counts.store += half_c.store * 0.5

    def _count_FuncCall(self, node, counts, accesses, store):
        args = node.args.exprs if node.args else []
        for a in args:
            self.count(a, counts, accesses)
        # A user function is its own Call AAU: only its arguments are evaluated here.
        if isinstance(node.name, c_ast.ID) and node.name.name not in self.user_functions:
            count_call(counts, node.name.name, len(args))

    def _count_ExprList(self, node, counts, accesses, store):
        for e in node.exprs:
            self.count(e, counts, accesses)

    def _count_InitList(self, node, counts, accesses, store):
        for e in node.exprs:
            self.count(e, counts, accesses)
            counts.store += 1

    # -- array accesses for the memory model --------------------------------------------------
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

    def _rows_of(self, name: str, t: CType, subs: list):
        """(element type, elements per row) of ``p[a][b]`` when ``p`` is a pointer to pointers
        whose rows this function allocated with one size (``p[i] = malloc(n * sizeof(double))``):
        the rows lie apart in memory, but for the working-set rule's reuse distances ``p[a][b]``
        is element ``a * row + b`` of a row-major array (the bytes touched between two uses are
        the same). None otherwise."""
        if len(subs) != 2 or t.kind != "ptr" or t.is_array or t.pointee is None or t.pointee.kind != "ptr":
            return None
        elem = t.pointee.pointee
        size = self.row_bytes(name)
        if elem is None or size is None or elem.size <= 0:
            return None
        return elem, sympy.expand(size / elem.size)

    def _row_index(self, subs: list, row):
        a, b = self.sym(subs[0]), self.sym(subs[1])
        return None if a is None or b is None else sympy.expand(a * row + b)

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
        _fetch_or_store(counts, store)
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

