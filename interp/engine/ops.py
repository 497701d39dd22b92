"""What a process chain hands the engine when it reaches a Comm, Sync, SyncSeq or Spawn AAU, and
what the engine hands back (paper Figure 11: call overhead, transmission, waiting)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from frontends.aag import symexpr as S

from interp.engine.result import TimeSplit

# Partners and tags as the engine sees them. The AAG writes "any" as the integer S.ANY (-1), the
# value of MPI_ANY_SOURCE / MPI_ANY_TAG and of NX/2's node -1; the engine needs two meanings of it:
# a receive from any process (ANY) and an NX/2 csend to every node (BCAST). Chains translate
# (chain_comm.ChainComm.partner) so that a process index is always a plain int here.
ANY = object()  # any source / any tag
BCAST = object()  # NX/2 csend to node -1: every node
HOST_RANK = S.HOST  # the value of myhost() in a program (NX/2 host process)


class CollTag(NamedTuple):
    """The tag of the point-to-point messages inside one collective: its sequence number on the
    process, so no program message (whose tags are ints) ever matches it."""

    seq: int

    def __str__(self) -> str:  # traces show it as the tag of an internal message
        return f"collective #{self.seq}"


class CommTagged(NamedTuple):
    """A tag of a message on a communicator the program created (frontends/aag/communicators.py,
    ``comm_tag_num``): equal only to the same tag on the same communicator."""

    tag: int
    comm: int  # the communicator's number: 1 for the first the program created

    def __str__(self) -> str:
        return f"{self.tag} on communicator #{self.comm}"


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
    request_index: float | None = None  # isend, irecv, wait, test: the element of an array of requests
    comm: object = None  # collectives: the Communicator (engine/communicators.py); None: every process
    sizes: tuple | None = None  # v-collectives: each rank's block in bytes (filter/collectives.BLOCKS)
    group: str | None = None  # rank symmetry: a collective step's own symmetry (engine/symmetry.py)


@dataclass(slots=True, init=False)
class Completion(TimeSplit):
    """An operation's end time and its split; what arrived with it; why it waited."""

    time: float
    payload: dict | None
    waits: list  # (seconds, what) for "why is this process late"

    # Written out, positional like the split's order: one or two per event, and the generated
    # keyword-only __init__ took twice as long (0.79 against 0.39 us, 5% of the halo benchmark).
    def __init__(self, time, comp=0.0, ovh=0.0, xmit=0.0, wait=0.0, payload=None, waits=None):
        self.time = time
        self.comp = comp
        self.ovh = ovh
        self.xmit = xmit
        self.wait = wait
        self.payload = payload
        self.waits = [] if waits is None else waits


class Why:
    """What a blocked process waits for (``Process.blocked``), put into words only when read: a
    hang report or ``interp check`` reads it, but every blocking receive and wait sets one, and
    formatting the process labels each time cost about 2% of the halo benchmark."""

    __slots__ = ("text",)

    def __init__(self, text):  # a function of no arguments returning the words
        self.text = text

    def __str__(self) -> str:
        return self.text()


def label(procs_labels, idx) -> str:
    """A partner as reports name it: a process label, "any process", "every node"."""
    if idx is ANY:
        return "any process"
    if idx is BCAST:
        return "every node"
    return procs_labels[idx] if isinstance(idx, int) and 0 <= idx < len(procs_labels) else str(idx)


def tag_text(tag) -> str:
    return "any" if tag is ANY else str(tag)
