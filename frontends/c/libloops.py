"""Library calls whose work grows with their arguments, as the loops they perform: memcpy,
memmove and memset (copy and fill loops) and qsort (a merge sort's comparisons; real programs).

A library call has one cost per call (``lib.NAME``, paper Table 1), whatever it is given; but
these three move as many bytes as their third argument says, and real programs use them for the
bulk of their data movement: a Jacobi sweep's ``memcpy(u, unew, n * sizeof(double))``, a halo
packed into a buffer, an array cleared every step. Costed per call, the 8 MB copy of a sweep cost
the same as an 8-byte one (1.7 ns on the calibrated host, against 70 ms for the sweep it follows).

So a call standing as a statement, whose destination (and source) is an array or a pointer into
one (``a``, ``a + k``, ``&a[k]``) of an arithmetic element type, is read as the loop it does:

    memcpy(d, s, n * sizeof(T))   ->  for (k = 0; k < n; k++) d[k] = s[k];
    memset(d, c, n * sizeof(T))   ->  for (k = 0; k < n; k++) d[k] = 0;

one element of the destination's type per iteration (the count is the byte count divided by the
element size; a ``* sizeof(T)`` factor of that size is taken off as written). Every node model
then costs it as it costs the program's own loops: the opcount model by its loads, stores and
iterations, the roofline and compiled models by the bytes it streams through the cache level its
working set fits in (the compiled model finds no loop of the generated code at that line, a call
of the library's copy, and uses the roofline model, saying so). Elements narrower than 4 bytes
(``char`` buffers) are moved a word at a time as the library does: 8-byte steps, the count
divided by 8. Any other shape (a struct array, a ``void *``, a call whose result is used) keeps
the per-call cost ``lib.NAME``.

``qsort(base, n, size, cmp)`` with a comparison function the program defines calls it about
n log2 n times: glibc sorts by merging (a merge sort's worst case is n ceil(log2 n) - 2^ceil(log2
n) + 1 comparisons; a quicksort's mean is 1.39 n log2 n). It is read as a bottom-up merge sort:

    for (w = 1; w < n; w *= 2)            ceil(log2 n) merge passes
        for (k = 0; k < n; k++) {         n elements a pass
            cmp(&base[k], &base[k]);      one comparison
            base[k] = base[k];            one move (arithmetic elements; a struct's is not costed)
        }

so the comparisons cost what the program's comparison function costs (its call, its loads, its
branches) at the upper end of a merge sort's count; a comparator passed as a pointer the program
gives its own functions (``sort_ints(v, n, up)`` passing it on to qsort) is called through it
(dispatch.py), or refused where its value is not known. A comparison function the program does
not define (a library's) keeps the per-call cost.
"""
from __future__ import annotations

from pycparser import c_ast
from pycparser.c_generator import CGenerator

from .types import CType

CALLS = {"memcpy": 2, "memmove": 2, "memset": 1}  # name -> arguments that are pointers
SORTS = {"qsort"}
WORD = 8  # bytes per step of a narrow-element copy (the library's word)


class _Generator(CGenerator):
    def visit_Constant(self, n):
        return getattr(n, "function", None) or n.value  # a function's handle: its name (fnhandles.py)


_GEN = _Generator()


