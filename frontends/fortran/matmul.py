"""Array-valued intrinsics as the DO loops they stand for (part of sections.py's rewrite).

``c = MATMUL(a, b)``, ``b = TRANSPOSE(a)`` and ``s = SUM(a, DIM=1)`` (PRODUCT, MAXVAL, MINVAL
likewise) are rewritten into explicit loop nests before the level-1 parse reads them, as the other
array syntax is (sections.py), so their counts and strides are those of the written-out loops:

- MATMUL as a whole statement ``target = MATMUL(a, b)`` with a and b whole arrays or sections
  (rank 2 x rank 2, rank 2 x rank 1, rank 1 x rank 2): for each column j of the result, its
  elements are zeroed, then for each k the column k of a, times b(k, j), is added to them:
  j outermost, then k, then i innermost, so the innermost loop walks a column of a and of the
  result with unit stride (column-major order), as the usual hand-written Fortran loop does::

      do j ; do i ; c(i,j) = 0 ; end do
             do k ; do i ; c(i,j) = c(i,j) + a(i,k) * b(k,j)

  (gfortran's inline MATMUL, or the library's blocked kernel, may order the work otherwise; the
  operation counts are the same.) Matrix x vector: ``y = 0``, then k outer, i inner; vector x
  matrix: for each j, ``y(j) = 0`` then the sum over k.
- TRANSPOSE(a) of a rank-2 whole array or section is elemental with its subscripts swapped:
  ``b = TRANSPOSE(a)`` is ``b(i, j) = a(j, i)`` over b's loop nest (also inside an array
  expression, ``c = a + TRANSPOSE(b)``).
- SUM, PRODUCT, MAXVAL, MINVAL with DIM= (by keyword or position, a constant 1 or 2) of a rank-2
  array (or an array expression of rank 2) assigned to a rank-1 array: for each result element,
  its accumulation into a scalar along the dimension DIM (libgfortran's order, sum_r8 and kin),
  then the store: ``s = SUM(a, DIM=1)`` is ``do j: acc = 0; do i: acc = acc + a(i, j); s(j) = acc``
  (of a rank-1 array, DIM=1 into a scalar: the reduction without DIM=).

Extents the declarations give are checked: operands that do not conform (a's columns against b's
rows, the result's shape against the product's) are an error naming the line (Mismatch), as a
compiler's or the run-time check's. Not rewritten (refused by sections.py's caller, naming the
reason): MATMUL inside a larger expression other than the target's own accumulation ``c = c +
MATMUL(a, b)`` (rewritten as the nest without its zeroing, the products added into c where the
compiler adds a temporary's n^2 elements: the same multiplications and n^3 + n^2 additions
against n^3 here), a result that is also an operand (the compiler's
temporary copy), MASK=, DIM= not a constant or of a rank-3 array, and any other array-valued
intrinsic.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F

from .expr import is_ref, ref_name
from .intrinsics import generic
from .loopnest import REDUCTIONS, Dim, NotRewritten, nest, open_extent

DIM_REDUCTIONS = ("SUM", "PRODUCT", "MAXVAL", "MINVAL")
_KEYWORDS = {"MATMUL": ("MATRIX_A", "MATRIX_B"), "TRANSPOSE": ("MATRIX",),
             **{r: ("ARRAY", "DIM", "MASK") for r in DIM_REDUCTIONS}}


class Mismatch(Exception):
    """Operands whose extents the declarations show not to conform (the program's error)."""


def whole_statement(rw, target, rhs, mask) -> list[str] | None:
    """The loop nest of ``target = MATMUL(...)`` or ``target = SUM(..., DIM=d)`` (the whole
    right-hand side), or None when ``rhs`` is not one of them. Raises NotRewritten, Mismatch.
    ``target = target + MATMUL(a, b)`` (or ``MATMUL(a, b) + target``, ``target - MATMUL(a, b)``)
    accumulates into the target: the same nest without its zeroing."""
    accumulate = _accumulated(rw, target, rhs)
    if accumulate is not None:
        rhs, accumulate = accumulate
    if not is_ref(rhs) or rw.scope.ref_kind(ref_name(rhs)) != "intrinsic":
        return None
    name = generic(ref_name(rhs))
    if name not in ("MATMUL", *DIM_REDUCTIONS):
        return None
    args = arguments(rhs, name)
    if name != "MATMUL" and "DIM" not in args and "MASK" not in args:
        return None  # a plain reduction: sections.py's
    if mask is not None:
        raise NotRewritten(f"{name} in a WHERE")
    tdims = rw.dims_of(target) or []  # none: a scalar (SUM(v, DIM=1)) or an element
    if any(d.hi is None for d in tdims):
        raise NotRewritten(open_extent(rw, target))
    if name == "MATMUL":
        return _matmul(rw, target, tdims, args, accumulate)
    return _reduce_dim(rw, target, tdims, name, args)


def _accumulated(rw, target, rhs):
    """(the MATMUL reference, "+" or "-") of ``target + MATMUL(..)``, ``MATMUL(..) + target`` or
    ``target - MATMUL(..)`` (the target written as on the left: the whole array or the same
    section); None otherwise."""
    if not isinstance(rhs, F.Level_2_Expr) or rhs.items[1] not in ("+", "-"):
        return None
    left, op, right = rhs.items

    def same(node):
        return str(node).replace(" ", "").upper() == str(target).replace(" ", "").upper()

    def is_matmul(node):
        return is_ref(node) and rw.scope.ref_kind(ref_name(node)) == "intrinsic" and generic(ref_name(node)) == "MATMUL"
    if same(left) and is_matmul(right):
        return right, op
    if op == "+" and same(right) and is_matmul(left):
        return left, op
    return None


def arguments(node, name: str) -> dict:
    """The arguments of the intrinsic reference ``node`` by their keyword (positional ones take the
    keywords in order). Raises NotRewritten for an argument the intrinsic does not have."""
    keys = _KEYWORDS[name]
    lst = node.items[1]
    items = lst.items if isinstance(lst, F.Actual_Arg_Spec_List) else (lst,)
    out: dict = {}
    for k, a in enumerate(items):
        if isinstance(a, F.Actual_Arg_Spec):
            key, a = str(a.items[0]).upper(), a.items[1]
        else:
            key = keys[k] if k < len(keys) else None
        if key not in keys or key in out:
            raise NotRewritten(f"{name} with argument {a}")
        out[key] = a
    if keys[0] not in out or (name == "MATMUL" and len(out) != 2):
        raise NotRewritten(f"{name} with arguments {lst}")
    if "MASK" in out:
        raise NotRewritten(f"{name} with MASK=")
    return out


def _operand(rw, node, what: str) -> list[Dim]:
    """The section dimensions of a whole array or section (the only operands rewritten)."""
    dims = rw.dims_of(node) if isinstance(node, (F.Name, F.Data_Ref)) or is_ref(node) else None
    if not dims:
        raise NotRewritten(f"{what} of {node}, which is not a whole array or section")
    if any(d.hi is None for d in dims):
        raise NotRewritten(open_extent(rw, node))
    return dims


def extent(rw, d: Dim):
    """The number of elements of a section dimension (None: not known)."""
    if d.stride is None:
        return rw.sym(f"({d.hi}) - ({d.lo}) + 1")
    value = rw.sym(f"(({d.hi}) - ({d.lo}) + ({d.stride})) / ({d.stride})")
    return None if value is None else sympy.Max(value, 0)


def conform(rw, one: Dim, other: Dim, what: str) -> None:
    """Raise Mismatch when the two extents differ by a known number (undecided: accepted)."""
    e1, e2 = extent(rw, one), extent(rw, other)
    if e1 is None or e2 is None:
        return
    diff = sympy.simplify(e1 - e2)
    if diff.is_number and diff != 0:
        raise Mismatch(what)


def base(rw, node) -> str:
    """The variable a whole array, section or component section belongs to."""
    if isinstance(node, F.Data_Ref):
        return rw.ex.components.text(node)
    return rw.scope.canon(ref_name(node) if is_ref(node) else str(node))


def _not_aliased(rw, target, operands, name: str) -> None:
    for op in operands:
        if base(rw, op) == base(rw, target):
            raise NotRewritten(f"{name} whose result {target} is also its operand {op} (the compiler "
                               "computes it into a temporary first)")


def _matmul(rw, target, tdims: list[Dim], args: dict, accumulate: str | None = None) -> list[str]:
    a, b = args["MATRIX_A"], args["MATRIX_B"]
    adims, bdims = _operand(rw, a, "MATMUL"), _operand(rw, b, "MATMUL")
    _not_aliased(rw, target, (a, b), "MATMUL")
    ranks = (len(adims), len(bdims))
    want = {(2, 2): 2, (2, 1): 1, (1, 2): 1}.get(ranks)
    if want is None:
        raise NotRewritten(f"MATMUL of operands of ranks {ranks[0]} and {ranks[1]}")
    if len(tdims) != want:
        raise Mismatch(f"MATMUL of ranks {ranks[0]} and {ranks[1]} has rank {want}, assigned to "
                       f"{target} of rank {len(tdims)}")
    conform(rw, adims[-1], bdims[0], f"MATMUL's operands do not conform: {a} has {extent(rw, adims[-1])} "
            f"{'columns' if ranks[0] == 2 else 'elements'} where {b} has {extent(rw, bdims[0])} "
            f"{'rows' if ranks[1] == 2 else 'elements'}")
    kdim = adims[-1]  # k runs over a's last (inner) dimension
    k = rw.fresh("k")
    loops = [rw.fresh("k") for _ in tdims]
    res = rw.element(target, loops, tdims)
    if ranks == (2, 2):
        (i, j), (t1, t2) = loops, tdims
        conform(rw, t1, adims[0], f"MATMUL's result has {extent(rw, adims[0])} rows, {target} has {extent(rw, t1)}")
        conform(rw, t2, bdims[1], f"MATMUL's result has {extent(rw, bdims[1])} columns, {target} has {extent(rw, t2)}")
        ea, eb = rw._indexed(a, adims, [i, k], [t1, kdim]), rw._indexed(b, bdims, [k, j], [kdim, t2])
        zero = [] if accumulate else nest([i], [t1], f"{res} = 0")
        update = nest([i, k], [t1, kdim], f"{res} = {res} {accumulate or '+'} {ea} * {eb}")
        return rw.pre + nest([j], [t2], "\n".join(zero + update))
    (v,), (t,) = loops, tdims
    if ranks == (2, 1):  # y(i) = sum over k of a(i, k) * x(k): k outer, i inner
        conform(rw, t, adims[0], f"MATMUL's result has {extent(rw, adims[0])} elements, {target} has {extent(rw, t)}")
        ea, eb = rw._indexed(a, adims, [v, k], [t, kdim]), rw._indexed(b, bdims, [k], [kdim])
        return (rw.pre + ([] if accumulate else nest([v], [t], f"{res} = 0"))
                + nest([v, k], [t, kdim], f"{res} = {res} {accumulate or '+'} {ea} * {eb}"))
    # y(j) = sum over k of x(k) * b(k, j): j outer, k inner
    conform(rw, t, bdims[1], f"MATMUL's result has {extent(rw, bdims[1])} elements, {target} has {extent(rw, t)}")
    ea, eb = rw._indexed(a, adims, [k], [kdim]), rw._indexed(b, bdims, [k, v], [kdim, t])
    body = ([] if accumulate else [f"{res} = 0"]) + nest([k], [kdim], f"{res} = {res} {accumulate or '+'} {ea} * {eb}")
    return rw.pre + nest([v], [t], "\n".join(body))


def _reduce_dim(rw, target, tdims: list[Dim], name: str, args: dict) -> list[str]:
    """``target = SUM(array, DIM=d)``: for each result element, the accumulation along DIM (of a
    rank-1 array, DIM=1: the one accumulation into a scalar target)."""
    value, array = rw.sym(str(args["DIM"])), args["ARRAY"]
    shape = rw.shape(array)
    if shape is None:
        raise NotRewritten(f"{name} of an argument with no array in it")
    rank = len(shape)
    if rank > 2 or value is None or value not in range(1, rank + 1):
        raise NotRewritten(f"{name} with DIM={args['DIM']} of an array of rank {rank} "
                           "(rewritten: DIM=1 of rank 1, DIM=1 or 2 of rank 2)")
    if len(tdims) != rank - 1:
        raise Mismatch(f"{name}(..., DIM=) of an array of rank {rank} has rank {rank - 1}, assigned to "
                       f"{target} of rank {len(tdims)}")
    d, r = int(value) - 1, rw.fresh("k")
    if rank == 1:
        acc, lines = _accumulate(rw, name, array, [r], shape, d)
        return rw.pre + lines + [f"{target} = {acc}"]
    kept = 1 - d
    conform(rw, tdims[0], shape[kept], f"{name}(..., DIM={d + 1}) has {extent(rw, shape[kept])} elements, "
            f"{target} has {extent(rw, tdims[0])}")
    v = rw.fresh("k")
    loop, over = [r, r], list(shape)
    loop[kept], over[kept] = v, tdims[0]
    acc, lines = _accumulate(rw, name, array, loop, over, d)
    return rw.pre + nest([v], tdims, "\n".join(lines + [f"{rw.element(target, [v], tdims)} = {acc}"]))


def _accumulate(rw, name: str, array, loop: list[str], over: list[Dim], d: int) -> tuple[str, list[str]]:
    """The accumulator of ``name`` and its lines: the initial value, the loop along dimension ``d``."""
    elem = f"({rw.element(array, loop, over)})"
    ftype = rw.ex.ftype(array)
    acc = rw.fresh("r", ftype.with_dims(()) if ftype.dims else ftype)
    init, update = REDUCTIONS[name]
    step = f"{acc} = {update.replace('ACC', acc).replace('E', elem)}"
    return acc, [f"{acc} = {init.replace('ACC', acc)}"] + nest([loop[d]], [over[d]], step)


def transposed(rw, node, loop: list[str], target: list[Dim]) -> str:
    """TRANSPOSE(a) at the loop's element: ``a(j, i)`` where the loop is at (i, j)."""
    args = arguments(node, "TRANSPOSE")
    a = args["MATRIX"]
    adims = _operand(rw, a, "TRANSPOSE")
    if len(adims) != 2 or len(loop) != 2:
        raise NotRewritten(f"TRANSPOSE of rank {len(adims)} in an expression of rank {len(loop)}")
    if rw.target is not None:
        _not_aliased(rw, rw.target, (a,), "TRANSPOSE")
    for k in (0, 1):
        conform(rw, target[k], adims[1 - k], f"TRANSPOSE({a}) has {extent(rw, adims[1 - k])} "
                f"{'rows' if k == 0 else 'columns'} where the assignment has {extent(rw, target[k])}")
    return rw._indexed(a, adims, loop[::-1], target[::-1])
