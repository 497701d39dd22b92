"""Switching models of a machine's network (level-3 filter, paper 001 3.3.2; seed 004 section 3.7):
how a message occupies the links and nodes of its route, chosen by ``comm_sync.switching``.

- ``circuit`` (the default, paper 001 Table 3 "e-cube, circuit switched"): the message holds every
  link of its route for its whole transmission, per_byte * m + per_hop * h.
- ``store-and-forward``: the whole message crosses one link at a time; each hop costs
  per_byte * m + per_hop and holds only that hop's link.
- ``packet`` and ``wormhole``: the message is cut into ceil(m / packet) packets. Every packet takes
  ``packet_link`` on each link of its route and ``packet_forward`` of work on every node it passes
  through; a node's forwarding runs beside the transfer of the packet into that node (seed 004's
  T800 model: ``use(f_n, 181) || use(x_n, 108)`` per intermediate node, then ``use(x_r, 108)``).
  Links and forwarding are separate resources shared packet by packet between concurrent messages
  (engine/packets.py). Wormhole is the same model with the flit as the packet.

Every value is checked here, once per SAU: a model with a missing parameter, or a parameter the
chosen model would not use, is an error that says which key to add or remove.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from interp.errors import InputError

CIRCUIT, STORE_AND_FORWARD, PACKET, WORMHOLE = "circuit", "store-and-forward", "packet", "wormhole"
MODELLED = (CIRCUIT, STORE_AND_FORWARD, PACKET, WORMHOLE)
PACKET_KEYS = ("packet", "packet_link", "packet_forward")


@dataclass(frozen=True)
class PacketCosts:
    """Seed 004 section 3.7: packet size (bytes), per-packet link transfer and node forwarding (s)."""

    size: float
    link: float
    forward: float


def switching_of(sau, cs: dict, value) -> tuple[str, PacketCosts | None]:
    """The switching model of one SAU's comm_sync component and its packet costs.

    ``cs``: the component's parameters; ``value(key)``: a parameter's number (or expression)."""
    name = sau.setting("comm_sync", "switching") or CIRCUIT
    where = f"{sau.id} ({sau.name}) comm_sync.switching"
    if name not in MODELLED:
        raise InputError(f"{where} is {name!r}, which interp does not model; use one of "
                         f"{', '.join(MODELLED)}")
    given = [k for k in PACKET_KEYS if k in cs]
    if name in (CIRCUIT, STORE_AND_FORWARD):
        if given:
            raise InputError(f"{where} is {name}, which does not cut messages into packets, but "
                             f"comm_sync.{given[0]} is given: remove it, or set switching: packet")
        return name, None
    missing = [k for k in PACKET_KEYS if k not in cs]
    if missing:
        raise InputError(f"{where} is {name}: give comm_sync.{missing[0]} (packet: bytes per packet; "
                         "packet_link: time of one packet on one link; packet_forward: work of one "
                         "packet on a node it passes through)")
    per_message = [f"{c}.{k}" for c in ("static", "dynamic") for k in ("per_byte", "per_hop") if f"{c}.{k}" in cs]
    if per_message:
        raise InputError(f"{where} is {name}: the transmission is packet_link and packet_forward per "
                         f"packet, so comm_sync.{per_message[0]} would be ignored; remove it")
    numbers = {}
    for k in PACKET_KEYS:
        x = value(k)
        if not isinstance(x, (int, float)):
            raise InputError(f"{where} is {name}: comm_sync.{k} must be a constant (it is an expression "
                             "of m, h or n)")
        numbers[k] = float(x)
    if numbers["packet"] < 1:
        raise InputError(f"{where} is {name}: comm_sync.packet is {numbers['packet']:g} B; a packet "
                         "carries at least 1 byte")
    return name, PacketCosts(numbers["packet"], numbers["packet_link"], numbers["packet_forward"])


def packets_of(size: float, costs: PacketCosts) -> int:
    """Packets of a message: ceil(m / packet), at least one (an empty message still sends a header)."""
    if not isinstance(size, (int, float)):
        # interp bound --symbolic: the count stays a closed form, ceiling(m / packet), carried like
        # every symbolic time (engine/symtime.py); the contended engine refuses symbolic inputs on a
        # packet network before it gets here (engine.algorithm).
        return size.ceil_div(costs.size)
    return max(1, math.ceil(size / costs.size))


def packet_stages(links, costs: PacketCosts) -> tuple:
    """One packet's way along a route: per hop, the resources it uses side by side and for how long.

    Hop j enters node n_j over link (n_{j-1}, n_j); if n_j is not the destination, n_j forwards
    the packet while it arrives (seed 004: ``use(f_n) || use(x_n)``). A stage lasts as long as
    its slowest resource."""
    stages = []
    for j, link in enumerate(links):
        uses = [(("link",) + tuple(link), costs.link)]
        if j < len(links) - 1:
            uses.append((("forward", link[1]), costs.forward))
        stages.append(tuple(uses))
    return tuple(stages)


def path_time(stages) -> float:
    """One packet's time along its route with no other packet in the way (seed 004 Eq. 2)."""
    return sum(max(t for _, t in stage) for stage in stages)


def pipeline_time(stages, k: int) -> float:
    """k packets through the stages, alone on the route: fill the pipeline, then one packet per
    slowest stage (seed 004 section 3.1: M tau + (N - 1) max tau)."""
    if not stages:
        return 0.0
    longest = max(max(t for _, t in stage) for stage in stages)
    return k * longest + (path_time(stages) - longest)


def demands(stages, k: int) -> dict:
    """Service demand of k packets on every resource of the route (seed 004 Eq. 3)."""
    out: dict = {}
    for stage in stages:
        for resource, t in stage:
            out[resource] = out.get(resource, 0.0) + k * t
    return out
