"""What a process chain hands the engine when it reaches a Comm, Sync, SyncSeq or Spawn AAU, and
what the engine hands back (paper Figure 11: call overhead, transmission, waiting)."""
from __future__ import annotations

from dataclasses import dataclass, field

ANY = object()  # any source / any tag
BCAST = object()  # NX/2 csend to node -1: every node


@dataclass(slots=True)
class Op:
    kind: str  # send isend recv irecv wait waitall probe barrier coll spawn compute
    aau: object
    partner: object = None  # process index, ANY or BCAST
    tag: object = ANY
    size: float = 0.0
    mode: str = "standard"  # standard | sync | buffered | ready | nx
    request: str | None = None
    payload: dict | None = None  # tracked values carried by the message
    coll: str | None = None  # collective name
    root: int = 0
    elements: float = 0.0
    elem_op: str | None = None
    seconds: float = 0.0  # compute steps inside collectives
    program: str | None = None  # spawn
    internal: bool = False  # a step of a collective, not the program's own call
    request_obj: object = None  # the engine's request record of an irecv


@dataclass(slots=True)
class Completion:
    time: float
    comp: float = 0.0
    ovh: float = 0.0
    xmit: float = 0.0
    wait: float = 0.0
    payload: dict | None = None
    waits: list = field(default_factory=list)  # (seconds, what) for "why is this process late"
