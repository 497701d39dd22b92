"""Steady-state extrapolation of loops that communicate (IterSync, and IterND with a known count).

Paper 3.4.2 gives deterministic loops a closed form, so their cost does not grow with their trip
count. A loop with communication inside is interpreted iteration by iteration (IterSync), and an
iterative solver with a thousand sweeps on 4096 processes is then millions of events. But such a
loop soon settles into a steady state: every process starts iteration k+1 exactly Delta after
iteration k, every AAU of every process takes the same time as in the previous iteration, and the
engine's queues hold as many messages at each boundary. From then on the whole system repeats
itself shifted by Delta, so the next J iterations can be skipped: every process jumps from iteration
k* to k* + J, its statistics grow by J times one iteration's increments, and every time it reports
afterwards is shifted by J x Delta.

The jump needs no global snapshot. Every process jumps at the same iteration k* (chosen above the
iteration any process has reached when the steady state is recognised), and the engine keeps
working in the time frame in which the skipped iterations never happened ("virtual" time): all
shared state (queues, links, buffer pools, message times) stays consistent because every process
skips the same iterations. Each chain adds its offset J x Delta to the times it reports.

Conditions, all checked:
- static (``loop_period``, ``carried_values``): no value the body carries from one iteration to
  the next is read by control, after the loop if not in it (the jump advances only the loop
  variable: ``count = count + 1`` would stay as it was before the iterations skipped); nothing that decides the loop body's control flow or its messages
  (trip counts, branch conditions, partners, tags, sizes, cost annotations) reads a value that can
  change from one iteration to the next: the loop variable, a variable updated from itself, data
  read from messages, values assigned by data-dependent code; except that a branch may test
  ``i % k`` on the loop variable i: the body then repeats every k iterations, and the period of
  the steady state must be a multiple of k (so a jump, whole periods long, leaves every such test
  as it was); a test other than ``== 0`` / ``!= 0`` (``i % 2 == 1``) only while ``i``'s dividend
  keeps its sign over the loop (C's remainder takes the dividend's sign), checked when it starts;
- dynamic: every process runs a watched loop with the same trip count (the same loop in an SPMD
  program, each side's loop of a ping-pong); for WINDOW consecutive iterations every
  process's iteration took the same Delta (the same on every process), every statistic grew by the
  same amount, and the engine held the same number of messages, posted receives, pending requests
  and used buffers at its boundary; at the jump each process checks that its iterations since then
  repeated the same increments, and if one did not, the prediction is redone without
  extrapolation for that loop;
- never while tracing, plotting or drawing message graphs (they need every event), under
  ``--symbolic``, or with ``--exact``.
TAIL iterations after the jump are interpreted, so the loop's end (processes leaving at different
times) is interpreted, not extrapolated.
"""
from __future__ import annotations

import math

from interp.engine.chain_comm import LONGEST_WAITS

from frontends.aag import AAU, Iter
from frontends.aag.analysis import carried_values, loop_period, signed_remainders

WINDOW = 3  # consecutive repeating periods on every process before a jump
# Iterations per period tried: 1 .. MAX_PERIOD (neighbours may alternate; a reduction every k
# steps repeats every k iterations). Issue 16 asks for k up to at least 16.
MAX_PERIOD = 16
TAIL = 2  # iterations interpreted after the jump
GIVE_UP = 64  # iterations without a steady state (beyond 2 x processes) before watching stops
REL = 1e-9  # relative tolerance of "the same increment"
CLOCK_REL = 1e-12  # absolute tolerance, relative to the clock (rounding of accumulated sums)


class Broken(Exception):
    """An extrapolated loop did not repeat after all: predict again without extrapolating it."""

    def __init__(self, aau_id: int):
        self.aau_id = aau_id


