"""A chain's Comm, Sync, SyncSeq and Spawn AAUs (paper 3.4.1): the operations it hands the engine.

A mixin of ``chain.Chain``: partners, tags and sizes are evaluated on the process's values
(memoized per AAU while the names they read keep their values), tracked values travel with the
message buffers, and the engine's Completion is booked into the AAU's and the process's
statistics (call overhead, transmission, waiting).
"""
from __future__ import annotations

import heapq
from dataclasses import replace

from frontends.aag import symexpr as S
from frontends.aag import COMPLETION_OPS, PERSISTENT_OPS, Comm, Spawn, Sync, SyncSeq

from interp.errors import InputError
from frontends.aag.communicators import COMM_WORLD, STATUS_BYTES, TAG_SPACE

from interp.engine.communicators import EXCHANGE_BYTES
from interp.engine.compiled import Unknown
from interp.engine.network import request_name
from interp.engine.ops import ANY, BCAST, CommTagged, Completion, Op
from interp.engine.persistent import PersistentRequests
from interp.engine.result import Span
from interp.filter import collectives

_PERSISTENT = frozenset(PERSISTENT_OPS)
LONGEST_WAITS = 5  # per process, for "why is this process late"
# A wait shorter than this fraction of the clock is the rounding of clock sums (1e-18 s at 1 s),
# not a wait: it is not listed among the longest waits.
RESIDUE = 1e-12


