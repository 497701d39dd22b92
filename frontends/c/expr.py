"""C expressions for the level-1 parse: their type, their symbolic value (and, in counts.py, their
operation counts).

Symbolic values are only needed for critical expressions (loop limits, conditions, partners,
sizes); an expression that depends on data the parse cannot know has the value None.
"""
from __future__ import annotations

import math
import re
from typing import Callable

import sympy
from pycparser import c_ast

from ..aag import symexpr as S
from ..aag.communicators import HANDLES
from ..aag.cstrings import length_name
from ..libcalls import OMP_VALUES
from ..msgpass import RESULT_TYPES
from .counts import OpCounter
from . import pointers
from .types import DOUBLE, INT, OTHER, REAL, CType, TypeTable, integer_literal, promote
# the storage an expression names (lvalues.py), imported from here by the statement builders
from .lvalues import buffer_name, calls_random, field_path, member_element, member_name, names_in  # noqa: F401

# Library functions whose value is known when their arguments are (for critical expressions).
_SYM_FUNCS = {
    "abs": sympy.Abs, "labs": sympy.Abs, "fabs": sympy.Abs, "sqrt": sympy.sqrt,
    "log2": lambda x: sympy.log(x, 2), "log": sympy.log, "exp": sympy.exp,
    "pow": lambda a, b: a**b, "floor": sympy.floor, "ceil": sympy.ceiling,
    "fmin": sympy.Min, "fmax": sympy.Max,
}
# Library functions returning double / int (for types of expressions that call them).
_INT_FUNCS = {"abs", "labs", "atoi", "atol", "atoll", "strtol", "strtoll", "strtoul", "strtoull",
              "strtoimax", "strtoumax", "rand", "strlen", "printf", "fprintf", "sprintf",
              "snprintf", "scanf", "sscanf", "fscanf", "time", "clock", "puts", "putchar", "getchar",
              "fputs", "fclose", "fflush", "strcmp", "strncmp", "memcmp",
              "rand_r", "random", "lrand48", "nrand48", "mrand48", "jrand48", "isalnum", "isalpha", "isblank",
              "iscntrl", "isdigit", "isgraph", "islower", "isprint", "ispunct", "isspace", "isupper", "isxdigit",
              "tolower", "toupper", "strspn", "strcspn", "strcasecmp", "strncasecmp", "lround", "llround",
              "lrint"} | {
    name for name, result in RESULT_TYPES.items() if result == "int"}

_COMPARE = {"<", ">", "<=", ">=", "==", "!="}
# Values of the C operators on known operands (C semantics: integer division and remainder
# truncate toward zero, bit operations on integers).
_VALUE_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
              "%": S.CMod, "^": S.BXor, "&": S.BAnd, "|": S.BOr, "<<": S.Shl, ">>": S.Shr}
_RELATIONS = {"<": sympy.Lt, ">": sympy.Gt, "<=": sympy.Le, ">=": sympy.Ge, "==": sympy.Eq, "!=": sympy.Ne}


