"""The calls both frontends know: one declarative table of the NX/2 and MPI message-passing calls,
and the machine-specific and library calls that stay inside a Seq.

A message-passing call becomes a Comm, Sync, SyncSeq or Spawn AAU (paper Table 4). Each row of
``CALLS`` names the call's AAU class, its operation and send mode, and its C parameter list by
*role*. The roles give everything the frontends need:

- the argument positions the AAU is built from (``build``): buffer, count, datatype, partner,
  tag, root, reduction op, communicator, request, and the receive side of a sendrecv;
- the arguments that decide control, the critical variables of paper 3.3.2 (``control``):
  counts, partners, tags, roots and the node of a ``load``;
- the message buffers whose values travel (``send_buffer``, ``recv_buffer``), so a value sent in a
  message keeps its definition path on the receiver.

The row's name is the C spelling and the canonical name of the call everywhere downstream
(machine files, reports). The Fortran binding has the same letters (Fortran is case-insensitive),
the same arguments in the same order, and for MPI a trailing ``ierr``; NX/2 Fortran calls take
exactly the C arguments. A call added here works in both languages.

Calls that are not message passing are costed by the processing component (paper Table 1):
``MACHINE_CALLS`` by ``machine.NAME``, everything else (``LIBRARY_CALLS`` and calls interp does
not know) by ``lib.NAME``. A Seq's operation counts name each call by that parameter
(``count_call``), so the node model reads the cost without knowing the languages' calls.
"""
from __future__ import annotations

from dataclasses import dataclass
import sympy

from .aag import symexpr as S
from .aag import Comm, Loc, Spawn, Sync, SyncSeq
from .aag.communicators import CommTag, WorldRank
from .comms import CallError, communicator as _communicator, creator as _creator
from .collective_results import RESULT_OPS
from .collective_fields import V_COLLECTIVES, collective_fields
from .refusals import REFUSED, refusal, unknown
from .completion_calls import COMPLETION_ROWS as _COMPLETION_ROWS, RESULT_ROLES
from .nonblocking_calls import INDEXED_OPS, MESSAGE_OPS, PERSISTENT_ROWS, RECV_OPS, SEND_OPS, nonblocking_rows
from .callargs import CallArgs  # noqa: F401 (the frontends build it from here)

# The predefined datatypes and reduction operations (frontends/mpitypes.py), read by both frontends.
from .mpitypes import C_DATATYPES, DATATYPES, FORTRAN_DATATYPES, MPI_OPS  # noqa: F401

# -- calls that are not message passing ----------------------------------------------------------

# Machine-specific calls (``machine.NAME``) and derived datatypes (frontends/libcalls.py).
from .libcalls import DERIVED_DATATYPES, MACHINE_CALLS  # noqa: E402,F401

# Library functions and the result types of calls that are functions (frontends/libcalls.py).
from .libcalls import LIBRARY_CALLS, RESULT_TYPES  # noqa: E402,F401

# Calls that end processes (canonical names): a Seq holding one gets this control word. "exit" ends
# the calling process (exit, abort, a Fortran STOP in the main program); "abort" ends every process,
# as MPI_Abort does for MPI_COMM_WORLD.
ENDING_CALLS = {"exit": "exit", "_exit": "exit", "_Exit": "exit", "quick_exit": "exit", "abort": "exit",
                "MPI_Abort": "abort"}

# Calls that start MPI: in a Seq of their own, so `interp check` sees the MPI calls made before.
STARTING_CALLS = {"MPI_Init", "MPI_Init_thread"}

# Calls that free what the program never needed interp to model: they cost nothing.
COMM_FREE = {"MPI_Comm_free", "MPI_Type_free", "MPI_Group_free"}


def sau_parameter(name: str) -> str:
    """The processing component's parameter that costs a call to ``name`` (canonical) inside a Seq
    (paper Table 1): ``machine.NAME`` for a machine-specific call, ``lib.NAME`` for any other."""
    return f"machine.{name}" if name in MACHINE_CALLS else f"lib.{name}"


