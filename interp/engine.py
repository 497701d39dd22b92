"""The interpretation engine (paper 3.4, Algorithm 2) with the comm/sync model of Figure 11.

Every process is a chain (``walker.Chain``) on its own clock. The engine keeps the operations that
must synchronize in a queue keyed by global time and resolves them in that order, so shared
resources (links, static buffer pools) are granted in global-time order and the result does not
depend on the order in which chains are taken. Communication time is split into call overhead,
transmission and waiting:

- a blocking send pays its startup (overhead) and transmission (per byte and per hop, static
  buffers up to the machine's static buffer size, dynamic buffers above); it waits when a link on
  its route is busy (circuit switching: a message holds every link of its route while it is
  transmitted) or when the receiver's pool of static buffers is exhausted;
- an asynchronous send pays the startup only; the message becomes receivable at send time plus
  transmission;
- a synchronous (rendezvous) send also waits for the matching receive to be posted;
- a receive waits until its message has arrived, then pays the receive overhead;
- a barrier releases every process at the last arrival plus the sync overhead;
- collectives are the point-to-point messages of the machine's algorithm (``collectives``), or the
  machine's fitted expression of (m, n) when it gives one;
- (1 - overlap) of a send's overhead and transmission is charged to the sender.
"""
from __future__ import annotations

import gc
import heapq
import itertools
from dataclasses import dataclass, field, fields

from frontends.aag import AAG, Iter
from sag.model import SAG
from sag.parameter import Bound, Parameter

from . import collectives
from .errors import InputError, ProgramHang
from .mapping import Mapping
from .attribution import call_attributions, loop_attributions
from .omega import NodeModel
from .roofline import RooflineModel
from .ops import ANY, BCAST, Completion, Op
from .steady import Broken, SteadyState
from .result import Message, ProcStats, RunResult
from .symtime import SymTime
from .walker import Chain, Compiled


def _val(x, m: float, h: float, n: float, bound: Bound, runtime: dict) -> float:
    if isinstance(x, Parameter):
        env = {k: v for k, v in (("m", m), ("h", h), ("n", n)) if k in x.names}
        env.update({k: runtime[k] for k in x.names if k in runtime})
        return x.value(bound, **env)
    return x


def _receives_critical(prog: AAG) -> bool:
    """Does a message or broadcast deliver into a variable that decides control flow?"""
    critical = {name.split("[", 1)[0] for name in prog.critical}
    for a in prog.walk():
        for buf in (getattr(a, "buffer", None), getattr(a, "recv_buffer", None)):
            if buf and buf.split("[", 1)[0] in critical:
                return True
    return False


@dataclass(slots=True)
class _Msg:
    src: int
    dst: int
    tag: object
    size: float
    t_start: float  # transmission start
    arrival: float
    payload: dict | None
    static: bool
    record: Message | None
    sender_op: Op | None = None  # rendezvous: the sender waiting for the receive
    blocking: bool = True
    t_sent: float = 0.0
    request: object = None  # non-blocking rendezvous send: its request record
    send_aau: int | None = None  # the sending AAU's id (for findings)
    receive: float | None = None  # the receiver's overhead on this route (None: look it up)


@dataclass(slots=True)
class _Request:
    done: float | None = None  # completion time once known
    op: Op | None = None
    completion: Completion | None = None
    waiter: tuple | None = None  # (process, time, op) blocked in wait/waitall on it


@dataclass(slots=True)
class _Proc:
    chain: Chain
    stack: list = field(default_factory=list)  # generators: the chain, then collective steps
    op: Op | None = None
    op_time: float = 0.0
    blocked: str | None = None  # what it waits for, when blocked
    done: bool = False
    started: bool = False
    events: int = 0  # operations of this process the engine has taken
    skipped: int = 0  # operations of this process in extrapolated steady-state iterations


