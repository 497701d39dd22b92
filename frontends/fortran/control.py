"""Control flow (part of the level-1 parse, see level1.py): IF, SELECT CASE and DO loops.

IF / ELSE IF / ELSE and logical IF become CondtD or CondtSync (Algorithm 3), SELECT CASE too
(each CASE a condition on the selector). A counted DO is IterD / IterSync when its trip count
MAX(0, (hi - lo + step) / step) is known -- Fortran fixes it when the loop starts, so a body that
assigns a limit variable does not change it -- and IterND otherwise; DO WHILE and a plain DO
(left with EXIT) are IterND unless ``!$interp iters(EXPR)`` gives the trip count.
"""
from __future__ import annotations

import dataclasses

import sympy
from fparser.two import Fortran2003 as F

from ..aag import symexpr as S
from ..aag import AAU, Branch, Condt, Iter
from ..memory import annotate_loop_accesses
from . import tree as T
from ..aag.bodies import has_jump
from ..annotations import Annotation
from .. import halving
from . import associate
from . import halving as halving_f
from ..level1_common import CLOCK_CALLS
from .critical import user_results
from .sections import reductions_in
from .expr import is_ref, ref_name


class ControlFlow:
    """Mixin of FLevel1: conditionals and loops."""

    def _argc_guard(self, conditions) -> bool:
        """Does an IF test COMMAND_ARGUMENT_COUNT(), or a variable it was stored in? An argument
        read inside is then optional (ExternalInput.optional, C's ``if (argc > 1)``)."""
        return any((is_ref(n) and ref_name(n).upper() == "COMMAND_ARGUMENT_COUNT")
                   or (isinstance(n, F.Name) and self.scope.canon(str(n)) in self._argc_names)
                   for c in conditions if c is not None for n in T.walk_all(c))

    def _guarded(self, conditions, handler, stmt, out, first, last):
        """Run ``handler`` with the depth of IFs on the argument count (``_argc_guard``) raised."""
        guard = self._argc_guard(conditions)
        self._argc_guards += guard
        try:
            handler(stmt, out, first, last)
        finally:
            self._argc_guards -= guard

    def _if_prob(self, stmt, first):
        """The prob() of an IF: the user's, or a binary search's key-found one (halving.py)."""
        prob = self._take("prob")
        if prob is None and getattr(stmt, halving_f.FOUND, None):
            prob = self._found_prob(getattr(stmt, halving_f.FOUND), first)
        return prob

    def _s_If_Stmt(self, stmt, out, first, last):
        self._guarded([stmt.items[0]], self._if_stmt, stmt, out, first, last)

    def _if_stmt(self, stmt, out, first, last):
        self._flush(out)
        prob = self._if_prob(stmt, first)
        cond_node, action = stmt.items
        value = self._reduced(cond_node, stmt, out, first, last)  # MAXVAL(...) < tol: its loops first
        self._tested(value, out, first, last)  # IF (is_prime(k)): the call first, its result followed
        branch = self._branch(value, [action], last + 1, 1, default_line=first)
        self.ex.returned = {}
        self._branch_probs([branch], prob, first)
        out.append(self._condt(stmt, [branch], first, last, cond_node))

    def _tested(self, cond_node, out, first, last) -> None:
        """The user functions a test calls run before it, their results brought back into
        variables of their own (statements.py ``_result_back``) that the test reads."""
        if cond_node is not None:
            self._calls_first(cond_node, out, first, last)
            self._result_back(cond_node, out)

    def _branch(self, cond_node, items, end_line, nconds, default_line: int = 0) -> Branch:
        cond = self.ex.condition(cond_node) if cond_node is not None else None
        body = self._sub_block(items, end_line, default_line)
        b = Branch(cond, body, data_dependent=cond_node is not None and cond is None, nconds=nconds)
        if cond_node is not None:
            self.ex.offsets = True  # the offsets of a search's probes (frontends/probes.py)
            try:
                self.ex.count(cond_node, b.cond_counts, b.cond_accesses)
            finally:
                self.ex.offsets = False
        return b

    def _s_If_Construct(self, stmt, out, first, last):
        heads = [n.items[0] for n in T.content(stmt) if isinstance(n, (F.If_Then_Stmt, F.Else_If_Stmt))]
        self._guarded(heads, self._if_construct, stmt, out, first, last)

    def _if_construct(self, stmt, out, first, last):
        self._flush(out)
        prob = self._if_prob(stmt, first)
        parts = T.content(stmt)
        groups: list[tuple[object, list, int]] = []  # (condition or None for ELSE, statements, end line)
        head = None
        for node in parts:
            if isinstance(node, (F.If_Then_Stmt, F.Else_If_Stmt, F.Else_Stmt, F.End_If_Stmt)):
                if groups:
                    groups[-1] = (groups[-1][0], groups[-1][1], T.line(node))
                if isinstance(node, F.End_If_Stmt):
                    break
                head = node.items[0] if not isinstance(node, F.Else_Stmt) else None
                groups.append((head, [], 0))
            elif groups:
                groups[-1][1].append(node)
        self._groups_condt(stmt, groups, out, first, last, prob)

    def _groups_condt(self, stmt, groups, out, first, last, prob) -> None:
        """The Condt of IF / ELSE IF / ELSE groups. The first test's reductions (MAXVAL(...) < tol)
        and function calls run before the IF; an ELSE IF whose test has such work of its own runs
        it only when reached: the groups from it on are an IF of their own in the ELSE branch."""
        nest = next((k for k, (c, _, _) in enumerate(groups) if k > 0 and c is not None
                     and (user_results(self.ex, c) or reductions_in(self.ex, c))), None)
        branches = []
        for k, (cond_node, items, end) in enumerate(groups[:nest]):
            if cond_node is None:
                branches.append(self._branch(None, items, end, len(branches)))
            else:
                value = self._reduced(cond_node, stmt, out, first, last) if k == 0 else cond_node
                if k == 0:
                    self._tested(value, out, first, last)
                branches.append(self._branch(value, items, end, len(branches) + 1))
                self.ex.returned = {}
        if nest is not None:
            inner: list = []
            saved, self._cluster = self._cluster, None
            line = groups[nest - 1][2] or first  # the ELSE IF's line (where the group before ends)
            self._groups_condt(stmt, groups[nest:], inner, line, last, None)
            self._flush(inner)
            self._cluster = saved
            branches.append(Branch(None, inner, nconds=len(branches)))
        self._branch_probs(branches, prob, first)
        out.append(self._condt(stmt, branches, first, last, groups[0][0] if groups else None))

    def _s_Case_Construct(self, stmt, out, first, last):
        self._flush(out)
        prob = self._take("prob")
        parts = T.content(stmt)
        self._tested(parts[0].items[0], out, first, first)  # SELECT CASE (kind_of(a)): the call first
        value = self.ex.sym(parts[0].items[0])
        self.ex.returned = {}
        groups = []  # (Case_Stmt, statements, end line)
        for node in parts[1:]:
            if isinstance(node, (F.Case_Stmt, F.End_Select_Stmt)):
                if groups:
                    groups[-1] = (groups[-1][0], groups[-1][1], T.line(node))
                if isinstance(node, F.End_Select_Stmt):
                    break
                groups.append((node, [], 0))
            elif groups:
                groups[-1][1].append(node)
        branches, default = [], None
        for case, items, end in groups:
            selector = case.items[0]
            if str(selector).upper() == "DEFAULT":
                default = self._sub_block(items, end)
                continue
            cond = self._case_condition(value, selector)
            branches.append(Branch(cond, self._sub_block(items, end), data_dependent=cond is None,
                                   nconds=len(branches) + 1))
        if default is not None:
            branches.append(Branch(None, default, nconds=len(branches)))
        self._branch_probs(branches, prob, first)
        out.append(self._condt(stmt, branches, first, last, parts[0].items[0]))

    def _case_condition(self, value, selector):
        if value is None:
            return None
        terms = []
        ranges = next(x for x in selector.items if not isinstance(x, str))
        for r in (ranges.items if isinstance(ranges, F.Case_Value_Range_List) else (ranges,)):
            if isinstance(r, F.Case_Value_Range):
                lo, hi = (self.ex.sym(x) if x is not None else None for x in r.items)
                if (r.items[0] is not None and lo is None) or (r.items[1] is not None and hi is None):
                    return None
                parts = ([sympy.Ge(value, lo)] if lo is not None else []) + ([sympy.Le(value, hi)] if hi is not None else [])
                terms.append(sympy.And(*parts))
            else:
                v = self.ex.sym(r)
                if v is None:
                    return None
                terms.append(sympy.Eq(value, v))
        return sympy.Or(*terms)

    def _condt(self, stmt, branches, first, last, cond_node) -> Condt:
        text = T.label(cond_node, 40) if cond_node is not None else ""
        c = self._new(Condt, first, last, branches=branches, label=f"if ({text})")
        self._classify_condt(c, first)
        return c

    def _s_Associate_Construct(self, stmt, out, first, last):
        """ASSOCIATE ... END ASSOCIATE, rewritten after parsing (associate.py): its statements,
        the assignments of its expression selectors first, run in place."""
        self._flush(out)
        out.extend(self._sub_block(associate.body(stmt), last, first))

    def _s_Block_Construct(self, stmt, out, first, last):
        """BLOCK ... END BLOCK: its declarations join the unit's (names are not reused across a
        unit's blocks in the programs interp reads; a clash would be reported by the compiler's
        own scoping only), then its statements run in place."""
        self._flush(out)
        items = T.content(stmt)
        for decl in T.spec_statements(stmt):  # its Specification_Part, as a unit's
            self.scope.declare(decl)
        for issue in self.scope.issues:
            self.problem("unsupported", issue.message, issue.line)
        self.scope.issues.clear()
        body = [c for c in items if type(c).__name__ not in ("Block_Stmt", "Specification_Part", "End_Block_Stmt")]
        out.extend(self._sub_block(body, last, first))

    # -- loops --------------------------------------------------------------------------------------
    def _s_Block_Nonlabel_Do_Construct(self, stmt, out, first, last):
        self._do_construct(stmt, out, first, last)

    def _s_Block_Label_Do_Construct(self, stmt, out, first, last):
        self._do_construct(stmt, out, first, last)

    def _s_Action_Term_Do_Construct(self, stmt, out, first, last):
        self._do_construct(stmt, out, first, last)

    def _do_construct(self, stmt, out, first, last):
        parts = T.content(stmt)
        k = next(i for i, p in enumerate(parts) if isinstance(p, T.DO_STMTS))  # comments may lead
        self._do(parts[k], parts[k + 1:], out, first, last)

    def _do(self, header, body_items, out, first, last) -> None:
        self._flush(out)
        iters_ann = self._take("iters")
        lc = T.loop_control(header)
        construct = getattr(header.item, "name", None)
        self._loop_names.append(str(construct).lower() if construct else None)
        try:
            if lc is not None and len(lc.items) > 3 and lc.items[3] is not None:
                self._do_concurrent(lc.items[3], body_items, out, first, last)
                return
            if lc is None or lc.items[1] is None:
                cond_node = lc.items[0] if lc is not None else None
                if iters_ann is None and cond_node is not None \
                        and (search := self._binary_search(cond_node, body_items, first)) is not None:
                    iters_ann, body_items = search
                value = self._reduced(cond_node, header, out, first, first)  # MAXVAL(...) > tol
                self._tested(value, out, first, first)  # DO WHILE (.not. done(x)): its calls first
                body = self._loop_body(body_items, None, last)
                if value is not cond_node:  # the test's loops again at the end of every pass
                    body += self._retest(cond_node, header, str(value), first)
                if value is not None and user_results(self.ex, value):  # and its calls
                    again: list = []
                    self._tested(value, again, first, first)
                    body += again
                self._while(header, value, body, iters_ann, out, first, last)
                self.ex.returned = {}
                return
            self._counted(header, lc, body_items, iters_ann, out, first, last)
        finally:
            self._after_named(out)  # a jump from its body to an outer loop (named_exits.py)
            self._loop_names.pop()

    def _retest(self, cond_node, header, name: str, line: int) -> list:
        """The loops of a DO WHILE test's reductions, into the same scalar, as a pass ends."""
        saved, self._cluster = self._cluster, None
        extra: list = []
        self._reduced(cond_node, header, extra, line, line, name=name)
        self._flush(extra)
        self._cluster = saved
        return extra

    def _binary_search(self, cond_node, body_items, line):
        """A binary search with two moving bounds (frontends/fortran/halving.py): its worst-case
        trip count as an iters() annotation, and its body without the found-early EXITs; or None."""
        found = halving_f.recognise(cond_node, body_items, self.scope.canon)
        if found is None:
            return None
        (test, lo, hi, mid, lo_moves, hi_moves), body = found
        count = halving.trip_count(test, S.var(lo), S.var(hi), mid, lo_moves, hi_moves)
        self.problem("assumption", halving.note(test, lo, hi, self.DIRECTIVE, line), line)
        return Annotation("iters", line, value=count, function=self.fn_name), body

    def _counted(self, header, lc, body_items, iters_ann, out, first, last) -> None:
        var_node, bounds = lc.items[1]
        for b in bounds:  # DO i = 1, nitems(r): the functions run as the loop starts
            self._tested(b, out, first, first)
        self._flush(out)
        var = self.scope.canon(str(var_node))
        ex = self.ex
        lo_n, hi_n = bounds[0], bounds[1]
        step_n = bounds[2] if len(bounds) > 2 else None
        lo_s, hi_s = ex.sym(lo_n), ex.sym(hi_n)
        step_s = ex.sym(step_n) if step_n is not None else sympy.Integer(1)
        ex.returned = {}
        has_step = step_n is not None and not (isinstance(step_n, F.Int_Literal_Constant) and step_s == 1)
        body = self._loop_body(body_items, var, last)
        cond = None
        if hi_s is not None:
            down = step_s is not None and step_s.is_number and step_s < 0
            cond = sympy.Ge(S.var(var), hi_s) if down else sympy.Le(S.var(var), hi_s)
        text = " ".join(str(lc).split())
        loop = self._new(Iter, first, last, var=var, lo=lo_s, step=step_s, cond=cond, body=body,
                         limit_type="step" if has_step else "nostep", label=f"do {text.lower()}")
        if step_s is not None and step_s.is_number and step_s == 0:
            # The standard forbids a zero step (F2018 11.1.7.4.1); interp would step for ever.
            self.problem("unsupported", f"DO loop with a step of 0 never ends (the standard forbids it): "
                         "give it a step", first)
        elif step_s is None and iters_ann is None:
            # A step the parse cannot follow (it reads data or an undeclared name): the DO
            # variable would never advance and the loop would run into the event budget.
            self.problem("unsupported", f"the step of this DO loop ('{step_n}') is not an expression interp "
                         f"can follow; state its trip count with '!$interp iters(N)' above line {first}", first)
        elif lo_s is not None and hi_s is not None and step_s is not None:
            # The standard's iteration count, fixed when the loop starts.
            loop.num_iters = sympy.Max(0, sympy.floor((hi_s - lo_s + step_s) / step_s))
        deterministic = loop.num_iters is not None and not has_jump(body, closed_continue=True)
        if iters_ann is not None:
            # The user states the trip count: it replaces the source's (issue 13: it was ignored
            # whenever the DO had limits of its own).
            loop.iters_annotation = loop.num_iters = iters_ann.value
            deterministic = not has_jump(body, closed_continue=True)
        self._classify_loop(loop, var, deterministic, iters_ann, hi_s is not None and lo_s is not None, first)
        annotate_loop_accesses(loop)
        out.append(loop)

    def _loop_body(self, items, var, last) -> list[AAU]:
        self._loop_vars.append(var)
        saved = self.ex.loop_var
        self.ex.loop_var = var
        self._loop_top = True
        try:
            return self._sub_block(items, last)
        finally:
            self._loop_top = False
            self._loop_vars.pop()
            self.ex.loop_var = saved

    def _cycle_on_data(self, stmt) -> bool:
        """``IF (data) CYCLE`` (or an IF construct, without ELSE, whose last statement is CYCLE)
        standing directly in a loop body: the CYCLE skips the rest of this iteration only. On a
        condition the parse can decide the engine follows it exactly; on data (or under a prob()
        the user states) it is rewritten as an IF whose other branch is the rest of the body
        (docs/model.md, "A continue on data"), as C's ``if (data) continue;`` is."""
        cond = _cycle_condition(stmt, self._loop_names[-1] if self._loop_names else None)
        if cond is None:
            return False
        self._drain(T.line(stmt))  # a prob() written above the IF
        return "prob" in self._pending or self.ex.condition(cond) is None

    def _without_cycle(self, stmt, rest: list, out: list[AAU], end_line: int) -> None:
        """``IF (c) CYCLE; rest`` -> ``IF (.NOT. (c)) THEN; rest; END IF`` (a stated prob(p) of c
        becomes 1 - p); ``IF (c) THEN; A; CYCLE; END IF; rest`` -> ``IF (c) THEN; A; ELSE; rest``."""
        first = T.line(stmt)
        last = max([T.last_line(r) for r in rest] + [T.last_line(stmt)])
        self._flush(out)
        prob = self._take("prob")
        cond_node = _cycle_condition(stmt, None)
        if isinstance(stmt, F.If_Stmt):
            if prob is not None and len(prob.value) == 1:
                prob = dataclasses.replace(prob, value=[1.0 - prob.value[0]])
            cond_node = F.Expr(f".NOT. ({cond_node})")
            self._tested(cond_node, out, first, first)  # IF (.not. ok(k)) CYCLE: the call first
            branches = [self._branch(cond_node, rest, end_line, 1, default_line=first)]
        else:
            parts = [n for n in T.content(stmt) if not isinstance(n, F.Comment)]
            cycle_line = T.line(parts[-2])
            self._tested(cond_node, out, first, first)
            branches = [self._branch(cond_node, parts[1:-2], cycle_line, 1),
                        self._branch(None, rest, end_line, 1)]
        self.ex.returned = {}
        self._branch_probs(branches, prob, first)
        out.append(self._condt(stmt, branches, first, last, cond_node))

    def _while(self, header, cond_node, body, iters_ann, out, first, last, kind: str = "while") -> None:
        """DO WHILE (kind "while": tested before each pass) or a loop tested after each pass
        (kind "do", C's do-while: a backward GO TO, gotos.py)."""
        cond = self.ex.condition(cond_node) if cond_node is not None else sympy.true
        text = T.label(cond_node, 40) if cond_node is not None else ""
        loop = self._new(Iter, first, last, cond=cond, body=body, kind=kind, limit_type="nostep",
                         label=f"do while ({text})" if cond_node is not None else "do")
        if cond_node is not None:
            self.ex.count(cond_node, loop.cond_counts, [])
            clock = next((ref_name(n) for n in T.walk_all(cond_node) if is_ref(n) and ref_name(n) in CLOCK_CALLS), None)
            if clock is not None and iters_ann is None:
                self._clock_loop(clock, first)
        self._classify_while(loop, iters_ann, first)
        annotate_loop_accesses(loop)
        out.append(loop)


def _cycle_condition(stmt, loop_name):
    """The condition of ``IF (c) CYCLE`` or of an IF construct without ELSE that ends with CYCLE
    (of the innermost loop: unnamed, or naming it), else None."""
    def innermost(cycle) -> bool:
        name = cycle.items[1] if len(cycle.items) > 1 else None
        return name is None or str(name).lower() == loop_name

    if isinstance(stmt, F.If_Stmt):
        return stmt.items[0] if isinstance(stmt.items[1], F.Cycle_Stmt) and innermost(stmt.items[1]) else None
    if not isinstance(stmt, F.If_Construct):
        return None
    parts = [n for n in T.content(stmt) if not isinstance(n, F.Comment)]
    if len(parts) < 3 or not isinstance(parts[-2], F.Cycle_Stmt) or not innermost(parts[-2]) or any(
            isinstance(n, (F.Else_Stmt, F.Else_If_Stmt)) for n in parts):
        return None
    return parts[0].items[0]
