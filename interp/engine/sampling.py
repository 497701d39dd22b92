"""Deterministic loops whose body has no closed form, sampled (mixed into ``chain.Chain``).

A loop of n iterations whose body the node model cannot sum (a call of a function whose loop
returns early: trial division; a branch on data read through a pointer) is interpreted in full up
to EXACT_UP_TO iterations; beyond, SAMPLES iterations (one drawn in each of SAMPLES equal strata
of the index range; while the estimate's standard error is above TARGET, twice as many, up to
MAX_SAMPLES) are interpreted and every statistic scaled to n, so the prediction's cost does not grow with n (its note says so; --exact
interprets every iteration). A body that itself holds a loop (directly or in a function it calls:
a gcd's Euclid loop, a prime test's divisor loop) is sampled above LOOP_BODY_UP_TO iterations, and
inside a loop being sampled above 2 x NESTED_SAMPLES with NESTED_SAMPLES: its iterations cost a
loop each, and a nest of two such loops of 20,000 iterations each, interpreted in full, took hours
(prime counting to 20,000 by dividing by every smaller number: 2.3e7 tests). Up to 2,000
iterations the corpus's prime counts (1,000 numbers a rank) keep their exact figures.

A loop whose body holds a nest of counted loops is sampled too when its iterations times the
nest's exceed NEST_UP_TO, however few its own (session 14): the rows of a Mandelbrot image, each a
loop over the row's pixels whose escape loop has no closed form, were interpreted pixel by pixel
(640,000 pixels at 800 x 800: minutes). Such a loop of n <= 2 x SAMPLES iterations is sampled by
n // 2 strata; the pixel loops inside are then sampled by NESTED_SAMPLES. The work counts over a
process's executions of the loop: a worker's loop over the pixels of each row it is sent is
interpreted in full until the rows so far hold NEST_UP_TO iterations, and sampled after.
"""
from __future__ import annotations

import random

from frontends.aag import Iter
from frontends.aag.bodies import found_inside

from interp.errors import InputError

SAMPLES = 256  # iterations interpreted of a deterministic loop whose body has no closed form...
EXACT_UP_TO = 20_000  # ...when it has more: up to this many, every one (exact; ~1 s of trial division)
LOOP_BODY_UP_TO = 2_000  # ...or this many when the body holds a loop (any count inside a sampled loop)
NESTED_SAMPLES = 64  # ...and inside a loop being sampled
CALL_DEPTH = 8  # how deep calls are followed when looking for a loop in a body
TARGET = 0.02  # relative standard error of a sampled loop's time above which samples double...
MAX_SAMPLES = 4096  # ...up to this many (a loop not nested in another sampled one)
NEST_UP_TO = 20_000  # a loop holding a nest of more iterations than this in all is sampled too