class Engine:
    def __init__(self, programs: list[AAG], sag: SAG, nprocs: int, inputs: dict[str, float],
                 bound: Bound = Bound(), trace: bool = False, tiebreak: int = 1, closed_forms: bool = True,
                 placement: dict | None = None, messages: bool = True, extrapolate: bool = True,
                 banned: frozenset = frozenset()):
        self._args = (programs, sag, nprocs, inputs, bound, trace, tiebreak, closed_forms, placement, messages,
                      extrapolate)
        self.sag = sag
        self.record_messages = messages or trace  # Message records: traces, plots, the SAAG
        self.bound = bound
        self.notes: dict = {}
        self.compiled = Compiled()
        self.stats: dict = {}
        self.tracing = trace
        self.spans: list = []
        self.messages: list[Message] = []
        self.tiebreak = tiebreak
        self.closed_forms = closed_forms  # False: unroll deterministic loops (to check the closed forms)
        self.symbolic = any(type(v).__name__ == "SymTime" for v in inputs.values())
        host_prog = next((p for p in programs if p.role == "host"), None)
        node_prog = next((p for p in programs if p.role != "host"), None)
        if host_prog is not None and node_prog is None:
            raise InputError(f"{host_prog.file} loads a node program: give the node program's file too "
                             f"(interp run {host_prog.file} NODE.c)")
        if node_prog is not None and node_prog.role == "node" and host_prog is None and node_prog.api == "nx" \
                and any(a.cls == "Comm" and a.partner is not None and a.partner.is_number
                        and int(a.partner) == -32768 for a in node_prog.walk()):
            raise InputError(f"{node_prog.file} sends to myhost(): give the host program's file first "
                             f"(interp run HOST.c {node_prog.file})")
        self.mapping = Mapping(sag, nprocs, host_prog is not None, bound, self.notes, placement)
        self.nprocs = nprocs
        self.result_procs = [ProcStats(p.index, p.label, p.sau.id) for p in self.mapping.procs]
        self.models: dict[str, NodeModel] = {}
        self.procs: list[_Proc] = []
        for place in self.mapping.procs:
            prog = host_prog if place.label == "host" else node_prog
            model = self._model(place.sau, prog)
            rank_value = place.index if place.label != "host" else -32768
            chain = Chain(place.index, place.label, prog, model, self, rank_value, nprocs, inputs)
            self.procs.append(_Proc(chain))
        self.host_prog, self.node_prog = host_prog, node_prog
        # Message contents are tracked only when some receive buffer decides control flow.
        self.track_payloads = any(_receives_critical(prog) for prog in (host_prog, node_prog) if prog is not None)
        self.queue: list = []
        self.seq = itertools.count()
        self.unmatched: list[list[_Msg]] = [[] for _ in self.procs]
        self.posted: list[list[tuple[Op, float]]] = [[] for _ in self.procs]
        self.pool_used = [0] * len(self.procs)
        self.pool_waiters: list[list] = [[] for _ in self.procs]
        self.links: dict = {}
        self.barriers: dict = {}
        self.fitted: dict = {}
        self.events = 0
        self._inner: dict = {}
        self.findings: list = []  # (kind, aau, ranks, message) found while interpreting
        self._route_cache: dict = {}
        self.strict = False  # check mode: standard sends above the static buffer may block
        self._handlers = {name[4:]: getattr(self, name) for name in dir(self) if name.startswith("_op_")}
        # Steady states are extrapolated only when no report needs every event.
        self.steady = SteadyState(self, extrapolate and not self.record_messages and not self.symbolic, banned)

    def _model(self, sau, prog: AAG) -> NodeModel:
        key = (sau.id, id(prog))
        if key not in self.models:
            # processing.model: roofline selects the throughput model; opcount (default) the paper's.
            cls = RooflineModel if sau.setting("processing", "model") == "roofline" else NodeModel
            self.models[key] = cls(sau, self.bound, self.sag.runtime, prog.functions, self.notes)
        return self.models[key]

    # -- Algorithm 2 ---------------------------------------------------------------------------
    def run(self) -> RunResult:
        # The interpretation allocates many short-lived objects and no garbage cycles worth
        # collecting mid-run; the cyclic collector would cost about 15% of the run.
        enabled = gc.isenabled()
        gc.disable()
        try:
            return self._run()
        except Broken as broken:  # a loop stopped repeating after the jump was decided
            banned = self.steady.banned | {broken.aau_id}
            return Engine(*self._args, banned=frozenset(banned)).run()
        finally:
            if enabled:
                gc.enable()

    def _run(self) -> RunResult:
        starters = [p for p in self.procs if p.chain.label == "host"] if self.host_prog else self.procs
        for p in starters:
            self._start(p, 0.0)
        queue, procs, handlers, pop = self.queue, self.procs, self._handlers, heapq.heappop
        while queue:
            idx = pop(queue)[3]
            p = procs[idx]
            self.events += 1
            p.events += 1
            op = p.op
            done = handlers[op.kind](p, op, p.op_time)  # the clock value itself (symbolic under --symbolic)
            if done is not None:  # _resume(), inline: this loop runs once per event
                p.blocked = None
                p.op = None
                self._advance(p, done)
        blocked = [p for p in self.procs if not p.done]
        if blocked:
            raise ProgramHang(self._hang_report(blocked))
        total = max((p.chain.proc.end for p in self.procs), default=0.0)
        symbolic_total = total.e if isinstance(total, SymTime) else None
        if self.symbolic:  # reports show the numbers at the samples; the closed form is kept apart
            total = float(total)
            for ps in self.result_procs:
                for f in ("start", "end", "comp", "ovh", "xmit", "wait"):
                    setattr(ps, f, float(getattr(ps, f)))
            for st in self.stats.values():
                for f in ("total", "comp", "ovh", "xmit", "wait"):
                    setattr(st, f, float(getattr(st, f)))
            for m in self.messages:
                for f in ("size", "send_time", "arrival", "recv_time"):
                    if getattr(m, f) is not None:
                        setattr(m, f, float(getattr(m, f)))
            self.spans = [type(sp)(**{k: (float(v) if type(v).__name__ == "SymTime" else v)
                                      for k, v in ((f.name, getattr(sp, f.name)) for f in fields(sp))})
                          for sp in self.spans]
        return RunResult(
            program=" ".join(a.file for a in (self.host_prog, self.node_prog) if a is not None),
            machine=self.sag.name, nprocs=self.nprocs, inputs={}, bound=str(self.bound), total=total,
            procs=self.result_procs, aaus=self.stats, notes=self._notes(),
            problems=[], messages=self.messages, events=self.events, scenario=self.sag.scenario,
            extrapolated_events=self.steady.skipped_events,
            spans=self.spans,
            aau_info={a.id: (a.cls, str(a.loc) if a.loc else "", a.label)
                      for prog in (self.host_prog, self.node_prog) if prog is not None for a in prog.walk()},
            proc_labels=[p.chain.label for p in self.procs], symbolic_total=symbolic_total)

    def _notes(self) -> list[str]:
        out = []
        for key, value in self.notes.items():
            if key[1] == "missing":
                sau = self.sag.find(key[0])
                out.append(f"{key[0]} ({sau.name if sau else '?'}) gives no value for "
                           f"{', '.join(sorted(value))}: costed 0")
            else:
                out.append(value)
        grouped: dict = {}
        for loops, kstar, jump, delta, period in self.steady.jumps:
            where = " and ".join(str(x.loc) for x in sorted(loops, key=lambda x: x.id))
            grouped.setdefault((where, len(loops)), []).append((kstar, jump, delta, period))
        for (where, n_loops), jumps in grouped.items():
            loop = f"loop{'s' if n_loops > 1 else ''} at {where}"
            if len(jumps) == 1:
                (kstar, jump, delta, period), = jumps
                every = "iteration" if period == 1 else f"{period} iterations"
                out.append(f"steady state: the {loop} repeat{'' if n_loops > 1 else 's'} every {every} "
                           f"({delta:.6g} s) on every process from iteration {kstar}; iterations "
                           f"{kstar}..{kstar + jump - 1} were extrapolated, not interpreted (--exact "
                           "interprets every iteration)")
            else:
                out.append(f"steady state: the {loop} reached a steady state in {len(jumps)} of its "
                           f"executions; {sum(j[1] for j in jumps):,} iterations were extrapolated, "
                           "not interpreted (--exact interprets every iteration)")
        return sorted(out)

    def _start(self, p: _Proc, t: float) -> None:
        p.started = True
        p.chain.clock = t
        p.stack = [p.chain.run()]
        self._advance(p, None)

    def _advance(self, p: _Proc, value) -> None:
        """Run the chain until it needs the engine (or ends), and queue that operation."""
        chain = p.chain
        stack = p.stack
        while True:
            if value is not None:
                chain.clock = value.time
            try:
                op = stack[-1].send(value)
            except StopIteration as stop:
                stack.pop()
                if not stack:
                    p.done = True
                    p.op = None
                    return
                value = stop.value
                continue
            kind = op.kind
            if kind == "coll" and op.coll != "barrier":
                fitted = self.mapping.params(chain.index, chain.index).collectives.get(op.coll)
                if fitted is None:
                    stack.append(self._collective(p, op))
                    value = None
                    continue
            elif kind == "compute":
                chain.clock += op.seconds
                value = Completion(chain.clock, comp=op.seconds)
                continue
            p.op = op
            t = p.op_time = chain.clock
            if kind == "wait" or kind == "waitall":
                # A wait reads only its own requests, whose completion times do not depend on
                # the order in which other operations are taken: no need to queue it.
                self.events += 1
                p.events += 1
                value = self._handlers[kind](p, op, t)
                if value is None:
                    return  # blocked: the request's completion wakes it
                p.op = None
                p.blocked = None
                continue
            heapq.heappush(self.queue, (float(t), next(self.seq) if self.tiebreak == 0 else
                                        self.tiebreak * chain.index, next(self.seq), chain.index))
            return

    def _resume(self, p: _Proc, done: Completion) -> None:
        p.blocked = None
        p.op = None
        self._advance(p, done)

    def _block(self, p: _Proc, what: str) -> None:
        p.blocked = what

    def _handle(self, p: _Proc, op: Op, t: float) -> None:
        done = self._handlers[op.kind](p, op, t)
        if done is not None:
            self._resume(p, done)

    # -- point to point ----------------------------------------------------------------------
    def _route_cost(self, src: int, dst: int, size: float):
        key = (src, dst, size)
        cached = self._route_cache.get(key)
        if cached is None:
            cached = self._route_cache[key] = self._route_cost_uncached(src, dst, size)
        return cached

    def _route_cost_uncached(self, src: int, dst: int, size: float):
        params = self.mapping.params(src, dst)
        links, hops = self.mapping.route(src, dst)
        static = size <= params.static_buffer
        cls = params.static if static else params.dynamic
        n = self.nprocs
        v = lambda x: _val(x, size, hops, n, self.bound, self.sag.runtime)  # noqa: E731
        startup = v(cls.startup)
        xmit = v(cls.per_byte) * size + v(cls.per_hop) * hops
        return params, links, static, startup, xmit, v(cls.receive), v(params.overlap)

    def _transmit(self, src: int, dst: int, op: Op, t: float, t_earliest: float | None = None):
        """Put a message on the network at t; returns the message and the sender's timing."""
        params, links, static, startup, xmit, receive, overlap = self._route_cost(src, dst, op.size)
        start = t + startup
        if t_earliest is not None and t_earliest > start:
            start = t_earliest
        busy = self.links
        for l in links:
            free = busy.get(l, 0.0)
            if free > start:
                start = free
        arrival = start + xmit
        for l in links:
            busy[l] = arrival
        rec = None
        if self.record_messages:
            rec = Message(src, dst, op.size, t, arrival, op.tag if op.tag is not ANY else None, op.aau.id,
                          kind="async" if op.kind == "isend" else "sync", internal=op.internal)
            self.messages.append(rec)
        msg = _Msg(src, dst, op.tag, op.size, start, arrival, op.payload, static, rec, send_aau=op.aau.id,
                   receive=receive)
        return msg, startup, xmit, start - (t + startup), overlap

    def _op_send(self, p: _Proc, op: Op, t: float):
        return self._send(p, op, t, blocking=True)

    def _op_isend(self, p: _Proc, op: Op, t: float):
        return self._send(p, op, t, blocking=False)

    def _send(self, p: _Proc, op: Op, t: float, blocking: bool):
        src = p.chain.index
        if op.partner is BCAST:
            return self._system_bcast(p, op, t)
        dst = op.partner
        params, _, static, _, _, _, _ = self._route_cost(src, dst, op.size)
        if op.mode == "sync" or (self.strict and op.mode == "standard" and not static and not op.internal):
            recv = self._find_posted(dst, src, op.tag)
            if recv is None:
                # Rendezvous: the transfer starts when the receive is posted.
                msg = _Msg(src, dst, op.tag, op.size, 0.0, 0.0, op.payload, False, None, sender_op=op,
                           blocking=blocking, t_sent=t)
                self.unmatched[dst].append(msg)
                if blocking:
                    self._block(p, f"rendezvous: {self._label(dst)} to post the matching receive")
                    return None
                msg.request = self._request(p, op)
                startup = self._route_cost(src, dst, op.size)[3]
                return Completion(t + startup, ovh=startup)
            recv_op, t_post = recv
            self.posted[dst].remove(recv)
            msg, startup, xmit, wait, f = self._transmit(src, dst, op, t, t_post)
            self._complete_recv(dst, recv_op, t_post, msg)
            return self._sender_done(p, op, t, startup, xmit, msg, blocking, f)
        if static and self.pool_used[dst] >= params.static_buffers:
            self.pool_waiters[dst].append((p, op, t, blocking))
            self._block(p, f"a free static buffer at {self._label(dst)} (pool of "
                           f"{int(params.static_buffers)} exhausted)")
            return None
        msg, startup, xmit, wait, f = self._transmit(src, dst, op, t)
        if static:
            self.pool_used[dst] += 1
        self._deliver(msg)
        return self._sender_done(p, op, t, startup, xmit, msg, blocking, f)

    def _sender_done(self, p: _Proc, op: Op, t: float, startup: float, xmit: float, msg: _Msg,
                     blocking: bool, overlap: float) -> Completion:
        wait = msg.t_start - (t + startup)
        if not wait > 0.0:
            wait = 0.0
        if blocking:
            ovh, tx = (1 - overlap) * startup, (1 - overlap) * xmit
            waits = [(wait, f"link or buffer for message to {self._label(msg.dst)}")] if wait > 0 else []
            return Completion(t + ovh + wait + tx, ovh=ovh, xmit=tx, wait=wait, waits=waits)
        req = self._request(p, op)
        req.done = msg.arrival
        ovh = (1 - overlap) * startup
        return Completion(t + ovh, ovh=ovh)

    def _request(self, p: _Proc, op: Op) -> _Request:
        req = _Request()
        p.chain.requests.setdefault(op.request or "?", []).append(req)
        return req

    def _system_bcast(self, p: _Proc, op: Op, t: float):
        """NX/2 csend to node -1: the system's binomial-tree broadcast to every node."""
        src = p.chain.index
        host = self.mapping.host_index
        nodes = [i for i in range(self.nprocs) if i != src]
        if not nodes:
            return Completion(t)
        if src == host:
            first = Op("send", op.aau, 0, op.tag, op.size, payload=op.payload)
            msg, startup, xmit, wait, f = self._transmit(src, 0, first, t)
            if msg.record is not None:
                msg.record.kind = "bcast"
            entry, root, sender_done = msg.arrival, 0, self._sender_done(p, op, t, startup, xmit, msg, True, f)
            arrivals = {0: msg}
        else:
            entry, root, sender_done, arrivals = t, src, None, {}
        # The tree inside the cube, from ``root`` starting at ``entry``.
        params, _, static, startup, xmit1, _, _ = self._route_cost(root, (root + 1) % self.nprocs, op.size)
        per_step = startup + xmit1
        ready = {root: entry}
        order = [root]
        sends_of_root = 0
        while order:
            u = order.pop(0)
            tu = ready[u]
            for kind, partner, _ in collectives.bcast(u, self.nprocs, root, op.size):
                if kind != "send":
                    continue
                tu += per_step
                ready[partner] = tu
                order.append(partner)
                if u == root:
                    sends_of_root += 1
                if partner != src and partner not in arrivals:
                    rec = None
                    if self.record_messages:
                        rec = Message(src, partner, op.size, t, tu, op.tag, op.aau.id, kind="bcast")
                        self.messages.append(rec)
                    arrivals[partner] = _Msg(src, partner, op.tag, op.size, tu - xmit1, tu, op.payload,
                                             False, rec, send_aau=op.aau.id)
        for k, msg in arrivals.items():
            if k == src:
                continue
            self._deliver(msg)
        if sender_done is not None:
            return sender_done
        busy = sends_of_root * per_step
        return Completion(t + busy, ovh=sends_of_root * startup, xmit=sends_of_root * xmit1)

    def _matches(self, msg_src, msg_tag, want_src, want_tag) -> bool:
        return (want_src is ANY or want_src == msg_src) and (want_tag is ANY or want_tag == msg_tag)

    def _find_posted(self, dst: int, src: int, tag):
        for entry in self.posted[dst]:
            rop, _ = entry
            if rop.kind != "probe" and self._matches(src, tag, rop.partner, rop.tag):
                return entry
        return None

    def _deliver(self, msg: _Msg) -> None:
        """A message reaches its destination's queue, or a receive already posted there."""
        dst = msg.dst
        posted = self.posted[dst]
        for entry in list(posted) if posted else ():
            rop, t_post = entry
            if self._matches(msg.src, msg.tag, rop.partner, rop.tag):
                if rop.kind == "probe":
                    self.posted[dst].remove(entry)
                    self._resume(self.procs[dst], Completion(max(t_post, msg.arrival),
                                                             wait=max(0.0, msg.arrival - t_post)))
                    continue
                self.posted[dst].remove(entry)
                self._complete_recv(dst, rop, t_post, msg)
                return
        self.unmatched[dst].append(msg)

    def _complete_recv(self, dst: int, rop: Op, t_post: float, msg: _Msg) -> None:
        done = self._recv_timing(dst, rop, t_post, msg)
        if rop.kind == "irecv":
            req = rop.request_obj
            req.done = done.time
            req.completion = done
            self._wake(req)
            return
        self._resume(self.procs[dst], done)

    def _wake(self, req: _Request) -> None:
        """A request completed: resume a process blocked in wait / waitall on it."""
        if req.waiter is None:
            return
        wp, wt, wop = req.waiter
        req.waiter = None
        if wop.kind == "wait":
            self._resume(wp, self._wait_done(wt, req))
        else:
            done = self._op_waitall(wp, wop, wt)
            if done is not None:
                self._resume(wp, done)

    def _recv_timing(self, dst: int, rop: Op, t_post: float, msg: _Msg) -> Completion:
        if rop.size and msg.size > rop.size and not rop.internal:
            self.findings.append(("size-mismatch", rop.aau, [msg.src, dst],
                                  f"{self._label(dst)} receives {msg.size:g} bytes from {self._label(msg.src)} "
                                  f"(sent at {self._aau_where(msg.send_aau)}) into a {rop.size:g}-byte buffer: "
                                  "the message is truncated"))
        if msg.static:
            self._free_buffer(dst, max(t_post, msg.arrival))
        receive = msg.receive
        if receive is None:
            receive = self._route_cost(msg.src, dst, msg.size)[5]
        # max() spelled out: this runs for every message (same choice on ties as max())
        arrival, t_start = msg.arrival, msg.t_start
        wait = t_start - t_post
        if not wait > 0.0:
            wait = 0.0
        xmit = arrival - (t_start if t_start > t_post else t_post)
        if not xmit > 0.0:
            xmit = 0.0
        end = (arrival if arrival > t_post else t_post) + receive
        if msg.record is not None:
            msg.record.aau_recv = rop.aau.id
            msg.record.recv_time = end
        if wait + xmit > 0:
            return Completion(end, 0.0, receive, xmit, wait, msg.payload,
                              [(wait + xmit, f"message from {self._label(msg.src)}")])
        return Completion(end, 0.0, receive, xmit, wait, msg.payload)

    def _free_buffer(self, dst: int, t: float) -> None:
        self.pool_used[dst] -= 1
        if self.pool_waiters[dst]:
            p, op, t_send, blocking = self.pool_waiters[dst].pop(0)
            msg, startup, xmit, _, f = self._transmit(p.chain.index, dst, op, max(t, t_send))
            self.pool_used[dst] += 1
            self._deliver(msg)
            done = self._sender_done(p, op, t_send, startup, xmit, msg, blocking, f)
            done.wait += max(0.0, t - t_send)
            self._resume(p, done)

    def _take_unmatched(self, dst: int, want_src, want_tag, consume: bool = True):
        queue = self.unmatched[dst]
        for k, msg in enumerate(queue):
            if (want_src is ANY or want_src == msg.src) and (want_tag is ANY or want_tag == msg.tag):
                if consume:
                    del queue[k]
                return msg
        return None

    def _op_recv(self, p: _Proc, op: Op, t: float):
        dst = p.chain.index
        msg = self._take_unmatched(dst, op.partner, op.tag)
        if msg is None:
            self.posted[dst].append((op, t))
            self._block(p, f"a message from {self._label(op.partner)} with tag {self._tagtext(op.tag)}")
            return None
        if msg.sender_op is not None:  # a rendezvous sender was waiting for this receive
            return self._rendezvous(dst, op, t, msg)
        return self._recv_timing(dst, op, t, msg)

    def _rendezvous(self, dst: int, rop: Op, t: float, pending: _Msg):
        sender = self.procs[pending.src]
        sop = pending.sender_op
        msg, startup, xmit, wait, f = self._transmit(pending.src, dst, sop, pending.t_sent, t)
        if pending.blocking:
            done = self._sender_done(sender, sop, pending.t_sent, startup, xmit, msg, True, f)
            done.waits = [(done.wait, f"rendezvous with {self._label(dst)}")]
            self._resume(sender, done)
        else:
            req = pending.request
            if req is not None:
                req.done = msg.arrival
                self._wake(req)
        if rop.kind == "irecv":
            self._complete_recv(dst, rop, t, msg)
            return None
        return self._recv_timing(dst, rop, t, msg)

    def _op_irecv(self, p: _Proc, op: Op, t: float):
        dst = p.chain.index
        req = self._request(p, op)
        op.request_obj = req
        msg = self._take_unmatched(dst, op.partner, op.tag)
        if msg is None:
            self.posted[dst].append((op, t))
        elif msg.sender_op is not None:
            self._rendezvous(dst, op, t, msg)
        else:
            done = self._recv_timing(dst, op, t, msg)
            req.done, req.completion = done.time, done
        return Completion(t)

    def _wait_done(self, t: float, req: _Request) -> Completion:
        done = req.done
        return self._split_wait(t, done if done > t else t, req)

    @staticmethod
    def _split_wait(t: float, end: float, req: _Request | None) -> Completion:
        """Time blocked in a wait: the part while the message was on the wire is transmission."""
        c = req.completion if req is not None else None
        remaining = end - t
        xmit = min(remaining, c.xmit) if c is not None else 0.0
        wait = remaining - xmit
        return Completion(end, xmit=xmit, wait=wait, payload=c.payload if c else None,
                          waits=[(remaining, "request completion")] if remaining > 0 else [])

    def _op_wait(self, p: _Proc, op: Op, t: float):
        reqs = p.chain.requests.get(op.request or "?")
        if not reqs:
            raise InputError(f"{op.aau.loc}: wait on request {op.request!r} with no pending send or receive")
        req = reqs.pop(0)
        if req.done is not None:
            return self._wait_done(t, req)
        req.waiter = (p, t, op)
        self._block(p, f"completion of request {op.request}")
        return None

    def _op_waitall(self, p: _Proc, op: Op, t: float):
        name = op.request or "?"
        reqs = p.chain.requests.get(name, [])
        pending = [r for r in reqs if r.done is None]
        if pending:
            # Wait for one pending request; when it completes, waitall is looked at again.
            pending[0].waiter = (p, t, op)
            self._block(p, f"completion of requests {name}")
            return None
        end = max([t] + [r.done for r in reqs])
        last = max(reqs, key=lambda r: r.done, default=None)
        p.chain.requests[name] = []
        return self._split_wait(t, end, last)

    def _op_probe(self, p: _Proc, op: Op, t: float):
        dst = p.chain.index
        msg = self._take_unmatched(dst, op.partner, op.tag, consume=False)
        if msg is None:
            self.posted[dst].append((op, t))
            self._block(p, f"a message (probe) from {self._label(op.partner)}")
            return None
        return Completion(max(t, msg.arrival), wait=max(0.0, msg.arrival - t))

    # -- synchronization and collectives -------------------------------------------------------
    def _op_barrier(self, p: _Proc, op: Op, t: float):
        key = ("barrier", p.chain.coll_seq)
        p.chain.coll_seq += 1
        params = self.mapping.params(p.chain.index, p.chain.index)
        fitted = params.collectives.get("barrier")
        cost = _val(fitted, 0, 0, self.nprocs, self.bound, self.sag.runtime) if fitted is not None \
            else _val(params.sync, 0, 0, self.nprocs, self.bound, self.sag.runtime)
        return self._gather_all(p, key, t, cost, "barrier")

    def _op_coll(self, p: _Proc, op: Op, t: float):
        """A collective with a fitted expression: all processes leave at last arrival + T(m, n)."""
        key = ("coll", op.coll, p.chain.coll_seq)
        p.chain.coll_seq += 1
        params = self.mapping.params(p.chain.index, p.chain.index)
        cost = _val(params.collectives[op.coll], op.size, 0, self.nprocs, self.bound, self.sag.runtime)
        return self._gather_all(p, key, t, cost, op.coll, op)

    def _gather_all(self, p: _Proc, key, t: float, cost: float, what: str, op: Op | None = None):
        group = self.barriers.setdefault(key, [])
        group.append((p, t, op))
        if len(group) < self.nprocs:
            self._block(p, f"{what}: {len(group)} of {self.nprocs} processes have arrived")
            return None
        release = max(x[1] for x in group) + cost
        root_payload = next((o.payload for q, _, o in group if o is not None and o.payload is not None
                             and o.root == q.chain.index), None)
        del self.barriers[key]
        mine = None
        for q, tq, _ in group:
            done = Completion(release, xmit=cost, wait=release - cost - tq, payload=root_payload,
                              waits=[(release - cost - tq, f"{what}: last arrival")])
            if q is p:
                mine = done
            else:
                self._resume(q, done)
        return mine

    def _collective(self, p: _Proc, op: Op):
        """Generator: the point-to-point steps of a collective for one process."""
        me = p.chain.index
        seq_no = p.chain.coll_seq
        p.chain.coll_seq += 1
        tag = ("__coll", seq_no)
        totals = Completion(0.0)
        payload = op.payload if me == op.root else None
        elem_time = p.chain.model.t(f"ops.{op.elem_op}") if op.elem_op else 0.0
        n = self.nprocs
        for kind, partner, size in collectives.steps(op.coll, me, n, op.root, op.size, op.elements):
            if kind == "combine":
                done = yield Op("compute", op.aau, seconds=partner * elem_time, internal=True)
            elif kind == "send":
                done = yield Op("send", op.aau, partner, tag, size, payload=payload, internal=True)
            elif kind == "recv":
                done = yield Op("recv", op.aau, partner, tag, size, internal=True)
                if done.payload is not None:
                    payload = done.payload
            else:  # exchange
                d1 = yield Op("isend", op.aau, partner, tag, size, request="__coll", internal=True)
                d2 = yield Op("recv", op.aau, partner, tag, size, internal=True)
                d3 = yield Op("wait", op.aau, request="__coll", internal=True)
                done = Completion(d3.time, d1.comp + d2.comp + d3.comp, d1.ovh + d2.ovh + d3.ovh,
                                  d1.xmit + d2.xmit + d3.xmit, d1.wait + d2.wait + d3.wait,
                                  waits=d2.waits + d3.waits)
            for c in ("comp", "ovh", "xmit", "wait"):
                setattr(totals, c, getattr(totals, c) + getattr(done, c))
            totals.waits += done.waits
        totals.time = p.chain.clock
        totals.payload = payload
        return totals

    def _op_spawn(self, p: _Proc, op: Op, t: float):
        """NX/2 load(): the node programs start at the spawn's activation time plus its cost."""
        cost = p.chain.model.t("machine.load")
        for q in self.procs:
            if not q.started and q.chain.label != "host":
                self._start(q, t + cost)
        return Completion(t + cost, comp=cost)

    def _aau_where(self, aau_id: int | None) -> str:
        if aau_id is None:
            return "?"
        for p in self.procs:
            for a in p.chain.aag.walk() if p.chain.aag else ():
                if a.id == aau_id:
                    return f"line {a.loc.first}"
        return "?"

    # -- reports -------------------------------------------------------------------------------
    def _label(self, idx) -> str:
        if idx is ANY:
            return "any process"
        if idx is BCAST:
            return "every node"
        return self.procs[idx].chain.label if isinstance(idx, int) and idx < len(self.procs) else str(idx)

    @staticmethod
    def _tagtext(tag) -> str:
        return "any" if tag is ANY else str(tag)

    def _hang_report(self, blocked: list[_Proc]) -> str:
        lines = [f"the program hangs: {len(blocked)} of {len(self.procs)} processes cannot finish "
                 "(Algorithm 2: leaves not all red)"]
        for p in blocked:
            op = p.op
            if not p.started:
                lines.append(f"  {p.chain.label}: never started (no load() of its program)")
                continue
            a = op.aau if op is not None else p.chain.current
            where = f"{a.loc.file}:{a.loc.first}" if a is not None and a.loc else "?"
            what = p.blocked or "its next operation"
            lines.append(f"  {p.chain.label}: blocked in {a.cls if a else '?'} {a.label if a else ''} at "
                         f"{where}, waiting for {what} (since t={p.op_time + p.chain.offset:.6g} s)")
        return "\n".join(lines)

    # -- inner attribution for closed-form loops -----------------------------------------------
    def inner_attributions(self, model: NodeModel, aau):
        """(aau, executions, time) of every AAU inside a closed-form loop or call, built once."""
        key = (model.sau.id, aau.id)
        if key not in self._inner:
            self._inner[key] = (loop_attributions(model, aau) if isinstance(aau, Iter)
                                else call_attributions(model, aau))
        return self._inner[key]
