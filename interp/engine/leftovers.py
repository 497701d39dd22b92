"""What an interpretation leaves behind when it stops: a read-only view for the static checks.

``interp check`` reads it after a run (or a hang) to report unmatched messages, receives that
never got one, collectives some processes never reached and blocked cycles, without reaching
into the engine's queues.
"""
from __future__ import annotations

from dataclasses import dataclass

from interp.engine.ops import CollTag, label as op_label, tag_text


@dataclass(frozen=True)
class ProcessState:
    index: int
    label: str
    done: bool
    started: bool
    blocked: str | None  # what it waits for, when blocked
    aau: object  # the AAU of the operation it is in (None when it is in none)


@dataclass(frozen=True)
class PendingSend:
    """A message sent and never received, or a rendezvous send whose receive never came."""

    src: int
    dst: int
    tag: object
    size: float
    aau_id: int | None  # the sending AAU
    rendezvous: bool  # a synchronous send still waiting for its receive
    recorded: bool  # interpreted with its Message record (every message, in check mode)

    @property
    def internal(self) -> bool:  # a step of a collective
        return isinstance(self.tag, CollTag)


@dataclass(frozen=True)
class PendingReceive:
    dst: int
    partner: object  # a process index or ops.ANY
    tag: object
    aau: object
    probe: bool

    @property
    def internal(self) -> bool:
        return isinstance(self.tag, CollTag)


@dataclass(frozen=True)
class OpenCollective:
    """A barrier or collective some processes entered and the others never reached."""

    arrived: tuple[int, ...]
    aau: object


@dataclass(frozen=True)
class Leftovers:
    processes: tuple[ProcessState, ...]
    sends: tuple[PendingSend, ...]
    receives: tuple[PendingReceive, ...]
    collectives: tuple[OpenCollective, ...]
    reached: frozenset  # (process index, AAU id) of every AAU a process executed
    findings: tuple  # (kind, aau, ranks, message) noted while interpreting
    labels: tuple[str, ...]
    ended: tuple  # (process index, "exit" | "abort" | "killed", AAU) of processes an ending call ended
    aborted: tuple | None  # (time, process index, AAU) of an MPI_Abort

    @staticmethod
    def of(engine) -> "Leftovers":
        procs = tuple(ProcessState(p.chain.index, p.chain.label, p.done, p.started,
                                   None if p.blocked is None else str(p.blocked),
                                   p.op.aau if p.op is not None else None) for p in engine.procs)
        sends = tuple(PendingSend(m.src, m.dst, m.tag, m.size,
                                  m.sender_op.aau.id if m.sender_op is not None
                                  else (m.record.aau_send if m.record is not None else m.send_aau),
                                  m.sender_op is not None, m.record is not None)
                      for msgs in engine.net.unmatched for m in msgs)
        receives = tuple(PendingReceive(dst, op.partner, op.tag, op.aau, op.kind == "probe")
                         for dst, posted in enumerate(engine.net.posted) for op, _ in posted)
        colls = tuple(OpenCollective(tuple(sorted(q.chain.index for q, _, _ in group)),
                                     group[0][2].aau if group[0][2] is not None else group[0][0].op.aau)
                      for group in engine.collectives.groups.values())
        ended = tuple((p.chain.index, p.chain.ended[0], p.chain.ended[1]) for p in engine.procs
                      if p.chain.ended is not None)
        aborted = None
        if engine.aborted is not None:
            t, p, aau = engine.aborted
            aborted = (t, p.chain.index, aau)
        return Leftovers(procs, sends, receives, colls, frozenset(engine.stats), tuple(engine.findings),
                         tuple(p.chain.label for p in engine.procs), ended, aborted)

    def label(self, idx) -> str:
        return op_label(self.labels, idx)

    @staticmethod
    def tag_text(tag) -> str:
        return tag_text(tag)
