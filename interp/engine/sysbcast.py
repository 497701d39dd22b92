"""The NX/2 system broadcast (a ``csend`` to node -1): the system's binomial-tree broadcast to every
node, as point-to-point messages of the engine (``p2p.PointToPoint``, which calls it for a send
whose partner is ``BCAST``). Moved out of p2p.py, unchanged, to keep that module under the layout's
500 lines."""
from __future__ import annotations

from interp.errors import InputError
from interp.filter import collectives
from interp.engine.network import Transfer
from interp.engine.ops import Completion, Op
from interp.engine.process import Process
from interp.engine.result import Message


def system_bcast(pp, p: Process, op: Op, t: float):
    """NX/2 csend to node -1 from process ``p`` at ``t``; ``pp``: the engine's PointToPoint. Returns
    the sender's Completion."""
    src = p.chain.index
    engine = pp.engine
    host = engine.mapping.host_index
    nodes = [i for i in range(pp.nprocs) if i != src]
    if not nodes:
        return Completion(t)
    if pp.contention and pp.net.mapping.params(src, 0).packet is not None:
        raise InputError(f"{op.aau.loc}: the NX/2 system broadcast (csend to -1) is not modelled on a "
                         "packet-switched network; use circuit or store-and-forward switching")
    if src == host:
        first = Op("send", op.aau, 0, op.tag, op.size, payload=op.payload)
        msg, startup, xmit, f = pp.transmit(src, 0, first, t)
        if msg.record is not None:
            msg.record.kind = "bcast"
        entry, root, sender_done = msg.arrival, 0, pp._sender_done(p, op, t, startup, xmit, msg, True, f)
        arrivals = {0: msg}
    else:
        entry, root, sender_done, arrivals = t, src, None, {}
    # The tree inside the cube, from ``root`` starting at ``entry``.
    r = pp.net.route(root, (root + 1) % pp.nprocs, op.size)
    per_step = r.startup + r.xmit
    ready = {root: entry}
    order = [root]
    sends_of_root = 0
    while order:
        u = order.pop(0)
        tu = ready[u]
        for kind, partner, _ in collectives.bcast(u, pp.nprocs, root, op.size):
            if kind != "send":
                continue
            tu += per_step
            ready[partner] = tu
            order.append(partner)
            if u == root:
                sends_of_root += 1
            if partner != src and partner not in arrivals:
                rec = None
                if engine.record_messages:
                    rec = Message(src, partner, op.size, t, tu, op.tag, op.aau.id, kind="bcast")
                    engine.messages.append(rec)
                arrivals[partner] = Transfer(src, partner, op.tag, op.size, tu - r.xmit, tu, op.payload,
                                             False, rec, send_aau=op.aau.id)
    for k, msg in arrivals.items():
        if k == src:
            continue
        pp._deliver(msg)
    if sender_done is not None:
        return sender_done
    return Completion(t + sends_of_root * per_step, ovh=sends_of_root * r.startup,
                      xmit=sends_of_root * r.xmit)
