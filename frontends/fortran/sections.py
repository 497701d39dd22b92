"""Fortran 90 array syntax as the DO loops it stands for (part of the level-1 parse).

``unew(1:n) = 0.5d0*(u(0:n-1) + u(2:n+1))``, ``u = 0.0d0`` and ``r = SUM(ABS(v(1:n) - u(1:n)))``
do the work of loops the programmer did not write out. Each is rewritten into the loop nest a
compiler generates for it and that nest is interpreted as written-out DO loops are, so the
operation counts, the element strides of the working-set model and the closed forms are the ones
a hand-written loop gets:

- An array assignment is one DO per section dimension of its target, the first (fastest) dimension
  innermost, each running over the target's section (``lo:hi:stride``; omitted bounds and whole
  arrays take the declared bounds). Every array operand of the right-hand side has its section
  dimensions mapped one to one on the target's, its element index moving with the loop variable
  (``u(0:n-1)`` against ``unew(1:n)`` is ``u(k-1)``); a vector subscript ``a(idx)`` is ``a(idx(k))``.
- A reduction intrinsic of a section or an array expression (SUM, PRODUCT, MAXVAL, MINVAL,
  DOT_PRODUCT, COUNT, NORM2) is its accumulation loop into a temporary, run before the statement
  that uses it (as the standard evaluates the whole right-hand side first); the statement then
  reads the temporary.
- The loop variables and temporaries are named ``interp_k1``, ``interp_r1``, ... and are the
  program's nowhere else; reports label the nest with the source statement.

MATMUL, TRANSPOSE and SUM/PRODUCT/MAXVAL/MINVAL with DIM= are matmul.py's loops. Not rewritten
(reported as unsupported, naming the reason): operands of different ranks, MATMUL or DIM= inside
an expression, MASK=, ANY/ALL, other array-valued intrinsics (RESHAPE but the simple one, SPREAD,
CSHIFT, ...), and a whole array whose bounds the declarations leave open (assumed shape, unallocated) when it
gives the loop's extent. Where a right-hand side overlaps its target, the standard evaluates it
before storing; that changes values, not the work, and interp counts the work.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F
from fparser.two.utils import BinaryOpBase, UnaryOpBase

from ..errors import FrontendError
from . import tree as T
from .expr import args_of, is_ref, ref_name
from .fparse import _parse
from .bits import BITS
from .intrinsics import _CONVERT, _INQUIRY, _LIB, _SPECIFIC, generic
from .loopnest import REDUCTIONS, Dim, NotRewritten, _text, nest, open_extent
from .matmul import Mismatch, transposed, whole_statement
from .types import INT

# Elemental intrinsics: applied element by element to array arguments.
ELEMENTAL = set(_LIB) | set(_SPECIFIC) | set(_CONVERT) | {"ABS", "MOD", "MAX", "MIN", "MERGE", "FLOOR",
                                                           "CEILING", "MODULO", "SIGN", "ANINT"} | BITS


class Rewriter:
    """The loop-nest text of one statement with array syntax, for ``scope`` (decls.Scope)."""

    def __init__(self, ex, taken: set[str]):
        self.ex, self.scope, self.taken = ex, ex.scope, taken
        self.pre: list[str] = []  # the reduction loops, run before the statement
        self.declare: dict[str, object] = {}  # new name -> its FType
        self.target = None  # the assignment's target (matmul.py: TRANSPOSE's result must not be its operand)

    def sym(self, text: str):
        """The value of an index expression's text (parsed by fparser, never by sympy)."""
        try:
            return self.ex.sym(F.Expr(text))
        except Exception:  # noqa: BLE001 - fparser raises its own error kinds on bad text
            return None

    def fresh(self, stem: str, ftype=INT) -> str:
        k = 1
        while f"interp_{stem}{k}" in self.taken or f"interp_{stem}{k}" in self.scope.types:
            k += 1
        name = f"interp_{stem}{k}"
        self.taken.add(name)
        self.declare[name] = ftype
        return name

    # -- the dimensions of an operand ----------------------------------------------------------
    def declared(self, name: str) -> tuple:
        t = self.scope.var_type(name)
        return t.dims if t is not None else ()

    def dims_of(self, node) -> list[Dim] | None:
        """The section dimensions of an array operand (None: not an array operand)."""
        if isinstance(node, F.Name):
            return _whole(self.declared(str(node))) if self.scope.is_array(str(node)) else None
        if isinstance(node, F.Data_Ref):  # f%v, f%v(2:n): a component array (derived.py)
            comps = self.ex.components
            if not comps.whole_array(node):
                return None
            last = node.items[-1]
            return self._subscripts(args_of(last), comps.dims(node)) if is_ref(last) else _whole(comps.dims(node))
        if is_ref(node) and self.scope.ref_kind(ref_name(node)) == "array":
            return self._subscripts(args_of(node), self.declared(ref_name(node)))
        return None

    def _subscripts(self, args, decl) -> list[Dim] | None:
        """The section dimensions among an array reference's subscripts."""
        out = []
        for k, a in enumerate(args):
            if isinstance(a, F.Subscript_Triplet):
                out.append(self._triplet(a, decl[k] if k < len(decl) else (None, None)))
            elif isinstance(a, F.Name) and self.scope.is_array(str(a)):
                vec = self.dims_of(a)
                if len(vec) != 1:
                    raise NotRewritten(f"a vector subscript {a} that is not of rank 1")
                out.append(Dim(vec[0].lo, vec[0].hi, None, vector=str(a)))
        return out or None

    def _triplet(self, t, decl) -> Dim:
        lo, hi, stride = t.items
        dlo, dext = decl
        lo_t = str(lo) if lo is not None else (_text(dlo) if dlo is not None else "1")
        if hi is not None:
            hi_t = str(hi)
        elif dlo is not None and dext is not None:
            hi_t = _text(sympy.simplify(dlo + dext - 1))
        else:
            hi_t = None
        st = None
        if stride is not None:
            value = self.sym(str(stride))
            st = None if value is not None and value == 1 else str(stride)
        return Dim(lo_t, hi_t, st)

    # -- text -------------------------------------------------------------------------------------
    def element(self, node, loop: list[str], target: list[Dim]) -> str:
        """Fortran text of ``node`` at the loop's current element (scalars unchanged)."""
        if node is None:
            return ""
        if isinstance(node, (F.Name, F.Data_Ref)) or (is_ref(node) and self.scope.ref_kind(ref_name(node)) == "array"):
            dims = self.dims_of(node)
            if dims is None:
                return str(node)
            return self._indexed(node, dims, loop, target)
        if isinstance(node, F.Parenthesis):
            return f"({self.element(node.items[1], loop, target)})"
        if isinstance(node, BinaryOpBase):
            left, op, right = node.items
            return f"{self.element(left, loop, target)} {op} {self.element(right, loop, target)}"
        if isinstance(node, UnaryOpBase):
            op, operand = node.items
            return f"{op} {self.element(operand, loop, target)}"
        if is_ref(node):
            return self._call(node, loop, target)
        return str(node)

    def _indexed(self, node, dims: list[Dim], loop: list[str], target: list[Dim]) -> str:
        if len(dims) != len(loop):
            raise NotRewritten(f"operand {node} has {len(dims)} section dimension(s) where the "
                               f"assignment has {len(loop)}")
        ref = node.items[-1] if isinstance(node, F.Data_Ref) else node
        name = self.ex.components.text(node) if isinstance(node, F.Data_Ref) else \
            str(node) if isinstance(node, F.Name) else ref_name(node)
        if not is_ref(ref):  # a whole array
            subs = [d.index(v, t, self.sym) for d, v, t in zip(dims, loop, target)]
        else:
            it = iter(zip(dims, loop, target))
            subs = []
            for a in args_of(ref):
                sectional = isinstance(a, F.Subscript_Triplet) or (isinstance(a, F.Name) and self.scope.is_array(str(a)))
                if sectional:
                    d, v, t = next(it)
                    subs.append(d.index(v, t, self.sym))
                else:
                    subs.append(str(a))
        return f"{name}({', '.join(subs)})"

    def _reshape(self, node, loop: list[str], target: list[Dim]) -> str:
        """RESHAPE(src, shape) of a one-dimensional array into the target's elements: the element
        at the target's position in array element order (column major), ``src(lo + (k1 - l1) +
        (k2 - l2) * e1 + ...)``; with PAD= or ORDER=, or another source, not rewritten."""
        args = args_of(node)
        src = self.dims_of(args[0]) if args and isinstance(args[0], F.Name) else None
        if len(args) != 2 or src is None or len(src) != 1 or any(t.stride is not None or t.hi is None for t in target):
            raise NotRewritten("RESHAPE of other than a whole one-dimensional array into a whole array")
        terms, mult = [], "1"
        for v, t in zip(loop, target):
            terms.append(f"({v} - ({t.lo})) * {mult}")
            mult = f"{mult} * (({t.hi}) - ({t.lo}) + 1)"
        index = f"({src[0].lo}) + {' + '.join(terms)}"
        value = self._folded(index, loop)  # the constants folded, as the compiler's index is
        return f"{args[0]}({value if value is not None else index})"

    def _folded(self, text: str, loop: list[str]) -> str | None:
        """``text`` with its constant arithmetic folded (the loop variables kept as names), or
        None when it reads a name that is not a plain integer symbol."""
        for v in loop:
            self.scope.types.setdefault(v, INT)  # declared with the fragment (_fragment) anyway
        try:
            value = self.ex.sym(F.Expr(text))
        except Exception:  # noqa: BLE001 - fparser raises its own error kinds
            return None
        return _text(sympy.expand(value)) if value is not None and value.free_symbols else None

    def _call(self, node, loop: list[str], target: list[Dim]) -> str:
        name = ref_name(node)
        kind, g = self.scope.ref_kind(name), generic(name)
        if kind == "intrinsic" and g in REDUCTIONS:
            return self.reduction(node)
        if self._elemental(node):  # an elemental intrinsic or user function: element by element
            return f"{name}({', '.join(self.element(a, loop, target) for a in args_of(node))})"
        if kind == "intrinsic" and g in _INQUIRY:
            return str(node)  # SIZE(a), UBOUND(a, 1): a value of the declarations, no work
        if kind == "intrinsic" and g == "RESHAPE":
            return self._reshape(node, loop, target)
        if kind == "intrinsic" and g == "TRANSPOSE" and loop:
            return transposed(self, node, loop, target)
        if kind == "intrinsic" or any(self.shape(a) is not None for a in args_of(node)):
            raise NotRewritten(f"{name} of arrays, whose result is an array")
        if not loop:
            return str(node)
        # A function of scalars is evaluated once, before the loop (the standard evaluates the
        # right-hand side before the assignment; compilers hoist it).
        tmp = self.fresh("r", self.ex.ftype(node))
        self.pre.append(f"{tmp} = {node}")
        return tmp

    def _elemental(self, node) -> bool:
        name = ref_name(node)
        kind = self.scope.ref_kind(name)
        return (kind == "intrinsic" and generic(name) in ELEMENTAL) or (
            kind == "user" and name.lower() in self.scope.program.elemental)

    # -- reductions -------------------------------------------------------------------------------
    def reduction(self, node) -> str:
        """Queue the accumulation loop of ``SUM(...)`` etc.; return the temporary that holds it."""
        name = generic(ref_name(node))
        lst = node.items[1]
        if any(isinstance(a, F.Actual_Arg_Spec) for a in getattr(lst, "items", ())) or \
                isinstance(lst, F.Actual_Arg_Spec):
            raise NotRewritten(f"{name} with DIM= or MASK=")
        args = args_of(node)
        if len(args) != (2 if name == "DOT_PRODUCT" else 1):
            raise NotRewritten(f"{name} with {len(args)} arguments")
        shape = None
        for a in args:
            shape = shape or self.shape(a)
        if shape is None:
            raise NotRewritten(f"{name} of an argument with no array in it")
        loop = [self.fresh("k") for _ in shape]
        elems = [self.element(a, loop, shape) for a in args]
        e = f"({elems[0]}) * ({elems[1]})" if name == "DOT_PRODUCT" else f"({elems[0]})"
        elem = INT if name == "COUNT" else self.ex.ftype(args[0])
        acc = self.fresh("r", elem.with_dims(()) if elem.dims else elem)  # a scalar of the element type
        init, update = REDUCTIONS[name]
        self.pre.append(f"{acc} = {init.replace('ACC', acc)}")
        self.pre.extend(nest(loop, shape, f"{acc} = {update.replace('ACC', acc).replace('E', e)}"))
        return f"sqrt({acc})" if name == "NORM2" else acc

    def shape(self, node) -> list[Dim] | None:
        """The section dimensions of the first array operand in ``node`` that gives its extents."""
        if node is None or isinstance(node, str):
            return None
        dims = self.dims_of(node) if isinstance(node, (F.Name, F.Data_Ref)) or is_ref(node) else None
        if isinstance(node, F.Data_Ref) and dims is None and self.ex.components.path(node) is not None:
            return None  # f%n: a scalar component (its parts are not operands; ps(:)%x's are)
        if dims is not None:
            if any(d.hi is None for d in dims):
                raise NotRewritten(open_extent(self, node))
            return dims
        if is_ref(node) and not self._elemental(node):
            return None  # a function's or a reduction's result is not looped over
        for child in (args_of(node) if is_ref(node) else getattr(node, "items", ()) or ()):
            found = self.shape(child)
            if found is not None:
                return found
        return None