def count_call(counts, name: str, nargs: int) -> None:
    """Count one call to ``name`` (canonical) in a Seq's OpCounts, under its SAU parameter name: the
    node model costs it by that name without knowing which calls are machine-specific."""
    counts.add_call(sau_parameter(name), nargs)


# -- the message-passing table -------------------------------------------------------------------

# Roles whose argument decides control: the critical variables of paper 3.3.2.
CONTROL_ROLES = ("count", "send_count", "recv_count", "counts", "rcounts", "partner", "recv_partner", "tag", "recv_tag",
                 "root", "node", "datatype", "send_datatype", "recv_datatype", "comm")
# The arguments a new communicator is made of (MPI_Comm_split, MPI_Cart_create, ...).
CREATOR_ROLES = ("comm", "color", "key", "ndims", "dims", "periods", "remain", "group")
# Roles the model never reads (a status, NX/2's process id and work arrays, ...).
_UNREAD_ROLES = {"status", "statuses", "indices", "pid", "work", "result", "ybuf", "ylen", "ncnt", "displs", "rdispls"}
# Array arguments read element by element (their elements are followed: critical.CriticalInfo).
ARRAY_ROLES = ("counts", "rcounts")


@dataclass(frozen=True)
class MsgCall:
    """One message-passing call: its AAU (paper Table 4) and its C parameter list by role."""

    name: str  # the C spelling: the canonical name
    api: str  # mpi | nx
    aau: str  # Comm | Sync | SyncSeq | Spawn
    op: str
    params: tuple[str, ...]  # the role of each C argument, in order
    mode: str = "standard"  # sends: standard | sync | buffered | ready | nx
    elem_bytes: int | None = None  # NX/2 global operations: bytes per element (None: an integer)
    elem_op: str | None = None  # NX/2 global operations: the combining operation

    @property
    def fortran_params(self) -> tuple[str, ...]:
        """The Fortran binding's arguments: MPI's take a trailing ``ierr``."""
        return self.params + ("ierr",) if self.api == "mpi" else self.params

    def at(self, *roles: str) -> int | None:
        """Position of the first of ``roles`` the call has (None: it has none of them)."""
        for role in roles:
            if role in self.params:
                return self.params.index(role)
        return None

    @property
    def needed(self) -> int:
        """How many arguments a call must have for interp to model it."""
        read = [i for i, role in enumerate(self.params) if role not in _UNREAD_ROLES]
        return max(read) + 1 if read else 0

    def control(self) -> tuple[int, ...]:
        """Positions of the arguments that decide sizes, partners, tags and roots."""
        return tuple(i for i, role in enumerate(self.params) if role in CONTROL_ROLES)

    def arrays(self) -> tuple[int, ...]:
        """Positions of the arrays the call reads element by element (counts of a v-collective)."""
        return tuple(i for i, role in enumerate(self.params) if role in ARRAY_ROLES)

    def creates(self) -> tuple[int | None, tuple[int, ...]]:
        """A communicator creator: the position of the new handle and of what it is made of."""
        if "newcomm" not in self.params:
            return None, ()
        return self.at("newcomm"), tuple(i for i, role in enumerate(self.params) if role in CREATOR_ROLES)

    def send_buffer(self) -> int | None:
        """Position of the buffer whose values leave this process."""
        return self.at("buf") if self.op in SEND_OPS + ("sendrecv", "bcast") else None

    def recv_buffer(self) -> int | None:
        """Position of the buffer whose values arrive (a broadcast's on every process but the root,
        a reduction's result, what a gather, scatter or alltoall delivers)."""
        if self.op in RECV_OPS + ("bcast",):
            return self.at("buf")
        if self.op == "sendrecv":
            return self.at("recv_buf", "buf")
        return self.at(RESULT_OPS[self.op]) if self.op in RESULT_OPS else None


