"""Persistent point-to-point requests (MPI 4.1 section 3.9): MPI_Send_init and its send modes,
MPI_Recv_init, MPI_Start, MPI_Startall and MPI_Request_free. A mixin of ``chain_comm.ChainComm``.

The init binds the message's arguments (partner, tag, bytes) to the request: they are evaluated on
the process's values at the init, as MPI reads them then, and the init itself costs nothing (it
only records them; MPI libraries make no communication there). Each start is the MPI_Isend or
MPI_Irecv of those arguments issued at that moment (the send buffer's tracked values are those at
the start), so the engine's request, MPI_Wait/MPI_Waitall/MPI_Test and the messages are exactly
those of the non-persistent program (docs/model.md, "Persistent requests").

Misuse that MPI calls erroneous is one clear error, never a guess: a start of a request no init
made (or one freed), a start of a request still active (started, not completed by a wait or a
test), a free of an active request, fewer initialized requests than MPI_Startall's count.
"""
from __future__ import annotations

from dataclasses import replace

from interp.engine.network import Request
from interp.engine.ops import Completion, Op
from interp.errors import InputError


class PersistentRequests:
    """The persistent requests of one process's chain: request variable -> [(element, Op)]."""

    def _inits(self) -> dict:
        inits = self.__dict__.get("_persistent")
        if inits is None:
            inits = self._persistent = {}
        return inits

    def persistent(self, a):
        """Generator (as the chain's visits): the operations of one persistent-request call."""
        if a.op in ("send_init", "recv_init"):
            self._init(a)
            return Completion(self.clock)
        if a.op == "request_free":
            self._free(a)
            return Completion(self.clock)
        if a.op == "start":
            name = self.req(a.request)
            entry = self._entry(a, name, self.element(a))
            return (yield from self._start(a, name, entry))
        return (yield from self._startall(a))

    def _init(self, a) -> None:
        idx, name = self.element(a), self.req(a.request)
        size = self.need(a.size, "message size")
        if a.op == "send_init":
            partner = self.partner(a.partner, False)
            op = None if partner is None else Op("isend", a, partner, self.tag(a.tag), size, a.mode,
                                                 request=name, request_index=idx)
        else:
            partner = self.partner(a.partner, True)
            op = None if partner is None else Op("irecv", a, partner, self.tag(a.tag), size, request=name,
                                                 request_index=idx)
        entries = self._inits().setdefault(name or "?", [])
        entries[:] = [e for e in entries if e[0] != idx]  # an init again on the same variable replaces it
        entries.append((idx, op))

    def _where_req(self, a, name, idx) -> str:
        shown = name if idx is None or not name.endswith("[]") else f"{name[:-2]}[{idx:g}]"
        return f"{self._where()}: {a.label} on {self.label}: request {shown}"

    def _entry(self, a, name, idx):
        for entry in self._inits().get(name or "?", ()):
            if entry[0] == idx or idx is None or entry[0] is None:
                return entry
        raise InputError(f"{self._where_req(a, name or '?', idx)} was not initialized by MPI_Send_init or "
                         "MPI_Recv_init (or MPI_Request_free freed it): initialize it before starting it")

    def _active(self, name, idx) -> bool:
        """Is a request of ``name`` (element ``idx``) started and not completed by a wait or test?"""
        return any(idx is None or r.index is None or r.index == idx for r in self.requests.get(name or "?", ()))

    def _start(self, a, name, entry):
        idx, op = entry
        if self._active(name, idx):
            raise InputError(f"{self._where_req(a, name or '?', idx)} is started while still active (started "
                             "before and not completed): complete it with MPI_Wait, MPI_Waitall or MPI_Test "
                             "before starting it again (MPI 4.1 3.9)")
        if op is None:  # MPI_PROC_NULL: active and complete at once (a wait or test returns at once)
            self.requests.setdefault(name or "?", []).append(Request(done=self.clock, index=idx, started=a))
            return Completion(self.clock)
        if op.kind == "isend":
            op = replace(op, payload=self.payload(op.aau.buffer))  # the buffer's values at the start
        else:
            op = replace(op)  # the engine stores its request record in the operation
        done = yield op
        reqs = self.requests.get(name or "?")
        if reqs:  # the request the start made: it must be completed before the process ends
            reqs[-1].started = a
        return done

    def _startall(self, a):
        name = self.req((a.requests or [a.request])[0])
        count = int(self.concrete(self.need(a.size, "request count"), "request count"))
        entries = self._inits().get(name or "?", [])
        if count > len(entries):
            raise InputError(f"{self._where()}: {a.label} on {self.label} starts {count} requests of {name}, but "
                             f"only {len(entries)} were initialized by MPI_Send_init or MPI_Recv_init")
        # array elements in order (MPI_Startall starts array_of_requests[0 .. count-1])
        ordered = sorted(entries, key=lambda e: (e[0] is None, e[0] if e[0] is not None else 0))
        total = Completion(self.clock)
        for entry in ordered[:count]:
            done = yield from self._start(a, name, entry)
            total.time = done.time
            total.add(done)
            total.waits += done.waits
        return total

    def _free(self, a) -> None:
        name, idx = self.req(a.request) or "?", self.element(a)
        if self._active(name, idx):
            raise InputError(f"{self._where_req(a, name, idx)} is freed while active (started and not "
                             "completed): interp cannot tell when the program may reuse its buffer; complete it "
                             "with MPI_Wait or MPI_Waitall before MPI_Request_free")
        entries = self._inits().get(name, [])
        entries[:] = [e for e in entries if not (idx is None or e[0] is None or e[0] == idx)]
