"""Fortran expressions for the level-1 parse: their type, their operation counts, their value.

The counts use the operator classes of paper Table 1 and the accesses of Table 2 exactly as the C
frontend counts the equivalent C (frontends/c/counts.py), so the same algorithm gives the same AAG:

- ``a(i, j)``: the subscripts, then the address arithmetic C spells out for a flattened array
  (``a[j*n + i]``): one int multiply and one int add per dimension after the first, and a fetch of
  every extent that is a variable (a constant extent is an immediate). The FIRST index is
  contiguous (column major); lower bounds fold into the base address and cost nothing.
- ``x**k`` with a small integer literal k: the multiplications of binary exponentiation (what
  compilers emit); any other power is a call of ``pow``.
- Intrinsics: see intrinsics.py (conversions as C's casts, MOD as C's ``%``, SQRT as ``sqrt``...).
- Comparisons count as an add of their operand type, ``.AND.``/``.OR.``/``.NOT.`` as int adds.
- Arguments are passed by reference, but a scalar variable passed to a user function counts a
  fetch as C's by-value argument does; a whole array passed counts nothing (its address).

Values (for critical expressions) are sympy expressions over canonical lower-case names; integer
division truncates (symexpr.CDiv), MOD is symexpr.CMod, ``**`` a power; None means unknown.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F
from fparser.two.utils import BinaryOpBase, UnaryOpBase

from ..aag import symexpr as S
from ..aag import Access, OpCounts
from ..aag.communicators import HANDLES
from ..aag.opclass import count_integer_op
from ..libcalls import OMP_VALUES
from ..msgpass import count_call
from . import calls
from .intrinsics import count_intrinsic, intrinsic_type, intrinsic_value, op_name
from .derived import Components
from .extents import element_offset
from .names import Names
from .refs import args_of, is_ref, lower_name, ref_name  # noqa: F401 - the frontend imports them from here
from .types import DOUBLE, INT, OTHER, REAL, FType, kind_of_literal, promote

_REL = {".GT.": ">", ".GE.": ">=", ".LT.": "<", ".LE.": "<=", ".EQ.": "==", ".NE.": "/=",
        ">": ">", ">=": ">=", "<": "<", "<=": "<=", "==": "==", "/=": "/="}
_LOGIC = {".AND.", ".OR.", ".EQV.", ".NEQV."}
_ARITH = {"+": "add", "-": "add", "*": "mul", "/": "div"}


def binary_power_muls(k: int) -> int:
    """Multiplications of x**k by binary exponentiation (x**2: 1, x**3: 2, x**4: 2)."""
    return max(0, k.bit_length() - 1 + bin(k).count("1") - 1)


class FExpr(Names):
    """Types, values and operation counts of expressions in one program unit (``scope``)."""

    def __init__(self, scope):
        self.scope = scope
        self.loop_var: str | None = None  # innermost enclosing DO variable, for access strides
        self.result_var: str | None = None  # a function's result: held in a register (see count)
        self.seen: dict[str, FType] = {}  # every variable accessed, with its type (symbol table)
        self.undeclared: set[str] = set()  # names with no type under IMPLICIT NONE (reported)
        self.data: frozenset[str] = frozenset()  # names computed from RANDOM_NUMBER: no value before the run
        self.components = Components(scope)  # a%b: derived-type components
        self.elements: frozenset[str] = frozenset()  # arrays whose elements are followed (CriticalInfo)
        self.reads_argc = False  # COMMAND_ARGUMENT_COUNT() is read: the program has the input argc
        self.offsets = False  # record element offsets (Access.index): in IF conditions (a search's probes)
        self.returned: dict[int, str] = {}  # id of a user function reference -> the variable holding its result

    # -- types -------------------------------------------------------------------------------
    def ftype(self, node) -> FType:
        if isinstance(node, F.Int_Literal_Constant):
            return FType("int", kind_of_literal(node.items[1], self.scope.constants) or 4)
        if isinstance(node, F.Real_Literal_Constant):
            kind = kind_of_literal(node.items[1], self.scope.constants)
            if kind is not None:
                return DOUBLE if kind >= 8 else REAL
            return DOUBLE if "D" in node.items[0].upper() else REAL
        if isinstance(node, F.Logical_Literal_Constant):
            return INT
        if isinstance(node, F.Name):
            value = self.scope.constant(str(node))
            if value is not None:
                t = self.scope.types.get(str(node).lower())
                return t if t is not None else (INT if value.is_Integer else REAL)
            return self.scope.var_type(str(node)) or OTHER
        if isinstance(node, F.Parenthesis):
            return self.ftype(node.items[1])
        if isinstance(node, F.Data_Ref):
            return self.components.ftype(node)
        if is_ref(node):
            return self._ref_type(node)
        if isinstance(node, BinaryOpBase):
            left, op, right = node.items
            op = op.upper()
            if op in _REL or op in _LOGIC:
                return INT
            if op == "//":
                return OTHER
            return promote(self.ftype(left), self.ftype(right))
        if isinstance(node, UnaryOpBase):
            op, operand = node.items
            return INT if op.upper() == ".NOT." else self.ftype(operand)
        return OTHER

    def _ref_type(self, node) -> FType:
        name = ref_name(node)
        kind = self.scope.ref_kind(name)
        args = args_of(node)
        if kind == "array":
            return (self.scope.var_type(name) or OTHER).element()
        if kind == "intrinsic":
            return intrinsic_type(self, name, args)
        return self.scope.function_type(name)

    # -- values -------------------------------------------------------------------------------
    def sym(self, node):
        """The value of ``node`` as a sympy expression of program variables, or None if unknown."""
        try:
            return self.value(node)
        except (TypeError, ValueError, ZeroDivisionError, AttributeError, IndexError):
            return None

    def value(self, node):
        """The value of ``node`` (may raise on malformed input: ``sym`` is the safe entry)."""
        if isinstance(node, F.Int_Literal_Constant):
            return sympy.Integer(int(node.items[0]))
        if isinstance(node, F.Real_Literal_Constant):
            # the double the compiler makes (sympy reads every digit of a long spelling, for minutes)
            return sympy.Float(float(node.items[0].upper().replace("D", "E")))
        if isinstance(node, F.Logical_Literal_Constant):
            return sympy.Integer(1 if "TRUE" in str(node).upper() else 0)
        if isinstance(node, F.Name):
            value = self.scope.constant(str(node))
            if value is not None:
                return value
            if self.scope.is_handle(str(node)) and str(node).upper() in HANDLES:  # MPI_COMM_NULL
                return sympy.Integer(HANDLES[str(node).upper()])
            t = self.scope.var_type(str(node))
            if t is None or not t.arithmetic or t.is_array or self.scope.canon(str(node)) in self.data:
                return None
            return S.var(self.scope.canon(str(node)))
        if isinstance(node, F.Parenthesis):
            return self.value(node.items[1])
        if isinstance(node, F.Data_Ref):
            if self.components.subscripts(node) is not None:
                return self.components.member_index(node)
            name = self.components.name(node)
            return S.var(name) if name is not None and name not in self.data else None
        if is_ref(node):
            return self._ref_sym(node)
        if isinstance(node, BinaryOpBase):
            left, op, right = node.items
            op = op.upper()
            a, b = self.value(left), self.value(right)
            if a is None or b is None:
                return None
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            if op == "*":
                return a * b
            if op == "/":
                ints = self.ftype(left).kind == "int" and self.ftype(right).kind == "int"
                return S.CDiv(a, b) if ints else a / b
            if op == "**":
                return a ** b
            if op in _REL:
                rel = {">": sympy.Gt, ">=": sympy.Ge, "<": sympy.Lt, "<=": sympy.Le, "==": sympy.Eq,
                       "/=": sympy.Ne}[_REL[op]]
                return S.as_number(rel(S.as_number(a), S.as_number(b)))
            if op == ".AND.":
                return S.as_number(sympy.And(S.as_condition(a), S.as_condition(b)))
            if op == ".OR.":
                return S.as_number(sympy.Or(S.as_condition(a), S.as_condition(b)))
            if op == ".EQV.":
                return S.as_number(sympy.Equivalent(S.as_condition(a), S.as_condition(b)))
            if op == ".NEQV.":
                return S.as_number(sympy.Xor(S.as_condition(a), S.as_condition(b)))
            return None
        if isinstance(node, UnaryOpBase):
            op, operand = node.items
            inner = self.value(operand)
            if inner is None:
                return None
            op = op.upper()
            if op == "-":
                return -inner
            if op == "+":
                return inner
            if op == ".NOT.":
                return S.as_number(sympy.Not(S.as_condition(inner)))
        return None

    def _ref_sym(self, node):
        name = ref_name(node)
        kind = self.scope.ref_kind(name)
        args = args_of(node)
        if kind == "array":
            offset = self.element_offset(name, args)
            if offset is None:
                return self.element_index(name, args)
            return S.var(f"{self.scope.canon(name)}[{offset}]")
        if kind == "known":
            if name.lower() in OMP_VALUES:  # one thread per process (docs/model.md)
                return sympy.Integer(OMP_VALUES[name.lower()])
            return {"MYNODE": S.RANK, "NUMNODES": S.NPROCS, "MYHOST": sympy.Integer(S.HOST),
                    "MYPID": sympy.Integer(0)}.get(name)
        if kind == "user":  # a function's result the Call before the statement brings back (critical.py)
            return S.var(self.returned[id(node)]) if id(node) in self.returned else None
        if kind != "intrinsic":
            return None
        return intrinsic_value(self, name, args)

    def element_index(self, name: str, args):
        """``counts(i)`` of a one-dimensional array whose elements are followed: the element the
        engine picks, named from 0 as C's (``counts[i - 1]`` for an array indexed from 1)."""
        canon = self.scope.canon(name)
        t = self.scope.var_type(name)
        if canon not in self.elements or t is None or len(args) != 1 or len(t.dims) != 1:
            return None
        lo, index = t.dims[0][0], self.value(args[0]) if not isinstance(args[0], F.Subscript_Triplet) else None
        if index is None or lo is None or not lo.is_Integer:
            return None
        return S.element(canon, index - lo, t.kind == "int")

    def element_offset(self, name: str, args) -> int | None:
        """0-based column-major offset of an element with constant subscripts (``params(3)`` -> 2):
        named ``name[offset]`` as C's ``params[2]``, a value keeps its name in either language."""
        t = self.scope.var_type(name)
        if t is None or not t.is_array or len(args) != len(t.dims):
            return None
        offset, mult = 0, 1
        for k, (a, (lo, ext)) in enumerate(zip(args, t.dims)):
            if isinstance(a, F.Subscript_Triplet):
                return None
            v = self.value(a)
            if v is None or not v.is_Integer or lo is None or not lo.is_Integer:
                return None
            offset += (int(v) - int(lo)) * mult
            if k < len(args) - 1:
                if ext is None or not ext.is_Integer:
                    return None
                mult *= int(ext)
        return offset

    def condition(self, node):
        value = self.sym(node)
        return None if value is None else S.as_condition(value)

    # -- operation counts ---------------------------------------------------------------------
    def count(self, node, counts: OpCounts, accesses: list[Access], store: bool = False) -> None:
        """Add the operations of evaluating ``node`` (Table 1 classes, Table 2 accesses)."""
        if node is None or isinstance(node, (F.Int_Literal_Constant, F.Real_Literal_Constant,
                                             F.Logical_Literal_Constant, F.Char_Literal_Constant, str)):
            return
        if isinstance(node, F.Name):
            name = str(node)
            if self.scope.constant(name) is not None or self.scope.is_handle(name):
                return
            t = self.scope.var_type(name)
            if t is None and self.scope.undeclared(name):
                self.undeclared.add(name.upper())
            if t is None or (t.is_array and not store):
                return  # an array's address, not an access
            if store and self.scope.canon(name) == self.result_var:
                return  # a function's result is returned in a register, as C's return value
            self.access(self.scope.canon(name), t, counts, accesses, store, is_array=False)
            return
        if isinstance(node, F.Parenthesis):
            self.count(node.items[1], counts, accesses)
            return
        if is_ref(node):
            self._count_ref(node, counts, accesses, store)
            return
        if isinstance(node, BinaryOpBase):
            left, op, right = node.items
            op = op.upper()
            if op == "**":
                self._count_power(left, right, counts, accesses)
                return
            self.count(left, counts, accesses)
            self.count(right, counts, accesses)
            lt, rt = self.ftype(left), self.ftype(right)
            kind = promote(lt, rt).kind
            if op in _ARITH and kind == "int" and op in ("*", "/"):
                count_integer_op(counts, op, self.sym(left), self.sym(right))  # as C counts it
            elif op in _ARITH:
                counts.add_op(op_name(kind, _ARITH[op]))
            elif op in _REL:
                counts.add_op(op_name(kind, "add"))
            else:  # .AND. .OR. .EQV. .NEQV. //
                counts.add_op("int_add")
            if op not in _LOGIC and kind in ("real", "double") and "int" in (lt.kind, rt.kind):
                counts.add_op("int_to_real")
            return
        if isinstance(node, UnaryOpBase):
            op, operand = node.items
            self.count(operand, counts, accesses)
            if op.upper() == ".NOT.":
                counts.add_op("int_add")
            elif op == "-":
                counts.add_op(op_name(self.ftype(operand).kind, "add"))
            return
        if isinstance(node, F.Data_Ref):  # a%b: a structure component
            for part in node.items[1:]:
                if is_ref(part):
                    for a in args_of(part):
                        self.count(a, counts, accesses)
            if store:
                counts.store += 1
            else:
                counts.fetch += 1
            return
        for child in getattr(node, "items", ()) or ():
            if not isinstance(child, str):
                self.count(child, counts, accesses)

    def count_assignment(self, target, rhs, counts: OpCounts, accesses: list[Access]) -> None:
        """``target = rhs``. An update ``x = x op e`` is counted as C's ``x op= e`` (e, then x, the
        operation, the store), so both languages give the same accesses in the same order."""
        if isinstance(rhs, BinaryOpBase) and rhs.items[1] in _ARITH and str(rhs.items[0]) == str(target) \
                and isinstance(target, (F.Name, F.Part_Ref)):
            left, op, right = rhs.items
            self.count(right, counts, accesses)
            self.count(left, counts, accesses)
            lt, rt = self.ftype(left), self.ftype(right)
            kind = promote(lt, rt).kind
            if kind == "int" and op in ("*", "/"):
                count_integer_op(counts, op, self.sym(left), self.sym(right))
            else:
                counts.add_op(op_name(kind, _ARITH[op]))
            if kind in ("real", "double") and "int" in (lt.kind, rt.kind):
                counts.add_op("int_to_real")
        else:
            self.count(rhs, counts, accesses)
        self.convert(self.ftype(rhs).kind, self.ftype(target).kind, counts)
        self.count(target, counts, accesses, store=True)

    def _count_power(self, base, exponent, counts, accesses) -> None:
        self.count(base, counts, accesses)
        k = self.sym(exponent) if isinstance(exponent, F.Int_Literal_Constant) else None
        bt = self.ftype(base)
        if k is not None and 0 <= int(k) <= 64:
            counts.add_op(op_name(bt.kind, "mul"), binary_power_muls(int(k)))
            return
        self.count(exponent, counts, accesses)
        if bt.kind == "int" or self.ftype(exponent).kind == "int":
            counts.add_op("int_to_real")
        count_call(counts, "pow", 2)

    def _count_ref(self, node, counts, accesses, store) -> None:
        name = ref_name(node)
        kind = self.scope.ref_kind(name)
        args = args_of(node)
        if kind == "array":
            self._count_element(name, args, counts, accesses, store)
            return
        if kind == "intrinsic":
            count_intrinsic(self, name, args, counts, accesses)
            return
        for a in args:
            self.count(a, counts, accesses)
        if kind == "known":
            count_call(counts, calls.MACHINE.get(name, name.lower()), len(args))
        elif kind == "unknown":
            count_call(counts, name.lower(), len(args))
        # a user function is its own Call AAU: only its arguments are evaluated here

    def _count_element(self, name, args, counts, accesses, store) -> None:
        t = self.scope.var_type(name) or OTHER
        before = len(accesses)
        for a in args:
            if isinstance(a, F.Subscript_Triplet):
                for part in a.items:
                    self.count(part, counts, accesses)
            else:
                self.count(a, counts, accesses)
        if len(args) > 1:
            # The address arithmetic C writes out for a flattened array (a[j*n + i]).
            counts.add_op("int_mul", len(args) - 1)
            counts.add_op("int_add", len(args) - 1)
            for k in range(len(args) - 1):
                ext = t.dims[k][1] if k < len(t.dims) else None
                if ext is not None and ext.is_Integer:
                    continue  # a constant extent is an immediate
                field = ext.name if isinstance(ext, sympy.Symbol) else f"{self.scope.canon(name)}%extent{k + 1}"
                self.access(field, INT, counts, accesses, False, is_array=False)
        loaded = any(x.is_array for x in accesses[before:])
        acc = self.access(self.scope.canon(name), t, counts, accesses, store, is_array=True)
        acc.stride = self._stride(args, t)
        acc.gathered = loaded and acc.stride is None  # x(idx(i)): random elements of x
        acc.index = element_offset(self, args, t) if self.offsets else None

    def _stride(self, args, t: FType) -> int | None:
        """Elements between successive accesses as the innermost DO variable steps by one. Column
        major: the first subscript moves through contiguous memory, each later one by the product
        of the extents before it."""
        if self.loop_var is None:
            return None
        i = S.var(self.loop_var)
        stride, mult = 0, 1
        for k, a in enumerate(args):
            value = self.sym(a)
            if value is None:
                return None
            d = sympy.diff(value, i)
            if d.free_symbols or not d.is_number:
                return None
            stride += int(d) * mult
            if k < len(args) - 1:
                ext = t.dims[k][1] if k < len(t.dims) else None
                if ext is None or not ext.is_Integer:
                    rest = [self.sym(b) for b in args[k + 1:]]
                    if all(r is not None and sympy.diff(r, i) == 0 for r in rest):
                        return stride
                    return None
                mult *= int(ext)
        return stride

    def convert(self, src: str, dst: str, counts: OpCounts) -> None:
        """An implicit or explicit conversion (paper Table 1 "Mix Oper")."""
        if src == "int" and dst in ("real", "double"):
            counts.add_op("int_to_real")
        elif src in ("real", "double") and dst == "int":
            counts.add_op("real_to_int")

    def access(self, name, t: FType, counts: OpCounts, accesses, store: bool, is_array: bool) -> Access:
        """One access of variable ``name`` (of type ``t``; an element of it when ``is_array``)."""
        self.seen.setdefault(name, t)
        if store:
            counts.store += 1
        else:
            counts.fetch += 1
        acc = Access(name, "store" if store else "fetch", max(t.size, 1), is_array)
        accesses.append(acc)
        return acc

    # -- names --------------------------------------------------------------------------------