# Reductions whose result is scattered (MPI 4.1 6.10): each rank's block from the counts array
# every process passes (Reduce_scatter), or one count (_block); costed as a reduce to rank 0 and a
# scatter (interp/filter/collectives.py, docs/model.md).
_REDUCE_SCATTER_ROWS = (
    ("MPI_Reduce_scatter", "SyncSeq", "reduce_scatter", "standard", "buf result counts datatype op comm"),
    ("MPI_Reduce_scatter_block", "SyncSeq", "reduce_scatter_block", "standard", "buf result count datatype op comm"),
)


def _rows() -> list[MsgCall]:
    p2p = "buf count datatype partner tag comm"
    rows = [
        # MPI point-to-point
        ("MPI_Send", "Comm", "send", "standard", p2p),
        ("MPI_Ssend", "Comm", "send", "sync", p2p),
        ("MPI_Bsend", "Comm", "send", "buffered", p2p),
        ("MPI_Rsend", "Comm", "send", "ready", p2p),
        ("MPI_Recv", "Comm", "recv", "standard", p2p + " status"),
        ("MPI_Isend", "Comm", "isend", "standard", p2p + " request"),
        ("MPI_Issend", "Comm", "isend", "sync", p2p + " request"),
        ("MPI_Irecv", "Comm", "irecv", "standard", p2p + " request"),
        ("MPI_Wait", "Comm", "wait", "standard", "request status"),
        ("MPI_Waitall", "Comm", "waitall", "standard", "count requests statuses"),
        *_COMPLETION_ROWS,
        ("MPI_Sendrecv", "Comm", "sendrecv", "standard", "buf count datatype partner tag recv_buf "
         "recv_count recv_datatype recv_partner recv_tag comm status"),
        # One buffer, count and datatype for both directions.
        ("MPI_Sendrecv_replace", "Comm", "sendrecv", "standard",
         "buf count datatype partner tag recv_partner recv_tag comm status"),
        ("MPI_Probe", "Comm", "probe", "standard", "partner tag comm status"),
        # MPI collectives
        ("MPI_Barrier", "Sync", "barrier", "standard", "comm"),
        ("MPI_Bcast", "SyncSeq", "bcast", "standard", "buf count datatype root comm"),
        ("MPI_Reduce", "SyncSeq", "reduce", "standard", "buf result count datatype op root comm"),
        ("MPI_Allreduce", "SyncSeq", "allreduce", "standard", "buf result count datatype op comm"),
        ("MPI_Scan", "SyncSeq", "scan", "standard", "buf result count datatype op comm"),
        # The exclusive prefix travels as the inclusive one (docs/model.md): the same log2 P
        # rounds of Hillis-Steele, rank r combining what rank r - 2^k sends.
        ("MPI_Exscan", "SyncSeq", "scan", "standard", "buf result count datatype op comm"),
        # Bytes per process (count, datatype): the send side of a gather, the receive side of a
        # scatter; the other side's count decides control too.
        ("MPI_Gather", "SyncSeq", "gather", "standard",
         "buf count datatype recv_buf recv_count recv_datatype root comm"),
        ("MPI_Scatter", "SyncSeq", "scatter", "standard",
         "send_buf send_count send_datatype buf count datatype root comm"),
        ("MPI_Allgather", "SyncSeq", "allgather", "standard",
         "buf count datatype recv_buf recv_count recv_datatype comm"),
        ("MPI_Alltoall", "SyncSeq", "alltoall", "standard",
         "buf count datatype recv_buf recv_count recv_datatype comm"),
        # Blocks of a size per rank (docs/model.md): the process's own count and datatype (what it
        # sends to a gather, receives from a scatter) and the counts array ("counts") each
        # algorithm reads: the root's for Scatterv/Gatherv, every process's for the others.
        ("MPI_Scatterv", "SyncSeq", "scatterv", "standard",
         "send_buf counts displs send_datatype buf count datatype root comm"),
        ("MPI_Gatherv", "SyncSeq", "gatherv", "standard",
         "buf count datatype recv_buf counts displs recv_datatype root comm"),
        ("MPI_Allgatherv", "SyncSeq", "allgatherv", "standard",
         "buf count datatype recv_buf counts displs recv_datatype comm"),
        ("MPI_Alltoallv", "SyncSeq", "alltoallv", "standard",
         "send_buf counts displs send_datatype recv_buf rcounts rdispls recv_datatype comm"),
        *_REDUCE_SCATTER_ROWS,
        # Communicators the program creates: collective over the parent communicator
        # (interp/engine/communicators.py); the new handle is assigned to newcomm.
        ("MPI_Comm_split", "SyncSeq", "comm_split", "standard", "comm color key newcomm"),
        ("MPI_Comm_dup", "SyncSeq", "comm_dup", "standard", "comm newcomm"),
        ("MPI_Comm_create", "SyncSeq", "comm_create", "standard", "comm group newcomm"),
        ("MPI_Cart_create", "SyncSeq", "cart_create", "standard", "comm ndims dims periods reorder newcomm"),
        ("MPI_Cart_sub", "SyncSeq", "cart_sub", "standard", "comm remain newcomm"),
        # NX/2: counts are bytes; a receive takes any sender; isend/irecv return the message id.
        ("csend", "Comm", "send", "nx", "tag buf count partner pid"),
        ("crecv", "Comm", "recv", "standard", "tag buf count"),
        ("isend", "Comm", "isend", "nx", "tag buf count partner pid"),
        ("irecv", "Comm", "irecv", "standard", "tag buf count"),
        ("msgwait", "Comm", "wait", "standard", "request"),
        ("cprobe", "Comm", "probe", "standard", "tag"),
        ("gsync", "Sync", "barrier", "standard", ""),
        ("gcol", "SyncSeq", "allgather", "standard", "buf count ybuf ylen ncnt"),
        ("load", "Spawn", "spawn", "standard", "program node pid"),
    ]  # and MPI_Send_init and kin; MPI_Ibcast, ...: the blocking row and a request
    table = [MsgCall(name, "nx" if name[:4] != "MPI_" else "mpi", aau, op, tuple(params.split()), mode)
             for name, aau, op, mode, params in [*rows, *PERSISTENT_ROWS, *nonblocking_rows(rows)]]
    # NX/2 global operations: x, n elements, work; element bytes None is an integer (C long, Fortran INTEGER).
    for name, (size, op) in {
            "gdsum": (8, "double_add"), "gdhigh": (8, "double_add"), "gdlow": (8, "double_add"),
            "gssum": (4, "real_add"), "gshigh": (4, "real_add"), "gslow": (4, "real_add"),
            "gisum": (None, "int_add"), "gihigh": (None, "int_add"), "gilow": (None, "int_add")}.items():
        table.append(MsgCall(name, "nx", "SyncSeq", "allreduce", ("buf", "count", "work"),
                             elem_bytes=size, elem_op=op))
    return table


