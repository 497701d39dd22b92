"""Deterministic loops whose body has no closed form, sampled (mixed into ``chain.Chain``).

A loop of n iterations whose body the node model cannot sum (a call of a function whose loop
returns early: trial division; a branch on data read through a pointer) is interpreted in full up
to EXACT_UP_TO iterations; beyond, SAMPLES iterations evenly spaced are interpreted and every
statistic scaled to n, so the prediction's cost does not grow with n (its note says so; --exact
interprets every iteration). A body that itself holds a loop (directly or in a function it calls:
a gcd's Euclid loop, a prime test's divisor loop) is sampled above LOOP_BODY_UP_TO iterations, and
inside a loop being sampled above 2 x NESTED_SAMPLES with NESTED_SAMPLES: its iterations cost a
loop each, and a nest of two such loops of 20,000 iterations each, interpreted in full, took hours
(prime counting to 20,000 by dividing by every smaller number: 2.3e7 tests). Up to 2,000
iterations the corpus's prime counts (1,000 numbers a rank) keep their exact figures.
"""
from __future__ import annotations

from frontends.aag import Call, Iter

from interp.errors import InputError

SAMPLES = 256  # iterations interpreted of a deterministic loop whose body has no closed form...
EXACT_UP_TO = 20_000  # ...when it has more: up to this many, every one (exact; ~1 s of trial division)
LOOP_BODY_UP_TO = 2_000  # ...or this many when the body holds a loop (any count inside a sampled loop)
NESTED_SAMPLES = 64  # ...and inside a loop being sampled
CALL_DEPTH = 8  # how deep calls are followed when looking for a loop in a body


class Sampling:
    """The sampled interpretation of a loop with no closed form (see the module doc)."""

    _sampling = 0  # loops being sampled around the current one

    def sample(self, a: Iter, n: float) -> bool:
        """Is this loop of n iterations sampled rather than interpreted in full?"""
        if n <= 2 * self._samples():
            return False
        if n > EXACT_UP_TO:
            return True
        return self._holds_loop(a) and (n > LOOP_BODY_UP_TO or self._sampling > 0)

    def _samples(self) -> int:
        """SAMPLES; inside a loop being sampled already, NESTED_SAMPLES (each of the outer
        loop's samples then costs 64 inner iterations, not 256: a nest of two sampled loops
        interprets 16,384 inner iterations, not 65,536)."""
        return NESTED_SAMPLES if self._sampling else SAMPLES

    def _holds_loop(self, a: Iter) -> bool:
        memo = self.engine._inner
        key = ("holds a loop", a.id)
        if key not in memo:
            memo[key] = _loop_inside(a.body, self.aag.functions, CALL_DEPTH, set())
        return memo[key]

    def sampled(self, a: Iter, n: int):
        """A deterministic loop whose body has no closed form (a call of a function whose loop
        returns early: trial division) and more than EXACT_UP_TO iterations: SAMPLES of them, evenly
        spaced, are interpreted and every statistic scaled to n (the cost does not grow with n)."""
        if self.engine.no_defaults:
            raise InputError(f"{a.loc}: --strict: the loop's body has no closed form (a call whose loop ends "
                             f"early) and its {n:,} iterations would be sampled; state the loop's time with "
                             f"'{self.directive} cost(EXPR)' above line {a.loc.first}, or run with --exact")
        lo, step = self.concrete(self.need(a.lo, "loop start"), "loop start"), \
            self.concrete(self.need(a.step, "loop step"), "loop step")
        s = self.stats(a)
        start = self.clock + self.offset
        fixed, per = self.model.loop_overheads(a)
        per_iter = per + self.model.expr_counts(a.cond_counts)
        self.clock += fixed
        self.charge(a, fixed)
        self.stack.append(s)
        before = {id(x): (x.executions, x.total, x.comp) for x in self.my_stats}
        proc_comp, clock = self.proc.comp, self.clock
        count = self._samples()
        picks = [int((j + 0.5) * n / count) for j in range(count)]
        self._sampling += 1
        for k in picks:
            self.assign(a.var, lo + k * step)
            self.clock += per_iter
            self.charge(a, per_iter)
            yield from self.body(a.body)  # IterD: no communication, no jump out of the loop
        self._sampling -= 1
        more = n / len(picks) - 1  # each sampled increment stands for n / SAMPLES iterations
        self.clock += (self.clock - clock) * more
        self.proc.comp += (self.proc.comp - proc_comp) * more
        for x in self.my_stats:
            e, tot, comp = before.get(id(x), (0.0, 0.0, 0.0))
            x.executions += (x.executions - e) * more
            x.total += (x.total - tot) * more
            x.comp += (x.comp - comp) * more
        self.stack.pop()
        s.record(start, self.clock + self.offset - start)
        for name in a.clobbers:
            self.assign(name, None)
        self.assign(a.var, lo + n * step)
        self.engine.notes.setdefault(("sampled", a.id), (
            f"{a.loc}: the loop's body has no closed form (a call whose loop ends early, or that "
            f"branches on data it reads through a pointer); {len(picks)} of its {n:,} iterations, evenly spaced, were interpreted and their time scaled (--exact interprets "
            f"every iteration; '{self.directive} cost(EXPR)' above line {a.loc.first} states the loop's time)"))
        return None


def _loop_inside(body, functions: dict, depth: int, seen: set) -> bool:
    """Does ``body`` hold a loop, directly or in a function it calls (``depth`` calls deep)?"""
    for a in body:
        for x in a.walk():
            if isinstance(x, Iter):
                return True
            if isinstance(x, Call) and depth > 0 and x.callee not in seen:
                fn = functions.get(x.callee)
                if fn is not None and _loop_inside(fn.body, functions, depth - 1, seen | {x.callee}):
                    return True
    return False