class Sampling:
    """The sampled interpretation of a loop with no closed form (see the module doc)."""

    _sampling = 0  # loops being sampled around the current one

    def sample(self, a: Iter, n: float) -> bool:
        """Is this loop of n iterations sampled rather than interpreted in full?"""
        if n <= 2 * self._samples():
            # a short loop over a long one (the rows of an image, each a loop over its pixels):
            # sampled, by half its iterations at most, when the nest's work is large
            return self._sampling == 0 and n > 2 * NESTED_SAMPLES and self._large_nest(a, n)
        if n > EXACT_UP_TO:
            return True
        return self._holds_loop(a) and (n > LOOP_BODY_UP_TO or self._sampling > 0 or self._large_nest(a, n))

    def _large_nest(self, a: Iter, n: float) -> bool:
        """Does the loop hold a loop, and its n iterations, with the iterations of the counted
        loops nested in its body (their counts as they are known now), come to more than
        NEST_UP_TO, in this execution or with those this process interpreted in full before (a
        worker's loop over a row's pixels, once per row it is sent)?"""
        if not self._holds_loop(a):
            return False
        key = ("nest work", a.id, self.index)
        memo = self.engine._inner
        work = memo.get(key, 0.0) + n * self._inner_work(a.body, 3)
        if work > NEST_UP_TO:
            return True
        memo[key] = work  # interpreted in full (unless sampled for another reason): counted
        return False

    def _inner_work(self, body, depth: int) -> float:
        """Iterations one pass of ``body`` runs in its largest nest of counted loops (its own
        statements, not branches or calls; a count not known now counts 1)."""
        most = 1.0
        for x in body:
            if isinstance(x, Iter):
                k = self.try_eval(x.num_iters) if x.num_iters is not None else None
                k = float(k) if isinstance(k, (int, float)) and k >= 1 else 1.0
                most = max(most, k * (self._inner_work(x.body, depth - 1) if depth > 1 else 1.0))
        return most

    def _samples(self) -> int:
        """SAMPLES; inside a loop being sampled already, NESTED_SAMPLES (each of the outer
        loop's samples then costs 64 inner iterations, not 256: a nest of two sampled loops
        interprets 16,384 inner iterations, not 65,536)."""
        return NESTED_SAMPLES if self._sampling else SAMPLES

    def _holds_loop(self, a: Iter) -> bool:
        memo = self.engine._inner
        key = ("holds a loop", a.id)
        if key not in memo:
            memo[key] = found_inside(a.body, self.aag.functions, CALL_DEPTH, lambda x: isinstance(x, Iter))
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
        # a loop this process interpreted in full before (a worker's row of pixels, once per row):
        # as many samples as a nested loop, its many executions averaging their errors out
        repeated = self._sampling == 0 and self.engine._inner.get(("nest work", a.id, self.index), 0.0) > 0
        if repeated:
            count, top = min(NESTED_SAMPLES, n // 2), False
        else:
            count, top = min(self._samples(), n // 2), self._sampling == 0
        self._sampling += 1
        windows, outer_window = self.windows(a), self.window  # overlap.py: one window a sample
        self.window = None
        times, strata = [], Strata(n, count, a.id)
        picks = strata.first()
        while True:
            for k in picks:
                self.assign(a.var, lo + k * step)
                at = self.clock
                added = self.iteration_window(a, per) if windows else per_iter
                self.clock += added
                self.charge(a, added)
                yield from self.body(a.body)  # IterD: no communication, no jump out of the loop
                times.append((k, self.clock - at))
            # more samples where the few vary too much (a prime costs 10^4 tests, a composite 2)
            if not top or 2 * len(times) > min(MAX_SAMPLES, n) or spread(times, n) <= TARGET:
                break
            picks = strata.halved()
        self.window = outer_window
        self._sampling -= 1
        more = n / len(times) - 1  # each sampled increment stands for n / (samples) iterations
        self.clock += (self.clock - clock) * more
        self.proc.comp += (self.proc.comp - proc_comp) * more
        for x in self.my_stats:
            e, tot, comp = before.get(id(x), (0.0, 0.0, 0.0))
            x.executions += (x.executions - e) * more
            x.total += (x.total - tot) * more
            x.comp += (x.comp - comp) * more
        error = standard_error(times, n) if top else 0.0
        if error and self.model.bound.kind in ("best", "min", "worst", "max"):
            # the range's ends take the sampling's own uncertainty too: two standard errors
            adj = 2 * error if self.model.bound.kind in ("worst", "max") else -min(2 * error, self.clock - clock)
            self.charge(a, adj)
            self.clock += adj
        self.stack.pop()
        s.record(start, self.clock + self.offset - start)
        for name in a.clobbers:
            self.assign(name, None)
        self.assign(a.var, lo + n * step)
        self.engine.notes.setdefault(("sampled", a.id), (
            f"{a.loc}: the loop's body has no closed form ({_why(a)}); {len(times)} of its {n:,} iterations, "
            + ("in each execution once earlier ones had been interpreted in full up to "
               f"{NEST_UP_TO:,} iterations of its nest, " if repeated else "")
            + "one drawn in "
            "each of as many equal strata, "
            "were interpreted and their time scaled"
            + (f" (two standard errors of the estimate: {200 * error / max(self.clock - clock, 1e-300):.2g}% of "
               "the loop's time, in the range's best and worst ends)" if error else "")
            + f" (--exact interprets every iteration; '{self.directive} cost(EXPR)' above line {a.loc.first} "
            "states the loop's time)"))
        return None


def _why(a: Iter) -> str:
    if a.cls == "IterND":  # early_exit._sampled_nest: values computed from data decide inner loops
        return "its iterations compute values that decide the loops inside, such as an escape count"
    return "a call whose loop ends early, or that branches on data it reads through a pointer"


class Strata:
    """The iterations sampled: the index range cut into equal strata, one iteration drawn in each
    (stratified sampling). Evenly spaced picks alias with a period of the body's cost (a prime
    count's picks 24.4 apart fell on even numbers too often: -12% at N = 10^5, where a draw per
    stratum was within 8% over six seeds); a draw per stratum keeps the spread of evenly spaced
    picks over the range. The draws are seeded by the loop and its count: the same run gives the
    same picks. Halving every stratum keeps its draw in one half and draws in the other."""

    def __init__(self, n: int, count: int, seed: int):
        self.n, self.rng = n, random.Random(seed * 1_000_003 + n)
        self.cells = [(j * n / count, n / count) for j in range(count)]   # (start, width)
        self.drawn: list[float] = []

    def first(self) -> list[int]:
        self.drawn = [start + self.rng.random() * width for start, width in self.cells]
        return [min(self.n - 1, int(x)) for x in self.drawn]

    def halved(self) -> list[int]:
        cells, drawn, new = [], [], []
        for (start, width), x in zip(self.cells, self.drawn):
            half = width / 2
            other = start + half if x < start + half else start
            y = other + self.rng.random() * half
            for cell in sorted([(start, half), (start + half, half)]):
                cells.append(cell)
                drawn.append(x if cell[0] <= x < cell[0] + half else y)
            new.append(min(self.n - 1, int(y)))
        self.cells, self.drawn = cells, drawn
        return new


def standard_error(times: list[tuple[int, float]], n: int) -> float:
    """The standard error of n x the mean of the sampled times ((iteration, time) pairs, one per
    stratum), as the loop's total time estimated from them. The variance is taken from successive
    differences in iteration order (the estimator for systematic and stratified samples): a
    smooth trend over the range (a gcd sum's inner loop grows with i) is what strata remove and
    adds nothing, where the plain variance would count it as error and sample for nothing."""
    m = len(times)
    if m < 2 or m >= n:
        return 0.0
    ordered = [t for _, t in sorted(times)]
    var = sum((b - a) ** 2 for a, b in zip(ordered, ordered[1:])) / (2 * (m - 1))
    return n * (var / m * (1 - m / n)) ** 0.5


def spread(times: list[tuple[int, float]], n: int) -> float:
    """The standard error relative to the estimate (0 for a loop of no time)."""
    total = n * sum(t for _, t in times) / len(times) if times else 0.0
    return standard_error(times, n) / total if total > 0 else 0.0