CALLS: dict[str, MsgCall] = {c.name: c for c in _rows()}

# Every NX/2 name: the program uses NX/2 when it calls one (the host/node roles, the data model).
NX_NAMES = {c.name for c in CALLS.values() if c.api == "nx"} | {
    "gcolx", "mynode", "numnodes", "mypid", "myhost", "dclock", "killcube", "msgdone", "infocount",
    "infonode", "infotype", "infopid"}

_BY_UPPER = {n.upper(): n for n in (set(CALLS) | MACHINE_CALLS | REFUSED | COMM_FREE | NX_NAMES
                                     | set(RESULT_TYPES))}


def canonical(name: str, language: str = "c") -> str:
    """The table's spelling of a call written ``name`` in ``language``.

    C is case-sensitive: the name is the spelling. Fortran is not: a known call takes its C
    spelling, another MPI name upper case, any other name lower case.
    """
    if language == "c":
        return name
    up = name.upper()
    return _BY_UPPER.get(up) or (up if up.startswith("MPI_") else name.lower())


def is_comm_call(name: str) -> bool:
    """A call (canonical name) that communicates: it becomes its own AAU, or a reported problem."""
    return name in CALLS or (name in NX_NAMES and name not in MACHINE_CALLS) or (
        name.startswith("MPI_") and name not in MACHINE_CALLS and name not in COMM_FREE)


