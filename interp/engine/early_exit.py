"""A counted loop that a branch on data leaves early: ``for (i = 0; i < n; i++) { A; if (data) {
B; break; } C; }`` (Fortran ``IF (data) EXIT``), or ``return`` in place of ``break`` (docs/model.md,
"An early exit on data").

When the exit happens is data, so it cannot be interpreted; it is weighed as a stated default:

- without ``prob()``, the exit is equally likely at any of the n iterations (a search that finds
  what it looks for): E = (n + 1) / 2 iterations on average; ``--bound best`` takes 1, ``--bound
  worst`` n (Bound.pick over [1, n]: its mid is exactly (n + 1) / 2);
- with ``prob(p)`` on the ``if``, the exit is taken with probability p at each iteration reached:
  E = (1 - (1 - p)^n) / p iterations (n when p = 0); best and worst take the ends 1 and n too.

Per iteration the exit branch is then weighed with q, chosen so that it runs as often as the rule
says: q = 1 / E without prob() (B runs once), q = p with it (B runs 1 - (1 - p)^n times); C runs
E (1 - q) times. That is the loop written ``if (c) { B; continue; } C`` with E iterations and
P(c) = q, which the node model costs in closed form (omega.condt's continue), as it costs ``if
(data) continue;`` (docs/model.md, "A continue on data"). A ``return`` exit also ends the function
after the loop: what follows the loop there is not costed (the default's search always finds).

Loops with communication inside (which processes communicate must be known) are interpreted
iteration by iteration: there a ``break`` on data in a counted loop is taken as never taken, the
loop running its count or its iters(N) (``leave_on_data``); an exit branch that is the final else,
a loop with no count or with another jump out, keep the refusal.
"""
from __future__ import annotations

import re

from copy import copy

import sympy

from frontends.aag import Condt, Iter, Seq
from frontends.aag.bodies import has_jump

from interp.errors import InputError
from interp.engine.compiled import Unknown
from interp.models.omega import NotClosed


# Notes of exits on data taken as never taken (leave_on_data, loop_condition): a hang the
# engine reports may come from them, and its message says so.
ASSUMED_EXITS = ("full count", "data part")