def _whole(decl) -> list[Dim]:
    """The dimensions of a whole array, from its declared (or allocated) bounds."""
    out = []
    for lo, ext in decl:
        hi = None if lo is None or ext is None else _text(sympy.simplify(lo + ext - 1))
        out.append(Dim(_text(lo) if lo is not None else "1", hi, None))
    return out


def rewrite(ex, taken: set[str], target, rhs, mask=None) -> tuple[dict, list[str]]:
    """The statements that do ``target = rhs`` (where ``mask``, a WHERE's) in the unit of ``ex``
    (FExpr): (the loop variables and temporaries to declare, name -> FType; the Fortran lines).
    Raises NotRewritten."""
    rw = Rewriter(ex, taken)
    rw.target = target
    lines = whole_statement(rw, target, rhs, mask)  # MATMUL, SUM(a, DIM=1): the whole right-hand side
    if lines is not None:
        return rw.declare, lines
    tdims = rw.dims_of(target)
    if tdims:
        if any(d.hi is None for d in tdims):
            raise NotRewritten(open_extent(rw, target))
        loop = [rw.fresh("k") for _ in tdims]
        body = f"{rw.element(target, loop, tdims)} = {rw.element(rhs, loop, tdims)}"
        if mask is not None:  # WHERE: the element is assigned where the mask's element holds
            body = f"if ({rw.element(mask, loop, tdims)}) {body}"
        lines = rw.pre + nest(loop, tdims, body)
    elif mask is not None:
        raise NotRewritten(f"a WHERE whose target {target} is not an array")
    else:
        lines = rw.pre + [f"{target} = {rw.element(rhs, [], [])}"]
    return rw.declare, lines