def datatype_value(name: str | None, language: str):
    """A predefined datatype named where a value is read (an argument passed to a helper, an
    assignment to an ``MPI_Datatype`` variable): its size in bytes, or None."""
    known = DATATYPES[language].get(name.upper()) if name else None
    return sympy.Integer(known[0]) if known is not None else None


def communicators_created(names) -> bool:
    """Does a program create communicators? If not, every MPI_Comm value is MPI_COMM_WORLD."""
    return any(n in ("MPI_Comm_split", "MPI_Comm_dup", "MPI_Comm_create", "MPI_Cart_create", "MPI_Cart_sub",
                     "MPI_Comm_split_type", "MPI_Intercomm_create", "MPI_Graph_create") for n in names)


def build(name: str, spelling: str, args: CallArgs, loc: Loc, assigned_to: str | None):
    """The AAU of the message-passing call ``name`` (canonical), written ``spelling``; or CallError.

    ``assigned_to``: the variable the call's result is assigned to (an NX/2 message id).
    """
    refused = refusal(name, spelling)
    if refused is not None:
        raise CallError(refused)
    call = CALLS.get(name)
    if call is None:
        raise CallError(unknown(spelling))
    if args.n < call.needed:
        raise CallError(f"{spelling} with {args.n} arguments is not modelled: it needs at least {call.needed}")
    comm = _communicator(call, spelling, args)
    a = _Reader(call, args)
    common = dict(loc=loc, label=spelling)
    if call.aau == "Spawn":
        return Spawn(program=a.string("program") or "?", node=a.value("node"), **common)
    if call.at("request") is not None and call.aau != "Comm":  # a non-blocking collective's request
        common.update(request=a.request("request"), request_index=a.subscript("request"))
    if call.aau == "Sync":
        return Sync(api=call.api, op=call.op, comm=comm, **common)
    if call.aau == "SyncSeq" and call.at("newcomm") is not None:
        return SyncSeq(api=call.api, op=call.op, comm=comm, **_creator(call, a, spelling), **common)
    if call.aau == "SyncSeq":
        return SyncSeq(api=call.api, op=call.op, comm=comm, **collective_fields(call, a), **common)
    kw = _point_to_point(call, a, assigned_to)
    if comm is not None:  # ranks of the communicator: the engine addresses processes
        for role in ("partner", "recv_partner"):
            if kw.get(role) is not None:
                kw[role] = WorldRank(comm, kw[role])
        for role in ("tag", "recv_tag"):  # tags of one communicator never match another's
            if kw.get(role) is not None:
                kw[role] = CommTag(comm, kw[role])
    return Comm(api=call.api, op=call.op, **kw, **common)


_COUNT_ROLES = {"count", "send_count", "recv_count"}


class _Reader:
    """The actual arguments of one call, by role."""

    def __init__(self, call: MsgCall, args: CallArgs):
        self.call, self.args = call, args

    def _get(self, fn, roles):
        i = self.call.at(*roles)
        return fn(i) if i is not None and i < self.args.n else None

    def value(self, *roles):
        if self.args.count is not None and roles and set(roles) <= _COUNT_ROLES:
            if self.call.at(*roles) is not None:
                return self.args.count  # stated by size(): replaces the source's count
        return self._get(self.args.value, roles)

    def name(self, *roles):
        return self._get(self.args.name, roles)

    def buffer(self, *roles):
        return self._get(self.args.buffer, roles)

    def target(self, *roles):
        return self._get(self.args.target or self.args.buffer, roles)

    def request(self, *roles):
        return self._get(self.args.request, roles)

    def string(self, *roles):
        return self._get(self.args.string, roles)

    def subscript(self, *roles):
        return self._get(self.args.subscript, roles)

    def datatype(self, *roles) -> tuple[object, str]:
        """(bytes, element operation class) of the datatype argument; CallError if unknown.

        A predefined datatype by name; otherwise a variable holding one (a helper's
        ``MPI_Datatype t`` parameter, ``MPI_Datatype t = MPI_DOUBLE``), whose value is the
        datatype's size in bytes (``datatype_value``) and is known at run time."""
        dtype = self.name(*roles)
        known = self.args.datatypes.get(dtype.upper()) if dtype is not None else None
        if known is not None:
            return known
        value = self.value(*roles) if dtype is not None else None  # a variable, not an expression
        if value is None or not (value.is_Symbol or (value.is_number and value > 0)):
            raise CallError(f"MPI datatype {dtype or 'expression'} is neither a predefined datatype nor a "
                            "variable holding one; its size is unknown")
        return value, "double"  # a reduction's element type is not known by name: costed as double

    def bytes(self, count_roles, datatype_roles):
        """Message bytes: count elements of the datatype (None when the count is unknown)."""
        size = self.datatype(*datatype_roles)[0]
        count = self.value(*count_roles)
        return None if count is None else count * size


