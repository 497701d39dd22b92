"""The completion calls whose outcome the engine's clock decides: MPI_Waitany, MPI_Waitsome,
MPI_Test, MPI_Testall, MPI_Testany, MPI_Testsome (docs/model.md, "Completion calls").

The engine knows when each request completes in simulated time (``Request.done``), so these calls
are exact, not guessed: a test answers whether the request is complete at the process's clock; a
waitany waits for the earliest completion among the still-active requests of its array. Each is
taken from the global-time queue (like a receive, unlike MPI_Wait): only once every operation of
every process before its time has been interpreted is every request that completes by then known
to be complete (a message's arrival is fixed when its send is interpreted, before the arrival).

Requests of an array (``reqs[k]``) are one FIFO list per array in the chain (p2p.py); each
remembers the subscript k it was stored to, when the parse can follow it, and that is the
``index`` (and the ``indices``) returned: a master can answer the worker whose result arrived
(``MPI_Send(..., idx + 1, ...)``). A subscript the parse cannot follow makes the index data.
``flag`` and ``outcount`` are numbers the control flow of a polling loop may read; the status of
the one request completed is its receive's message (MPI_SOURCE, MPI_TAG, MPI_Get_count).
"""
from __future__ import annotations

import heapq
from dataclasses import replace

from frontends.aag.communicators import UNDEFINED
from frontends.aag import COMPLETION_OPS

from interp.engine.network import matches, request_position
from interp.engine.ops import Completion, Why
from interp.errors import InputError

# Fruitless tests in a row, each the process's only operation since the last one, while no other
# process can move: the request can never complete (no matching send will come).
STUCK_TESTS = 3
# Fruitless MPI_Iprobe calls of one poll in a row before the prediction stops and asks for the
# loop's trip count: each pass of a polling loop is interpreted (50-100 us of interpretation a
# pass), so a loop that spins for milliseconds of predicted time at a few ns a pass would take
# minutes to predict (docs/model.md, "Polling").
POLL_LIMIT = 50_000


