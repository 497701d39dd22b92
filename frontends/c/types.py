"""C types as the level-1 parse needs them: arithmetic class (int / real / double), sizes, arrays.

Sizes follow the program's data model: NX/2 programs target the i860 (ILP32: int and long are 4
bytes, pointers 4); MPI programs a current LP64 system (long and pointers 8 bytes).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pycparser import c_ast

from . import initlists

INT_NAMES = {"char", "short", "int", "long", "signed", "unsigned", "_Bool", "size_t", "ssize_t",
             "MPI_Comm", "MPI_Datatype", "MPI_Op", "MPI_Request", "MPI_Group", "time_t", "clock_t",
             "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t"}


@dataclass(frozen=True)
class CType:
    kind: str  # int | real | double | ptr | struct | void | other
    size: int  # bytes of one element (of the pointee for ptr/array)
    is_array: bool = False
    length: int | None = None  # array elements when constant (product over dimensions)
    dims: tuple = ()  # constant dimension lengths, outermost first
    pointee: "CType | None" = None
    tag: str | None = None  # a struct's key in TypeTable.fields (its members' types)

    @property
    def arithmetic(self) -> bool:
        return self.kind in ("int", "real", "double")


INT = CType("int", 4)
DOUBLE = CType("double", 8)
REAL = CType("real", 4)
OTHER = CType("other", 0)


class TypeTable:
    """Resolves pycparser declarations to CType, following the program's typedefs."""

    def __init__(self, lp64: bool = True, constants: dict[str, int] | None = None):
        self.lp64 = lp64
        self.constants = {} if constants is None else constants  # enumerators: array dimensions
        self.lookup = lambda name: None  # the declared variables' types (level1 gives its scopes')
        self.typedefs: dict[str, c_ast.Node] = {}
        self.struct_sizes: dict[str, int] = {}
        self.struct_aligns: dict[str, int] = {}  # by the key of ``fields``
        # Members of each struct (by tag, or a made-up key for an anonymous one): a field read
        # through a pointer (``g->n_local``) has its member's type (int division, datatypes).
        self.fields: dict[str, dict[str, CType]] = {}

    def base(self, names: list[str]) -> CType:
        names = [n for n in names if n not in ("const", "volatile", "static", "extern", "register")]
        if len(names) == 1 and names[0] in self.typedefs:
            return self.of(self.typedefs[names[0]])
        if "double" in names:
            return CType("double", 16 if "long" in names else 8)
        if "float" in names:
            return REAL
        if "void" in names:
            return CType("void", 1)
        if not names or all(n in INT_NAMES for n in names):
            if "char" in names or names in (["int8_t"], ["uint8_t"], ["_Bool"]):
                return CType("int", 1)
            if "short" in names or names in (["int16_t"], ["uint16_t"]):
                return CType("int", 2)
            if names.count("long") == 2 or any(n in ("int64_t", "uint64_t", "size_t", "ssize_t", "time_t")
                                              for n in names):
                return CType("int", 8)
            if "long" in names:
                return CType("int", 8 if self.lp64 else 4)
            return INT
        return OTHER

    def of(self, node) -> CType:
        if isinstance(node, c_ast.Decl) and isinstance(node.type, c_ast.ArrayDecl) \
                and node.type.dim is None and node.init is not None:
            return self._sized_by_init(node)
        if isinstance(node, c_ast.Typedef) or isinstance(node, c_ast.Decl):
            return self.of(node.type)
        if isinstance(node, c_ast.TypeDecl):
            return self.of(node.type)
        if isinstance(node, c_ast.IdentifierType):
            return self.base(node.names)
        if isinstance(node, c_ast.PtrDecl):
            return CType("ptr", self.of(node.type).size or 1, pointee=self.of(node.type))
        if isinstance(node, c_ast.ArrayDecl):
            return self._array(node, self.const(node.dim))
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            size = self.struct_size(node)
            return CType("struct", size, tag=self._members(node))
        if isinstance(node, c_ast.FuncDecl):
            return self.of(node.type)
        if isinstance(node, c_ast.Enum):
            return INT
        if isinstance(node, c_ast.Typename):
            return self.of(node.type)
        return OTHER

    def _array(self, node: c_ast.ArrayDecl, n: int | None) -> CType:
        """The array type ``node`` declares, of outermost length ``n`` (None: not known)."""
        elem = self.of(node.type)
        inner_len = elem.length if elem.is_array else 1
        dims = (n,) + (elem.dims if elem.is_array else ())
        length = n * inner_len if n is not None and inner_len is not None else None
        base = elem if not elem.is_array else CType(elem.kind, elem.size)
        return CType(base.kind, base.size, True, length, dims, base.pointee, base.tag)  # tag: its members

    def _sized_by_init(self, decl: c_ast.Decl) -> CType:
        """``double c[] = {...}``, ``char s[] = "abc"``, ``int t[][3] = {{..}, {..}}``: the length
        is the initializer's (C 6.7.9p22)."""
        elem = self.of(decl.type.type)
        n = initlists.length(decl.init, elem.is_array, elem.length if elem.is_array else 1, self.const)
        return self._array(decl.type, n)

    def const(self, node) -> int | None:
        """The value of an integer constant expression (an array dimension, a designator): literals,
        enumerators, casts, ``sizeof(type)``, the arithmetic, shift and bit operators with C's
        truncating division; None when it is not one (a variable-length array's ``n``)."""
        if node is None:
            return None
        if isinstance(node, c_ast.Constant):
            value = integer_literal(node)
            if value is None and node.type == "char" and len(node.value) == 3:
                value = ord(node.value[1])  # 'a'; escapes are left to the expression parse
            return value
        if isinstance(node, c_ast.ID):
            return self.constants.get(node.name)
        if isinstance(node, c_ast.Cast):
            return self.const(node.expr) if self.of(node.to_type).kind == "int" else None
        if isinstance(node, c_ast.UnaryOp):
            if node.op == "sizeof":
                t = self.of(node.expr) if isinstance(node.expr, c_ast.Typename) else None
                return self.sizeof(t) or None if t is not None else self._object_size(node.expr)
            a = self.const(node.expr)
            return None if a is None else {"-": -a, "+": a, "~": ~a, "!": int(not a)}.get(node.op)
        if isinstance(node, c_ast.TernaryOp):
            c = self.const(node.cond)
            return None if c is None else self.const(node.iftrue if c else node.iffalse)
        if isinstance(node, c_ast.BinaryOp):
            a, b = self.const(node.left), self.const(node.right)
            return None if a is None or b is None else _int_op(node.op, a, b)
        return None

    def _object_size(self, node) -> int | None:
        """``sizeof`` of a variable declared so far (``lookup``), or of an element or row of one:
        ``double t[sizeof(a) / sizeof(a[0])]``."""
        depth = 0
        while isinstance(node, c_ast.ArrayRef):
            node, depth = node.name, depth + 1
        t = self.lookup(node.name) if isinstance(node, c_ast.ID) else None
        if t is None or depth == 0:
            return None if t is None else self.sizeof(t) or None
        rows = t.dims[depth:] if t.is_array and depth <= len(t.dims) else (None,)
        return None if None in rows else t.size * math.prod(rows) or None

    def struct_size(self, node) -> int:
        """A struct's or union's bytes as the C ABI lays it out (System V and the usual LP64 and
        ILP32 ABIs): each member at the next multiple of its alignment (its scalar's size, a
        pointer's, the largest of a struct's), the whole rounded up to the largest alignment; a
        union as large as its largest member, rounded likewise. ``struct {double x, y; int n;}``
        is 24 bytes, ``struct {char c; double v;}`` 16. Bit-fields are taken as their type."""
        if node.decls is None:
            return self.struct_sizes.get(node.name or "", 0)
        key = self._members(node)
        union = isinstance(node, c_ast.Union)
        end = widest = 0
        align = 1
        for d in node.decls:
            t = self.of(d)
            size, a = self.sizeof(t) or 0, self.alignment(t)  # a flexible array member: 0 bytes
            align = max(align, a)
            end, widest = (end, max(widest, size)) if union else (-(-end // a) * a + size, widest)
        size = -(-(widest if union else end) // align) * align
        if node.name:
            self.struct_sizes[node.name] = size
        if key is not None:
            self.struct_aligns[key] = align
        return size

    def alignment(self, ct: CType) -> int:
        """The alignment of a member of type ``ct`` (of its elements, for an array)."""
        if ct.kind == "ptr":
            return 8 if self.lp64 else 4
        if ct.kind == "struct":
            return self.struct_aligns.get(ct.tag or "", 1)
        return max(1, min(ct.size, 16)) if ct.kind in ("int", "real", "double") else 1

    def _members(self, node) -> str | None:
        """The key of a struct's member types in ``fields`` (declared once, referenced later)."""
        key = node.name or f"@{id(node)}"
        if node.decls is not None and key not in self.fields:
            self.fields[key] = {}  # a member pointing to its own struct type meets the key
            self.fields[key] = {d.name: self.of(d) for d in node.decls if d.name}
        return key if key in self.fields else None

    def member(self, struct: CType, name: str) -> CType | None:
        """The type of member ``name`` of ``struct`` (None when the struct is not known)."""
        return self.fields.get(struct.tag or "", {}).get(name)

    def sizeof(self, ct: CType) -> int | None:
        """The bytes of an object of type ``ct``; None for an array whose length is not known (a
        variable-length array, a dimension interp cannot evaluate): never one element's size."""
        if ct.kind == "ptr" and not ct.is_array:
            return 8 if self.lp64 else 4
        if ct.is_array:  # of pointers: each a pointer's bytes (``size`` is the pointee's)
            return None if ct.length is None else ((8 if self.lp64 else 4) if ct.kind == "ptr" else ct.size) * ct.length
        return ct.size


def integer_literal(node) -> int | None:
    """The value of a C integer constant of any suffix (``10``, ``1L``, ``1ULL``, ``0x10``, octal
    ``017``), or None when ``node`` is not one. pycparser names the type after the suffix
    ("long int", "unsigned long long int"), so every spelling ending in "int" is an integer."""
    if not isinstance(node, c_ast.Constant) or not node.type.endswith("int"):
        return None
    text = node.value.rstrip("uUlL")
    try:
        if len(text) > 1 and text[0] == "0" and text.isdigit():
            return int(text, 8)  # C's leading-zero octal, which Python's int(..., 0) refuses
        return int(text, 0)
    except ValueError:
        return None


def _int_op(op: str, a: int, b: int) -> int | None:
    """``a op b`` on C integers: division and remainder truncate toward zero (C99 6.5.5)."""
    if op in ("/", "%"):
        if b == 0:
            return None
        q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
        return q if op == "/" else a - b * q
    if op in ("<<", ">>"):
        return None if b < 0 else a << b if op == "<<" else a >> b
    ops = {"+": a + b, "-": a - b, "*": a * b, "&": a & b, "|": a | b, "^": a ^ b,
           "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b, "==": a == b, "!=": a != b,
           "&&": bool(a and b), "||": bool(a or b)}
    return int(ops[op]) if op in ops else None


def promote(a: CType, b: CType) -> CType:
    """C's usual arithmetic conversions, reduced to the int / real / double classes."""
    if "double" in (a.kind, b.kind):
        return DOUBLE
    if "real" in (a.kind, b.kind):
        return REAL
    if a.kind == "ptr" or b.kind == "ptr":
        return a if a.kind == "ptr" else b
    return INT
