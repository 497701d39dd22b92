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

Loops with communication inside (which processes communicate must be known), an exit branch that
is the final else, or a loop with another jump out, keep the refusal of chain.visit_CondtD.
"""
from __future__ import annotations

from copy import copy

import sympy

from frontends.aag import Condt, Iter, Seq
from frontends.aag.bodies import has_jump

from interp.errors import InputError
from interp.models.omega import NotClosed


class EarlyExit:
    """IterND loops of a chain (mixed into ``chain.Chain``): the early exit on data, else
    iteration by iteration (visit_IterSync)."""

    def visit_IterND(self, a):
        found = _exit_branch(a) if a.num_iters is not None and a.var is not None and not a.has_sync() else None
        if found is None or not self._exit_on_data(a, *found):
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


    def stated_exit(self, c: Condt, exc: NotClosed):
        """The time of an if on data whose branch breaks out of a loop that runs the count the
        user stated (``iters(N)`` above it, docs/model.md "An exit under a stated count"): the
        stated count ends the loop, so the exit branch is weighed as never taken (0) and its
        condition is tested at every pass. Any other jump under a condition on data: refused."""
        loop = _loop_of(c, self.aag, self.engine._inner)
        branches = []
        for b in c.branches:
            if b.body and isinstance(b.body[-1], Seq) and b.body[-1].control == "break" and not b.is_else:
                b = copy(b)
                b.data_dependent, b.prob, b.stated, b.body = True, 0.0, True, []
            branches.append(b)
        if loop is not None and loop.iters_annotation is not None and branches != c.branches:
            weighed = copy(c)
            weighed.branches = branches
            try:
                time = self.model.condt(weighed)
            except NotClosed:
                pass
            else:
                self.engine.notes.pop(("weighted", c.id), None)  # no 0.5: the stated count decides
                self.engine.notes.setdefault(("stated exit", c.id), (
                    f"{loop.loc}: the loop makes the passes its iters() states; the exit on data at line "
                    f"{c.loc.first} ends it then, so it is taken as never taken before (docs/model.md, "
                    "'An exit under a stated count')"))
                return time
        where = getattr(exc.args[0], "loc", c.loc) if exc.args else c.loc
        raise InputError(f"{c.loc}: a branch on data leaves its loop or function (line {where.first}): "
                         "interp cannot tell when that happens (a received tag or status field, a value "
                         "from data); it weighs such an exit only in a counted loop that does not communicate "
                         "(docs/model.md, 'An early exit on data'); make the condition depend on inputs, the "
                         f"rank and constants, or state how many passes the loop makes with '{self.directive} "
                         "iters(N)' above it") from None


def _loop_of(c: Condt, aag, memo: dict):
    """The innermost loop whose body holds ``c`` (the loop a break in ``c`` leaves), or None."""
    key = ("loop of", c.id)
    if key not in memo:
        memo[key] = None
        for fn in aag.functions.values():
            for x in fn.body:
                for y in x.walk():
                    if isinstance(y, Iter) and any(z.id == c.id for z in _direct(y.body)):
                        memo[key] = y
    return memo[key]


def _direct(body):
    """The AAUs of a loop body and of its ifs' branches, not those inside nested loops."""
    for x in body:
        yield x
        if isinstance(x, Condt):
            for b in x.branches:
                yield from _direct(b.body)


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
