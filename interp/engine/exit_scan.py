"""A search loop's iterations up to its exit, found at once (mixed into ``chain.Chain``).

``for (j = 2; j < i; j++) if (i % j == 0) { prime = 0; break; }`` (trial division, a divisor or a
first-match search on values the engine knows) is interpreted iteration by iteration: when it ends
depends on the values, and no closed form gives it. Interpreting it cost 15-20 us of CPU an
iteration, so a prime count to 10^5 (4 x 10^8 tests) could not be predicted in full and its
sampled estimate rested on 25 primes.

Where the loop's test and its exit condition read only the loop variable and names the loop does
not change, the iterations before the exit all do the same thing: test, the statements before and
after the ``if`` (no assignment), the ``if``'s test not taken. The scan evaluates both conditions
over the loop variable's values with numpy, in chunks of growing size, and finds K, the first
iteration that leaves (its test fails or the exit is taken); the K iterations are charged at once,
each with the time the interpretation would give it (the divider's time at each quotient's width,
the iteration window of interp/engine/overlap.py), and interpretation resumes at iteration K, which
interprets the exit. The result is the interpretation's: the conditions are checked with the
engine's own evaluation at K - 1 and K, the per-iteration times at iteration 0, and any difference
(or an expression numpy cannot take) falls back to interpretation.
"""
from __future__ import annotations

from frontends.aag import Condt, Iter, Seq
from frontends.aag import symexpr as S

from interp.engine.compiled import Unknown
from interp.engine.lazynp import np  # imported at the first scan: a run without one does not pay it
from interp.engine.mispredict import CONTINUE
from interp.engine.overlap import Window

FIRST_CHUNK = 256      # iterations evaluated in the first chunk; doubled each chunk...
LAST_CHUNK = 1 << 20   # ...up to this many
MAX_SCANNED = 1 << 28  # iterations scanned in one execution of a loop before interpretation resumes


