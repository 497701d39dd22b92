"""Calls the Fortran frontend knows: the NX/2 and MPI Fortran bindings, machine and library calls.

One table describes each message-passing binding by its argument positions; the same table gives
the AAU (Comm, Sync, SyncSeq, Spawn, paper Table 4) and, for the critical-variable analysis, which
arguments decide control (partners, sizes, tags, roots) and which are message buffers. The
Fortran bindings take the C bindings' arguments in the same order and add ``status`` and the
trailing ``ierr``; every buffer is passed by reference (a variable or an array element).

Names are canonical: MPI calls take their C spelling (``MPI_Comm_rank``) and NX/2 calls lower
case (``mynode``), so the machine files' ``machine.*`` parameters and reports are the C
frontend's.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from ..aag import symexpr as S
from ..aag import Comm, Loc, Spawn, Sync, SyncSeq
from ..c_calls import MACHINE_CALLS, MPI_OPS, MPI_TYPE_SIZES as C_MPI_TYPE_SIZES

# Fortran MPI datatypes: (bytes, element operation class).
MPI_TYPES = {
    "MPI_INTEGER": (4, "int"), "MPI_INTEGER1": (1, "int"), "MPI_INTEGER2": (2, "int"),
    "MPI_INTEGER4": (4, "int"), "MPI_INTEGER8": (8, "int"), "MPI_LOGICAL": (4, "int"),
    "MPI_REAL": (4, "real"), "MPI_REAL4": (4, "real"), "MPI_REAL8": (8, "double"),
    "MPI_REAL16": (16, "double"), "MPI_DOUBLE_PRECISION": (8, "double"),
    "MPI_COMPLEX": (8, "real"), "MPI_DOUBLE_COMPLEX": (16, "double"), "MPI_CHARACTER": (1, "int"),
    "MPI_BYTE": (1, "int"), "MPI_PACKED": (1, "int"), "MPI_2INTEGER": (8, "int"),
    "MPI_2REAL": (8, "real"), "MPI_2DOUBLE_PRECISION": (16, "double"),
}
# The C names are accepted too (some Fortran codes use them).
for _name, _size in C_MPI_TYPE_SIZES.items():
    MPI_TYPES.setdefault(_name, (_size, {"MPI_FLOAT": "real", "MPI_DOUBLE": "double",
                                         "MPI_LONG_DOUBLE": "double"}.get(_name, "int")))

# Named integer constants of mpif.h / the mpi module, with the values the C headers give them
# (frontends/include/mpi.h): partners -1 (any) and -2 (MPI_PROC_NULL) mean the same to the engine.
MPI_CONSTANTS = {
    "MPI_ANY_SOURCE": -1, "MPI_ANY_TAG": -1, "MPI_PROC_NULL": -2, "MPI_ROOT": -3,
    "MPI_UNDEFINED": -32766, "MPI_SUCCESS": 0, "MPI_STATUS_SIZE": 6, "MPI_SOURCE": 1, "MPI_TAG": 2,
    "MPI_ERROR": 3, "MPI_MAX_PROCESSOR_NAME": 256, "MPI_MAX_ERROR_STRING": 256,
    "MPI_THREAD_SINGLE": 0, "MPI_THREAD_FUNNELED": 1, "MPI_THREAD_SERIALIZED": 2,
    "MPI_THREAD_MULTIPLE": 3,
}
# Opaque handles: names with no numeric value that are neither variables nor memory accesses.
MPI_HANDLES = (set(MPI_TYPES) | set(MPI_OPS) | {
    "MPI_COMM_WORLD", "MPI_COMM_SELF", "MPI_COMM_NULL", "MPI_STATUS_IGNORE", "MPI_STATUSES_IGNORE",
    "MPI_REQUEST_NULL", "MPI_IN_PLACE", "MPI_INFO_NULL", "MPI_ERRORS_RETURN", "MPI_ERRORS_ARE_FATAL",
    "MPI_DATATYPE_NULL", "MPI_OP_NULL", "MPI_BOTTOM"})

UNSUPPORTED_MPI = {"MPI_COMM_SPLIT", "MPI_COMM_DUP", "MPI_COMM_CREATE", "MPI_CART_CREATE",
                   "MPI_TYPE_CONTIGUOUS", "MPI_TYPE_VECTOR", "MPI_TYPE_COMMIT", "MPI_WAITANY",
                   "MPI_TESTALL", "MPI_WIN_CREATE", "MPI_PUT", "MPI_GET"}
COMM_FREE = {"MPI_COMM_FREE", "MPI_TYPE_FREE"}

# Machine calls by their Fortran (upper-case) name -> the canonical name the machine files use.
MACHINE = {name.upper(): name for name in MACHINE_CALLS}
# Functions (not subroutines) among the known calls, with their result types.
FUNCTION_RESULTS = {"MYNODE": "int", "NUMNODES": "int", "MYPID": "int", "MYHOST": "int",
                    "INFOCOUNT": "int", "INFONODE": "int", "INFOTYPE": "int", "INFOPID": "int",
                    "MSGDONE": "int", "ISEND": "int", "IRECV": "int", "IPROBE": "int",
                    "DCLOCK": "double", "MPI_WTIME": "double", "MPI_WTICK": "double"}


@dataclass(frozen=True)
class Binding:
    """Where the arguments of one message-passing call are (positions, 0-based)."""

    name: str  # canonical name
    api: str  # mpi | nx
    cls: str  # Comm | Sync | SyncSeq | Spawn
    op: str
    mode: str = "standard"
    buf: int | None = None
    count: int | None = None  # MPI: elements (with dtype); NX: bytes
    dtype: int | None = None
    partner: int | None = None
    tag: int | None = None
    root: int | None = None
    mpi_op: int | None = None
    comm: int | None = None
    request: int | None = None  # position of the request argument (None: the function's result)
    recv_buf: int | None = None
    recv_count: int | None = None
    recv_dtype: int | None = None
    recv_partner: int | None = None
    recv_tag: int | None = None
    nargs: int = 0  # minimum number of arguments
    elem_bytes: int | None = None  # NX global operations: bytes per element
    elem_op: str | None = None
    more_control: tuple = ()  # other arguments that decide control (a Waitall's count, a load's node)

    def control(self) -> tuple[int, ...]:
        """Arguments that decide partners, sizes, tags and roots (critical variables)."""
        fields = (self.count, self.partner, self.tag, self.root, self.recv_count, self.recv_partner,
                  self.recv_tag) + self.more_control
        return tuple(p for p in fields if p is not None)

    def send_buffer(self) -> int | None:
        if self.op in ("send", "isend", "sendrecv", "bcast"):
            return self.buf
        return None

    def recv_buffer(self) -> int | None:
        if self.op in ("recv", "irecv", "bcast"):
            return self.buf
        if self.op == "sendrecv":
            return self.recv_buf
        return None


def _mpi(name, cls, op, nargs, **kw) -> Binding:
    return Binding(name=name, api="mpi", cls=cls, op=op, nargs=nargs, **kw)


_P2P = dict(buf=0, count=1, dtype=2, partner=3, tag=4, comm=5)
BINDINGS: dict[str, Binding] = {b.name.upper(): b for b in [
    _mpi("MPI_Send", "Comm", "send", 6, **_P2P),
    _mpi("MPI_Ssend", "Comm", "send", 6, mode="sync", **_P2P),
    _mpi("MPI_Bsend", "Comm", "send", 6, mode="buffered", **_P2P),
    _mpi("MPI_Rsend", "Comm", "send", 6, mode="ready", **_P2P),
    _mpi("MPI_Recv", "Comm", "recv", 6, **_P2P),
    _mpi("MPI_Isend", "Comm", "isend", 7, request=6, **_P2P),
    _mpi("MPI_Issend", "Comm", "isend", 7, mode="sync", request=6, **_P2P),
    _mpi("MPI_Irecv", "Comm", "irecv", 7, request=6, **_P2P),
    _mpi("MPI_Wait", "Comm", "wait", 1, request=0),
    _mpi("MPI_Waitall", "Comm", "waitall", 2, request=1, more_control=(0,)),
    _mpi("MPI_Sendrecv", "Comm", "sendrecv", 11, buf=0, count=1, dtype=2, partner=3, tag=4, recv_buf=5,
         recv_count=6, recv_dtype=7, recv_partner=8, recv_tag=9, comm=10),
    _mpi("MPI_Sendrecv_replace", "Comm", "sendrecv", 8, buf=0, count=1, dtype=2, partner=3, tag=4,
         recv_buf=0, recv_count=1, recv_dtype=2, recv_partner=5, recv_tag=6, comm=7),
    _mpi("MPI_Probe", "Comm", "probe", 3, partner=0, tag=1, comm=2),
    _mpi("MPI_Barrier", "Sync", "barrier", 1, comm=0),
    _mpi("MPI_Bcast", "SyncSeq", "bcast", 5, buf=0, count=1, dtype=2, root=3, comm=4),
    _mpi("MPI_Reduce", "SyncSeq", "reduce", 7, count=2, dtype=3, mpi_op=4, root=5, comm=6),
    _mpi("MPI_Allreduce", "SyncSeq", "allreduce", 6, count=2, dtype=3, mpi_op=4, comm=5),
    _mpi("MPI_Scan", "SyncSeq", "scan", 6, count=2, dtype=3, mpi_op=4, comm=5),
    # Bytes per process: the send count of a gather, the receive count of a scatter.
    _mpi("MPI_Gather", "SyncSeq", "gather", 8, count=1, dtype=2, root=6, comm=7),
    _mpi("MPI_Scatter", "SyncSeq", "scatter", 8, count=4, dtype=5, root=6, comm=7),
    _mpi("MPI_Allgather", "SyncSeq", "allgather", 7, count=1, dtype=2, comm=6),
    _mpi("MPI_Alltoall", "SyncSeq", "alltoall", 7, count=1, dtype=2, comm=6),
    Binding("csend", "nx", "Comm", "send", mode="nx", tag=0, buf=1, count=2, partner=3, nargs=4),
    Binding("crecv", "nx", "Comm", "recv", tag=0, buf=1, count=2, nargs=3),
    Binding("isend", "nx", "Comm", "isend", mode="nx", tag=0, buf=1, count=2, partner=3, nargs=4),
    Binding("irecv", "nx", "Comm", "irecv", tag=0, buf=1, count=2, nargs=3),
    Binding("msgwait", "nx", "Comm", "wait", request=0, nargs=1),
    Binding("cprobe", "nx", "Comm", "probe", tag=0, nargs=1),
    Binding("gsync", "nx", "Sync", "barrier"),
    Binding("gcol", "nx", "SyncSeq", "allgather", count=1, nargs=2),
    Binding("load", "nx", "Spawn", "spawn", nargs=2, more_control=(1,)),
] + [Binding(name, "nx", "SyncSeq", "allreduce", buf=0, count=1, nargs=2, elem_bytes=size, elem_op=op)
     for name, (size, op) in {
         "gdsum": (8, "double_add"), "gdhigh": (8, "double_add"), "gdlow": (8, "double_add"),
         "gssum": (4, "real_add"), "gshigh": (4, "real_add"), "gslow": (4, "real_add"),
         # Fortran INTEGER is 4 bytes (the i860's long as well).
         "gisum": (4, "int_add"), "gihigh": (4, "int_add"), "gilow": (4, "int_add")}.items()]}

NX_NAMES = {b.name.upper() for b in BINDINGS.values() if b.api == "nx"} | {
    "MYNODE", "NUMNODES", "MYPID", "MYHOST", "DCLOCK", "KILLCUBE", "MSGDONE", "INFOCOUNT",
    "INFONODE", "INFOTYPE", "INFOPID"}


class CallError(Exception):
    """A message-passing call the frontend cannot model; becomes a reported Problem."""


def binding(name: str) -> Binding | None:
    return BINDINGS.get(name.upper())


def is_comm_call(name: str) -> bool:
    """A call that communicates (the C frontend's notion, by Fortran name)."""
    up = name.upper()
    return up in BINDINGS or (up.startswith("MPI_") and up not in MACHINE and up not in COMM_FREE)


def mpi_type(name: str | None) -> tuple[int, str]:
    if name is None or name.upper() not in MPI_TYPES:
        raise CallError(f"MPI datatype {name or 'expression'} is not a predefined datatype; its size "
                        "is unknown")
    return MPI_TYPES[name.upper()]


class CallArgs:
    """What the builder needs to know about the actual arguments (supplied by the level-1 parse)."""

    def __init__(self, values, names, buffers, requests, strings):
        self.values = values  # position -> symbolic value or None
        self.names = names  # position -> plain name (handles, datatypes) or None
        self.buffers = buffers  # position -> base variable of a buffer argument or None
        self.requests = requests  # position -> request variable ("req", "reqs[]") or None
        self.strings = strings  # position -> character literal or None


def build(name: str, args: CallArgs, nargs: int, loc: Loc, assigned_to: str | None):
    """The AAU of a message-passing call (or CallError)."""
    up = name.upper()
    if up in UNSUPPORTED_MPI:
        raise CallError(f"{up} is not modelled (interp supports MPI_COMM_WORLD point-to-point and "
                        "collectives on predefined datatypes)")
    b = BINDINGS.get(up)
    if b is None or nargs < b.nargs:
        raise CallError(f"{up} with {nargs} arguments is not modelled")
    if b.comm is not None and args.names(b.comm) not in ("MPI_COMM_WORLD", None):
        raise CallError(f"{up} on communicator {args.names(b.comm)}: only MPI_COMM_WORLD is modelled")
    v = args.values
    common = dict(loc=loc, label=name, api=b.api)
    if b.cls == "Spawn":
        return Spawn(program=args.strings(0) or "?", node=v(1), loc=loc, label=name)
    if b.cls == "Sync":
        return Sync(op=b.op, **common)
    if b.cls == "SyncSeq":
        if b.api == "nx":
            count = v(b.count)
            if b.op == "allgather":
                return SyncSeq(op=b.op, size=count, **common)
            return SyncSeq(op=b.op, elements=count, elem_op=b.elem_op,
                           size=None if count is None else count * b.elem_bytes, **common)
        size = _bytes(v(b.count), args.names(b.dtype))
        kw = dict(op=b.op, size=size, **common)
        if b.root is not None:
            kw["root"] = v(b.root)
        if b.op == "bcast":
            kw["buffer"] = args.buffers(b.buf)
        if b.mpi_op is not None:
            kind = mpi_type(args.names(b.dtype))[1]
            kw["elements"] = v(b.count)
            kw["elem_op"] = f"{kind}_{MPI_OPS.get((args.names(b.mpi_op) or '').upper(), 'add')}"
        return SyncSeq(**kw)
    # Comm
    kw = dict(op=b.op, **common)
    if b.api == "nx":
        kw["tag"] = v(b.tag)
        if b.op in ("send", "isend"):
            kw.update(mode="nx", size=v(b.count), partner=v(b.partner), buffer=args.buffers(b.buf))
        elif b.op in ("recv", "irecv"):
            kw.update(size=v(b.count), partner=sympy.Integer(S.ANY), buffer=args.buffers(b.buf))
        elif b.op == "probe":
            kw["partner"] = sympy.Integer(S.ANY)
        elif b.op == "wait":
            kw.pop("tag")
        if b.op in ("isend", "irecv"):
            kw["request"] = assigned_to
        elif b.op == "wait":
            kw["request"] = args.requests(b.request)
        return Comm(**kw)
    if b.op == "wait":
        return Comm(request=args.requests(b.request), **kw)
    if b.op == "waitall":
        reqs = args.requests(b.request)
        return Comm(size=v(0), requests=[f"{reqs.rstrip('[]')}[]"] if reqs else None, **kw)
    if b.op == "probe":
        return Comm(partner=v(b.partner), tag=v(b.tag), **kw)
    kw.update(mode=b.mode, size=_bytes(v(b.count), args.names(b.dtype)), partner=v(b.partner),
              tag=v(b.tag), buffer=args.buffers(b.buf))
    if b.request is not None:
        kw["request"] = args.requests(b.request)
    if b.op == "sendrecv":
        kw.update(recv_size=_bytes(v(b.recv_count), args.names(b.recv_dtype)),
                  recv_partner=v(b.recv_partner), recv_tag=v(b.recv_tag),
                  recv_buffer=args.buffers(b.recv_buf))
    return Comm(**kw)


def _bytes(count, dtype_name):
    size = mpi_type(dtype_name)[0]
    return None if count is None else count * size
