"""WHERE statements and constructs, and ELEMENTAL subroutines called on arrays, as loop nests
(a mixin of FLevel1, with sections.py's rewriter).

A WHERE construct is one nest over its shape with an IF / ELSE IF / ELSE chain, one branch per
WHERE, ELSEWHERE (mask) and ELSEWHERE, so an element takes one branch as it does in Fortran;
``call scale2(a)`` of an ELEMENTAL subroutine is the call on each element.
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F

from . import tree as T
from .expr import is_ref
from .loopnest import NotRewritten, nest, open_extent
from .matmul import Mismatch
from .sections import Rewriter


def where_chain(ex, taken: set[str], branches) -> tuple[dict, list[str], list]:
    """A WHERE construct as one loop nest over its shape with an IF / ELSE IF / ELSE chain, one
    branch per WHERE, ELSEWHERE (mask) and ELSEWHERE: ``branches`` is [(mask or None, [(target,
    rhs), ...], head)]. An element takes one branch, as it does in Fortran: separate nests, each under
    ``.not.`` of the masks before, were weighed one by one (0.5 each for data), so a WHERE /
    ELSEWHERE (m) / ELSEWHERE over 1000 elements assigned 1500 of them. ``head``: the branch's
    WHERE or ELSEWHERE statement (its lines). Raises NotRewritten."""
    rw = Rewriter(ex, taken)
    shapes = [rw.dims_of(t) for _, assigns, _ in branches for t, _ in assigns]
    if not shapes or not all(shapes):
        raise NotRewritten("a WHERE whose targets are not all arrays")
    shape = shapes[0]
    if any(d.hi is None for d in shape):
        raise NotRewritten(open_extent(rw, branches[0][1][0][0]))
    loop = [rw.fresh("k") for _ in shape]
    body, where = [], []
    for k, (mask, assigns, head) in enumerate(branches):
        body.append("else" if mask is None else f"{'if' if k == 0 else 'else if'} ({rw.element(mask, loop, shape)}) then")
        where.append(T.lines(head))  # a mask's notes at its WHERE or ELSEWHERE
        for t, r in assigns:
            body.append(f"{rw.element(t, loop, shape)} = {rw.element(r, loop, shape)}")
            where.append(T.lines(t.parent) if getattr(t, "parent", None) is not None else None)
    lines = "\n".join(rw.pre + nest(loop, shape, "\n".join(body + ["end if"]))).split("\n")
    # each assignment keeps its own source lines in the reports (the rest: the construct's)
    spans = [None] * (len(rw.pre) + len(shape)) + where + [None] * (1 + len(shape))
    return rw.declare, lines, spans


def elemental_call(ex, taken: set[str], name: str, args) -> tuple[dict, list[str]] | None:
    """``call scale2(a)`` of an ELEMENTAL subroutine with an array argument: the call for each
    element, ``do k = 1, n; call scale2(a(k)); end do`` (the first array argument's shape; Fortran
    requires the others conformable). None when no argument is an array. Raises NotRewritten."""
    rw = Rewriter(ex, taken)
    shapes = [d for d in (rw.dims_of(a) for a in args if isinstance(a, (F.Name, F.Data_Ref)) or is_ref(a)) if d]
    if not shapes:
        return None
    tdims = shapes[0]
    if any(d.hi is None for d in tdims):
        raise NotRewritten(f"the extent of an array argument of the ELEMENTAL subroutine {name} is not known here")
    loop = [rw.fresh("k") for _ in tdims]
    body = f"call {name}({', '.join(rw.element(a, loop, tdims) for a in args)})"
    return rw.declare, rw.pre + nest(loop, tdims, body)



class WhereLoops:
    """Mixin of FLevel1: WHERE as masked loop nests (sections.SectionLoops interprets them)."""

    def _s_Where_Stmt(self, stmt, out, first, last):
        mask, assign = stmt.items
        target, _, rhs = assign.items
        why = self._section_loops(stmt, target, rhs, out, first, last, mask)
        if why is not None:
            self._refuse_form("WHERE", why, first)

    def _s_Where_Construct(self, stmt, out, first, last):
        """One nest with a branch per mask (where_chain); where that is not rewritten, each
        assignment its own masked nest (the standard's order): under ELSEWHERE (m2) the mask is
        .NOT. of the masks before it .AND. m2."""
        if self._where_chain(stmt, out, first, last):
            return
        before: list[str] = []
        mask = None
        for node in T.content(stmt):
            if isinstance(node, (F.Where_Construct_Stmt, F.Masked_Elsewhere_Stmt, F.Elsewhere_Stmt)):
                own = str(node.items[0]) if not isinstance(node, F.Elsewhere_Stmt) else None
                terms = [f".not. ({m})" for m in before] + ([f"({own})"] if own else [])
                mask = F.Expr(" .and. ".join(terms))
                before += [own] if own else []
            elif isinstance(node, F.Assignment_Stmt):
                a_first, a_last = T.lines(node)
                target, _, rhs = node.items
                why = self._section_loops(node, target, rhs, out, a_first, a_last, mask)
                if why is not None:
                    self._refuse_form("WHERE", why, a_first)
            elif not isinstance(node, (F.End_Where_Stmt, F.Comment)):
                self._refuse_form("WHERE", f"{T.label(node)} inside it", T.line(node) or first)

    def _where_chain(self, stmt, out, first, last) -> bool:
        branches = []
        for node in T.content(stmt):
            if isinstance(node, (F.Where_Construct_Stmt, F.Masked_Elsewhere_Stmt, F.Elsewhere_Stmt)):
                branches.append((None if isinstance(node, F.Elsewhere_Stmt) else node.items[0], [], node))
            elif isinstance(node, F.Assignment_Stmt) and branches:
                branches[-1][1].append((node.items[0], node.items[2]))
            elif not isinstance(node, (F.End_Where_Stmt, F.Comment)):
                return False  # a nested WHERE, ...: the assignments one by one
        if getattr(self, "_rewriting", False) or not branches or not all(a for _, a, _ in branches):
            return False
        try:
            declare, lines, spans = where_chain(self.ex, self._section_names, branches)
        except (NotRewritten, Mismatch):
            return False
        self._rewriting = True
        try:
            return self._loop_form(stmt, declare, lines, out, first, last, spans) is None
        finally:
            self._rewriting = False