class ChainComm(PersistentRequests):
    """Communication of one process's chain (mixed into ``Chain``)."""

    def partner(self, expr, receive: bool):
        value = int(self.concrete(self.need(expr, "communication partner"), "communication partner"))
        if self.engine.symmetry is not None:  # rank 0 stands for every process: the others' partners
            self.engine.symmetry.check_partner(self, expr, value)
        if value == S.HOST:
            if self.engine.mapping.host_index is None:
                raise InputError(f"{self._where()}: message to myhost() but no host program runs")
            return self.engine.mapping.host_index
        if value == -1:
            a = self.current
            if not receive and a is not None and getattr(a, "api", None) == "mpi":
                # -1 is MPI_ANY_SOURCE: a receive's wildcard, never a destination (NX/2's csend to
                # node -1, every node, is the only send to -1)
                raise InputError(f"{self._where()}: {self.label} sends to process -1 (MPI_ANY_SOURCE): not a "
                                 f"destination; ranks are 0..{self.nprocs - 1}")
            return ANY if receive else BCAST
        if value == -2:
            return None  # MPI_PROC_NULL
        if not 0 <= value < self.nprocs:
            raise InputError(f"{self._where()}: {self.label} addresses process {value}, but only "
                             f"{self.nprocs} run (ranks 0..{self.nprocs - 1})")
        return value

    def tag(self, expr):
        if expr is None:
            return ANY
        value = int(self.concrete(self.need(expr, "message tag"), "message tag"))
        if value >= TAG_SPACE:  # a tag on a communicator the program created
            return CommTagged(value % TAG_SPACE, value // TAG_SPACE)
        return ANY if value == -1 else value

    def payload(self, buffer: str | None):
        if not buffer or not self.engine.track_payloads:
            return None
        out = {}
        for scope in (self.globals, self.frames[-1]):
            for key, value in scope.items():
                # the variable, its elements, and a struct's members (a job record's job.size)
                if key == buffer or key.startswith((buffer + "[", buffer + ".")):
                    out[key[len(buffer):]] = value
        return out

    def req(self, name: str | None) -> str | None:
        """A request variable as the process keeps its requests (network.request_name)."""
        return request_name(self.frames, name)[0] if len(self.frames) > 1 else name

    def element(self, a):
        """The element of an array of requests an isend or irecv stores to (None: unknown); in a
        callee passed an element of the caller's array (``&reqs[2]``), counted from that one."""
        idx = self.try_eval(a.request_index) if a.request_index is not None else None
        if len(self.frames) > 1 and a.request:  # (one look at the frames: this runs for every isend)
            offset = request_name(self.frames, a.request)[1]
            if offset is not None:
                idx = None if offset != offset or (idx is None and a.request_index is not None) else offset + (idx or 0)
        return idx

    def deliver(self, buffer: str | None, payload: dict | None) -> None:
        if buffer and payload:
            for suffix, value in payload.items():
                self.assign(buffer + suffix, value)

    def visit_Comm(self, a):
        """Comm, Sync, SyncSeq, Spawn: the operation is handed to the engine, which answers with
        its completion time and its split into overhead, transmission and waiting (Figure 11)."""
        start, offset = self.clock, self.offset  # the offset may change while it waits (steady.py)
        if a.cls == "Comm" and a.op == "sendrecv":
            done = yield from self.sendrecv(a)
        elif a.cls == "SyncSeq" and a.creates is not None:
            done = yield from self.create_comm(a)
        elif a.cls == "Comm" and a.op in _PERSISTENT:
            done = yield from self.persistent(a)
        else:
            op = self.make_op(a)
            if op is None:  # MPI_PROC_NULL
                self.stats(a).record(start + self.offset, 0.0)
                return None
            if a.cls != "Comm" and getattr(a, "request", None) is not None:  # MPI_Ibcast, ...: started (nonblocking.py)
                op = replace(op, kind="icoll", coll=op.coll or "barrier", request=self.req(a.request),
                             request_index=self.element(a))
            done = yield op
        self.finish(a, start + offset, done)
        if a.cls == "Comm":
            if a.status is not None:  # MPI_Get_count reads the bytes of the message matched
                self.assign(a.status + STATUS_BYTES, self.matched_bytes)
                self.status_fields(a)
            if a.op == "recv":
                self.deliver(a.buffer, done.payload)
            elif a.results:  # MPI_Test's flag, MPI_Waitany's index, ... (engine/completion.py)
                for role, name in a.results:
                    value = done.payload.get(role)
                    if role != "indices":
                        self.assign(name, value)
                    for k, v in enumerate(value if role == "indices" else ()):  # MPI_Waitsome's
                        self.assign(S.element_name(name, k), v)
        elif a.cls == "SyncSeq" and a.op == "bcast":
            self.deliver(a.buffer, done.payload)
        elif a.cls == "SyncSeq" and a.result is not None:  # not followed: no old value stays
            self.assign(a.result, None)
            self.assign(a.result + S.ELEMENTS, None)

    # One visit for the four classes (no extra generator frame: every event passes through it).
    visit_Sync = visit_SyncSeq = visit_Spawn = visit_Comm

    def status_fields(self, a) -> None:
        """status.MPI_SOURCE and status.MPI_TAG (C), status(MPI_SOURCE) (Fortran, the names
        ``a.status_names`` gives): the matched message's source and tag, which a receive from
        MPI_ANY_SOURCE / MPI_ANY_TAG answers to (a master replying to whichever worker reported).
        On a communicator the program created the source's rank there is not followed: unknown."""
        src, tag = self.matched
        world = not isinstance(tag, CommTagged)
        names = a.status_names or (a.status + ".MPI_SOURCE", a.status + ".MPI_TAG")
        self.assign(names[0], float(src) if world and src is not None and self.label != "host" else None)
        self.assign(names[1], float(tag.tag if not world else tag) if isinstance(tag, (int, float, CommTagged)) else None)

    def finish(self, a, start: float, done: Completion) -> None:
        """``start`` is the real time the operation began (clock + offset then): a process that
        waits while others' steady state is skipped changes offset in between (steady.py)."""
        self.clock = done.time
        s = self.stats_by_id.get(a.id) or self.stats(a)
        s.record(start, done.time + self.offset - start)
        # TimeSplit.add, inline: this runs for every communication AAU (the method calls cost about
        # 5% of the 1,024-process halo benchmark, benchmarks/halo_scaling.py).
        comp, ovh, xmit, wait = done.comp, done.ovh, done.xmit, done.wait
        proc = self.proc
        proc.comp += comp
        proc.ovh += ovh
        proc.xmit += xmit
        proc.wait += wait
        for x in self.stack:
            if x is not s:
                x.comp += comp
                x.ovh += ovh
                x.xmit += xmit
                x.wait += wait
        s.comp += comp
        s.ovh += ovh
        s.xmit += xmit
        s.wait += wait
        if done.waits:
            residue = RESIDUE * abs(float(done.time))
            for seconds, what in done.waits:
                seconds = float(seconds)
                if seconds > residue:  # not the rounding residue of two equal clocks
                    self.note_wait((seconds, a.id, what))
        if self.engine.tracing:
            self.engine.spans.append(Span(self.index, a.id, start, done.time, "comm", len(self.stack),
                                          comp=done.comp, ovh=done.ovh, xmit=done.xmit, wait=done.wait))

    def note_wait(self, entry: tuple) -> None:
        """Keep the process's LONGEST_WAITS longest waits (seconds, AAU id, what)."""
        waits = self.proc.longest_waits
        if self.sym_waits is not None:  # rank symmetry: the waits of every process (symmetry.Waits)
            self.sym_waits.add(entry)
        elif len(waits) < LONGEST_WAITS:
            heapq.heappush(waits, entry)
        elif entry > waits[0]:
            heapq.heapreplace(waits, entry)
        for collector in self.wait_collectors:
            collector.append(entry)

    def sendrecv_ops(self, a: Comm):
        """The isend, recv and wait operations of a sendrecv (None: an MPI_PROC_NULL side) and
        its ring_shift operation (None: not a fitted circular shift), memoized per AAU while its
        partners, tags and sizes stay the same (the engine does not change these operations)."""
        key = -1 - a.id  # AAU ids are small: never the id() of an expression
        ops = self.memo.get(key)
        if ops is not None:
            return ops
        partner = self.partner(a.partner, False)
        send = recv = wait = None
        if partner is not None:
            send = Op("isend", a, partner, self.tag(a.tag), self.need(a.size, "message size"), "standard",
                      "__sendrecv")
            wait = Op("wait", a, request="__sendrecv")
        rpartner = self.partner(a.recv_partner, True) if a.recv_partner is not None else ANY
        if rpartner is not None:
            recv = Op("recv", a, rpartner, self.tag(a.recv_tag), self.need(a.recv_size, "message size"))
        ops = (send, recv, wait, self.ring_shift(send, recv))
        if self.memo_on:
            names = self.names_of(a.partner, a.tag, a.size, a.recv_partner, a.recv_tag, a.recv_size)
            if names is not None:
                self.remember(key, ops, names)
        return ops

    def ring_shift(self, send_op, recv_op) -> Op | None:
        """A circular shift (seed 003 section 3.3.3: "processor i sends an m-byte message to
        processor i+1, and processor n-1 sends m bytes back to processor 0"), either way round:
        the machine's fitted ``circular_shift`` expression of (m, n) when it has one."""
        if send_op is None or recv_op is None or self.engine.track_payloads or self.label == "host":
            return None
        if conditional_partner(self.engine._inner, self.aag, send_op.aau):
            # the fitted shift is a collective of every process: a partner chosen by a condition
            # (``rank > 0 ? rank - 1 : MPI_PROC_NULL``) makes the ring on the interior ranks only,
            # and the end ranks' point-to-point messages would never meet the interior's shift
            return None
        n, me = self.nprocs, self.index
        ring = ((me + 1) % n, (me - 1) % n)
        if (send_op.partner, recv_op.partner) not in (ring, ring[::-1]) or send_op.size != recv_op.size:
            return None
        if "circular_shift" not in self.engine.mapping.params(me, me).collectives:
            return None
        return Op("coll", send_op.aau, coll="circular_shift", size=send_op.size)

    def sendrecv(self, a: Comm):
        """MPI_Sendrecv: a send and a receive in progress at once (MPI_PROC_NULL sides skipped)."""
        send_op, recv_op, wait_op, shift = self.sendrecv_ops(a)
        if shift is not None:
            return (yield shift)
        send = recv = wait = None
        if send_op is not None:
            if self.engine.track_payloads:
                send_op = replace(send_op, payload=self.payload(a.buffer))
            send = yield send_op
        if recv_op is not None:
            recv = yield recv_op
        if wait_op is not None:
            wait = yield wait_op
        if recv is not None:
            self.deliver(a.recv_buffer, recv.payload)
        done = Completion(self.clock)
        for d in (send, recv, wait):
            if d is not None:
                if d.time > done.time:
                    done.time = d.time
                done.comp += d.comp  # TimeSplit.add, inline as in finish()
                done.ovh += d.ovh
                done.xmit += d.xmit
                done.wait += d.wait
                if d.waits:
                    done.waits += d.waits
        return done

    def comm_of(self, a):
        """The communicator a collective works on (None: MPI_COMM_WORLD)."""
        if a.comm is None:
            return None
        handle = self.need(a.comm, "communicator")
        try:
            comm = self.engine.comms.get(handle, self.index)
        except ValueError as exc:
            raise InputError(f"{self._where()}: {a.label} on {self.label}: {exc}") from None
        if self.index not in comm.index:
            raise InputError(f"{self._where()}: {a.label} on {self.label}: the process is not a member of "
                             "the communicator")
        return None if comm.handle == COMM_WORLD else comm

    def create_comm(self, a: SyncSeq):
        """MPI_Comm_split, MPI_Comm_dup, MPI_Cart_create, MPI_Cart_sub: collective over the parent
        (interp/engine/communicators.py); the new handle goes to the variable the call names."""
        comms = self.engine.comms
        if self.engine.symmetry is not None:
            raise self.engine.symmetry.broken("a communicator the program creates")
        parent = self.comm_of(a)
        within = parent or comms.world
        k = self.creations.get(within.handle, 0)
        self.creations[within.handle] = k + 1
        key = (within.handle, k)

        def ints(exprs, what):
            return tuple(int(self.concrete(self.need(e, what), what)) for e in exprs)

        if a.op == "comm_split":
            part = ints((a.color, a.key), "color and key of MPI_Comm_split")
        elif a.op == "cart_create":
            part = (ints(a.dims, "Cartesian dimensions"), tuple(bool(x) for x in ints(a.periods, "periods")))
        elif a.op == "cart_sub":
            part = tuple(bool(x) for x in ints(a.remain, "remain_dims of MPI_Cart_sub"))
        elif a.op == "comm_create":
            part = ints((a.group,), "group of MPI_Comm_create")[0]
        else:
            part = None
        comms.bring(key, self.index, part)
        done = yield Op("coll", a, coll="allgather", size=EXCHANGE_BYTES, comm=parent)
        self.assign(a.creates, float(comms.handle_for(key, a.op, within, self.index)))
        return done

    def blocks_op(self, a: SyncSeq, comm, n: int, root: int) -> Op:
        """A v-collective (MPI_Scatterv, MPI_Gatherv, MPI_Allgatherv, MPI_Alltoallv,
        MPI_Reduce_scatter): each rank's block from the counts array, element by element, where
        the algorithm needs it (the root of a linear scatter or gather, every rank otherwise); the
        process's own block from its own count (docs/model.md)."""
        me = self.index if comm is None else comm.index[self.index]
        sizes = None
        if a.block is not None and a.count_bytes is not None:  # size(N): N elements a block
            counts = (float(self.need(a.block, "message size")),) * n
            sizes = tuple(c * self.need(a.count_bytes, "datatype size") for c in counts)
        elif a.op not in collectives.ROOT_COUNTS or me == root:
            if a.counts is None or a.count_bytes is None:
                where = "on the root" if a.op in collectives.ROOT_COUNTS else "on every process"
                raise InputError(f"{self._where()}: {a.label} on {self.label}: {where} the counts must be an "
                                 "array variable and their datatype a predefined one or a variable holding one")
            elem = self.need(a.count_bytes, "datatype size")
            try:
                counts = tuple(float(self.lookup(f"{a.counts}[{r}]")) for r in range(n))
                sizes = tuple(c * elem for c in counts)
            except Unknown as exc:
                raise InputError(f"{self._where()}: {a.label} on {self.label} reads its counts array: "
                                 f"{exc.name} is not known here (computed from data, or stored where interp "
                                 "does not follow: a struct member, pointer arithmetic); compute the counts "
                                 "from inputs, the rank and constants, in an array passed by name") from None
        own = 0.0
        if a.op in collectives.ROOT_COUNTS and me != root:
            own = self.need(a.size, "message size") if a.size is not None else 0.0
        if a.op in collectives.COMBINING:  # MPI_Reduce_scatter: every element of every block combined
            return Op("coll", a, coll=a.op, root=root, size=own, sizes=sizes, comm=comm, elements=sum(counts),
                      elem_op=a.elem_op)
        return Op("coll", a, coll=a.op, root=root, size=own, sizes=sizes, comm=comm)

    def make_op(self, a) -> Op | None:
        if isinstance(a, Comm):
            if a.op in ("send", "isend"):
                partner = self.partner(a.partner, False)
                if partner is None:
                    return None
                return Op(a.op, a, partner, self.tag(a.tag), self.need(a.size, "message size"), a.mode,
                          request=a.request if len(self.frames) < 2 else self.req(a.request),
                          payload=self.payload(a.buffer), request_index=self.element(a))
            if a.op in ("recv", "irecv", "probe", "iprobe"):
                partner = self.partner(a.partner, True)
                if partner is None:
                    return None
                size = self.need(a.size, "message size") if a.size is not None else 0.0
                return Op(a.op, a, partner, self.tag(a.tag), size,
                          request=a.request if len(self.frames) < 2 else self.req(a.request),
                          request_index=self.element(a))
            if a.op == "wait":
                return Op("wait", a, request=self.req(a.request), request_index=self.element(a))
            if a.op == "waitall" or a.op in COMPLETION_OPS:  # an array's requests (reqs[]) or one
                return Op(a.op, a, request=self.req((a.requests or [a.request])[0]),
                          request_index=None if a.requests else self.element(a))
        if isinstance(a, Sync):
            return Op("barrier", a, comm=self.comm_of(a))
        if isinstance(a, SyncSeq):
            root = int(self.concrete(self.need(a.root, "collective root"), "collective root")) \
                if a.root is not None else 0
            elements = self.need(a.elements, "element count") if a.elements is not None else 0.0
            comm = self.comm_of(a)
            n = self.nprocs if comm is None else comm.size
            if a.root is not None and not 0 <= root < n:
                raise InputError(f"{self._where()}: {a.label} has root {root}, but its communicator has {n} "
                                 f"processes (ranks 0..{n - 1})")
            if a.op in collectives.BLOCKS:
                return self.blocks_op(a, comm, n, root)
            return Op("coll", a, coll=a.op, root=root, size=self.need(a.size, "message size"),
                      elements=elements, elem_op=a.elem_op,
                      payload=self.payload(a.buffer) if a.op == "bcast" else None, comm=comm)
        if isinstance(a, Spawn):
            return Op("spawn", a, program=a.program)
        raise InputError(f"{a.loc}: {a.cls} {a.label} cannot be interpreted")


def conditional_partner(memo: dict, aag, a) -> bool:
    """Is a partner of the sendrecv ``a`` defined, directly or through the names its definition
    reads, by a conditional (a ``Piecewise``: ``?:`` or an if)? ``memo``: the engine's per-run
    memo (``Engine._inner``), which keeps the answer per AAU and the program's definitions."""
    key = ("conditional partner", a.id)
    if key not in memo:
        defs = memo.get(("definitions", id(aag)))
        if defs is None:
            defs = {}
            for fn in aag.functions.values():
                for top in fn.body:
                    for x in top.walk():
                        for name, value in getattr(x, "defs", None) or ():
                            defs.setdefault(name, []).append(value)
            memo[("definitions", id(aag))] = defs
        seen: set[str] = set()

        def conditional(e) -> bool:
            if e is None or isinstance(e, (int, float)):
                return False
            if e.has(S.sympy.Piecewise):
                return True
            for sym in e.free_symbols:
                if sym.name not in seen:
                    seen.add(sym.name)
                    if any(conditional(v) for v in defs.get(sym.name, ())):
                        return True
            return False

        memo[key] = conditional(a.partner) or conditional(a.recv_partner)
    return memo[key]