class Completions:
    """The engine's handlers of the completion calls (one per operation kind)."""

    KINDS = frozenset(COMPLETION_OPS)

    def __init__(self, engine):
        self.used = any(getattr(a, "op", None) in self.KINDS for prog in (engine.host_prog, engine.node_prog)
                        if prog is not None for a in prog.walk())
        if engine.symbolic and self.used:
            raise InputError("--symbolic: MPI_Waitany, MPI_Waitsome and the MPI_Test calls return what has "
                             "completed by a time, a comparison of times that has no closed form; predict "
                             "at numbers")
        self.engine = engine
        self.until: dict[int, float] = {}  # process -> the time its waitany/waitsome is looked at again
        self.idle: dict[int, tuple[int, int]] = {}  # process -> (its events at the last fruitless test, run)
        self.nulled: set = set()  # (process, request) a completion call left with no active request
        # (process, MPI_Iprobe AAU) -> (fruitless polls in a row, time of the first, of the last)
        self.polls: dict[tuple, tuple[int, float, float]] = {}

    @classmethod
    def options_for(cls, programs, options):
        """No rank symmetry when a program calls one: which request completes first, and how many
        times a process polls, are each process's own."""
        if any(getattr(a, "op", None) in cls.KINDS for prog in programs for a in prog.walk()):
            return replace(options, symmetry=False)
        return options

    def handlers(self) -> dict:
        """The completion calls' handlers, and MPI_Wait's when a program calls them (below)."""
        if not self.used:
            return {}
        return {"wait": self.wait, **{kind: getattr(self, kind) for kind in COMPLETION_OPS}}

    def wait(self, p, op, t: float):
        """MPI_Wait on a request a test (or waitany) already completed: it is MPI_REQUEST_NULL
        then, and the wait returns at once (``MPI_Test(&req, ...); ... MPI_Wait(&req, ...)``)."""
        if not p.chain.requests.get(op.request or "?") and (p.index, op.request) in self.nulled:
            return Completion(t)
        return self.engine.p2p.wait(p, op, t)

    # -- the requests -----------------------------------------------------------------------------
    @staticmethod
    def _requests(p, op) -> list:
        """The process's active requests of the call's request (or array of them), oldest first."""
        return p.chain.requests.setdefault(op.request or "?", [])

    @staticmethod
    def _complete(r, now: float) -> bool:
        return r.done is not None and r.done <= now

    def _answer(self, p, op, t: float, end: float, last, completed=(), **results) -> Completion:
        """The call returns at ``end`` (waiting since ``t`` for ``last``, the request it waited
        for) with ``results`` (flag, index, outcount) for the chain to assign, and the indices
        and the status of the requests ``completed``."""
        done = self.engine.p2p._split_wait(t, end, last) if end > t else Completion(t)
        done.payload = {k: (None if v is None else float(v)) for k, v in results.items()}
        done.payload["indices"] = [r.index for r in completed]
        if completed and not self._requests(p, op):
            self.nulled.add((p.index, op.request))
        # the status (MPI_SOURCE, MPI_TAG, MPI_Get_count) of the one request completed: a
        # receive's matched message; anything else leaves it unknown
        src, tag, size = completed[0].matched if len(completed) == 1 and completed[0].matched else (None, None, None)
        p.chain.matched, p.chain.matched_bytes = (src, tag), size
        return done

    # -- tests: return at once --------------------------------------------------------------------
    def test(self, p, op, t: float):
        reqs = self._requests(p, op)
        if not reqs:  # MPI_REQUEST_NULL (already completed): flag is true
            return self._answer(p, op, t, t, None, flag=1)
        k = request_position(reqs, op.request_index)
        if k is None:  # MPI_REQUEST_NULL: flag is true
            return self._answer(p, op, t, t, None, flag=1)
        if self._complete(reqs[k], t):
            return self._answer(p, op, t, t, None, [reqs.pop(k)], flag=1)
        self._fruitless(p, op, reqs)
        return self._answer(p, op, t, t, None, flag=0)

    def testall(self, p, op, t: float):
        reqs = self._requests(p, op)
        if all(self._complete(r, t) for r in reqs):
            completed = list(reqs)
            reqs.clear()
            return self._answer(p, op, t, t, None, completed, flag=1)
        self._fruitless(p, op, reqs)
        return self._answer(p, op, t, t, None, flag=0)

    def testany(self, p, op, t: float):
        reqs = self._requests(p, op)
        if not reqs:  # no active request: flag true, index MPI_UNDEFINED
            return self._answer(p, op, t, t, None, flag=1, index=UNDEFINED)
        done = [r for r in reqs if self._complete(r, t)]
        if not done:
            self._fruitless(p, op, reqs)
            return self._answer(p, op, t, t, None, flag=0, index=UNDEFINED)
        first = min(done, key=lambda r: r.done)
        reqs.remove(first)
        return self._answer(p, op, t, t, None, [first], flag=1, index=first.index)

    def testsome(self, p, op, t: float):
        reqs = self._requests(p, op)
        if not reqs:
            return self._answer(p, op, t, t, None, outcount=UNDEFINED)
        done = [r for r in reqs if self._complete(r, t)]
        if not done:
            self._fruitless(p, op, reqs)
        for r in done:
            reqs.remove(r)
        return self._answer(p, op, t, t, None, done, outcount=len(done))

    def _fruitless(self, p, op, reqs) -> None:
        """A test that found its request incomplete. When no other process can move and the test
        is all the process did since the last one, nothing will ever complete the request: the
        polling loop would run for ever (no matching send or receive)."""
        engine = self.engine
        others = any(q is not p and not q.done and q.blocked is None and q.started for q in engine.procs) \
            or any(ev[-1] != p.index for ev in engine.queue) \
            or (engine.net.flows is not None and engine.net.flows.busy()) \
            or any(r.done is not None for r in reqs)
        last, run = self.idle.get(p.index, (-2, 0))
        run = run + 1 if not others and p.events == last + 1 else (1 if not others else 0)
        self.idle[p.index] = (p.events, run)
        if run >= STUCK_TESTS:
            if op.kind == "iprobe":
                raise InputError(f"{op.aau.loc}: {op.aau.label} on {p.label} polls for a message that can never "
                                 "come: no other process can send (they have ended or are blocked), so the "
                                 "polling loop would run for ever; check the matching send")
            coll = any(getattr(r.started, "cls", "Comm") != "Comm" for r in reqs)  # a non-blocking collective
            raise InputError(f"{op.aau.loc}: {op.aau.label} on {p.label} polls request {op.request}, which can "
                             "never complete: no other process can send or receive what it waits for (they "
                             "have ended or are blocked), so the polling loop would run for ever; " + (
                                 "check that every process calls the collective" if coll else
                                 "check the matching send or receive"))

    # -- MPI_Iprobe: has a matching message reached the process yet ---------------------------------
    def iprobe(self, p, op, t: float):
        """Flag 1 when a message that matches has reached the process by its clock (for a
        rendezvous send waiting for its receive, its envelope: MPI matches a probe to a message
        whose send has started), with that message's status: of the first matching message from
        each sender (messages from one sender are matched in the order sent), the earliest to
        arrive. Taken from the global-time queue, so every message sent before ``t`` is known."""
        seen_at = self.engine.p2p.seen_at
        first: dict = {}
        for msg in self.engine.net.unmatched[p.chain.index]:
            if msg.src not in first and matches(msg.src, msg.tag, op.partner, op.tag):
                first[msg.src] = msg
        seen = [(seen_at(msg), msg) for msg in first.values()]
        arrived = [(when, msg) for when, msg in seen if when is not None and when <= t]
        key = (p.index, op.aau.id)
        if arrived:
            _, msg = min(arrived, key=lambda x: x[0])
            self.polls.pop(key, None)
            done = self._answer(p, op, t, t, None, flag=1)
            p.chain.matched, p.chain.matched_bytes = (msg.src, msg.tag), msg.size
            return done
        n, t0, last = self.polls.get(key, (0, t, None))
        if not first:  # a matching message on its way is no reason to stop the poll
            self._fruitless(p, op, [])
        elif last == t:
            raise InputError(f"{op.aau.loc}: {op.aau.label} on {p.label} polls again at the same time: the "
                             "polling loop costs no time on this machine, so the message on its way would "
                             "never be seen; state the loop's trip count with iters(N), or give the loop "
                             "work that takes time")
        self.polls[key] = (n + 1, t0, t)
        if n + 1 >= POLL_LIMIT:
            self._poll_limit(p, op, t, n, t0, [when for when, _ in seen if when is not None])
        return self._answer(p, op, t, t, None, flag=0)

    @staticmethod
    def _poll_limit(p, op, t: float, n: int, t0: float, known: list[float]) -> None:
        """Stop a poll that has found nothing POLL_LIMIT times in a row, with the passes the
        arrival of the message on its way needs when it is known."""
        per_pass = (t - t0) / n if n else 0.0
        estimate = (f" (the message it waits for arrives at {min(known) * 1e3:.4g} ms: about "
                    f"{n + (min(known) - t) / per_pass:,.0f} passes in all)" if known and per_pass > 0 else "")
        loops = [s for s in p.chain.stack if s.cls.startswith("Iter")]
        where = f" above line {loops[-1].loc.rsplit(':', 1)[-1].split('-')[0]}" if loops else ""
        raise InputError(f"{op.aau.loc}: {op.aau.label} on {p.label} found no message in {n + 1:,} polls in a row "
                         f"(one every {per_pass * 1e9:.3g} ns of predicted time): a polling loop is interpreted "
                         f"pass by pass, and this one would take too long to predict; state its trip count with "
                         f"'{p.chain.directive} iters(N)'{where}{estimate}")

    # -- waits: block until the earliest completion -------------------------------------------------
    def waitany(self, p, op, t: float):
        return self._wait_first(p, op, t, some=False)

    def waitsome(self, p, op, t: float):
        return self._wait_first(p, op, t, some=True)

    def _wait_first(self, p, op, t: float, some: bool):
        """The earliest completion among the active requests; with ``some``, every request
        complete by then. Looked at again (requeued) at the earliest completion time known, when
        every request completing before it is known too."""
        now = self.until.pop(p.index, t)
        reqs = self._requests(p, op)
        for r in reqs:
            if r.waiter is not None and r.waiter[2] is op:
                r.waiter = None
        if not reqs:  # no active request: index (outcount) MPI_UNDEFINED at once
            return self._answer(p, op, t, t, None, **{"outcount" if some else "index": UNDEFINED})
        done = [r for r in reqs if self._complete(r, now)]
        if done:
            first = min(done, key=lambda r: r.done)
            taken = done if some else [first]
            for r in taken:
                reqs.remove(r)
            end = max(t, first.done)
            return self._answer(p, op, t, end, first, taken,
                                **({"outcount": len(taken)} if some else {"index": first.index}))
        known = [r.done for r in reqs if r.done is not None]
        if known:
            self.requeue(p, min(known))
        else:  # none known yet: the first whose completion becomes known requeues it
            for r in reqs:
                r.waiter = (p, t, op)
        p.blocked = Why(lambda: f"completion of any of requests {op.request}")
        return None

    def woken(self, p, op, req) -> None:
        """A request of a blocked waitany / waitsome has its completion time: look again then."""
        for r in self._requests(p, op):
            if r.waiter is not None and r.waiter[2] is op:
                r.waiter = None
        self.requeue(p, max(p.op_time, req.done))

    def requeue(self, p, when: float) -> None:
        """Queue the process's pending operation again at ``when`` (an Event of algorithm.py)."""
        engine = self.engine
        self.until[p.index] = when
        tiebreak = engine.tiebreak
        heapq.heappush(engine.queue, (float(when), next(engine.seq) if tiebreak == 0 else
                                      tiebreak * p.index, next(engine.seq), p.index))
