"""Control flow of C (part of the level-1 parse, see level1.py): if, switch and loops.

if / else if / else and switch become CondtD or CondtSync (Algorithm 3; a switch case is a
condition on the selector, with C's fall-through). ``for (i = lo; i OP hi; i += s)`` is IterD /
IterSync when its trip count has a closed form and the body assigns neither the index nor the
limits, IterND otherwise; while and do loops are IterND unless ``#pragma interp iters(EXPR)``
gives the trip count.
"""
from __future__ import annotations

import copy
import dataclasses

import sympy
from pycparser import c_ast

from ..aag import symexpr as S
from ..aag import AAU, Branch, Condt, Iter
from ..aag.bodies import has_jump
from ..msgpass import is_comm_call
from ..annotations import Annotation
from .. import halving
from .callstmts import MPI_SUCCESS, READERS
from . import getopt as getopt_c
from . import halving as halving_c, pointers
from ..memory import annotate_loop_accesses
from . import tree as T
from .expr import ExprContext, names_in


class ControlFlow:
    """Mixin of CLevel1: if, switch, for, while, do."""

    def _user_calls(self, node) -> bool:
        """Does an expression call a function of the program (a Call AAU must cost it)?"""
        return node is not None and any(isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID)
                                        and n.name.name in self.fundefs for n in T.walk(node))

    def _s_If(self, stmt, out):
        # Inside an if on argc, a value read from argv is optional (ExternalInput.optional).
        guard = any(isinstance(n, c_ast.ID) and n.name == "argc" for n in T.walk(_conditions(stmt)))
        self._argc_guards += guard
        try:
            self._if(stmt, out)
        finally:
            self._argc_guards -= guard

    def _if(self, stmt, out):
        self._flush(out)
        prob = self._take("prob")
        if prob is None and id(stmt) in self._found_probs:
            prob = self._found_prob(self._found_probs[id(stmt)], stmt.coord.line if stmt.coord else 0)
        # A function called in the condition runs every time the if is reached: its Call AAU
        # comes first (issue 13: `if (isprime(n))` was costed as if the call were free).
        # `if (MPI_Barrier(comm) != MPI_SUCCESS) MPI_Abort(..)`: the call communicates first, then
        # the test reads what it returns, MPI_SUCCESS (it was dropped: the barrier cost nothing).
        # Both kinds of call in C's order (callstmts._calls_first).
        comms = [n for n in T.walk(stmt.cond) if isinstance(n, c_ast.FuncCall)
                 and isinstance(n.name, c_ast.ID) and is_comm_call(n.name.name)]
        self._calls_first(stmt.cond, out, comms=comms, node=stmt)
        # What the condition stores (scanf into n, n = atoi(...)) is stored ahead of it, so the test
        # reads the stored variable: `(n = atoi(argv[1])) <= 0` is tested as `n <= 0`.
        self._condition_defs(stmt.cond, out)
        tested = T.rebuilt(stmt.cond, {**{id(n): n.lvalue for n in T.walk(stmt.cond)
                                         if isinstance(n, c_ast.Assignment) and n.op == "="},
                                      **{id(n): c_ast.Constant("int", str(MPI_SUCCESS)) for n in comms}})
        branches, node = [], stmt
        ctx = self.ctx
        while True:
            cond = ctx.condition(tested if node is stmt else node.cond)
            body = self._sub_block(node.iftrue)
            branch = Branch(cond, body, data_dependent=cond is None, nconds=len(branches) + 1)
            ctx.count(node.cond, branch.cond_counts, branch.cond_accesses)
            branches.append(branch)
            if isinstance(node.iffalse, c_ast.If):
                if self._user_calls(node.iffalse.cond):
                    # else if (f(x)): f runs only when the conditions before fail, so the rest of
                    # the chain is the else branch, with its calls ahead of its condition.
                    branches.append(Branch(None, self._sub_block(node.iffalse), nconds=len(branches)))
                    break
                node = node.iffalse
                continue
            if node.iffalse is not None:
                branches.append(Branch(None, self._sub_block(node.iffalse), nconds=len(branches)))
            break
        self._branch_probs(branches, prob, stmt.cond if hasattr(stmt, "cond") else stmt)
        out.append(self._condt(stmt, branches))

    def _condt(self, stmt, branches) -> Condt:
        c = self._new(Condt, stmt, branches=branches, label=f"if ({T.label(stmt.cond, 40)})")
        self._classify_condt(c, stmt)
        return c

    def _s_Switch(self, stmt, out):
        self._flush(out)
        prob = self._take("prob")
        items = stmt.stmt.block_items if isinstance(stmt.stmt, c_ast.Compound) else [stmt.stmt]
        value = self.ctx.sym(stmt.cond)
        cases: list[tuple[object, list]] = []
        for item in items or []:
            if isinstance(item, (c_ast.Case, c_ast.Default)):
                cases.append((item, list(item.stmts or [])))
            elif cases:
                cases[-1][1].append(item)
        branches = []
        default_body = None
        for i, (case, _) in enumerate(cases):
            # C fall-through: a case runs into the following ones until a break.
            stmts = []
            for _, body in cases[i:]:
                cut = next((k for k, s in enumerate(body) if isinstance(s, c_ast.Break)), None)
                stmts.extend(body if cut is None else body[:cut])
                if cut is not None:
                    break
            block = self._sub_block(c_ast.Compound(stmts, case.coord))
            if isinstance(case, c_ast.Default):
                default_body = block
                continue
            cv = self.ctx.sym(case.expr)
            cond = sympy.Eq(value, cv) if value is not None and cv is not None else None
            branches.append(Branch(cond, block, data_dependent=cond is None, nconds=len(branches) + 1))
        if default_body is not None:
            branches.append(Branch(None, default_body, nconds=len(branches)))
        self._branch_probs(branches, prob, stmt.cond if hasattr(stmt, "cond") else stmt)
        out.append(self._condt(stmt, branches))

    def _s_For(self, stmt, out):
        self._flush(out)
        if getopt_c.is_option_loop(stmt):
            self._getopt_loop(stmt, out)
            return
        iters_ann = self._take("iters")
        if isinstance(stmt.init, c_ast.DeclList):
            for d in stmt.init.decls:
                self._local(d)
        canon = _canonical_for(stmt, self.ctx)
        # not "for (i = lo; i < hi; i += s)", or a body that moves i too (for (..; i++) { i += 2; }
        # ran the header's 10 passes, not 4): the condition decides, as in a while loop. Not when
        # the body declares an i of its own (for (int i ..) inside): names have no scopes here
        if canon is None or (_moves(stmt.stmt, canon[0]) and not _declares(stmt.stmt, canon[0])):
            self._for_as_while(stmt, out, iters_ann)
            return
        var, lo, hi_node, op, step, has_step = canon
        if self._user_calls(stmt.cond):  # a limit computed by a function: tested every iteration
            self._for_as_while(stmt, out, iters_ann)
            return
        ctx = self.ctx
        lo_s, step_s = ctx.sym(lo), ctx.sym(step)
        cond = ctx.condition(stmt.cond)
        body = self._loop_body(stmt.stmt, var, step_s)
        loop = self._new(Iter, stmt, var=var, lo=lo_s, step=step_s, cond=cond, body=body,
                         limit_type="step" if has_step else "nostep", label=f"for ({T.label(stmt.cond, 40)})")
        hi_s = ctx.sym(hi_node)
        if lo_s is not None and hi_s is not None and step_s is not None:
            loop.num_iters = _trip_count(lo_s, hi_s, step_s, op)
        assigned = T.assigned_names(stmt.stmt)
        if step_s is not None and step_s.is_number and step_s == 0 and var not in assigned and not has_jump(body):
            self.problem("unsupported", f"this loop never ends: its step is 0 and its body neither changes "
                         f"{var} nor leaves the loop", stmt)
        limit_names = S.free_names(hi_s) | S.free_names(step_s) if hi_s is not None and step_s is not None else set()
        deterministic = (loop.num_iters is not None and var not in assigned and not (limit_names & assigned)
                         and not has_jump(body, closed_continue=True))
        if iters_ann is not None:
            # The user states the trip count: it replaces the source's (issue 13: it was ignored
            # whenever the for had limits of its own).
            loop.iters_annotation = loop.num_iters = iters_ann.value
            deterministic = not has_jump(body, closed_continue=True) and var not in assigned
        self._classify_loop(loop, var, deterministic, iters_ann, hi_s is not None and lo_s is not None, stmt)
        annotate_loop_accesses(loop)
        out.append(loop)

    def _loop_body(self, stmt, var, step=None) -> list[AAU]:
        self._loop_vars.append((var, step))
        self._loop_top = True
        try:
            return self._sub_block(stmt)
        finally:
            self._loop_top = False
            self._loop_vars.pop()

    def _continue_on_data(self, stmt) -> bool:
        """``if (data) continue;`` (or ``if (data) { ...; continue; }``) standing directly in a loop
        body: the continue skips the rest of this iteration only. On a condition the parse can
        decide (the rank, inputs, the index) the engine follows the continue exactly; on data
        (or under a prob() the user states) it cannot, and the if is rewritten as an if-else
        whose other branch is the rest of the body (docs/model.md, "A continue on data")."""
        if not (isinstance(stmt, c_ast.If) and stmt.iffalse is None and _ends_with_continue(stmt.iftrue)):
            return False
        return "prob" in self._pending or self.ctx.condition(stmt.cond) is None

    def _without_continue(self, stmt: c_ast.If, rest: list) -> c_ast.If:
        """``if (c) continue; rest`` -> ``if (!c) { rest }`` (the weighting of Algorithm 3 for
        that if: a stated prob(p) of c becomes 1 - p); ``if (c) { A; continue; } rest`` ->
        ``if (c) { A } else { rest }``. New nodes: the parsed tree may be cached."""
        body = [x for x in stmt.iftrue.block_items[:-1] if id(x) not in self._inserted_next] \
            if isinstance(stmt.iftrue, c_ast.Compound) else []  # the rest's end runs the loop's update
        rest_block = c_ast.Compound(list(rest), stmt.coord)
        if body:
            return c_ast.If(stmt.cond, c_ast.Compound(body, stmt.iftrue.coord), rest_block, stmt.coord)
        prob = self._pending.get("prob")
        if prob is not None and len(prob.value) == 1:
            self._pending["prob"] = dataclasses.replace(prob, value=[1.0 - prob.value[0]])
        return c_ast.If(c_ast.UnaryOp("!", stmt.cond, stmt.cond.coord), rest_block, None, stmt.coord)

    def _next_on_continue(self, body, nexts: list):
        """The loop body with what ends every pass run before each of its ``continue``s too (a
        continue goes to the loop's test: ``while (n--)``'s decrement, a ``for``'s next). The
        rotated loop puts them at the end of the body, which a continue skips: ``while (n--) { if
        (n % 4 == 1) continue; ... }`` never ended. A copy: the parsed tree may be cached."""
        if not nexts or not _own_continue(body):
            return body
        body = copy.deepcopy(body)
        _insert_before_continue(body, nexts, self._inserted_next)
        return body

    def _s_While(self, stmt, out):
        self._flush(out)
        if getopt_c.is_option_loop(stmt):
            self._getopt_loop(stmt, out)
            return
        iters_ann = self._take("iters")
        cond, updates = counted_condition(stmt.cond)
        body_node = stmt.stmt
        if iters_ann is None and (search := self._binary_search(stmt)) is not None:
            iters_ann, body_node = search
        body = self._loop_body(self._next_on_continue(body_node, updates), None)
        if self._user_calls(stmt.cond):  # the condition's calls: once before, then after each pass
            self._calls_first(stmt.cond, out)
            self._calls_first(stmt.cond, body)
        # while (n--) / while (--n): the update runs at every test, the last (failing) one too,
        # so it runs once before the loop and at the end of each pass (the loop rotated).
        self._updates(updates, out)
        self._updates(updates, body)
        self._while(stmt, cond, body, iters_ann, out, kind="while")

    def _getopt_loop(self, stmt, out) -> None:
        """``while ((opt = getopt(..)) != -1) switch (opt) ...``: each option's value read into a
        critical variable is an optional input, set where the loop stands (getopt.py)."""
        read = getopt_c.targets(getopt_c.loop_reads(stmt, READERS), self.critical.is_tracked)
        getopt = isinstance(stmt, c_ast.While) and getopt_c.is_getopt_loop(stmt)
        self.problem("assumption", getopt_c.note(read, getopt), stmt)
        if not read:
            return
        seq = self._seq_for(stmt, out)
        for letter, name, source in read:
            named = self._input_name(source)
            if name == source:
                self._register_input(named, stmt, f"option {getopt_c._spelled(letter, getopt)}", name)
                self.inputs[named].optional = True  # not given: the variable keeps its value
            seq.defs.append((name, sympy.Symbol(f"input:{named}", real=True)))
        self._flush(out)

    def _binary_search(self, stmt):
        """A binary search with two moving bounds (frontends/c/halving.py): its worst-case trip
        count as an iters() annotation, and its body without the found-early breaks; or None."""
        found = halving_c.recognise(stmt)
        if found is None:
            return None
        (test, lo, hi, mid, lo_moves, hi_moves), body, found_probs = found
        lo_s, hi_s = self.ctx.sym(c_ast.ID(lo)), self.ctx.sym(c_ast.ID(hi))
        if lo_s is None or hi_s is None:
            return None
        line = stmt.coord.line if stmt.coord else 0
        count = halving.trip_count(test, lo_s, hi_s, mid, lo_moves, hi_moves)
        self.problem("assumption", halving.note(test, lo, hi, self.DIRECTIVE, line), stmt)
        self._found_probs.update(found_probs)
        return Annotation("iters", line, value=count, function=self.fn_name), body

    def _s_DoWhile(self, stmt, out):
        self._flush(out)
        iters_ann = self._take("iters")
        cond, updates = counted_condition(stmt.cond)
        body = self._loop_body(self._next_on_continue(stmt.stmt, updates), None)
        if self._user_calls(stmt.cond):  # tested after each pass
            self._calls_first(stmt.cond, body)
        self._updates(updates, body)  # do { } while (--count): the update ends each pass
        self._while(stmt, cond, body, iters_ann, out, kind="do")

    def _updates(self, updates: list, out: list[AAU]) -> None:
        """The increments and decrements of a loop condition, as statements of their own."""
        if not updates:
            return
        saved = self._cluster
        self._cluster = None
        for update in updates:
            self._expression(update, out, update)
        self._flush(out)
        self._cluster = saved

    def _for_as_while(self, stmt, out, iters_ann) -> None:
        """``for (init; cond; next)`` that is not a counted loop: init, then a while loop whose body
        ends with next; a function called in cond runs once before the loop and after every pass."""
        if stmt.init is not None:
            self._statement(stmt.init, out)
            self._flush(out)
        calls = self._user_calls(stmt.cond)
        if calls:
            self._calls_first(stmt.cond, out)
        # for (i = n; i-- > 0; ): the update in the test runs at every test, as in while (n--)
        cond, updates = counted_condition(stmt.cond)
        self._updates(updates, out)
        nexts = ([stmt.next] if stmt.next is not None else []) + updates
        body = self._loop_body(self._next_on_continue(stmt.stmt, nexts), None)
        if stmt.next is not None:
            saved = self._cluster
            self._cluster = None
            self._expression(stmt.next, body, stmt.next)
            self._flush(body)
            self._cluster = saved
        if calls:
            self._calls_first(stmt.cond, body)
        self._updates(updates, body)
        self._while(stmt, cond, body, iters_ann, out, kind="for")

    def _pointer_walk(self, where) -> str | None:
        cond = getattr(where, "cond", None)
        for n in T.walk(cond) if cond is not None else ():
            if isinstance(n, c_ast.ID) and pointers.is_pointer(self.ctx.ctype(n)) and not self.ctx.ctype(n).is_array:
                return n.name
        return None

    def _while(self, stmt, cond_node, body, iters_ann, out, kind: str) -> None:
        cond = self.ctx.condition(cond_node) if cond_node is not None else sympy.true
        loop = self._new(Iter, stmt, cond=cond, body=body, kind=kind, limit_type="nostep",
                         label=f"{kind} ({T.label(cond_node, 40) if cond_node is not None else ''})")
        if cond_node is not None:
            self.ctx.count(cond_node, loop.cond_counts, [])
            if iters_ann is None:
                self._unfollowed_condition(cond_node, cond)
        self._classify_while(loop, iters_ann, stmt)
        annotate_loop_accesses(loop)
        out.append(loop)