def _c_div(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if np.any(b == 0):
        raise ZeroDivisionError("integer division by zero")
    return (a - np.fmod(a, b)) / b   # exact for whole numbers below 2^53: C's truncation


def _c_mod(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if np.any(b == 0):
        raise ZeroDivisionError("integer remainder by zero")
    return np.fmod(a, b)   # the sign of the dividend, as C's %


def _bits(op: str):
    return lambda a, b: getattr(np, op)(np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)).astype(float)


VECTOR_FUNCS = {
    "CDiv": _c_div, "CMod": _c_mod,
    "BXor": _bits("bitwise_xor"), "BAnd": _bits("bitwise_and"), "BOr": _bits("bitwise_or"),
    "Shl": _bits("left_shift"), "Shr": _bits("right_shift"),
    "Truth": lambda a: (np.asarray(a) != 0).astype(float),
    "CTrunc": lambda a: np.trunc(a),
}


class ExitScan:
    """The fast-forward of a search loop to its exit (see the module doc)."""

    def scan_plan(self, a: Iter):
        """The loop's parts the scan charges per iteration, or None when the scan does not apply."""
        key = ("exit scan", a.id)
        memo = self.engine._inner
        if key not in memo:
            memo[key] = _plan(a)
        return memo[key]

    def exit_scan(self, a: Iter, n_known, step) -> int:
        """Charge the iterations of ``a`` before its exit at once; returns how many (0: none,
        interpretation goes on from the start). The loop variable holds its start value."""
        plan = self.scan_plan(a)
        if plan is None or self.engine.tracing or self.sym_waits is not None:
            return 0
        test, body, branch, steps = plan
        if n_known is not None:  # a counted loop: the engine counts, its condition is not tested
            test = None
        try:
            start = {}
            for name, by in steps.items():  # each induction variable's start and step
                v, d = self.lookup(name), (step if name == a.var else self.try_eval(by))
                if not isinstance(v, (int, float)) or not isinstance(d, (int, float)) or d == 0 and name == a.var:
                    return 0
                if not (float(v).is_integer() and float(d).is_integer()) or abs(v) >= 2 ** 52:
                    return 0  # a real variable: interpretation adds its step, rounding each time
                start[name] = (float(v), float(d))
            limit = MAX_SCANNED if n_known is None else min(MAX_SCANNED, int(n_known))
            updated = _updated_before(body, next(i for i, x in enumerate(body) if isinstance(x, Condt)))
            k_exit = self._first_exit(test, updated, branch.cond, start, limit)
            if k_exit < 2 or not self._checked(a, test, updated, branch.cond, start, k_exit, limit):
                return 0
            times = self._iteration_times(a, body, start, k_exit)
        except (Unknown, ZeroDivisionError, FloatingPointError, OverflowError, ValueError, TypeError,
                NameError, _NotVector):  # NameError: a function numpy has no form of (lambdify)
            return 0
        if times is None:
            return 0
        if self.predicted_branches(a):  # mispredict.py at worst: continue, and the if not taken, k
            j = next(i for i, x in enumerate(body) if isinstance(x, Condt))  # times; only the first
            times[0][0] += self.outcome(a.id, CONTINUE)                      # can change the last
            times[1 + j][0] += self.outcome(body[j].id, len(body[j].branches))
        self._charge_bulk(a, [a] + body, times, k_exit)
        for name, (v, d) in start.items():
            self.assign(name, _number(v + k_exit * d))
        return k_exit

    # -- where the loop leaves ---------------------------------------------------------------
    def _vector(self, expr):
        """``expr`` as a numpy function of the loop's values, the other names at their values."""
        key = ("vector", id(expr))
        memo = self.engine._inner
        if key not in memo:
            names = sorted(S.free_names(expr))
            fn = S.sympy.lambdify([S.var(n) for n in names], expr, modules=[VECTOR_FUNCS, "numpy"])
            memo[key] = (names, fn, expr)
        return memo[key][:2]

    def _at(self, expr, start: dict, ks, updated=()):
        """``expr`` at iterations ``ks``: each induction variable at its start plus k steps (one
        more where the body has updated it already: ``updated``), the other names at their values."""
        names, fn = self._vector(expr)
        args = []
        for n in names:
            if n in start:
                v, d = start[n]
                args.append(v + d * (ks + 1 if n in updated else ks))
                continue
            v = self.lookup(n)
            if not isinstance(v, (int, float)):
                raise _NotVector(n)
            args.append(float(v))
        with np.errstate(all="raise"):
            out = fn(*args)
        return np.broadcast_to(np.asarray(out), np.shape(ks))

    def _first_exit(self, test, updated, exit_cond, start: dict, limit: int) -> int:
        """The first iteration whose test fails or whose exit is taken (``limit`` if none);
        ``updated``: the induction variables the body steps before the exit's if."""
        k, chunk = 0, FIRST_CHUNK
        while k < limit:
            n = min(chunk, limit - k)
            ks = np.arange(k, k + n, dtype=float)
            leave = np.asarray(self._at(exit_cond, start, ks, updated), dtype=bool)
            if test is not None:
                leave = leave | ~np.asarray(self._at(test, start, ks), dtype=bool)
            hit = np.flatnonzero(leave)
            if hit.size:
                return k + int(hit[0])
            k += n
            chunk = min(2 * chunk, LAST_CHUNK)
        return limit

    def _checked(self, a, test, updated, exit_cond, start: dict, k_exit: int, limit: int) -> bool:
        """The engine's own evaluation agrees at the first and last iterations charged and at
        the exit."""
        def leaves(k):
            for name, (v, d) in start.items():
                self.assign(name, _number(v + k * d))
            if test is not None and not self.loop_condition(a):
                return True
            for name in updated:
                v, d = start[name]
                self.assign(name, _number(v + (k + 1) * d))
            return bool(self.decide(self.need(exit_cond, "branch condition"), "branch condition"))
        try:
            ok = not leaves(0) and not leaves(k_exit - 1) and (k_exit >= limit or leaves(k_exit))
        finally:
            for name, (v, d) in start.items():
                self.assign(name, _number(v))
        return ok

    # -- what each iteration costs -----------------------------------------------------------
    def _iteration_times(self, a, body, start: dict, k: int):
        """Per item (the loop's overhead and test, each Seq, the if's tests), the vector of its
        time in each of the k iterations, as the interpretation charges them."""
        model = self.model
        ks = np.arange(k, dtype=float)
        _, per = model.loop_overheads(a)
        t1 = model.t("cond.per_condition")
        items = [("loop", per, a.cond_counts if a.cond is not None else None, ())]
        for i, x in enumerate(body):
            if isinstance(x, Condt):
                items.append(("tests", t1, x.branches[0].cond_counts, _updated_before(body, i)))
            else:
                items.append(("seq", x, x.counts, _updated_before(body, i)))
        windows = self.windows(a)
        widths = model.widths_known()
        out, window, charged = [], [np.zeros(k), np.zeros(k), np.zeros(k)], np.zeros(k)
        floor = model.chain_floor(a) if windows else 0.0
        for kind, what, counts, updated in items:
            ext = self._widths_vector(counts, start, ks, updated) if widths and counts is not None else 0.0
            if windows or widths:
                fixed_part, alu, div, mem = self._parts(kind, what, counts)
                div = div + ext
            if windows:  # the fixed part is issued on the pipelined ports too (overlap.py)
                window[0], window[1], window[2] = window[0] + fixed_part + alu, window[1] + div, window[2] + mem
                now = np.maximum(np.maximum(np.maximum(window[0], window[1]), window[2]), floor)
                out.append(now - charged)
                charged = now
            elif widths:  # each item on its own: fixed + max(ops, divider, memory), as values.py
                out.append(np.broadcast_to(fixed_part + np.maximum(np.maximum(alu, div), mem), (k,)).astype(float))
            else:
                out.append(np.full(k, self._constant(kind, what, counts, a)))
        if not self._agrees_at_start(a, items, [float(t[0]) for t in out], start):
            return None
        return out

    def _parts(self, kind, what, counts):
        """(pipelined ops, divider, memory) of an item on a model with parts (the roofline)."""
        if kind == "seq":
            alu, div, mem = self.model.window_seq(what)
            return 0.0, alu, div, mem
        alu, div = self.model.window_counts(counts) if counts is not None else (0.0, 0.0)
        return what, alu, div, 0.0   # the loop's per-iteration overhead or the if's per_condition

    def _constant(self, kind, what, counts, a):
        """An item's time on a model without parts (the paper's: no divider, no window)."""
        if kind == "seq":
            return self.model.seq_time(what)
        return what + (self.model.expr_counts(counts) if counts is not None else 0.0)

    def _widths_vector(self, counts, start: dict, ks, updated):
        """The known quotients' divider time less the mid's at each iteration (divider.extra_time
        over the vector: a pair repeated in one statement is one division)."""
        if not counts.quotients:
            return 0.0
        divider, mid = self.model.divider(), self.model.op_time("int_div")
        pairs = [(np.asarray(self._at(x, start, ks, updated), dtype=float),
                  np.asarray(self._at(y, start, ks, updated), dtype=float)) for x, y in counts.quotients]
        extra = np.zeros(len(ks))
        for m, (x, y) in enumerate(pairs):
            dup = np.zeros(len(ks), dtype=bool)
            for xp, yp in pairs[:m]:
                dup |= (xp == x) & (yp == y)
            whole = (x == np.trunc(x)) & (y == np.trunc(y)) & (y != 0)
            q = np.floor_divide(np.abs(x), np.where(y == 0, 1.0, np.abs(y)))
            bits = np.maximum(1, np.frexp(np.maximum(q, 0))[1])   # q's bit length (1 for 0 and 1)
            slope = (divider.wide - divider.narrow) / (divider.wide_bits - divider.narrow_bits)
            t = np.maximum(0.0, divider.narrow + slope * (bits - divider.narrow_bits))
            extra += np.where(dup, -mid, np.where(whole, t - mid, 0.0))
        return extra

    def _agrees_at_start(self, a, items, first: list[float], start: dict) -> bool:
        """Iteration 0's times by the scan equal the interpretation's (the same functions, the
        induction variables at their values where each item runs)."""
        saved = self.window
        mine = []
        try:
            self.window = Window() if self.windows(a) else None
            for kind, what, counts, updated in items:
                for name, (v, d) in start.items():
                    self.assign(name, _number(v + d if name in updated else v))
                if self.window is not None:
                    mine.append(self.iteration_window(a, what) if kind == "loop" else
                                self.window_seq(what) if kind == "seq" else self.window_tests(what, [counts]))
                else:
                    extra = self.quotient_extra(what if kind == "seq" else None, counts) \
                        if counts is not None and counts.quotients else 0.0
                    mine.append(self._constant(kind, what, counts, a) + extra)
        finally:
            self.window = saved
            for name, (v, d) in start.items():
                self.assign(name, _number(v))
        return all(abs(x - y) <= 1e-9 * max(abs(x), abs(y), 1e-30) for x, y in zip(mine, first))

    # -- charging ----------------------------------------------------------------------------
    def _charge_bulk(self, a: Iter, aaus: list, times: list, k: int) -> None:
        """The k iterations' times charged as the interpretation charges them: the loop's own to
        the loop, each Seq's and the if's to their statistics, the clock advanced."""
        total = np.zeros(k)
        for t in times:
            total += t
        starts = self.clock + self.offset + np.concatenate(([0.0], np.cumsum(total)[:-1]))
        offset = np.zeros(k)
        for x, t in zip(aaus, times):
            spent = float(t.sum())
            if x is a:
                self.charge(a, spent)
            else:
                s = self.stats(x)
                s.record(float(starts[0] + offset[0]), float(t[0]))
                if k > 1:  # the last one, then the k - 2 between: their total and extremes
                    s.record(float(starts[-1] + offset[-1]), float(t[-1]))
                    s.total += spent - float(t[0]) - float(t[-1])
                    s.executions += k - 2
                    s.min, s.max = min(s.min, float(t.min())), max(s.max, float(t.max()))
                self.charge(x, spent)
            offset += t
        self.clock += float(total.sum())


class _NotVector(Exception):
    """A name the scan cannot give as a number (not known, or not a number)."""


def _number(v: float):
    """A whole float as an int (the engine's values of C integers), else the float."""
    return int(v) if float(v).is_integer() else v


def _updated_before(body: list, i: int) -> frozenset:
    """The induction variables the Seqs before position ``i`` of the body update."""
    return frozenset(name for x in body[:i] if isinstance(x, Seq) for name, _ in x.defs)


def _plan(a: Iter):
    """(loop test, the body's AAUs outside the exit branch, the exit branch, induction variables
    with their steps) when the loop is a search the scan can fast-forward; else None.

    The body: Seqs whose only assignments step an induction variable (``d += 2``: name = name + an
    expression of names the loop does not assign), each at most once, and one if with one branch
    whose body ends with break or return. The loop's own variable steps by its step."""
    if a.kind == "do" or (a.var is not None and (a.lo is None or a.step is None)):
        return None
    conds = [i for i, x in enumerate(a.body) if isinstance(x, Condt)]
    if len(conds) != 1:
        return None
    condt = a.body[conds[0]]
    body = list(a.body)
    if len(condt.branches) != 1 or condt.branches[0].cond is None:
        return None
    branch = condt.branches[0]
    last = branch.body[-1] if branch.body else None
    if not (isinstance(last, Seq) and last.control in ("break", "return")):
        return None
    steps = {a.var: a.step} if a.var is not None else {}
    for x in body:
        if x is condt:
            continue
        if not isinstance(x, Seq) or x.control or x.cost is not None or x.work is not None:
            return None
        for name, expr in x.defs:
            if expr is None or name in steps or not name.isidentifier():
                return None
            by = S.sympy.expand(expr - S.var(name))
            if not isinstance(by, S.sympy.Basic):
                return None
            steps[name] = by
    if not steps:
        return None
    for name, by in steps.items():  # a step reads no induction variable (it is the same each time)
        if name != a.var and S.free_names(by) & set(steps):
            return None
    exprs = [branch.cond] + ([a.cond] if a.cond is not None else [])
    exprs += [e for x in body if isinstance(x, Seq) for pair in x.counts.quotients for e in pair]
    exprs += [e for pair in branch.cond_counts.quotients for e in pair]
    exprs += [e for pair in a.cond_counts.quotients for e in pair]
    if any(not isinstance(e, S.sympy.Basic) or e.has(S.Elem) for e in exprs):
        return None
    return a.cond, body, branch, steps