class ExprContext(OpCounter):
    """What the level-1 parse knows while reading one function: types, values and (OpCounter)
    operation counts of its expressions."""

    def __init__(self, types: TypeTable, lookup: Callable[[str], CType | None],
                 constants: dict[str, int], user_functions: set[str], file: str):
        self.types = types
        self.lookup = lookup
        self.constants = constants
        self.user_functions = user_functions
        self.file = file
        self.loop_var: str | None = None  # innermost enclosing loop index, for access strides
        self.loop_step = None  # its step per iteration (a number when known)
        self.data: frozenset[str] = frozenset()  # names computed from rand(): no value before the run
        self.elements: frozenset[str] = frozenset()  # arrays whose elements are followed (CriticalInfo)
        self.returned = None  # name -> (params, value) of the program's functions (returns.py)
        self.row_bytes = lambda name: None  # rows of a pointer-to-pointer array (allocations.py)
        self.params: dict[str, CType] = {}  # the function's parameters: an array one is a pointer
        # (name, args) -> the value of strlen(s), sprintf(..) (frontends/c/printf.py value), or None
        self.string_value: Callable | None = None

    def reads_data(self, node) -> bool:
        """Does expression ``node`` read a pseudo-random number (a name in ``data``, or a call of a
        generator: ``a[rand() % n]``)?"""
        return bool(self.data and self.data & names_in(node)) or calls_random(node)

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
                return _row(base)
            if base.kind == "ptr" and base.pointee is not None and not base.is_array:
                return base.pointee
            return CType(base.kind, base.size, pointee=base.pointee, tag=base.tag) if base.kind != "other" else OTHER
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
                if t.is_array and len(t.dims) > 1 and isinstance(node.expr, c_ast.ID):
                    return _row(t)  # *t of int t[2][3]: its first row
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
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.UnaryOp) and node.name.op == "*":
            return DOUBLE  # through a pointer (fnhandles.py): typed as a call of the program's function
        if isinstance(node, c_ast.StructRef):
            base = self.ctype(node.name)
            if node.type == "->":
                base = base.pointee or OTHER
            return self.types.member(base, node.field.name) or OTHER
        return OTHER

    # -- symbolic values ------------------------------------------------------------------
    def sym(self, node):
        """The value of ``node`` as a sympy expression of program variables, or None if unknown."""
        try:
            return self._sym(node)
        except (TypeError, ValueError, ZeroDivisionError, AttributeError):
            return None

    def _sym(self, node):
        handler = getattr(self, f"_sym_{type(node).__name__}", None)
        return handler(node) if handler is not None else None

    def _sym_Constant(self, node):
        value = integer_literal(node)
        if value is not None:
            return sympy.Integer(value)
        if node.type in ("double", "float", "long double"):
            # the double the compiler makes of it (sympy would read all 50,000 digits of a long
            # spelling, for minutes); beyond the range of double it is +inf, as in C
            text = node.value.rstrip("fFlL")
            return sympy.Float(_hex_float(text) if text[:2].lower() == "0x" else float(text))
        if node.type == "char":
            text = node.value[1:-1]
            return sympy.Integer(ord(text.encode().decode("unicode_escape")))
        return None

    def _sym_ID(self, node):
        if node.name in self.constants:
            return sympy.Integer(self.constants[node.name])
        if node.name in HANDLES:  # MPI_COMM_NULL in `if (comm != MPI_COMM_NULL)`
            return sympy.Integer(HANDLES[node.name])
        if node.name in self.data:
            return None  # a pseudo-random number: a condition on it is weighted (Algorithm 3)
        t = self.lookup(node.name)
        if t is not None and t.kind == "ptr" and not t.is_array:
            return S.var(node.name)  # a pointer's value: its position in elements (pointers.py)
        if t is not None and t.is_array and self.params.get(node.name) is t:
            return S.var(node.name)  # f(double a[]): a pointer, its value the caller's
        if t is not None and t.is_array and len(t.dims) <= 1:
            return pointers.address(node.name)  # an array decays to the address of its start
        if t is None or not t.arithmetic or t.is_array:
            return None
        return S.var(node.name)

    def _sym_ArrayRef(self, node):
        # A constant index into a small buffer is tracked as its own variable ("params[2]"),
        # so values that travel in message buffers keep their definition path.
        if isinstance(node.name, (c_ast.ID, c_ast.StructRef, c_ast.ArrayRef)) and isinstance(node.subscript, c_ast.Constant):
            base = field_path(node.name)
            idx = self._sym(node.subscript)
            if base is not None and idx is not None and idx.is_Integer:
                return S.var(f"{base}[{int(idx)}]")
        if isinstance(node.name, c_ast.ID) and node.name.name in self.elements and self.ctype(node).arithmetic:
            idx = self._sym(node.subscript)  # ``counts[rank]``: the element the engine looks up
            integer = self.ctype(node).kind == "int"
            return S.element(node.name.name, idx, integer) if idx is not None else None
        return None

    def _sym_StructRef(self, node):
        # A struct member is a variable of its own, named by its access path: ``s.n``, and
        # ``*g.n_local`` for ``g->n_local`` (the callee's view of the caller's struct).
        path = field_path(node)
        t = self.ctype(node)
        if not t.arithmetic or t.is_array:
            return None
        member = member_element(node)
        if path is None and member is not None and member[0] in self.elements:
            # ``lev[l].n`` of an array of structs whose member n is followed: the element l of
            # the array "lev.n" of those members (the engine looks up ``lev.n[2]``)
            idx = self._sym(member[1])
            return S.element(member[0], idx, t.kind == "int") if idx is not None else None
        return None if path is None else S.var(path)

    def _sym_Cast(self, node):
        target = self.types.of(node.to_type)
        if target.kind == "ptr":  # the same units, or the null constant (pointers.py)
            if pointers.is_null(node.expr):
                return sympy.Integer(0)
            source = self.ctype(node.expr)
            if not pointers.is_pointer(source) or source.size != target.size:
                return None
        inner = self._sym(node.expr)
        if inner is None:
            return None
        if target.kind == "int" and self.ctype(node.expr).kind in ("real", "double"):
            return S.CTrunc(inner)
        return inner

    def _sym_UnaryOp(self, node):
        if node.op == "sizeof":
            target = node.expr
            t = self.types.of(target) if isinstance(target, c_ast.Typename) else self.ctype(target)
            if isinstance(target, c_ast.ID):
                t = self.lookup(target.name) or t
                if t.is_array and self.params.get(target.name) is t:  # f(double a[]): a pointer
                    return sympy.Integer(8 if self.types.lp64 else 4)
            size = self.types.sizeof(t)
            if size is None and t.is_array and field_path(target) is not None:
                # an array of a length interp cannot tell (double v[n]): no value, named for the
                # refusal (interp/engine/values.py), never one element's bytes
                return S.var(f"{S.SIZEOF}({field_path(target)})")
            return sympy.Integer(size) if size else None
        if node.op == "!" and pointers.is_pointer(self.ctype(node.expr)):
            return sympy.Integer(0)  # pointers are not null (pointers.py)
        if node.op == "&":
            return self._address_of(node.expr)
        if node.op == "*" and isinstance(node.expr, c_ast.ID):
            # *p: what p points to, the caller's variable the engine copies in (``*n * 3``)
            t = self.ctype(node)
            return S.var(f"*{node.expr.name}") if t.arithmetic and not t.is_array else None
        inner = self._sym(node.expr)
        if inner is None:
            return None
        if node.op == "-":
            return -inner
        if node.op == "+":
            return inner
        if node.op == "!":
            return S.as_number(sympy.Not(S.as_condition(inner)))
        if node.op in ("p++", "p--"):  # the value before the update (the update is a def of its own)
            return inner
        if node.op in ("++", "--"):
            return inner + (1 if node.op == "++" else -1)
        if node.op == "~" and self.ctype(node.expr).kind == "int":
            return -inner - 1  # two's complement: ~x == -x - 1 for every int
        return None

    def _address_of(self, node):
        """``&a[k]``: a's address + k (one subscript of an array or a pointer); ``&g[i][j]`` of an
        array declared ``g[R][C]``: g's address + i*C + j (row-major); else no value."""
        if not isinstance(node, c_ast.ArrayRef):
            return None
        if isinstance(node.name, c_ast.ArrayRef):
            subs, base = [], node
            while isinstance(base, c_ast.ArrayRef):
                subs.insert(0, base.subscript)
                base = base.name
            t = self.ctype(base) if isinstance(base, c_ast.ID) else None
            if t is None or not t.is_array or len(t.dims) != len(subs) or None in t.dims:
                return None
            at, values = pointers.address(base.name), [self._sym(x) for x in subs]
            if base.name in self.params or any(v is None for v in values):
                return None
            offset = values[0]
            for dim, v in zip(t.dims[1:], values[1:]):
                offset = offset * dim + v
            return at + offset
        base_type = self.ctype(node.name)
        if not pointers.is_pointer(base_type) or len(base_type.dims) > 1:
            return None
        base, k = self._sym(node.name), self._sym(node.subscript)
        return None if base is None or k is None else base + k

    def _null_test(self, node):
        """A pointer's test for null, decided at the parse (pointers are not null: allocations
        succeed; pointers.py): ``p == NULL`` 0, ``p != NULL`` 1; None if ``node`` is not one."""
        if not (isinstance(node, c_ast.BinaryOp) and node.op in ("==", "!=")):
            return None
        for ptr, other in ((node.left, node.right), (node.right, node.left)):
            if pointers.is_null(other) and pointers.is_pointer(self.ctype(ptr)):
                return sympy.Integer(int(node.op == "!="))
        return None

    def _truth(self, node):
        """The value of ``node`` as an operand of ``&&``, ``||``, ``?:`` or a condition: a pointer
        is not null (1)."""
        return sympy.Integer(1) if pointers.is_pointer(self.ctype(node)) else self._sym(node)

    def _sym_BinaryOp(self, node):
        null = self._null_test(node)
        if null is not None:
            return null
        if node.op in ("&&", "||"):
            a, b = self._truth(node.left), self._truth(node.right)
        else:
            a, b = self._sym(node.left), self._sym(node.right)
        if a is None or b is None:
            return None
        op = node.op
        is_int = self.ctype(node.left).kind == "int" and self.ctype(node.right).kind == "int"
        if op == "/":
            return S.CDiv(a, b) if is_int else a / b
        if op in _VALUE_OPS:
            return _VALUE_OPS[op](a, b)
        if op in _COMPARE:
            return S.as_number(_RELATIONS[op](S.as_number(a), S.as_number(b)))
        if op == "&&":
            return S.as_number(sympy.And(S.as_condition(a), S.as_condition(b)))
        if op == "||":
            return S.as_number(sympy.Or(S.as_condition(a), S.as_condition(b)))
        return None

    def _sym_TernaryOp(self, node):
        c, t, f = self._truth(node.cond), self._sym(node.iftrue), self._sym(node.iffalse)
        if c is None or t is None or f is None:
            return None
        return sympy.Piecewise((t, S.as_condition(c)), (f, True))

    def _sym_FuncCall(self, node):
        if not isinstance(node.name, c_ast.ID):
            return None
        name = node.name.name
        args = node.args.exprs if node.args else []
        if name == "mynode":
            return S.RANK
        if name == "numnodes":
            return S.NPROCS
        if name == "myhost":
            return sympy.Integer(S.HOST)
        if name == "mypid":
            return sympy.Integer(0)
        if name in OMP_VALUES:  # one thread per process (frontends/include/omp.h)
            return sympy.Integer(OMP_VALUES[name])
        if name in pointers.ALLOCATORS and name not in self.user_functions:
            return pointers.allocation(node)  # a block of its own (pointers.py)
        if name in ("scanf", "sscanf", "fscanf"):
            # Reading input succeeds (as MPI calls do): the count of values the format converts,
            # so `if (scanf("%d", &n) == 1)` takes the branch that uses n.
            fmt = args[0 if name == "scanf" else 1] if len(args) > (0 if name == "scanf" else 1) else None
            if isinstance(fmt, c_ast.Constant) and fmt.type == "string":
                return sympy.Integer(conversions(fmt.value))
            return None
        if name in self.user_functions:
            found = self.returned(name) if self.returned is not None else None
            if found is None or len(found[0]) != len(args):
                return None
            vals = [self._sym(a) for a in args]
            if any(v is None for v in vals):
                return None
            values = {S.var(p): v for p, v in zip(found[0], vals)}
            for p, a in zip(found[0], args):  # a string argument's length (frontends/c/printf.py)
                values[S.var(length_name(p))] = self.string_value("strlen", [a]) if self.string_value else None
            return found[1].xreplace({k: v for k, v in values.items() if v is not None})
        if self.string_value is not None:
            found = self.string_value(name, args)
            if found is not None:
                return found
        if name in _SYM_FUNCS:
            vals = [self._sym(a) for a in args]
            if any(v is None for v in vals):
                return None
            return _SYM_FUNCS[name](*vals)
        return None

    def condition(self, node):
        value = self.sym(node) if not pointers.is_pointer(self.ctype(node)) else sympy.Integer(1)
        return None if value is None else S.as_condition(value)


def _row(t: CType) -> CType:
    """A row of a multi-dimensional array (``t[0]``, ``*t``): sizeof of it is the row's bytes."""
    rows = t.dims[1:]
    return CType(t.kind, t.size, True, None if None in rows else math.prod(rows), rows, t.pointee)


def _hex_float(text: str) -> float:
    """A hexadecimal floating literal (0x1p-3); beyond the range of double it is +inf as a decimal
    one is (float.fromhex raises OverflowError where float("1e999") gives inf)."""
    try:
        return float.fromhex(text)
    except OverflowError:
        return float("inf")


def conversions(fmt: str) -> int:
    """The values a scanf format stores: its % directives, less %% and the suppressed %*d."""
    return len(re.findall(r"%(?!%)(?!\*)", fmt.replace("%%", "")))
