"""The network's state during one interpretation (paper Figure 11, level-3 routes): links and who
holds them, the static buffer pool of every node, and the messages and receives waiting to meet.

``Network`` owns that state; the point-to-point model (``p2p``) decides what happens to it in
global-time order. ``Route`` is the cost of one message over one route, computed once per
(source, destination, size) from the machine's comm/sync parameters.
"""
from __future__ import annotations

import math

from dataclasses import dataclass
from typing import NamedTuple

from sag.parameter import Bound, Parameter

from interp.engine.ops import ANY, Completion, Op
from interp.engine.packets import PacketFlows
from interp.engine.result import Message
from interp.filter.switching import (CIRCUIT, STORE_AND_FORWARD, demands, packet_stages, packets_of,
                                     path_time, pipeline_time)


def value_of(x, m: float, h: float, n: float, bound: Bound, runtime: dict) -> float:
    """A comm/sync parameter's value for a message of m bytes over h hops among n processes."""
    if isinstance(x, Parameter):
        env = {k: v for k, v in (("m", m), ("h", h), ("n", n)) if k in x.names}
        env.update({k: runtime[k] for k in x.names if k in runtime})
        return x.value(bound, **env)
    return x


class Route(NamedTuple):
    """One message's cost over its route (seconds), and what it occupies."""

    params: object  # the comm/sync parameters of the route (filter.mapping)
    links: tuple  # the links it holds while transmitting (circuit switching)
    static: bool  # fits the static (eager) buffer
    startup: float  # sender's call overhead
    xmit: float  # transmission: per byte and per hop
    receive: float  # receiver's call overhead
    overlap: float  # share of overhead and transmission the sender does not wait for
    switching: str = CIRCUIT  # filter.switching
    hop: float = 0.0  # store-and-forward: one hop of the whole message
    packets: int = 0  # packet / wormhole: packets of the message
    stages: tuple = ()  # packet / wormhole: per hop, (resource, time of one packet) used side by side
    path: float = 0.0  # packet / wormhole: one packet's time along the route (no contention)


@dataclass(slots=True)
class Transfer:
    """A message on its way: sent (or a rendezvous send waiting for its receive), not yet received."""

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
    waiters: list | None = None  # packet switching: what runs once the arrival (None until then) is known


@dataclass(slots=True)
class Request:
    """A non-blocking operation's request (MPI_Request, an NX/2 message id)."""

    done: float | None = None  # completion time once known
    op: Op | None = None
    completion: Completion | None = None
    waiter: tuple | None = None  # (process, time, op) blocked in wait/waitall on it
    # A send's message on the wire, (start, arrival): time blocked in a wait then is transmission
    # of the process's own message, not waiting (issue 13 defect 15, docs/model.md).
    wire: tuple[float, float] | None = None
    index: float | None = None  # its element of an array of requests: what MPI_Waitany returns
    matched: tuple | None = None  # a receive's (source, tag, bytes) once matched: its status
    # the call that started it, when it must be completed before the process ends (a persistent
    # request's MPI_Start, a non-blocking collective): reported if it never is
    started: object = None


# The key under which a callee's frame keeps its parameters passed the caller's variables by name
# (Call.names): never a program name, so no value lookup or payload ever meets it.
REQUEST_NAMES = "\x00passed by name"


def request_name(frames: list, name: str | None) -> tuple[str | None, float | None]:
    """The request variable ``name`` (``r``, or ``r[]`` for an element of an array) as the process
    keeps its requests, and the element the callee's first one is (None: the same numbering): a
    parameter that the caller passed its own request, array of them or element of one to is the
    caller's variable (and the caller's caller's, up the calls), so that the MPI_Waitall in main
    completes what MPI_Isend started in a helper (``setup(reqs)``: ``&r[k]`` is ``reqs[k]``;
    ``post(&reqs[2])``: ``r``, ``&r[0]`` are ``reqs[2]``)."""
    if not name or len(frames) < 2:
        return name, None
    base, suffix = (name[:-2], "[]") if name.endswith("[]") else (name, "")
    offset = None
    for frame in reversed(frames):
        passed = frame.get(REQUEST_NAMES)
        entry = passed.get(base) if passed else None
        if entry is None:
            break
        var, off = entry
        if var.endswith("[]"):  # an element of the caller's array
            var, suffix = var[:-2], "[]"
            offset = (offset or 0.0) + (off if off is not None else math.nan)
        base = var
    return base + suffix, offset


def request_position(reqs: list, index) -> int | None:
    """Where in ``reqs`` (a request variable's pending requests, oldest first) is the request
    MPI_Wait(&reqs[k]) or MPI_Test(&reqs[k]) completes: the oldest one stored to element ``index``.
    Without a known element (a plain ``&req``, or an isend whose subscript had no value) the oldest
    one, as before. None: every pending request is another element's, so element ``index`` holds
    MPI_REQUEST_NULL (already completed), on which MPI_Wait returns at once. Until 2026-11-23 the
    oldest request was always taken: ``MPI_Wait(&reqs[1])`` completed reqs[0]'s receive."""
    if index is not None:
        for k, r in enumerate(reqs):
            if r.index == index:
                return k
        if reqs and all(r.index is not None for r in reqs):
            return None
    return 0