def reductions_in(ex, node) -> bool:
    """Does ``node`` call a reduction intrinsic (SUM, MAXVAL, ...) that the rewrite turns into a loop?"""
    return any(ex.scope.ref_kind(ref_name(n)) == "intrinsic" and generic(ref_name(n)) in REDUCTIONS
               for n in T.walk_all(node) if is_ref(n))


class SectionLoops:
    """Mixin of FLevel1: an assignment with array syntax, interpreted as its loop nest."""

    def _section_loops(self, stmt, target, rhs, out, first, last, mask=None) -> str | None:
        """Append the AAUs of the loop form of ``stmt`` to ``out``; None when done, else why not."""
        if getattr(self, "_rewriting", False):  # the loop form still has array syntax: never loop
            return "a form the rewrite leaves as array syntax"
        try:
            declare, lines = rewrite(self.ex, self._section_names, target, rhs, mask)
        except NotRewritten as exc:
            return str(exc)
        except Mismatch as exc:  # the program's error (a compiler's or the run-time check's)
            raise FrontendError(f"{exc} in '{T.label(stmt)}'", self.file, first) from None
        self._rewriting = True
        try:
            return self._loop_form(stmt, declare, lines, out, first, last)
        finally:
            self._rewriting = False

    def _loop_form(self, stmt, declare: dict, lines: list[str], out, first, last, spans=None) -> str | None:
        """Interpret the Fortran ``lines`` that stand for ``stmt``, at ``stmt``'s lines (or at
        ``spans``' per line, where one is given)."""
        part = self._fragment(lines, declare, (first, last), spans)
        if part is None:
            return "its loop form is not valid Fortran"
        start = len(out)
        for node in T.content(part):
            self._statement_at(node, out, None, first)
        label = f"array syntax: {T.label(stmt)}"
        for aau in _subtree(out[start:]):  # the report names the statement, not the rewrite
            if aau.cls.startswith("Iter") or "interp_" in (aau.label or ""):
                aau.label = label
        if self._cluster is not None and "interp_" in self._cluster.label:  # the statement's own Seq
            self._cluster.label = label
        return None

    def _fragment(self, lines: list[str], declare: dict, span: tuple[int, int], spans=None):
        """The Execution_Part of the Fortran ``lines`` (None if fparser refuses them), every node
        at ``span`` (the source lines they stand for), with ``declare``'s names declared."""
        try:
            ast = _parse("subroutine interp_sections\n" + "\n".join(lines) + "\nend subroutine\n",
                         self.file, "free")
        except FrontendError:
            return None
        for name, ftype in declare.items():
            self.scope.types[name] = ftype
        part = next(c for c in T.content(T.content(ast)[0]) if isinstance(c, F.Execution_Part))
        for node in T.walk_all(part):
            item = getattr(node, "item", None)
            if item is not None and getattr(item, "span", None):
                at = item.span[0] - 2  # the fragment's line 1 is its SUBROUTINE statement
                item.span = spans[at] if spans and 0 <= at < len(spans) and spans[at] else span
        return part

    def _refuse_form(self, what: str, why: str, line: int) -> None:
        self.problem("unsupported", f"{what} is not modelled here ({why}): write the loop out", line)

    def _s_Forall_Stmt(self, stmt, out, first, last):
        header, assign = stmt.items
        self._forall(stmt, header, [assign], out, first, last)

    def _s_Forall_Construct(self, stmt, out, first, last):
        parts = T.content(stmt)
        header = parts[0].items[-1]
        self._forall(stmt, header, [p for p in parts[1:] if not isinstance(p, (F.End_Forall_Stmt, F.Comment))],
                     out, first, last)

    def _do_concurrent(self, header, body_items, out, first, last) -> None:
        """DO CONCURRENT (i = l:u:s, ..., mask): nested counted DO loops, the first index
        innermost, around the body (under IF (mask) when there is one)."""
        specs, mask = header.items
        heads, declare = self._forall_heads(specs)
        guard = [f"if ({mask}) then", "end if"] if mask is not None else []
        part = self._fragment(heads + guard + ["end do"] * len(heads), declare, (first, first))
        if part is None:
            self._refuse_form("DO CONCURRENT", "its loop form is not valid Fortran", first)
            return
        inner = T.content(part)[0]
        while True:  # the innermost construct (DO, or the mask's IF) receives the body
            nested = [c for c in T.content(inner) if isinstance(c, (F.Block_Nonlabel_Do_Construct, F.If_Construct))]
            if not nested:
                break
            inner = nested[0]
        inner.content[-1:-1] = [c for c in body_items if not isinstance(c, F.End_Do_Stmt)]  # the body
        self._do_construct(T.content(part)[0], out, first, last)

    def _forall_heads(self, specs) -> tuple[list[str], dict]:
        """DO statements over FORALL / DO CONCURRENT triplets (the last outermost), and the index
        variables to declare (local to the construct)."""
        heads, declare = [], {}
        for spec in reversed(specs.items):
            name, lo, hi, stride = spec.items
            heads.append(f"do {name} = {lo}, {hi}" + (f", {stride}" if stride is not None else ""))
            if str(name).lower() not in self.scope.types:
                declare[str(name).lower()] = INT
        return heads, declare

    def _forall(self, stmt, header, body, out, first, last):
        """FORALL (i = l:u:s, ..., mask): DO loops over its index triplets, the first innermost."""
        specs, mask = header.items
        heads, declare = self._forall_heads(specs)
        for node in body:
            if not isinstance(node, F.Assignment_Stmt) or self._array_syntax(node.items[0]) \
                    or self._array_syntax(node.items[2]):
                self._refuse_form("FORALL", f"{T.label(node)} in it", T.line(node) or first)
                return
        inner = [str(n) if mask is None else f"if ({mask}) {n}" for n in body]
        why = self._loop_form(stmt, declare, heads + inner + ["end do"] * len(heads), out, first, last)
        if why is not None:
            self._refuse_form("FORALL", why, first)


def _subtree(aaus):
    for a in aaus:
        yield a
        for part in (getattr(a, "body", None) or [], *[b.body for b in getattr(a, "branches", None) or []]):
            yield from _subtree(part)
