"""A loop whose body is a straight-line recurrence, run to its end at once (mixed into ``chain.Chain``).

``while (x*x + y*y < 4.0 && it < maxiter) { t = x*x - y*y + cr; y = 2*x*y + ci; x = t; it++; }``
(a Mandelbrot pixel, a Newton iteration, Collatz written without branches) ends when its values
say: no closed form gives the count, and interpreting it cost 15-20 us of CPU an iteration, so a
Mandelbrot image of 10^5 pixels took minutes to predict.

Where the body is Seqs only (no branch, call, message or annotation), every assignment has an
expression the engine compiles and none reads an array element, each iteration costs the same
(no division whose time depends on its operands' widths): the run applies the body's assignments
with the engine's own compiled functions, in the program's order, testing the loop's condition
before each pass as the interpretation does, and counts the passes K. The K iterations are then
charged at once by exit_scan's charging (the same per-iteration times, checked against the
interpretation's at iteration 0), the variables get their values after K passes, and
interpretation resumes at iteration K, which tests the condition and leaves. The values are the
interpretation's: the same functions on the same floats in the same order.
"""
from __future__ import annotations

from operator import itemgetter

from frontends.aag import Iter, Seq
from frontends.aag import symexpr as S

from interp.engine.compiled import Unknown
from interp.engine.fused import fuse

MAX_RUN = 1 << 24  # passes run at once (about 15 s at 1 us a pass); interpretation goes on after


class RecurrenceRun:
    """The run of a straight-line recurrence loop to its end (see the module doc)."""

    def recurrence_run(self, a: Iter, n_known) -> int:
        """Charge the passes of ``a`` before its condition fails at once; returns how many (0:
        none, interpretation goes on from the start)."""
        if n_known is not None or self.engine.tracing or self.sym_waits is not None:
            return 0
        key = ("recurrence", a.id)
        memo = self.engine._inner
        if key not in memo:
            memo[key] = _plan(a)
        plan = memo[key]
        if plan is None or self.predicted_branches(a):
            return 0
        try:
            k, values = self._run(a, plan)
            if k < 2:
                return 0
            times = self._pass_times(a)
        except (Unknown, ZeroDivisionError, OverflowError, ValueError, TypeError):
            return 0
        if times is None:
            return 0
        self._charge_passes(a, [a] + list(a.body), times, k)
        for name, value in values.items():
            self.assign(name, value)
        return k

    def _pass_times(self, a: Iter):
        """One pass's time per AAU (the loop's own first), the same in every pass and every
        execution on this node model: the plan has no quotient whose width varies, no element,
        call or work, so nothing in them depends on the values (kept per loop and model)."""
        key = ("recurrence times", a.id, id(self.model))
        memo = self.engine._inner
        if key not in memo:
            times = self._iteration_times(a, list(a.body), {}, 1)
            memo[key] = (None if times is None else [float(t[0]) for t in times], self.model)
        return memo[key][0]

    def _charge_passes(self, a: Iter, aaus: list, times: list[float], k: int) -> None:
        """exit_scan's _charge_bulk for k passes that each cost ``times`` (per AAU): the loop's own
        to the loop, each Seq's statistics its first and last pass and the k - 2 between, the
        clock advanced; without building vectors of k."""
        per_pass = 0.0
        for t in times:
            per_pass += t
        first = self.clock + self.offset
        last = first + per_pass * (k - 1)
        offset = 0.0
        for x, t in zip(aaus, times):
            spent = t * k
            if x is not a:
                s = self.stats(x)
                s.record(first + offset, t)
                s.record(last + offset, t)
                s.total += spent - 2 * t
                s.executions += k - 2
            self.charge(x, spent)
            offset += t
        self.clock += per_pass * k

    def _run(self, a: Iter, plan) -> tuple[int, dict]:
        """Passes until the condition fails (at most MAX_RUN), and the values they leave."""
        key = ("recurrence layout", a.id)
        memo = self.engine._inner
        if key not in memo:
            try:
                memo[key] = _layout(self.engine.compiled, plan)
            except Unknown:
                memo[key] = None
        if memo[key] is None:
            raise Unknown("a summed or element-reading form")
        order, read, targets, run, test, steps = memo[key]
        vals = [self.lookup(n) if r else None for n, r in zip(order, read)]
        if run is not None:
            k, vals = run(vals, MAX_RUN)
        else:
            k = 0
            while k < MAX_RUN and test[0](*test[1](vals)):
                for at, fn, pick in steps:
                    vals[at] = fn(*pick(vals))
                k += 1
        return k, {name: vals[at] for name, at in targets}


def _layout(compiled, plan):
    """How a recurrence loop runs, the same for every execution: the names in slots (sorted),
    which are read before the first pass, the assigned names' slots, the loop as one function
    (fused.py, or None), and the separate functions with their argument pickers."""
    cond, assigns = plan
    c_names, c_fn = compiled.get(cond)
    fns = []
    for name, expr in assigns:
        names, fn = compiled.get(expr)
        if names is None:
            raise Unknown(name)  # a summed or element-reading form: not a plain function
        fns.append((name, names, fn))
    if c_names is None:
        raise Unknown("condition")
    # The values in one list, each function's arguments picked by position (a dict and a list
    # built per call cost more than the functions themselves: 9 us a pass, 4 with the pickers,
    # under 1 as one function).
    order = sorted(set(c_names).union(*(names for _, names, _ in fns), (name for name, _, _ in fns)))
    slot = {n: i for i, n in enumerate(order)}
    used = set(c_names).union(*(names for _, names, _ in fns))
    read = [n in used for n in order]
    targets = [(name, slot[name]) for name in dict.fromkeys(name for name, _, _ in fns)]
    run = fuse((c_fn, [slot[n] for n in c_names]),
               [(slot[name], fn, [slot[n] for n in names]) for name, names, fn in fns], len(order))
    test = (c_fn, _picker([slot[n] for n in c_names]))
    steps = [(slot[name], fn, _picker([slot[n] for n in names])) for name, names, fn in fns]
    return order, read, targets, run, test, steps


def _picker(slots: list[int]):
    """A function of the value list giving the arguments at ``slots``, as a tuple."""
    if not slots:
        return lambda vals: ()
    if len(slots) == 1:
        at = slots[0]
        return lambda vals: (vals[at],)
    return itemgetter(*slots)


def _plan(a: Iter):
    """(the loop's condition, its assignments in order) when the loop is a straight-line
    recurrence the run can take; else None."""
    if a.var is not None or a.cond is None or a.kind == "do" or not a.body:
        return None
    if not isinstance(a.cond, S.sympy.Basic) or a.cond.has(S.Elem) or a.cond_counts.quotients:
        return None
    steps = []
    for x in a.body:
        if not isinstance(x, Seq) or x.control or x.cost is not None or x.work is not None \
                or x.counts.quotients or x.returned is not None or x.unmodelled:
            return None
        for name, expr in x.defs:
            if expr is None or not name.isidentifier() or not isinstance(expr, S.sympy.Basic) or expr.has(S.Elem):
                return None
            steps.append((name, expr))
    return (a.cond, steps) if steps else None
