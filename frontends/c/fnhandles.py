"""Function pointers as values the engine follows: each of the program's functions a pointer may
hold becomes a number (its handle), and a call through a pointer a choice among the functions
called with that many arguments, on the handle the pointer holds (frontends/c/dispatch.py).

fnpointers.py makes a pointer that only ever holds one function a direct call. What it leaves -
a numerical-integration routine called for two integrands (``trap(a, b, n, f)``), an operator
chosen on a mode (``op = (mode == 1) ? add : mul``), a table of kernels (``kernels[k](u, n)``),
a solver struct's member (``s.apply(x)``) - is rewritten here, before the level-1 parse, so that
the values travel as an integer's do, through parameters, assignments, ``?:``, return values,
initialized tables and struct members (the engine follows them as it follows any critical
integer, per process):

- a function of the program named as a value (not called: ``f``, ``&f``, ``(fn_t) f``) becomes
  its handle, 1, 2, ... in the order the program defines its functions (0 stays the null pointer).
  A function passed to a library call (``qsort(.., cmp)``, ``MPI_Op_create(f, ..)``) keeps its
  name: the library's model reads it;
- a declared pointer to a function (a variable, parameter, struct member, array of them, typedef,
  cast type, a function's return type) becomes a ``long`` (a pointer's size);
- a call through a pointer (``f(x)``, ``(*f)(x)``, ``kernels[k](u)``, ``s.apply(x)``) is written
  ``(*E)(args)`` with E the expression that holds the handle; ``(*g)(x)`` of a function g is g(x).

Only when a call through a pointer is left: a program without one keeps its tree as it was. The
parsed tree may be cached (parsecache.py): the program's own top-level items are copied first.
"""
from __future__ import annotations

import copy

from pycparser import c_ast

from .fnpointers import walk_nodes
from .libloops import SORTS

_SKIP = ("coord", "__weakref__")


class Constant(c_ast.Constant):
    """A function's handle: an ``int`` constant to the parse, the function's name in labels
    (tree.label), so reports show ``trap(0, 1, n, integrand)`` as written."""

    __slots__ = ("function",)

    def __init__(self, value: int, function: str, coord=None):
        super().__init__("int", str(value), coord)
        self.function = function


def rewrite(ext: list, fundefs: dict, mine) -> tuple[list, dict[int, str]]:
    """The top-level items ``ext`` with the program's function pointers as handles (copies of the
    items ``mine(item)`` holds for), and {handle: function} of the functions named as values;
    ``ext`` itself and {} when no call through a pointer is left."""
    typedefs = {e.name: e.type for e in ext if isinstance(e, c_ast.Typedef)}
    pointers = {n.name for e in ext for n in walk_nodes(e)
                if isinstance(n, c_ast.Decl) and n.name and is_function_pointer(n.type, typedefs)}
    pointers |= {p.name for e in ext for n in walk_nodes(e) if isinstance(n, c_ast.ParamList) for p in n.params
                 if isinstance(p, c_ast.Decl) and p.name and _function_type(p.type, typedefs)}
    if not any(isinstance(n, c_ast.FuncCall) and (_through(n, fundefs, pointers) in ("pointer", "deref")
                                                  or _sorts_through(n, fundefs, pointers))
               for e in ext if mine(e) for n in walk_nodes(e)):
        return ext, {}
    ext = [copy.deepcopy(e) if mine(e) else e for e in ext]
    # a variable of a function's name (``double norm = norm2(v)`` beside a function norm()) hides
    # it where it is declared: such a function is given no handle (its pointers are not followed)
    hidden = {n.name for e in ext for n in walk_nodes(e) if isinstance(n, c_ast.Decl) and n.name in fundefs
              and not isinstance(n.type, c_ast.FuncDecl)}
    numbers = {name: k + 1 for k, name in enumerate(n for n in fundefs if n not in hidden)}
    r = _Rewriter(fundefs, pointers, typedefs, numbers)
    for e in ext:
        if mine(e):
            r.visit(e)
    return ext, {numbers[name]: name for name in sorted(r.valued, key=numbers.get)}


def is_function_pointer(t, typedefs: dict, depth: int = 0) -> bool:
    """A pointer to a function, or an array of them, through typedefs: ``double (*f)(double)``,
    ``kernel_t k``, ``double (*table[3])(double *, int)``."""
    while isinstance(t, c_ast.ArrayDecl):
        t = t.type
    if isinstance(t, c_ast.PtrDecl):
        return _function_type(t.type, typedefs)
    named = _typedef(t, typedefs)
    return depth < 20 and named is not None and is_function_pointer(named, typedefs, depth + 1)


def _typedef(t, typedefs: dict):
    """The type a typedef name stands for (``kernel_t k``: kernel_t's), or None."""
    if isinstance(t, c_ast.TypeDecl) and isinstance(t.type, c_ast.IdentifierType) and len(t.type.names) == 1:
        return typedefs.get(t.type.names[0])
    return None


def _function_type(t, typedefs: dict) -> bool:
    """A function type: ``double (double)``, or a typedef of one (``typedef double func(double)``)."""
    return isinstance(t, c_ast.FuncDecl) or isinstance(_typedef(t, typedefs), c_ast.FuncDecl)