def as_loop(call: c_ast.FuncCall, ctype, sizeof, functions=()) -> tuple[c_ast.For, str] | None:
    """The loop that ``call`` (a statement) performs and the note that says so, or None when it is
    not a call of a shape read as a loop. ``ctype(node)`` types an expression, ``sizeof(node)``
    is the byte size of a ``sizeof`` expression or None; ``functions`` the program's own."""
    if isinstance(call.name, c_ast.ID) and call.name.name in SORTS:
        return _sort_loop(call, ctype, functions)
    if not (isinstance(call.name, c_ast.ID) and call.name.name in CALLS and call.args is not None
            and len(call.args.exprs) == 3):
        return None
    name = call.name.name
    args = call.args.exprs
    dest = _element_base(args[0], ctype)
    src = _element_base(args[1], ctype) if CALLS[name] == 2 else None
    if dest is None or (CALLS[name] == 2 and (src is None or src[2] != dest[2])):
        return None
    size = dest[2]
    coord = call.coord
    var = f"__interp_{name}_{coord.line if coord else 0}_{coord.column if coord and coord.column else 0}"
    k = c_ast.ID(var, coord)
    stride = 1
    if size < 4:  # a char or short buffer: a word at a time
        stride, size = WORD // size, WORD
    count = _count(args[2], size, sizeof, coord)

    # One offset for both (u + 1, v + 1): the loop runs over it, so the subscripts are plain k, as
    # in the loop a programmer writes; different offsets are added to k.
    shared = dest[1] if src is None or _same(dest[1], src[1]) else None
    lo = shared if shared is not None else c_ast.Constant("int", "0", coord)
    hi = count if shared is None else c_ast.BinaryOp("+", shared, count, coord)

    def at(base):
        array, offset = base[0], base[1]
        index = k if stride == 1 else c_ast.BinaryOp("*", c_ast.Constant("int", str(stride), coord), k, coord)
        if offset is not None and shared is None:
            index = c_ast.BinaryOp("+", offset, index, coord)
        return c_ast.ArrayRef(array, index, coord)

    # A fill stores a value of the element's own type (no conversion to cost): 0 or 0.0.
    zero = c_ast.Constant("double", "0.0", coord) if dest[3] else c_ast.Constant("int", "0", coord)
    value = at(src) if src is not None else zero
    body = c_ast.Assignment("=", at(dest), value, coord)
    decl = _long(var, lo, coord)
    loop = c_ast.For(c_ast.DeclList([decl], coord), c_ast.BinaryOp("<", k, hi, coord),
                     c_ast.UnaryOp("p++", k, coord), body, coord)
    what = "copy" if src is not None else "fill"
    step = f"{size}-byte words" if stride != 1 else f"{size}-byte elements"
    note = (f"{name}() is costed as the {what} loop it performs, "
            f"one of its {step} per iteration (the machine's loads, stores and bandwidths; docs/model.md)")
    return loop, note


def trip_nodes(name: str, args) -> list:
    """The parts of a call's arguments that become its loop's limits (the byte count, the offsets
    into the arrays, the number of elements sorted): critical variables, as a loop limit's names
    are (critical.py)."""
    if name in SORTS:
        return [args[1]] if len(args) == 4 else []
    if len(args) != 3:
        return []
    out = [args[2]]
    for a in args[:2]:
        a = a.expr if isinstance(a, c_ast.Cast) else a
        if isinstance(a, c_ast.BinaryOp) and a.op == "+":
            out.append(a.right)
        elif isinstance(a, c_ast.UnaryOp) and a.op == "&" and isinstance(a.expr, c_ast.ArrayRef):
            out.append(a.expr.subscript)
    return out


def _element_base(node, ctype) -> tuple[c_ast.Node, c_ast.Node | None, int, bool] | None:
    """(array, offset or None, element size, floating) of ``a``, ``a + k``, ``&a[k]``; None otherwise."""
    offset = None
    if isinstance(node, c_ast.Cast):  # (void *) a: the cast changes nothing that is moved
        node = node.expr
    if isinstance(node, c_ast.BinaryOp) and node.op == "+":
        node, offset = node.left, node.right
    elif isinstance(node, c_ast.UnaryOp) and node.op == "&" and isinstance(node.expr, c_ast.ArrayRef) \
            and isinstance(node.expr.name, c_ast.ID):
        node, offset = node.expr.name, node.expr.subscript
    if not isinstance(node, c_ast.ID):
        return None
    t: CType = ctype(node)
    element = t.pointee if (t.kind == "ptr" and t.pointee is not None and not t.is_array) else t
    if t.is_array and len(t.dims) > 1:
        return None  # a 2-D array's rows: its name is not a pointer to its elements
    if not (t.kind == "ptr" or t.is_array) or element is None or not element.arithmetic:
        return None
    if element.size not in (1, 2, 4, 8):
        return None
    return node, offset, element.size, element.kind in ("real", "double")


