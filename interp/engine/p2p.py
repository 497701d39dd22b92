"""Point-to-point messages of the engine (paper Figure 11): routes, links, buffers, matching.

A mixin of ``engine.Engine``: every method runs inside Algorithm 2's global-time order and uses the
engine's state (``mapping``, ``links``, ``unmatched``, ``posted``, buffer pools) and its
``_resume`` / ``_block`` / ``_label``. The cases (module doc of ``engine``): blocking, asynchronous
and synchronous (rendezvous) sends, static buffers with a per-node pool, dynamic buffers, link
contention by circuit switching, receives that wait for their message, waits on requests, probes,
and the NX/2 system broadcast (a send to node -1).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sag.parameter import Bound, Parameter

from interp.filter import collectives
from interp.errors import InputError
from interp.engine.ops import ANY, BCAST, Completion, Op
from interp.engine.result import Message

if TYPE_CHECKING:
    from interp.engine.algorithm import _Proc


def _val(x, m: float, h: float, n: float, bound: Bound, runtime: dict) -> float:
    if isinstance(x, Parameter):
        env = {k: v for k, v in (("m", m), ("h", h), ("n", n)) if k in x.names}
        env.update({k: runtime[k] for k in x.names if k in runtime})
        return x.value(bound, **env)
    return x


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


class PointToPoint:
    """Sends, receives, waits and probes (mixed into ``Engine``)."""

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