def take_request(reqs: list, index):
    """The request MPI_Wait(&reqs[index]) completes, taken out of ``reqs`` (request_position);
    None: the element holds MPI_REQUEST_NULL."""
    k = request_position(reqs, index)
    return None if k is None else reqs.pop(k)


class Network:
    def __init__(self, mapping, nprocs: int, bound: Bound, runtime: dict):
        """``nprocs``: the n of the machine's expressions (nodes); the mapping's processes may
        add a host, and every process has its own queues."""
        self.mapping = mapping
        self.nprocs = nprocs
        self.bound = bound
        self.runtime = runtime
        total = len(mapping.procs)
        self.links: dict = {}  # link -> time it becomes free
        self.unmatched: list[list[Transfer]] = [[] for _ in range(total)]  # arrived, no receive yet
        self.posted: list[list[tuple[Op, float]]] = [[] for _ in range(total)]  # receives, no message
        self.pool_used = [0] * total  # static buffers in use at each process's node
        self.pool_waiters: list[list] = [[] for _ in range(total)]  # senders waiting for a buffer
        self._routes: dict = {}
        self.demand: dict = {}  # resource -> service demand (seconds), when the engine records it
        self.capacity: dict = {}  # resource -> multiplicity, where it is not 1
        self.flows = None  # packets.PacketFlows once a packet-switched message is sent

    def route(self, src: int, dst: int, size: float) -> Route:
        key = (src, dst, size)
        r = self._routes.get(key)
        if r is None:
            r = self._routes[key] = self._route(src, dst, size)
        return r

    def _route(self, src: int, dst: int, size: float) -> Route:
        params = self.mapping.params(src, dst)
        links, hops = self.mapping.route(src, dst)
        static = size <= params.static_buffer
        cls = params.static if static else params.dynamic
        n, bound, runtime = self.nprocs, self.bound, self.runtime

        def v(x):
            return value_of(x, size, hops, n, bound, runtime)

        if params.packet is not None:
            stages = packet_stages(links, params.packet)
            k = packets_of(size, params.packet)
            return Route(params, tuple(links), static, v(cls.startup), pipeline_time(stages, k), v(cls.receive),
                         v(params.overlap), params.switching, 0.0, k, stages, path_time(stages))
        if params.switching == STORE_AND_FORWARD:
            hop = v(cls.per_byte) * size + v(cls.per_hop)
            return Route(params, tuple(links), static, v(cls.startup), hop * hops, v(cls.receive),
                         v(params.overlap), params.switching, hop)
        return Route(params, tuple(links), static, v(cls.startup), v(cls.per_byte) * size + v(cls.per_hop) * hops,
                     v(cls.receive), v(params.overlap))

    def charge(self, r: Route, dst: int, held: float) -> None:
        """Service demand of one message on the shared resources it uses (seed 004 Eq. 3), for
        ``interp bound``: each link (and each node's forwarding) for the time the message keeps it
        busy, and the receiver's static buffer pool for ``held``, the transmission (a static
        message holds one buffer at least while it arrives)."""
        demand = self.demand
        if r.stages:
            for resource, t in demands(r.stages, r.packets).items():
                demand[resource] = demand.get(resource, 0.0) + t
        else:
            per_link = r.hop if r.switching == STORE_AND_FORWARD else r.xmit
            for link in r.links:
                key = ("link",) + tuple(link)
                demand[key] = demand.get(key, 0.0) + per_link
        if r.static and r.params.static_buffers != float("inf"):
            key = ("pool", dst)
            demand[key] = demand.get(key, 0.0) + held
            self.capacity[key] = r.params.static_buffers

    def packet_flows(self) -> PacketFlows:
        if self.flows is None:
            self.flows = PacketFlows()
        return self.flows

    def occupancy(self, i: int) -> tuple:
        """What the network holds for node i (steady states compare it between iterations)."""
        return (self.pool_used[i], len(self.unmatched[i]), len(self.posted[i]), len(self.pool_waiters[i]))

    def take_unmatched(self, dst: int, want_src, want_tag, consume: bool = True) -> Transfer | None:
        queue = self.unmatched[dst]
        for k, msg in enumerate(queue):
            if (want_src is ANY or want_src == msg.src) and (want_tag is ANY or want_tag == msg.tag):
                if consume:
                    del queue[k]
                return msg
        return None

    def find_posted(self, dst: int, src: int, tag):
        for entry in self.posted[dst]:
            rop = entry[0]
            if rop.kind != "probe" and matches(src, tag, rop.partner, rop.tag):
                return entry
        return None


def matches(msg_src, msg_tag, want_src, want_tag) -> bool:
    return (want_src is ANY or want_src == msg_src) and (want_tag is ANY or want_tag == msg_tag)