# -- helpers ---------------------------------------------------------------------------------


def _canonical_for(stmt: c_ast.For, ctx: ExprContext):
    """Recognise ``for (i = lo; i OP hi; i += s)``; returns (var, lo, hi, op, step, has_step)."""
    init = stmt.init
    if isinstance(init, c_ast.DeclList) and len(init.decls) == 1 and init.decls[0].init is not None:
        var, lo = init.decls[0].name, init.decls[0].init
    elif isinstance(init, c_ast.Assignment) and init.op == "=" and isinstance(init.lvalue, c_ast.ID):
        var, lo = init.lvalue.name, init.rvalue
    else:
        return None
    cond = stmt.cond
    if not isinstance(cond, c_ast.BinaryOp) or cond.op not in ("<", "<=", ">", ">=", "!="):
        return None
    left, right = _offset_limit(cond.left, cond.right, var), _offset_limit(cond.right, cond.left, var)
    if left is not None:
        op, hi = cond.op, left
    elif right is not None:
        op, hi = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "!=": "!="}[cond.op], right
    else:
        return None
    nxt = stmt.next
    one = c_ast.Constant("int", "1")
    if isinstance(nxt, c_ast.UnaryOp) and isinstance(nxt.expr, c_ast.ID) and nxt.expr.name == var:
        if nxt.op in ("p++", "++"):
            return var, lo, hi, op, one, False
        if nxt.op in ("p--", "--"):
            return var, lo, hi, op, c_ast.Constant("int", "-1"), False
        return None
    if isinstance(nxt, c_ast.Assignment) and isinstance(nxt.lvalue, c_ast.ID) and nxt.lvalue.name == var:
        if nxt.op in ("+=", "-="):
            step = nxt.rvalue if nxt.op == "+=" else c_ast.UnaryOp("-", nxt.rvalue)
            literal_one = isinstance(nxt.rvalue, c_ast.Constant) and nxt.rvalue.value == "1"
            return var, lo, hi, op, step, not literal_one
        if nxt.op == "=" and isinstance(nxt.rvalue, c_ast.BinaryOp) and nxt.rvalue.op in "+-" \
                and isinstance(nxt.rvalue.left, c_ast.ID) and nxt.rvalue.left.name == var:
            step = nxt.rvalue.right if nxt.rvalue.op == "+" else c_ast.UnaryOp("-", nxt.rvalue.right)
            return var, lo, hi, op, step, True
    return None