class _Watch:
    """The entry-th watched loop instance of every process (same trip count): its steady state.

    Phase 1, while processes are in a transient, looks at each process's clock only: its period m
    and time per iteration. Once every process runs at one rate, phase 2 records fingerprints of
    the statistics for the common period (the least common multiple of the processes' periods)
    and decides when they repeat on every process."""

    def __init__(self, nprocs: int, n_iters: int, size: int | None = None):
        self.n = n_iters
        self.nprocs = nprocs
        size = self.size = nprocs if size is None else size  # records by process index (rank symmetry: 0..P-1)
        self.clocks: list[list[float]] = [[] for _ in range(size)]  # phase 1: recent boundaries
        self.rate: list = [None] * size  # phase 1: (period, rate key) of each process
        self.rates: dict[str, int] = {}  # phase 1: processes at each rate
        self.history: list[list] | None = None  # phase 2: (clock, fingerprint, queues) per process
        self.period = 0
        self.ok = [False] * size  # phase 2: the last WINDOW periods repeat
        self.n_ok = 0
        self.latest = 0  # highest iteration any process has reached
        self.kstar: int | None = None
        self.jump = 0
        self.delta = 0.0  # time of one period
        self.base: list = [None] * size  # (clock, full statistics) at k* - period
        self.waits: list = [None] * size  # waits noted from k* - period to k*
        self.done = False
        self.jumped = 0
        self.loops: dict[int, AAU] = {}
        self.static = 1  # the period must be a multiple of this (the loops' `i % k` tests)
        # Long enough to see WINDOW + 2 periods of MAX_PERIOD after a transient of 2 x processes.
        self.give_up = max(GIVE_UP, 2 * nprocs) + (WINDOW + 2) * MAX_PERIOD
        self.members: set[int] = set()  # processes that run this loop instance
        # processes that do not run it but wait (blocked or finished) all along: their state,
        # which must not change until every member has jumped (None: every process is a member)
        self.passive: dict[int, tuple] | None = None

    def retire(self) -> None:
        """Done (jumped or given up): keep only the flag, so that processes still arriving at
        this instance are told to stop, and free the per-process records."""
        self.done = True
        self.clocks = self.rate = self.history = self.base = self.ok = self.waits = None
        self.rates = {}