def _through(call: c_ast.FuncCall, fundefs: dict, pointers: set[str]) -> str | None:
    """How ``call`` names its callee: "direct" (a function by name), "deref" (``(*g)(x)`` of a
    function g), "pointer" (through a pointer), None (a library or unknown function by name)."""
    name = call.name
    if isinstance(name, c_ast.ID):
        if name.name in fundefs:
            return "direct"
        return "pointer" if name.name in pointers else None
    inner = _stripped(name)
    return "deref" if isinstance(inner, c_ast.ID) and inner.name in fundefs else "pointer"


def _sorts_through(call: c_ast.FuncCall, fundefs: dict, pointers: set[str]) -> bool:
    """``qsort(v, n, size, cmp)`` with a comparator that is a pointer, or an expression that
    holds one (``up_or_down ? up : down``, ``cmps[k]``): its comparisons are calls through it
    (libloops._sort_loop). Not a function by its name (the program's, or the library's strcmp)."""
    if not (isinstance(call.name, c_ast.ID) and call.name.name in SORTS and call.name.name not in fundefs
            and call.args is not None and len(call.args.exprs) == 4):
        return False
    cmp = call.args.exprs[3]
    while isinstance(cmp, c_ast.Cast):
        cmp = cmp.expr
    return cmp.name in pointers if isinstance(cmp, c_ast.ID) else not isinstance(cmp, c_ast.Constant)


def _stripped(node):
    """``f`` of ``*f``, ``**f``, ``&f``."""
    while isinstance(node, c_ast.UnaryOp) and node.op in ("*", "&"):
        node = node.expr
    return node


def _int(declname, quals, coord) -> c_ast.TypeDecl:
    """The handle's type: a ``long``, so that ``sizeof`` of a pointer (and of a struct holding
    one, an array of them: message sizes) stays the LP64 pointer's 8 bytes."""
    return c_ast.TypeDecl(declname, list(quals or []), None, c_ast.IdentifierType(["long"], coord), coord)


def _declname(t):
    while not isinstance(t, c_ast.TypeDecl) and getattr(t, "type", None) is not None:
        t = t.type
    return t.declname if isinstance(t, c_ast.TypeDecl) else None


def _retyped(t, typedefs: dict):
    """``t`` with its pointers to functions made ``int`` (an array of them an array of ints, a
    function returning one a function returning an int)."""
    if isinstance(t, c_ast.PtrDecl):
        if _function_type(t.type, typedefs):
            return _int(_declname(t.type), t.quals, t.coord)
        t.type = _retyped(t.type, typedefs)
    elif isinstance(t, (c_ast.ArrayDecl, c_ast.FuncDecl)):
        t.type = _retyped(t.type, typedefs)
    return t


class _Rewriter:
    """One pass over a top-level item: calls, values and types (see the module's notes)."""

    def __init__(self, fundefs, pointers, typedefs, numbers):
        self.fundefs, self.pointers, self.typedefs, self.numbers = fundefs, pointers, typedefs, numbers
        self.valued: set[str] = set()

    def visit(self, node):
        """Rewrite below ``node``; returns what replaces ``node`` itself."""
        handle = self._handle(node)
        if handle is not None:
            return handle
        if isinstance(node, (c_ast.Decl, c_ast.Typedef, c_ast.Typename)):
            node.type = _retyped(node.type, self.typedefs)
        if isinstance(node, c_ast.ParamList):  # double f(double), func f: a parameter of function type
            for p in node.params:
                if isinstance(p, c_ast.Decl) and _function_type(p.type, self.typedefs):
                    p.type = _int(p.name, [], p.coord)
        if isinstance(node, c_ast.FuncCall):
            return self._call(node)
        if isinstance(node, c_ast.StructRef):  # the member's name is no value
            node.name = self.visit(node.name)
            return node
        if isinstance(node, c_ast.NamedInitializer):  # nor a designator's (.apply = f)
            node.expr = self.visit(node.expr)
            return node
        self._children(node)
        return node

    def _children(self, node) -> None:
        for slot in node.__slots__:
            if slot in _SKIP:
                continue
            value = getattr(node, slot)
            if isinstance(value, c_ast.Node):
                setattr(node, slot, self.visit(value))
            elif isinstance(value, list):
                setattr(node, slot, [self.visit(v) if isinstance(v, c_ast.Node) else v for v in value])

    def _handle(self, node):
        """The handle that replaces a function named as a value (``f``, ``&f``)."""
        inner = node.expr if isinstance(node, c_ast.UnaryOp) and node.op == "&" else node
        if isinstance(inner, c_ast.ID) and inner.name in self.numbers:
            self.valued.add(inner.name)
            return Constant(self.numbers[inner.name], inner.name, node.coord)
        return None

    def _call(self, call: c_ast.FuncCall):
        kind = _through(call, self.fundefs, self.pointers)
        if kind == "deref":
            call.name = _stripped(call.name)
        elif kind == "pointer":
            held = self.visit(_stripped(call.name))
            call.name = c_ast.UnaryOp("*", held, call.coord)
        if call.args is not None:
            library = kind is None
            call.args.exprs = [a if library and self._names_function(a) else self.visit(a)
                               for a in call.args.exprs]
        return call

    def _names_function(self, node) -> bool:
        """A function passed to a library call as itself (``cmp``, ``&cmp``, ``(op_t) f``)."""
        while isinstance(node, c_ast.Cast) or (isinstance(node, c_ast.UnaryOp) and node.op == "&"):
            node = node.expr
        return isinstance(node, c_ast.ID) and node.name in self.fundefs