def _declares(node, name: str) -> bool:
    return any(isinstance(n, c_ast.Decl) and n.name == name for n in T.walk(node))


_IDENTITY = {"=": None, "+=": "0", "-=": "0", "*=": "1", "/=": "1"}  # i = i, i += 0, i *= 1 ...


def _moves(node, name: str) -> bool:
    """Does ``node`` change variable ``name`` (an assignment that is not an identity, ++, --)?"""
    for n in T.walk(node):
        if isinstance(n, c_ast.UnaryOp) and n.op in ("p++", "p--", "++", "--") and T.target_name(n.expr) == name:
            return True
        if isinstance(n, c_ast.Assignment) and T.target_name(n.lvalue) == name:
            same = n.rvalue.name == name if isinstance(n.rvalue, c_ast.ID) else False
            unit = isinstance(n.rvalue, c_ast.Constant) and n.rvalue.value == _IDENTITY.get(n.op)
            if not (same if n.op == "=" else unit):
                return True
    return False


def _offset_limit(side, other, var: str):
    """The limit of ``var`` when ``side`` is ``var``, ``var + c``, ``c + var`` or ``var - c`` (c
    not reading var) compared with ``other``: ``i + 1 < n`` is ``i < n - 1``. None otherwise."""
    if isinstance(side, c_ast.ID) and side.name == var:
        return other
    if not (isinstance(side, c_ast.BinaryOp) and side.op in "+-"):
        return None
    is_var = lambda n: isinstance(n, c_ast.ID) and n.name == var  # noqa: E731
    if is_var(side.left) and var not in names_in(side.right):
        return c_ast.BinaryOp("-" if side.op == "+" else "+", other, side.right, side.coord)
    if side.op == "+" and is_var(side.right) and var not in names_in(side.left):
        return c_ast.BinaryOp("-", other, side.left, side.coord)
    return None