class EarlyExit:
    """IterND loops of a chain (mixed into ``chain.Chain``): the early exit on data, else
    iteration by iteration (visit_IterSync)."""

    def visit_IterND(self, a):
        # communicates(): in its body or a function it calls (err = gmax(local) wrapping an
        # MPI_Allreduce), which has_sync() does not see
        found = _exit_branch(a) if a.num_iters is not None and a.var is not None and not self.communicates(a) \
            else None
        if found is None or not self._exit_on_data(a, *found):
            if found is None and self._sampled_nest(a):  # sampling.py: a large nest, no message or jump
                return (yield from self.sampled(a, int(self.try_eval(a.num_iters))))
            return (yield from self.visit_IterSync(a))
        n = self.try_eval(a.num_iters)
        if not isinstance(n, (int, float)) or not self.engine.closed_forms \
                or self.engine.may_end(a, self.aag.functions):
            return (yield from self.visit_IterSync(a))  # its refusal: no count, or no closed form
        n = max(0, int(n))
        weighed, control = self._weighed_loop(a, found[0], found[1], n)
        try:  # a callee that communicates or has no closed form: the loop must be interpreted
            self.model.iterd(weighed)
        except NotClosed:
            return (yield from self.visit_IterSync(a))
        yield from self.visit_IterD(weighed)
        self.assign(a.var, None)  # where it stopped is data
        return "return" if control == "return" and n > 0 else None

    def _sampled_nest(self, a) -> bool:
        """A counted loop whose values vary with data (the pixels of an image: a count of escapes)
        is sampled as a deterministic one is (sampling.py) where it holds a large nest, or lies in
        a loop being sampled: no message, no jump out, nothing that may end the process inside."""
        if a.num_iters is None or a.var is None or self.communicates(a) or not self.engine.sampling \
                or has_jump(a.body) or self.engine.may_end(a, self.aag.functions):
            return False
        n = self.try_eval(a.num_iters)
        if not isinstance(n, (int, float)) or not (self._sampling > 0 or self._holds_loop(a)):
            return False
        return self.sample(a, n)

    def _refuse_data_loop(self, a: Iter) -> int:
        """The parse found no expression for the loop's condition (it reads rand(), an array of
        data, or calls a function of the program): nothing the interpretation knows would end it
        (issue 13: it ran into the budget). Check's survey lists the refusal and goes on as if
        the loop ran once, its trip count returned: before, the loop ran on with no condition to
        end it until check's time budget (a bound read from an array of structs, 2026-12)."""
        if self.engine.survey is not None:
            self.surveyed(lambda: self._refuse_data_loop_now(a), "refused loop")
            return 1
        self._refuse_data_loop_now(a)

    def _refuse_data_loop_now(self, a: Iter):
        called = sorted(f for f in self.aag.functions if re.search(rf"\b{re.escape(f)}\s*\(", a.label or ""))
        if called:  # a call in a loop's condition is not evaluated again at each test
            raise InputError(
                f"{a.loc}: this loop's condition calls {', '.join(f + '()' for f in called)}, and interp does not "
                "evaluate a call in a loop condition again at each test; assign the call's value to a variable "
                "before the loop and again at the end of its body (v = f(x); while (v != t) { ...; v = f(x); }), "
                f"or state the loop's trip count with '{self.directive} iters(N)' above line {a.loc.first}")
        # No -D: the condition has no expression whatever the inputs' values (a -D value only
        # replaces an input's name in one); it said "or give the inputs it depends on with -D",
        # for a bound read from an array of structs that no input sets.
        label = (a.label or "").strip()
        if re.fullmatch(r"(for|while|do) \(.*\)", label):  # C: for (i < lev[l].g.n)
            said = f"its condition '{label[label.index('(') + 1:-1].strip()}'"
        else:  # Fortran: do i = 1, lev(l) % n
            said = f"its header '{label}'" if label else "its condition"
        raise InputError(f"{a.loc}: the trip count of this loop cannot be known: {said} reads values "
                         "the parse does not follow (data such as rand() or a file gives, or values interp does "
                         f"not track); state it with '{self.directive} iters(N)' above line {a.loc.first} "
                         "(N: its mean trip count)")

    def _exit_on_data(self, a, j: int, k: int) -> bool:
        """Is the exit's condition on data: so at the parse, or its value unknown at the first
        iteration on this process (a value from data the parse tracks)?"""
        b = a.body[j].branches[k]
        if b.data_dependent:
            return True
        if b.cond is None:
            return False
        lo = self.try_eval(a.lo) if a.lo is not None else None
        if lo is None:
            return False
        self.assign(a.var, lo)
        return self.try_eval(b.cond) is None

    def _weighed_loop(self, a, j: int, k: int, n: int):
        """The loop as the rule weighs it: E iterations, the exit branch a continue of weight q."""
        key = ("early exit", a.id, n)
        memo = self.engine._inner
        if key not in memo:
            c = a.body[j]
            b = c.branches[k]
            stated = b.data_dependent and b.stated
            p = float(b.prob) if stated else None
            if not stated and self.engine.no_defaults:
                raise InputError(f"{a.loc}: --strict: the loop is left early on data (line {c.loc.first}) and its "
                                 f"exit would be taken as equally likely at any of its {n} iterations; state the "
                                 f"exit's probability per iteration with '{self.directive} prob(p)' above line "
                                 f"{c.loc.first}")
            bound = self.engine.bound
            if n == 0:
                iters, q = 0.0, 0.0
            elif bound.kind == "mid" and stated:
                iters = float(n) if p == 0 else (1 - (1 - p) ** n) / p
                q = p
            else:  # B runs once, after E iterations on average (or at the bound's end)
                iters = float(bound.pick(sympy.Integer(1), sympy.Integer(n), True))
                q = 1.0 / iters
            branch = copy(b)
            branch.data_dependent, branch.prob = True, q
            last = copy(b.body[-1])
            control, last.control = last.control, "continue"
            branch.body = b.body[:-1] + [last]
            cond = copy(c)
            cond.branches = c.branches[:k] + [branch] + c.branches[k + 1:]
            loop = copy(a)
            loop.body = a.body[:j] + [cond] + a.body[j + 1:]
            loop.num_iters, loop.cls = sympy.Float(iters), "IterD"
            loop.effects, loop.clobbers = None, sorted(set(a.clobbers or ()) | {a.var})
            memo[key] = (loop, control)
            self._note_exit(a, c, b, n, iters, stated, p, control)
        return memo[key]

    def _note_exit(self, a, c, b, n: int, iters: float, stated: bool, p, control: str) -> None:
        word = "returns" if control == "return" else "breaks"
        line = b.body[-1].loc.first if b.body[-1].loc else a.loc.first
        cond_line = c.loc.first if c.loc else line
        bound = self.engine.bound.kind
        if stated:
            how = f"prob({p:g}) per iteration: (1 - (1 - p)^n) / p = {iters:g} of its {n} iterations"
        else:
            how = f"the exit equally likely at any of its {n} iterations: (n + 1) / 2 = {iters:g}"
        if bound in ("best", "worst"):
            how = f"--bound {bound}: {iters:g} of its {n} iterations"
        self.engine.notes.setdefault(("early exit", a.id), (
            f"{a.loc}: the loop {word} early on data (line {line}); taken as {how} (docs/model.md, "
            f"'An early exit on data'); state the exit's probability per iteration with "
            f"'{self.directive} prob(p)' above the if at line {cond_line}"))


    def leave_on_data(self, c, jump) -> None:
        """A branch on data of ``c`` jumps out (``jump``, the AAU without a closed form): in a
        counted loop that communicates, interpreted iteration by iteration, a ``break`` there (a
        convergence test on an MPI_Allreduce'd residual) is taken as never taken: the loop runs its
        count, which ``iters(N)`` above the loop replaces, and the note says so. Anything else
        is refused, naming the line."""
        loop = _enclosing_loops(self.engine, self.aag.functions).get(c.id)
        if loop is None or loop.num_iters is None or not self.communicates(loop) \
                or getattr(jump, "control", None) != "break" \
                or self.engine.no_defaults:
            where = getattr(jump, "loc", None) or c.loc
            raise InputError(f"{c.loc}: a branch on data leaves its loop or function (line {where.first}): "
                             "interp cannot tell when that happens (a received tag or status field, a value "
                             "from data); it weighs such an exit only in a counted loop (docs/model.md, 'An early "
                             "exit on data'); state the loop's trip count with "
                             f"'{self.directive} iters(N)' above it, or make the condition depend on inputs, the "
                             "rank and constants")
        tested = sum(b.nconds for b in c.branches if not b.is_else) * self.model.t("cond.per_condition")
        self.compute(c, tested + sum(self.model.expr_counts(b.cond_counts) for b in c.branches))
        self.engine.notes.pop(("weighted", c.id), None)  # not weighted: the exit is not taken
        if loop.iters_annotation is None:
            self.engine.notes.setdefault(("full count", loop.id), (
                f"{loop.loc}: the loop may leave early on data (the break at line {jump.loc.first}); it is "
                f"predicted for its whole count, as if the exit were never taken (docs/model.md, 'An early "
                f"exit on data'); state how many iterations it runs with '{self.directive} iters(N)' above "
                f"line {loop.loc.first}"))


    def loop_condition(self, a) -> bool:
        """The condition of a loop with no count at an iteration's start. ``while (err > tol &&
        iter < maxiter)`` around an MPI_Allreduce of err: the part on data is taken as holding,
        so the loop runs until the part the interpretation knows fails (the iteration cap), as
        a break on data in a counted loop that communicates does (``leave_on_data``); the note
        names ``iters(N)``. Any other condition on data is an error naming it."""
        if isinstance(a.cond, sympy.And) and self.communicates(a) and not self.engine.no_defaults:
            known, data = [], []
            for part in a.cond.args:
                try:
                    known.append(self.eval(part, "loop condition"))
                except Unknown as exc:
                    if exc.name.startswith("input:"):
                        break  # a missing -D input: need() says so
                    data.append(part)
            else:
                if data and known:
                    self.engine.notes.setdefault(("data part", a.id), (
                        f"{a.loc}: the part of the loop's condition that reads data "
                        f"({', '.join(str(d) for d in data)}) is taken as holding: the loop runs until the "
                        f"rest fails, its most iterations (docs/model.md, 'An early exit on data'); state how "
                        f"many it runs with '{self.directive} iters(N)' above line {a.loc.first}"))
                    return all(self.concrete(k, "loop condition") for k in known)
        return bool(self.concrete(self.need(a.cond, "loop condition"), "loop condition"))