class SteadyState:
    """Recognises steady states of watched loops and tells each chain when to jump (module doc)."""

    def __init__(self, engine, enabled: bool, banned: frozenset = frozenset()):
        self.engine = engine
        self.enabled = enabled
        self.banned = set(banned)  # loops whose extrapolation broke: interpreted in full
        self._static: dict[int, tuple[int, tuple]] = {}  # loop id -> (period, signed dividends)
        self._watches: dict[tuple[int, int], _Watch] = {}
        self.skipped_events = 0
        self.jumps: list[tuple[list, int, int, float, int]] = []  # (loops, k*, J, Delta, period)

    def eligible(self, chain, loop: Iter) -> bool:
        """Whether to watch this execution of ``loop`` (its loop variable holds its first value)."""
        if not self.enabled or loop.id in self.banned:
            return False
        period, signed = self._period(chain, loop)
        return period > 0 and all(self._one_sign(chain, loop, d) for d in signed)

    def _period(self, chain, loop: Iter) -> tuple[int, tuple]:
        """(loop_period, signed_remainders) of ``loop``: period 0 when its body can vary, else what
        its period must be a multiple of; the dividends whose sign must not change."""
        k = self._static.get(loop.id)
        if k is None:
            args = (loop, chain.aag.functions, self.engine.track_payloads, self.engine.host_prog is None)
            # the values the loop carries (count = count + 1): they must grow by the same amount
            # every period (the fingerprint holds them) and the jump advances them by it
            k = self._static[loop.id] = (loop_period(*args), signed_remainders(*args),
                                         tuple(sorted(carried_values(*args))))
        return k[:2]

    def _carried(self, chain, loop: Iter) -> list[float | None]:
        """The values the loop carries on this process now (None: not known here, which a jump
        leaves as it is: an unknown value stays unknown)."""
        out = []
        for name in self._static[loop.id][2]:
            try:
                v = chain.lookup(name)
            except Exception:  # noqa: BLE001 - Unknown: not known in this frame
                v = None
            ok = isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
            out.append(float(v) if ok else None)
        return out

    @staticmethod
    def _one_sign(chain, loop: Iter, dividend) -> bool:
        """Whether a dividend c*i + e keeps one sign (zero counts as either) over this execution
        of the loop: it is linear in i, so its values at the first and the last iteration decide."""
        n, step = chain.try_eval(loop.num_iters), chain.try_eval(loop.step)
        var = next((x for x in dividend.free_symbols if x.name == loop.var), None)
        if n is None or step is None or var is None or n < 1:
            return False
        first = chain.try_eval(dividend)
        last = chain.try_eval(dividend.subs(var, var + (n - 1) * step))
        if first is None or last is None:
            return False
        return (first >= 0 and last >= 0) or (first <= 0 and last <= 0)

    def boundary(self, chain, loop: Iter, entry: int, k: int, n: int) -> int:
        """Called at the start of iteration k of a watched loop: the number of iterations to skip
        now (> 0, then stop calling), 0 (call again next iteration) or -1 (stop: not watched).

        ``entry`` counts the loop instances this process has watched: the entry-th instances of
        every process with the same trip count form one watch (the same loop in an SPMD program;
        the two sides' loops of a ping-pong)."""
        key = (entry, n)
        w = self._watches.get(key)
        if w is None:
            if n < WINDOW + TAIL + 3:
                return -1  # too short to ever skip an iteration
            w = self._watches[key] = _Watch(len(self.engine.procs), n, len(self.engine.result_procs))
        if w.done:
            return -1
        static = self._static[loop.id][0]
        if w.static % static:  # every loop of the watch (both sides of a ping-pong) decides it
            w.static = w.static * static // math.gcd(w.static, static)
        i = chain.index
        w.members.add(i)
        if k > w.latest:
            w.latest = k
        if w.kstar is not None:
            if not self._still_passive(w):
                raise Broken(loop.id)  # a process that waited was woken: the jump would skip it
            # Decided: this process's iterations up to k* must keep repeating (each window overlaps
            # the previous one, so they repeat the increments the decision saw).
            hist = w.history[i]
            hist.append(self._fingerprint(chain, loop))
            del hist[0]
            if not _repeats(hist, w.period):
                raise Broken(loop.id)
            if k == w.kstar - w.period:
                w.base[i] = (chain.clock + chain.offset, self._rows(chain, loop))
                w.waits[i] = []
                chain.wait_collectors.append(w.waits[i])
            if k < w.kstar:
                return 0
            return self._jump(w, chain, loop)
        if k > w.give_up:
            w.retire()  # no steady state yet: stop paying for the watch
            return -1
        if w.history is None:
            clocks = w.clocks[i]
            # with the values the loop carries: swapped buffers (tmp = u; u = unew; unew = tmp)
            # alternate, so such a loop repeats every 2 iterations even where its clock does every 1
            carried = self._static[loop.id][2]
            clocks.append((chain.clock + chain.offset, *(0.0 if v is None else v for v in self._carried(chain, loop)))
                          if carried else chain.clock + chain.offset)
            if len(clocks) > 2 * MAX_PERIOD + 1:
                del clocks[0]
            rate = _clock_rate(clocks, w.static)
            old = w.rate[i]
            if rate != old:
                if old is not None:
                    w.rates[old[1]] -= 1
                w.rate[i] = rate
                if rate is not None:
                    w.rates[rate[1]] = count = w.rates.get(rate[1], 0) + 1
                    if count == len(w.members) and self._freeze(w):
                        self._phase2(w)
            elif rate is not None and len(w.members) < w.nprocs and w.rates[rate[1]] == len(w.members) \
                    and self._freeze(w):
                self._phase2(w)  # the members settled earlier; the others have only now stopped
            return 0
        hist = w.history[i]
        hist.append(self._fingerprint(chain, loop))
        if len(hist) > WINDOW * w.period + 1:
            del hist[0]
        ok = _repeats(hist, w.period)
        if ok != w.ok[i]:
            w.ok[i] = ok
            w.n_ok += 1 if ok else -1
            if w.n_ok == len(w.members):
                if self._still_passive(w):
                    self._decide(w)
                else:
                    w.retire()
        return 0

    def _freeze(self, w: _Watch) -> bool:
        """Every process that is not a member waits (blocked or finished): note its state, which
        must stay as it is while the members' iterations are compared and skipped. A process
        still running outside the loop may yet join it or send to it: no steady state yet."""
        passive = {}
        net = self.engine.net
        for p in self.engine.procs:
            j = p.chain.index
            if j in w.members:
                continue
            # finished, or blocked in a receive or probe (its time waits in net.posted, which a
            # jump can shift); any other wait holds times elsewhere
            if not (p.done or (p.blocked and p.op is not None and p.op.kind in ("recv", "probe"))):
                return False
            passive[j] = (p.events, p.done, p.blocked, net.occupancy(j))
        w.passive = passive
        return True

    def _shift_passive(self, w: _Watch, skipped: float) -> None:
        """The members' clocks skip ``skipped`` seconds in the engine's frame (chain.offset); a
        waiting process moves into the same frame, its wait keeping its real start."""
        net = self.engine.net
        for j in w.passive or ():
            p = self.engine.procs[j]
            if p.done:
                continue  # its end is final
            p.chain.offset += skipped
            p.chain.clock -= skipped
            p.op_time -= skipped
            net.posted[j] = type(net.posted[j])((op, t - skipped) for op, t in net.posted[j])

    def _still_passive(self, w: _Watch) -> bool:
        net, procs = self.engine.net, self.engine.procs
        return all((procs[j].events, procs[j].done, procs[j].blocked, net.occupancy(j)) == state
                   for j, state in (w.passive or {}).items())

    @staticmethod
    def _phase2(w: _Watch) -> None:
        period = w.static
        for m in {r[0] for r in w.rate if r is not None}:
            period = period * m // math.gcd(period, m)
        if period > MAX_PERIOD:
            return  # no common period within reach: phase 1 goes on
        w.period = period
        w.history = [[] for _ in range(w.size)]
        w.ok = [False] * w.size
        w.n_ok = 0

    def _fingerprint(self, chain, loop: Iter) -> tuple:
        """What must repeat: the clock, sums of the statistics (weighted by position, so time moving
        between AAUs shows), the values the loop carries and the engine's queues at this process."""
        eng = self.engine
        i = chain.index
        ex = tot = comp = ovh = xmit = wait = wtot = wwait = 0.0
        for k, s in enumerate(chain.my_stats, 1):
            ex += s.executions * k
            tot += s.total
            wtot += s.total * k
            comp += s.comp
            ovh += s.ovh
            xmit += s.xmit
            wait += s.wait
            wwait += s.wait * k
        proc = chain.proc
        p = eng.procs[i]
        carried = self._carried(chain, loop)
        fp = (ex, tot, wtot, comp, ovh, xmit, wait, wwait, proc.comp, proc.ovh, proc.xmit, proc.wait,
              *(0.0 if v is None else v for v in carried), float(p.events + p.skipped))
        shared = (*eng.net.occupancy(i), sum(len(v) for v in chain.requests.values()), len(chain.my_stats),
                  tuple(v is None for v in carried))  # which carried values are known must repeat too
        return chain.clock + chain.offset, fp, shared

    def _rows(self, chain, loop: Iter) -> list[float]:
        rows = [x for s in chain.my_stats for x in (s.executions, s.total, s.comp, s.ovh, s.xmit, s.wait)]
        proc = chain.proc
        carried = [0.0 if v is None else v for v in self._carried(chain, loop)]
        return rows + [proc.comp, proc.ovh, proc.xmit, proc.wait] + carried

    def _decide(self, w: _Watch) -> None:
        m = w.period
        hists = [w.history[j] for j in sorted(w.members)]
        deltas = [h[-1][0] - h[-1 - m][0] for h in hists]
        ref = deltas[0]
        scale = max(abs(h[-1][0]) for h in hists)
        if any(not _close(d, ref, scale) for d in deltas):
            w.retire()  # one rate by the clocks, yet different periods: leave this loop alone
            return
        kstar = w.latest + m + 1  # every process still passes k* - m: its statistics are taken there
        jump = m * ((w.n - kstar - TAIL) // m)
        if jump <= 0:
            w.retire()
            return
        w.kstar, w.jump, w.delta = kstar, jump, ref

    def _jump(self, w: _Watch, chain, loop: Iter) -> int:
        i = chain.index
        rows = self._rows(chain, loop)
        times = w.jump // w.period
        since, base = w.base[i]
        inc = [times * (y - x) for x, y in zip(base, rows)]
        shift = times * w.delta
        for k, s in enumerate(chain.my_stats):
            # An AAU that ran in the last period ran last, in a full interpretation, in the last
            # skipped one: with a period longer than TAIL (a reduction every 10 steps) the
            # interpreted tail need not run it again.
            if s.last is not None and s.last >= since:
                s.last += shift
            b = 6 * k
            s.executions += inc[b]
            s.total += inc[b + 1]
            s.comp += inc[b + 2]
            s.ovh += inc[b + 3]
            s.xmit += inc[b + 4]
            s.wait += inc[b + 5]
        b = 6 * len(chain.my_stats)
        proc = chain.proc
        proc.comp += inc[b]
        proc.ovh += inc[b + 1]
        proc.xmit += inc[b + 2]
        proc.wait += inc[b + 3]
        advanced = set()
        for j, (name, now) in enumerate(zip(self._static[loop.id][2], self._carried(chain, loop))):
            if now is not None:  # count = count + 1: by the periods skipped (an unknown stays so)
                advanced.add(name)
                value = chain.lookup(name)
                step = inc[b + 4 + j]
                chain.assign(name, value + (int(round(step)) if isinstance(value, int) else step))
        hist = w.history[i]
        skipped = times * int(round(hist[-1][1][-1] - hist[-1 - w.period][1][-1]))
        self.skipped_events += skipped
        self.engine.procs[i].skipped += skipped  # an enclosing loop's period counts them too
        chain.offset += shift
        if w.jumped == 0:
            self._shift_passive(w, shift)
        waits = w.waits[i]
        chain.wait_collectors = [c for c in chain.wait_collectors if c is not waits]
        w.waits[i] = None
        for entry in waits:  # the skipped periods' waits, for "why is this process late"
            for _ in range(min(times, LONGEST_WAITS)):
                chain.note_wait(entry)
        w.base[i] = None
        for name, step in (loop.counters or {}).items():  # a while loop's counters (aag/whilecount.py)
            if step and name not in advanced:  # not twice: a carried value is advanced above
                chain.assign(name, chain.lookup(name) + w.jump * float(step))
        w.jumped += 1
        w.loops[loop.id] = loop
        if w.jumped == len(w.members):
            self.jumps.append((list(w.loops.values()), w.kstar, w.jump, w.delta, w.period))
            w.retire()
        return w.jump


def _close(a: float, b: float, scale: float) -> bool:
    return abs(a - b) <= REL * max(abs(a), abs(b)) + CLOCK_REL * scale


def _clock_rate(clocks: list[float], multiple: int = 1) -> tuple[int, str] | None:
    """(period m, time per iteration to 9 digits) when the last two periods of m iterations of one
    process took the same time; None in a transient. m is a multiple of ``multiple``: a loop whose
    branch tests ``i % 10`` repeats every 10 iterations, even where 8 of them in a row take the same
    time (m = 1 would hold there and fail at the tenth)."""
    n = len(clocks)
    if n and isinstance(clocks[-1], tuple):  # the clock, then the values the loop carries
        return _vector_rate(clocks, multiple)
    last = clocks[-1]
    tol_c = CLOCK_REL * abs(last)
    for m in range(multiple, MAX_PERIOD + 1, multiple):
        if n < 2 * m + 1:
            return None
        d0 = last - clocks[-1 - m]
        if abs(clocks[-1 - m] - clocks[-1 - 2 * m] - d0) <= REL * abs(d0) + tol_c:
            return m, f"{d0 / m:.9g}"
    return None


def _vector_rate(rows: list[tuple], multiple: int) -> tuple[int, str] | None:
    """_clock_rate of rows (clock, carried values...): the smallest m at which the clock and every
    value grew by the same amount over each of the last two periods of m."""
    n = len(rows)
    last = rows[-1]
    tol_c = CLOCK_REL * abs(last[0])
    for m in range(multiple, MAX_PERIOD + 1, multiple):
        if n < 2 * m + 1:
            return None
        mid, first = rows[-1 - m], rows[-1 - 2 * m]
        d0 = last[0] - mid[0]
        if abs(mid[0] - first[0] - d0) > REL * abs(d0) + tol_c:
            continue
        if all(abs((c - b) - (b - a)) <= REL * max(abs(c - b), abs(b - a)) for a, b, c in zip(first[1:], mid[1:], last[1:])):
            return m, f"{d0 / m:.9g}"
    return None


def _repeats(hist: list, m: int) -> bool:
    """Do the last WINDOW periods of m iterations of one process repeat (clock, statistics, queues)?"""
    n = len(hist)
    if n < WINDOW * m + 1:
        return False
    last = hist[-1]
    prev = hist[-1 - m]
    shared = last[2]
    if shared is None:
        return False
    clock_tol = CLOCK_REL * abs(last[0])
    d0 = last[0] - prev[0]
    tol = REL * abs(d0) + clock_tol
    for j in range(2, WINDOW + 1):  # the clock first: cheap, and what fails during a transient
        a, b = hist[-1 - j * m], hist[-1 - (j - 1) * m]
        if b[2] != shared or a[2] != shared or abs(b[0] - a[0] - d0) > tol:
            return False
    fl, fp = last[1], prev[1]
    inc0 = [v - u for u, v in zip(fp, fl)]
    # Every statistic is a time made of clock differences (or an exact count), so its rounding
    # is relative to the clock, not to itself: a wait of 1e-16 s that is the rounding residue of
    # clocks near 1 s varies from iteration to iteration by as much as it is (a barrier loop).
    scale = abs(last[0])
    tols = [REL * abs(d) + CLOCK_REL * max(abs(v), scale) for d, v in zip(inc0, fl)]
    for j in range(2, WINDOW + 1):
        fa, fb = hist[-1 - j * m][1], hist[-1 - (j - 1) * m][1]
        for x, y, d, t in zip(fa, fb, inc0, tols):
            if abs(y - x - d) > t:
                return False
    return True