def _trip_count(lo, hi, step, op: str):
    """Iterations of ``for (i = lo; i OP hi; i += step)`` as a closed form (None for a constant
    step of 0: the loop is then interpreted, and reported if it cannot end)."""
    if step.is_number and step == 0:
        return None
    if op == "<":
        n = sympy.ceiling((hi - lo) / step)
    elif op == "<=":
        n = sympy.floor((hi - lo) / step) + 1
    elif op == ">":
        n = sympy.ceiling((lo - hi) / (-step))
    elif op == ">=":
        n = sympy.floor((lo - hi) / (-step)) + 1
    else:  # !=: ends only where i meets hi exactly; else never (not before i wraps): no count
        n = (hi - lo) / step
        return sympy.Piecewise((n, sympy.And(n >= 0, sympy.Eq(n, sympy.floor(n)))), (sympy.nan, True))
    return sympy.Max(0, n)


_LOOPS = (c_ast.For, c_ast.While, c_ast.DoWhile)


def _own_continue(node) -> bool:
    """A ``continue`` of this loop (not of a loop nested in it)."""
    if isinstance(node, c_ast.Continue):
        return True
    return not isinstance(node, _LOOPS) and any(_own_continue(c) for _, c in node.children())


def _insert_before_continue(node, nexts: list, inserted: set) -> None:
    """In place (on a copy): each continue of this loop becomes ``{ next...; continue; }``."""
    for name, child in node.children():
        if isinstance(child, _LOOPS):
            continue
        if isinstance(child, c_ast.Continue):
            copies = [copy.deepcopy(n) for n in nexts]
            inserted.update(id(c) for c in copies)
            block = c_ast.Compound(copies + [child], child.coord)
            if "[" in name:
                attr, k = name[:-1].split("[")
                getattr(node, attr)[int(k)] = block
            else:
                setattr(node, name, block)
        else:
            _insert_before_continue(child, nexts, inserted)