def _enclosing_loops(engine, functions: dict) -> dict:
    """Condt id -> the innermost loop around it (through branches, not into calls)."""
    key = ("enclosing loops", id(functions))
    if key not in engine._inner:
        out: dict = {}

        def visit(body, loop):
            for x in body:
                if isinstance(x, Condt):
                    if loop is not None:
                        out[x.id] = loop
                    for b in x.branches:
                        visit(b.body, loop)
                elif isinstance(x, Iter):
                    visit(x.body, x)
        for fn in functions.values():
            visit(fn.body, None)
        engine._inner[key] = out
    return engine._inner[key]


def _exit_branch(a):
    """(position in the body, branch) of an if standing in the loop body whose conditional branch
    ends with ``break`` or ``return`` while nothing else in the body jumps out; else None."""
    found = None
    for j, x in enumerate(a.body):
        if not isinstance(x, Condt):
            continue
        for k, b in enumerate(x.branches):
            if b.body and isinstance(b.body[-1], Seq) and b.body[-1].control in ("break", "return") \
                    and (b.cond is not None or b.data_dependent):
                if found is not None or has_jump(b.body[:-1]):
                    return None
                found = (j, k)
    if found is None:
        return None
    j, k = found
    c = a.body[j]
    others = a.body[:j] + a.body[j + 1:] + [y for i, b in enumerate(c.branches) if i != k for y in b.body]
    return None if has_jump(others, closed_continue=True) else found
