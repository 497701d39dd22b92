"""Point-to-point messages of the engine (paper Figure 11): sends, receives, waits and probes.

Every method runs inside Algorithm 2's global-time order (``algorithm.Engine`` calls them through
its dispatch table, one per operation kind) and changes the ``Network``'s state. The cases (module
doc of ``algorithm``): blocking, asynchronous and synchronous (rendezvous) sends, static buffers
with a per-node pool, dynamic buffers, link contention by circuit switching, receives that wait
for their message, waits on requests, probes, and the NX/2 system broadcast (a send to node -1).
"""
from __future__ import annotations

from interp.errors import InputError
from interp.engine.network import Network, Request, Transfer, take_request
from interp.engine.ops import ANY, BCAST, Completion, Op, Why, tag_text
from interp.engine.process import Process
from interp.engine.result import Message
from interp.engine.sysbcast import system_bcast
from interp.filter.switching import STORE_AND_FORWARD


class PointToPoint:
    def __init__(self, engine, net: Network):
        self.engine = engine
        self.net = net
        self.procs = engine.procs
        self.nprocs = engine.nprocs
        self.resume = engine.resume
        self.label = engine.label
        # Read for every message: held here rather than looked up through the engine each time.
        self.route = net.route
        self.strict = engine.options.strict
        self.links = net.links
        self.record_messages = engine.record_messages
        self.messages = engine.messages
        self.contention = engine.options.contention  # False: interp bound's critical path (no waiting)
        self.demand = engine.options.demand  # record service demand per resource (interp bound)
        self._from: dict = {}  # process index -> "message from LABEL" (why a receive waited)
        self.sym = engine.symmetry  # rank symmetry (symmetry.py): rank 0 stands for every process

    # -- the network --------------------------------------------------------------------------
    def transmit(self, src: int, dst: int, op: Op, t: float, t_earliest: float | None = None, r=None):
        """Put a message on the network at t; returns the transfer and the sender's timing.
        ``r``: the route, when the caller has it already (the network's route(src, dst, size)).

        Under packet switching (with contention) the arrival is not known yet: the message is a
        flow (engine/packets.py) and ``msg.arrival`` stays None until the flow ends."""
        if r is None:
            r = self.route(src, dst, op.size)
        start = t + r.startup
        if t_earliest is not None and t_earliest > start:
            start = t_earliest
        xmit = r.xmit
        if not self.contention:  # interp bound: no waiting for links, one packet's path
            if r.stages:
                xmit = r.path
            arrival = start + xmit
        elif r.stages:
            arrival = xmit = None
        elif r.switching == STORE_AND_FORWARD:
            arrival, start = self._store_and_forward(r, start)
        else:
            busy = self.links
            for link in r.links:
                free = busy.get(link, 0.0)
                if free > start:
                    if self.sym is not None:  # who waits for whom among the images: by rank order
                        raise self.sym.broken("a message waits for a link")
                    start = free
            arrival = start + xmit
            for link in r.links:
                busy[link] = arrival
        rec = None
        if self.record_messages:
            rec = Message(src, dst, op.size, t, arrival, op.tag if op.tag is not ANY else None, op.aau.id,
                          kind="async" if op.kind == "isend" else "sync", internal=op.internal)
            self.messages.append(rec)
        # positional (Transfer's fields in order): once per message, keywords cost more
        msg = Transfer(src, dst, op.tag, op.size, start, arrival, op.payload, r.static, rec, None, True, 0.0, None,
                       op.aau.id, r.receive)
        if self.demand:
            self.net.charge(r, dst, (r.path if r.stages else xmit))
        if arrival is None:
            msg.waiters = []
            self.net.packet_flows().add(msg, r.packets, r.stages, start, self._arrived)
        return msg, r.startup, xmit, r.overlap

    def _store_and_forward(self, r, start: float) -> tuple[float, float]:
        """The whole message crosses one link after the other, each held for one hop only."""
        busy = self.links
        ready, first = start, None
        for link in r.links:
            free = busy.get(link, 0.0)
            begin = free if free > ready else ready
            if first is None:
                first = begin
            ready = begin + r.hop
            busy[link] = ready
        return ready, (start if first is None else first)

    def _arrived(self, msg: Transfer, arrival: float) -> None:
        """A packet-switched message's last packet is in: what waited for its arrival goes on."""
        msg.arrival = arrival
        if msg.record is not None:
            msg.record.arrival = arrival
        waiters, msg.waiters = msg.waiters, None
        for then in waiters:
            then()

    def _when_arrived(self, msg: Transfer, then) -> bool:
        """Run ``then`` once the message's arrival is known; True if it has to wait for it."""
        if msg.arrival is not None:
            return False
        msg.waiters.append(then)
        return True

    # -- sends --------------------------------------------------------------------------------
    def send(self, p: Process, op: Op, t: float):
        return self._send(p, op, t, blocking=True)

    def isend(self, p: Process, op: Op, t: float):
        return self._send(p, op, t, blocking=False)

    def _send(self, p: Process, op: Op, t: float, blocking: bool):
        src = p.chain.index
        if op.partner is BCAST:
            return system_bcast(self, p, op, t)
        dst, net = op.partner, self.net
        r = self.route(src, dst, op.size)
        if self.sym is not None:  # rank 0's message to dst stands for the one that reaches rank 0
            if self.sym.multi:  # several classes: to each representative that hears it (symmetry.py)
                return self.sym.send_classes(self, p, op, t, blocking, r)
            r = self.sym.route(r, op.group)
            src, dst = self.sym.incoming(dst, op.group), src
        if op.mode == "sync" or (self.strict and op.mode == "standard" and not r.static
                                 and not op.internal):
            if self.sym is not None:  # a send and its receive at one time: which comes first is by rank
                raise self.sym.broken("a synchronous (rendezvous) send")
            recv = net.find_posted(dst, src, op.tag)
            if recv is None:
                # Rendezvous: the transfer starts when the receive is posted.
                msg = Transfer(src, dst, op.tag, op.size, 0.0, 0.0, op.payload, False, None, sender_op=op,
                               blocking=blocking, t_sent=t)
                net.unmatched[dst].append(msg)
                self._envelope_probed(dst, msg, r)
                if blocking:
                    p.blocked = f"rendezvous: {self.label(dst)} to post the matching receive"
                    return None
                msg.request = self._request(p, op)
                return Completion(t + r.startup, ovh=r.startup)
            recv_op, t_post = recv
            net.posted[dst].remove(recv)
            msg, startup, xmit, f = self.transmit(src, dst, op, t, t_post, r)
            self._complete_recv(dst, recv_op, t_post, msg)
            return self._sender_done(p, op, t, startup, xmit, msg, blocking, f)
        if r.static and net.pool_used[dst] >= r.params.static_buffers and self.contention:
            if self.sym is not None:  # which sender gets the freed buffer: by rank order
                raise self.sym.broken("a static buffer pool is full")
            net.pool_waiters[dst].append((p, op, t, blocking))
            p.blocked = (f"a free static buffer at {self.label(dst)} (pool of "
                         f"{int(r.params.static_buffers)} exhausted)")
            return None
        msg, startup, xmit, f = self.transmit(src, dst, op, t, None, r)
        if self.sym is not None:
            self.sym.sent(op.group, msg.t_start, msg.arrival)
        if r.static:
            net.pool_used[dst] += 1
        self._deliver(msg)
        return self._sender_done(p, op, t, startup, xmit, msg, blocking, f)

    def _sender_done(self, p: Process, op: Op, t: float, startup: float, xmit: float | None, msg: Transfer,
                     blocking: bool, overlap: float, waited: float = 0.0, why: str | None = None):
        """The sender's side of a message: its Completion, or None when a blocking send must wait
        for a packet-switched message's arrival (the process is resumed then). ``waited``: time
        already spent waiting for a buffer; ``why``: what a blocking sender's wait was for."""
        if msg.arrival is None:
            if blocking:
                p.blocked = f"transmission of its message to {self.label(msg.dst)}"
                msg.waiters.append(lambda: self.resume(p, self._sender_done(
                    p, op, t, startup, None, msg, True, overlap, waited, why)))
                return None
            req = self._request(p, op)
            msg.waiters.append(lambda: self._done_request(req, msg.arrival, (msg.t_start, msg.arrival)))
            ovh = (1 - overlap) * startup
            return Completion(t + ovh, 0.0, ovh)
        deferred = xmit is None
        if deferred:
            xmit = msg.arrival - msg.t_start
        done = self._sender_split(p, op, t, startup, xmit, msg, blocking, overlap)
        if deferred and done.time < self.net.flows.now:
            # overlap > 0 would end the send before the moment its arrival became known (the
            # flow's end): the sender cannot resume in the past; the rest is transmission.
            done.xmit += self.net.flows.now - done.time
            done.time = self.net.flows.now
        if waited:
            done.wait += waited
        if why is not None:
            done.waits = [(done.wait, why)]
        return done

    def _done_request(self, req: Request, when: float, wire: tuple[float, float] | None = None) -> None:
        req.done = when
        if wire is not None:
            req.wire = wire
        self._wake(req)

    def _sender_split(self, p: Process, op: Op, t: float, startup: float, xmit: float, msg: Transfer,
                      blocking: bool, overlap: float) -> Completion:
        wait = msg.t_start - (t + startup)
        if not wait > 0.0:
            wait = 0.0
        if blocking:
            ovh, tx = (1 - overlap) * startup, (1 - overlap) * xmit
            waits = [(wait, f"link or buffer for message to {self.label(op.partner)}")] if wait > 0 else []
            return Completion(t + ovh + wait + tx, 0.0, ovh, tx, wait, None, waits)
        req = self._request(p, op)
        req.done = msg.arrival
        req.wire = (msg.t_start, msg.arrival)
        ovh = (1 - overlap) * startup
        return Completion(t + ovh, 0.0, ovh)

    @staticmethod
    def _request(p: Process, op: Op) -> Request:
        req = Request(index=op.request_index, started=None if op.internal else op.aau)
        requests, name = p.chain.requests, op.request or "?"
        pending = requests.get(name)  # setdefault(name, []) would build a list for every request
        if pending is None:
            requests[name] = [req]
        else:
            pending.append(req)
        return req

    # -- delivery ------------------------------------------------------------------------------
    def _deliver(self, msg: Transfer) -> None:
        """A message reaches its destination's queue, or a receive already posted there."""
        dst = msg.dst
        posted = self.net.posted[dst]
        src, tag = msg.src, msg.tag
        for entry in list(posted) if posted else ():
            rop, t_post = entry
            want_src, want_tag = rop.partner, rop.tag
            # network.matches(), inline: this runs for every posted receive a message meets
            if (want_src is ANY or want_src == src) and (want_tag is ANY or want_tag == tag):
                posted.remove(entry)
                if rop.kind == "probe":
                    self.procs[dst].chain.matched_bytes = msg.size
                    self.procs[dst].chain.matched = (msg.src, msg.tag)
                    self._probed(dst, msg, t_post)
                    continue
                self._complete_recv(dst, rop, t_post, msg)
                return
        self.net.unmatched[dst].append(msg)

    def _envelope_probed(self, dst: int, msg: Transfer, r) -> None:
        """A rendezvous send waiting for its receive: its envelope reaches ``dst`` all the same, and
        an ``MPI_Probe`` posted there for it returns (MPI matches a probe to a message whose send has
        started, synchronous or not); the data moves when the receive the probe leads to is posted.
        Before, such a probe was never woken: ``MPI_Probe``, ``MPI_Get_count``, ``malloc``,
        ``MPI_Recv`` after an ``MPI_Ssend`` hung, and ``interp check``'s pass that treats large
        standard sends as synchronous reported the pattern as a potential deadlock."""
        posted = self.net.posted[dst]
        for entry in list(posted) if posted else ():
            rop, t_post = entry
            if rop.kind == "probe" and (rop.partner is ANY or rop.partner == msg.src) \
                    and (rop.tag is ANY or rop.tag == msg.tag):
                posted.remove(entry)
                chain = self.procs[dst].chain
                chain.matched_bytes, chain.matched = msg.size, (msg.src, msg.tag)
                arrival = self._envelope(msg, r)
                self.resume(self.procs[dst], Completion(max(t_post, arrival), wait=max(0.0, arrival - t_post)))

    def _envelope(self, msg: Transfer, r=None) -> float:
        """When a rendezvous send's envelope reaches its destination: the sender's startup and the
        route's time for no data (its hops) after the send was called."""
        if r is None:
            r = self.route(msg.src, msg.dst, msg.size)
        empty = self.route(msg.src, msg.dst, 0)
        return msg.t_sent + r.startup + (empty.path if empty.stages else empty.xmit)

    def seen_at(self, msg: Transfer) -> float | None:
        """When a probe at the destination sees ``msg``: its envelope for a rendezvous send waiting
        for its receive, else its arrival (None while packet switching has not placed it)."""
        return self._envelope(msg) if msg.sender_op is not None else msg.arrival

    def _probed(self, dst: int, msg: Transfer, t_post: float) -> None:
        if self._when_arrived(msg, lambda: self._probed(dst, msg, t_post)):
            return
        self.resume(self.procs[dst], Completion(max(t_post, msg.arrival), wait=max(0.0, msg.arrival - t_post)))

    def _complete_recv(self, dst: int, rop: Op, t_post: float, msg: Transfer) -> None:
        # The arrival is known except under packet switching: no closure built per message then.
        if msg.arrival is None and self._when_arrived(msg, lambda: self._complete_recv(dst, rop, t_post, msg)):
            return
        done = self._recv_timing(dst, rop, t_post, msg)
        if rop.kind == "irecv":
            req = rop.request_obj
            req.done, req.matched = done.time, (msg.src, msg.tag, msg.size)
            req.completion = done
            self._wake(req)
            return
        self.resume(self.procs[dst], done)

    def _wake(self, req: Request) -> None:
        """A request completed: resume a process blocked in wait / waitall on it."""
        if req.waiter is None:
            return
        wp, wt, wop = req.waiter
        req.waiter = None
        if wop.kind == "wait":
            self.resume(wp, self._wait_done(wt, req))
        elif wop.kind != "waitall":  # waitany, waitsome: looked at again at its completion
            self.engine.completions.woken(wp, wop, req)
        elif (done := self.waitall(wp, wop, wt)) is not None:
            self.resume(wp, done)

    def _recv_timing(self, dst: int, rop: Op, t_post: float, msg: Transfer) -> Completion:
        if rop.size and msg.size > rop.size and not rop.internal:
            self.engine.findings.append((
                "size-mismatch", rop.aau, [msg.src, dst],
                f"{self.label(dst)} receives {msg.size:g} bytes from {self.label(msg.src)} (sent at "
                f"{self.engine.aau_where(msg.send_aau)}) into a {rop.size:g}-byte buffer: the message is "
                "truncated"))
        # max() spelled out: this runs for every message (same choice on ties as max())
        arrival, t_start = msg.arrival, msg.t_start
        ready = arrival if arrival > t_post else t_post  # max(t_post, arrival)
        if msg.static:
            self._free_buffer(dst, ready)
        chain = self.procs[dst].chain
        chain.matched_bytes = msg.size  # for MPI_Get_count (chain_comm.visit_Comm)
        chain.matched = (msg.src, msg.tag)  # for status.MPI_SOURCE / MPI_TAG
        receive = msg.receive
        if receive is None:
            receive = self.net.route(msg.src, dst, msg.size).receive
        wait = t_start - t_post
        if not wait > 0.0:
            wait = 0.0
        xmit = arrival - (t_start if t_start > t_post else t_post)
        if not xmit > 0.0:
            xmit = 0.0
        end = ready + receive
        if msg.record is not None:
            msg.record.aau_recv = rop.aau.id
            msg.record.recv_time = end
        if wait + xmit > 0:
            what = self._from.get(msg.src)
            if what is None:  # the words are the same for every message of a sender: made once
                what = self._from[msg.src] = f"message from {self.label(msg.src)}"
            return Completion(end, 0.0, receive, xmit, wait, msg.payload, [(wait + xmit, what)])
        return Completion(end, 0.0, receive, xmit, wait, msg.payload)  # positional: once per message

    def _free_buffer(self, dst: int, t: float) -> None:
        net = self.net
        net.pool_used[dst] -= 1
        if net.pool_waiters[dst]:
            p, op, t_send, blocking = net.pool_waiters[dst].pop(0)
            msg, startup, xmit, f = self.transmit(p.chain.index, dst, op, max(t, t_send))
            net.pool_used[dst] += 1
            self._deliver(msg)
            done = self._sender_done(p, op, t_send, startup, xmit, msg, blocking, f, max(0.0, t - t_send))
            if done is not None:
                self.resume(p, done)

    # -- receives, waits, probes ---------------------------------------------------------------
    def recv(self, p: Process, op: Op, t: float):
        dst = p.chain.index
        msg = self.net.take_unmatched(dst, op.partner, op.tag)
        if msg is None:
            self.net.posted[dst].append((op, t))
            p.blocked = Why(lambda: f"a message from {self.label(op.partner)} with tag {tag_text(op.tag)}")
            return None
        if msg.sender_op is not None:  # a rendezvous sender was waiting for this receive
            return self._rendezvous(dst, op, t, msg)
        return self._received(p, op, t, msg)

    def _received(self, p: Process, rop: Op, t: float, msg: Transfer):
        """A blocking receive matched to its message: done, or blocked until a packet-switched
        message arrives."""
        if msg.arrival is None and self._when_arrived(
                msg, lambda: self.resume(p, self._recv_timing(p.chain.index, rop, t, msg))):
            p.blocked = f"the last packet of the message from {self.label(msg.src)}"
            return None
        return self._recv_timing(p.chain.index, rop, t, msg)

    def _rendezvous(self, dst: int, rop: Op, t: float, pending: Transfer):
        sop = pending.sender_op
        sender = self.procs[pending.src if self.sym is None else dst]  # symmetry: rank 0 sent it
        msg, startup, xmit, f = self.transmit(pending.src, dst, sop, pending.t_sent, t)
        if pending.blocking:
            done = self._sender_done(sender, sop, pending.t_sent, startup, xmit, msg, True, f,
                                     why=f"rendezvous with {self.label(sop.partner)}")
            if done is not None:
                self.resume(sender, done)
        else:
            req = pending.request
            if req is not None and not self._when_arrived(msg, lambda: self._done_request(req, msg.arrival)):
                req.done = msg.arrival
                self._wake(req)
        if rop.kind == "irecv":
            self._complete_recv(dst, rop, t, msg)
            return None
        return self._received(self.procs[dst], rop, t, msg)

    def irecv(self, p: Process, op: Op, t: float):
        dst = p.chain.index
        req = self._request(p, op)
        op.request_obj = req
        msg = self.net.take_unmatched(dst, op.partner, op.tag)
        if msg is None:
            self.net.posted[dst].append((op, t))
        elif msg.sender_op is not None:
            self._rendezvous(dst, op, t, msg)
        elif msg.arrival is None:
            self._complete_recv(dst, op, t, msg)
        else:
            done = self._recv_timing(dst, op, t, msg)
            req.done, req.completion, req.matched = done.time, done, (msg.src, msg.tag, msg.size)
        return Completion(t)

    def _wait_done(self, t: float, req: Request | None) -> Completion:
        done = req.done if req is not None else t
        return self._split_wait(t, done if done > t else t, req)

    @staticmethod
    def _split_wait(t: float, end: float, req: Request | None) -> Completion:
        """Time blocked in a wait: the part while the message was on the wire is transmission."""
        c = req.completion if req is not None else None
        remaining = end - t
        if c is not None:
            xmit = min(remaining, c.xmit)
        elif req is not None and req.wire is not None:  # its own send still on the wire
            # max(0.0, min(end, w1) - max(t, w0)) spelled out as the builtins decide (same
            # choice on ties): this runs for every wait on a send's request
            w0, w1 = req.wire
            xmit = (w1 if w1 < end else end) - (w0 if w0 > t else t)
            if not xmit > 0.0:
                xmit = 0.0
        else:
            xmit = 0.0
        wait = remaining - xmit
        return Completion(end, 0.0, 0.0, xmit, wait, c.payload if c else None,
                          [(remaining, "request completion")] if remaining > 0 else None)

    def wait(self, p: Process, op: Op, t: float):
        reqs = p.chain.requests.get(op.request or "?")
        if not reqs:
            raise InputError(f"{op.aau.loc}: wait on request {op.request!r} with no pending send or receive")
        req = take_request(reqs, op.request_index)  # None: MPI_REQUEST_NULL, nothing to wait for
        if req is None or req.done is not None:
            return self._wait_done(t, req)
        req.waiter = (p, t, op)
        p.blocked = Why(lambda: f"completion of request {op.request}")
        return None

    def waitall(self, p: Process, op: Op, t: float):
        name = op.request or "?"
        reqs = p.chain.requests.get(name, [])
        pending = [r for r in reqs if r.done is None]
        if pending:
            # Wait for one pending request; when it completes, waitall is looked at again.
            pending[0].waiter = (p, t, op)
            p.blocked = Why(lambda: f"completion of requests {name}")
            return None
        end = max([t] + [r.done for r in reqs])
        last = max(reqs, key=lambda r: r.done, default=None)
        p.chain.requests[name] = []
        return self._split_wait(t, end, last)

    def probe(self, p: Process, op: Op, t: float):
        dst = p.chain.index
        msg = self.net.take_unmatched(dst, op.partner, op.tag, consume=False)
        if msg is None:
            self.net.posted[dst].append((op, t))
            p.blocked = f"a message (probe) from {self.label(op.partner)}"
            return None
        p.chain.matched_bytes = msg.size
        p.chain.matched = (msg.src, msg.tag)
        if msg.sender_op is not None:  # a rendezvous send waiting for its receive: its envelope
            arrival = self.seen_at(msg)
            return Completion(max(t, arrival), wait=max(0.0, arrival - t))
        if msg.arrival is None:
            self._probed(dst, msg, t)
            p.blocked = f"the last packet of the message from {self.label(msg.src)}"
            return None
        return Completion(max(t, msg.arrival), wait=max(0.0, msg.arrival - t))