def _same(a, b) -> bool:
    """Two offsets written alike (both absent, or the same expression text)."""
    if a is None or b is None:
        return a is None and b is None
    return _GEN.visit(a) == _GEN.visit(b)


def _count(nbytes, size: int, sizeof, coord) -> c_ast.Node:
    """The elements in ``nbytes``: ``n * sizeof(T)`` of the element's size is n as written,
    otherwise the byte count over the size (C division)."""
    if isinstance(nbytes, c_ast.BinaryOp) and nbytes.op == "*":
        for this, other in ((nbytes.right, nbytes.left), (nbytes.left, nbytes.right)):
            if sizeof(this) == size:
                return other
    if sizeof(nbytes) is not None and size == sizeof(nbytes):
        return c_ast.Constant("int", "1", coord)
    return c_ast.BinaryOp("/", nbytes, c_ast.Constant("int", str(size), coord), coord)


def _sort_loop(call, ctype, functions) -> tuple[c_ast.For, str] | None:
    args = call.args.exprs if call.args is not None else []
    if len(args) != 4:
        return None
    # the program's comparison function, or a pointer to one (an int handle: fnhandles.py), called
    # through it: the comparisons of the function it holds (frontends/c/dispatch.py)
    direct = isinstance(args[3], c_ast.ID) and args[3].name in functions
    if not direct and ctype(args[3]).kind != "int":
        return None
    base = args[0].expr if isinstance(args[0], c_ast.Cast) else args[0]
    if not isinstance(base, c_ast.ID):
        return None
    t = ctype(base)
    element = t.pointee if (t.kind == "ptr" and t.pointee is not None and not t.is_array) else t
    if not (t.kind == "ptr" or t.is_array) or element is None:
        return None
    coord = call.coord
    w, k = (c_ast.ID(v, coord) for v in sort_vars(call))
    n = args[1]
    here = c_ast.UnaryOp("&", c_ast.ArrayRef(base, k, coord), coord)
    cmp = c_ast.ID(args[3].name, coord) if direct else c_ast.UnaryOp("*", args[3], coord)
    body = [c_ast.FuncCall(cmp, c_ast.ExprList([here, here], coord), coord)]
    moved = element.arithmetic and not (t.is_array and len(t.dims) > 1)
    if moved:
        body.append(c_ast.Assignment("=", c_ast.ArrayRef(base, k, coord), c_ast.ArrayRef(base, k, coord), coord))
    one, zero = c_ast.Constant("int", "1", coord), c_ast.Constant("int", "0", coord)
    inner = c_ast.For(c_ast.DeclList([_long(k.name, zero, coord)], coord), c_ast.BinaryOp("<", k, n, coord),
                      c_ast.UnaryOp("p++", k, coord), c_ast.Compound(body, coord), coord)
    outer = c_ast.For(c_ast.DeclList([_long(w.name, one, coord)], coord), c_ast.BinaryOp("<", w, n, coord),
                      c_ast.Assignment("*=", w, c_ast.Constant("int", "2", coord), coord), inner, coord)
    called = f"{args[3].name}()" if direct else f"the function {_GEN.visit(args[3])} holds"
    note = (f"qsort() is costed as a merge sort: ceil(log2 n) passes of n calls of {called}"
            + (" and n element moves" if moved else " (the moves of its struct elements are not costed)")
            + ", the upper end of a merge sort's comparisons (docs/model.md)")
    return outer, note


def sort_vars(call) -> tuple[str, str]:
    """The names of a sort loop's pass and element variables: critical variables (the pass loop
    doubles its variable, so the engine follows its value; critical.py adds them)."""
    coord = call.coord
    tag = f"{coord.line if coord else 0}_{coord.column if coord and coord.column else 0}"
    return f"__interp_qsort_w_{tag}", f"__interp_qsort_k_{tag}"


def _long(name: str, init, coord) -> c_ast.Decl:
    return c_ast.Decl(name=name, quals=[], align=[], storage=[], funcspec=[],
                      type=c_ast.TypeDecl(name, [], None, c_ast.IdentifierType(["long"]), coord),
                      init=init, bitsize=None, coord=coord)