def _ends_with_continue(stmt) -> bool:
    """``continue;`` or a block whose last statement is ``continue;``."""
    if isinstance(stmt, c_ast.Compound):
        return bool(stmt.block_items) and isinstance(stmt.block_items[-1], c_ast.Continue)
    return isinstance(stmt, c_ast.Continue)


def _conditions(stmt) -> c_ast.ExprList:
    """The conditions of an if / else if chain, as one node to walk."""
    conds = []
    node = stmt
    while isinstance(node, c_ast.If):
        conds.append(node.cond)
        node = node.iffalse
    return c_ast.ExprList(conds)


def counted_condition(cond):
    """A loop condition with ``n--`` / ``--n`` / ``i++ < m`` in it: (the condition on the values
    after the updates, the updates as assignments). ``--n`` reads the new value, ``n--`` the old
    one (``n + 1`` once n is decremented). The tree is copied, not changed (it may be cached)."""
    if cond is None:
        return cond, []
    found = [n for n in T.walk(cond) if isinstance(n, c_ast.UnaryOp) and n.op in ("p++", "p--", "++", "--")
             and isinstance(n.expr, c_ast.ID)]
    if not found or len({n.expr.name for n in found}) != len(found):
        return cond, []  # none, or one variable updated twice: left to the general rule
    updates = []
    replaced = {}
    for n in found:
        name, coord = n.expr.name, n.coord
        up = "+" in n.op
        updates.append(c_ast.Assignment("+=" if up else "-=", c_ast.ID(name, coord),
                                        c_ast.Constant("int", "1", coord), coord))
        if n.op.startswith("p"):  # post: the value before the update
            replaced[id(n)] = c_ast.BinaryOp("-" if up else "+", c_ast.ID(name, coord),
                                             c_ast.Constant("int", "1", coord), coord)
        else:
            replaced[id(n)] = c_ast.ID(name, coord)
    return T.rebuilt(cond, replaced), updates
