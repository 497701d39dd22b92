"""Collectives in progress (paper 3.4.1, SyncSeq and Sync AAUs): barriers and collectives with a
fitted machine expression release every process at the last arrival plus their cost; any other
collective is the point-to-point steps of the machine's algorithm (``filter.collectives``),
interpreted as messages."""
from __future__ import annotations

from interp.engine.network import value_of
from interp.engine.ops import CollTag, Completion, Op, Why
from interp.engine.process import Process
from interp.filter import collectives


class Collectives:
    def __init__(self, engine):
        self.engine = engine
        self.nprocs = engine.nprocs
        self.groups: dict = {}  # key -> [(process, arrival time, op)]: collectives not all arrived

    def _cost(self, x, m: float, n: int) -> float:
        e = self.engine
        return value_of(x, m, 0, n, e.options.bound, e.sag.runtime)

    def _next(self, p: Process, op: Op):
        """(members, number of processes, sequence number) of the collective ``op`` on ``p``: on
        MPI_COMM_WORLD every process; on a communicator the program created its members, each
        counting that communicator's collectives apart (interp/engine/communicators.py)."""
        chain = p.chain
        if op.comm is not None and self.engine.symmetry is not None:
            raise self.engine.symmetry.broken("a collective on a communicator the program created")
        if op.comm is None:
            chain.coll_seq += 1
            return None, self.nprocs, chain.coll_seq - 1
        k = chain.comm_seqs.get(op.comm.handle, 0)
        chain.comm_seqs[op.comm.handle] = k + 1
        return op.comm.members, op.comm.size, (op.comm.handle, k)

    def barrier(self, p: Process, op: Op, t: float):
        members, n, seq = self._next(p, op)
        key = ("barrier", seq)
        params = self.engine.mapping.params(p.chain.index, p.chain.index)
        fitted = params.collectives.get("barrier")
        cost = self._cost(fitted if fitted is not None else params.sync, 0, n)
        return self._gather_all(p, key, t, cost, "barrier", op, n, members)

    def fitted(self, p: Process, op: Op, t: float):
        """A collective with a fitted expression: all processes leave at last arrival + T(m, n)."""
        members, n, seq = self._next(p, op)
        key = ("coll", op.coll, seq)
        params = self.engine.mapping.params(p.chain.index, p.chain.index)
        return self._gather_all(p, key, t, self._cost(params.collectives[op.coll], op.size, n), op.coll, op, n,
                                members)

    def _gather_all(self, p: Process, key, t: float, cost: float, what: str, op: Op, n: int, members):
        group = self.groups.setdefault(key, [])
        group.append((p, t, op))
        # rank symmetry: rank 0 arrives at the same time as every process it stands for
        sym = self.engine.symmetry  # with several classes: every representative
        if len(group) < (n if sym is None else sym.parts.k):
            p.blocked = Why(lambda: f"{what}: {len(group)} of {n} processes have arrived")  # so far
            return None
        release = max(x[1] for x in group) + cost
        root = op.root if members is None else members[op.root]
        root_payload = next((o.payload for q, _, o in group if o.payload is not None and root == q.chain.index),
                            None)
        del self.groups[key]
        mine = None
        for q, tq, _ in group:
            done = Completion(release, xmit=cost, wait=release - cost - tq, payload=root_payload,
                              waits=[(release - cost - tq, f"{what}: last arrival")])
            if q is p:
                mine = done
            else:
                self.engine.resume(q, done)
        return mine

    def steps(self, p: Process, op: Op):
        """Generator: the point-to-point steps of a collective for one process."""
        members, n, seq = self._next(p, op)
        group = None
        if self.engine.symmetry is not None:  # every process's steps must be the images of rank 0's
            group = self.engine.symmetry.check_steps(op.coll, n, op.root, op.size, op.elements, op.aau.id)
        me = p.chain.index if members is None else op.comm.index[p.chain.index]
        tag = CollTag(seq)
        totals = Completion(0.0)
        payload = op.payload if me == op.root else None
        elem_time = p.chain.model.t(f"ops.{op.elem_op}") if op.elem_op else 0.0
        for kind, partner, size in collectives.steps(op.coll, me, n, op.root, op.size, op.elements, op.sizes):
            if members is not None and kind != "combine":
                partner = members[partner]  # a rank of the communicator: the process it names
            if kind == "combine":
                done = yield Op("compute", op.aau, seconds=partner * elem_time, internal=True)
            elif kind == "send":
                done = yield Op("send", op.aau, partner, tag, size, payload=payload, internal=True, group=group)
            elif kind == "recv":
                done = yield from self._recv(p, op, partner, tag, size)
                if done.payload is not None:
                    payload = done.payload
            else:  # exchange
                d1 = yield Op("isend", op.aau, partner, tag, size, request="__coll", internal=True, group=group)
                d2 = yield from self._recv(p, op, partner, tag, size)
                d3 = yield Op("wait", op.aau, request="__coll", internal=True)
                done = Completion(d3.time, waits=d2.waits + d3.waits)
                for d in (d1, d2, d3):
                    done.add(d)
            totals.add(done)
            totals.waits += done.waits
        totals.time = p.chain.clock
        totals.payload = payload
        return totals

    @staticmethod
    def _recv(p: Process, op: Op, partner, tag, size):
        """A step's receive. A progress agent of a non-blocking collective (nonblocking.py), whose
        queue key is not its process's index, receives with an MPI_Irecv and a wait on it: the
        engine resumes a blocking receive's process by index, and the wait ends at the same time
        (the message's arrival, or the post, plus the receive overhead)."""
        if p.qid == p.chain.index:
            return (yield Op("recv", op.aau, partner, tag, size, internal=True))
        yield Op("irecv", op.aau, partner, tag, size, request="__nbc", internal=True)
        return (yield Op("wait", op.aau, request="__nbc", internal=True))
