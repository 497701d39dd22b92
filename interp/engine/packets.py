"""Packet-switched messages in flight (switching: packet or wormhole; filter/switching.py).

Seed 004 section 3.7 models every packet of a message as a process that uses the links and the
forwarding work of the nodes on its route, each a resource shared packet by packet with the
packets of every other message (a work-conserving discipline with fair arbitration). With
thousands of packets per message, interp follows that sharing as a flow: while a set of messages
is in flight, each gets a packet rate, and the rates are max-min fair (progressive filling, as
round-robin arbitration of backlogged packets gives): every message's rate rises together until a
resource it uses is saturated, sum over its messages of rate * per-packet time = 1. Rates change
only when a message starts or ends, so the cost is per message, not per packet.

A message alone gets one packet per slowest stage; its last packet arrives one pipeline fill
(its route's time minus the slowest stage) after the flow ends, so a lone message takes exactly
the pipeline time k * max tau + (sum tau - max tau) of seed 004 section 3.1.

The engine (algorithm.Engine) steps these flows between its own events in global-time order, so
a message's arrival is final only when the global clock reaches it: a message that starts later
may still slow an earlier one down.
"""
from __future__ import annotations

import heapq
import itertools

INF = float("inf")


class Flow:
    __slots__ = ("msg", "left", "costs", "fill", "period", "end", "done")

    def __init__(self, msg, packets: int, costs: dict, fill: float, done):
        self.msg = msg
        self.left = float(packets)  # packets not yet through the slowest stage
        self.costs = costs  # resource -> time of one packet on it
        self.fill = fill
        self.period = INF  # seconds per packet at the current rate
        self.end = INF
        self.done = done  # done(msg, arrival)


class PacketFlows:
    def __init__(self):
        self.starts: list = []  # (start time, seq, Flow) not yet started
        self.active: list[Flow] = []
        self.now = 0.0
        self._seq = itertools.count()

    def add(self, msg, packets: int, stages, start: float, done) -> None:
        costs: dict = {}
        for stage in stages:
            for resource, t in stage:
                costs[resource] = costs.get(resource, 0.0) + t
        slowest = max((max(t for _, t in stage) for stage in stages), default=0.0)
        fill = sum(max(t for _, t in stage) for stage in stages) - slowest
        heapq.heappush(self.starts, (start, next(self._seq), Flow(msg, packets, costs, fill, done)))

    def busy(self) -> bool:
        return bool(self.starts or self.active)

    def next_time(self) -> float:
        t = self.starts[0][0] if self.starts else INF
        for f in self.active:
            if f.end < t:
                t = f.end
        return t

    def step(self) -> None:
        """Advance to the next start or end of a flow; ended messages get their arrival time."""
        t = self.next_time()
        if t > self.now:
            dt = t - self.now
            for f in self.active:
                f.left -= dt / f.period
        self.now = t
        ended = [f for f in self.active if f.end <= t]
        if ended:
            self.active = [f for f in self.active if f.end > t]
        while self.starts and self.starts[0][0] <= t:
            self.active.append(heapq.heappop(self.starts)[2])
        self._share()
        for f in ended:
            f.done(f.msg, t + f.fill)

    def _share(self) -> None:
        """Max-min fair packet rates by progressive filling; each flow's end at that rate."""
        load: dict = {}  # resource -> share already given to frozen flows
        open_flows = [f for f in self.active if f.costs]
        for f in self.active:
            if not f.costs:  # a message with no hop (a process to itself): no resource to share
                f.period, f.end = 0.0, self.now
        while open_flows:
            demand: dict = {}
            for f in open_flows:
                for r, c in f.costs.items():
                    demand[r] = demand.get(r, 0.0) + c
            # The resource that saturates first: the longest period per packet.
            worst, period = None, -1.0
            for r, c in demand.items():
                p = c / max(1.0 - load.get(r, 0.0), 1e-12)
                if p > period:
                    worst, period = r, p
            still = []
            for f in open_flows:
                if worst in f.costs:
                    f.period = period
                    f.end = self.now + f.left * period
                    for r, c in f.costs.items():
                        load[r] = load.get(r, 0.0) + c / period
                else:
                    still.append(f)
            open_flows = still