def _point_to_point(call: MsgCall, a: _Reader, assigned_to) -> dict:
    """Comm fields (Table 4: Type, Size, Src, Dest) of a point-to-point call."""
    kw: dict = {"mode": call.mode}
    if call.at("datatype") is not None:
        kw["size"] = a.bytes(("count",), ("datatype",))
    elif call.at("count") is not None:
        kw["size"] = a.value("count")  # NX/2 bytes; a waitall's number of requests
    if call.at("partner") is not None:
        kw["partner"] = a.value("partner")
    elif call.op in ("recv", "irecv", "probe", "iprobe"):
        kw["partner"] = sympy.Integer(S.ANY)  # NX/2 receives take any sender
    if call.at("tag") is not None:
        kw["tag"] = a.value("tag")
    if call.op in MESSAGE_OPS:
        kw["buffer"] = a.buffer("buf")
    status = a.buffer("status") if call.op in ("recv", "probe", "iprobe", "sendrecv", "waitany", "test",
                                                "testany") else None
    if status and not status.upper().startswith("MPI_"):
        kw["status"] = status  # MPI_Get_count reads the matched message's bytes from it
    if call.at("request") is not None:
        kw["request"] = a.request("request")
        # Which element of an array of requests: the one an isend or irecv stores to (the index
        # MPI_Waitany and kin return), the one MPI_Wait(&reqs[k]) and MPI_Test complete.
        if call.op in INDEXED_OPS:
            kw["request_index"] = a.subscript("request")
    elif call.op in ("isend", "irecv"):
        kw["request"] = assigned_to  # NX/2: the message id is the call's result
    if call.at("requests") is not None:  # waitall and the completion calls on an array
        reqs = a.request("requests")
        kw["requests"] = [f"{reqs.rstrip('[]')}[]"] if reqs else None
    results = tuple((role, a.target(role)) for role in RESULT_ROLES if call.at(role) is not None)
    if results:
        kw["results"] = tuple((role, name) for role, name in results if name)
    if call.op == "sendrecv":
        kw.update(recv_size=a.bytes(("recv_count", "count"), ("recv_datatype", "datatype")),
                  recv_partner=a.value("recv_partner"), recv_tag=a.value("recv_tag"),
                  recv_buffer=a.buffer("recv_buf", "buf"))
    return kw


def undetermined(aau) -> list[str]:
    """The message fields of a communication AAU the parse could not determine (``size``,
    ``partner``): they must come from inputs, the rank and constants."""
    if aau.cls == "Comm" and aau.op in MESSAGE_OPS:
        needed = ("size", "partner")
    elif aau.cls == "Comm" and aau.op in ("probe", "iprobe"):
        needed = ("partner",)
    elif aau.cls == "SyncSeq" and aau.creates is None and aau.op not in V_COLLECTIVES:
        needed = ("size",)
    else:
        needed = ()
    return [attr for attr in needed if getattr(aau, attr) is None]
