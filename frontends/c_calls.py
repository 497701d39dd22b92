"""Calls the C frontend knows: NX/2 and MPI message passing, machine-specific and library calls.

A message-passing call becomes a Comm, Sync, SyncSeq or Spawn AAU (paper Table 4); a known
machine or library call stays in a Seq and is costed by the processing component (``machine.NAME``
or ``lib.NAME``); any other call that the program does not define is unmodelled and reported.
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from .aag import symexpr as S
from .aag import Comm, Loc, Spawn, Sync, SyncSeq
from .c_expr import ExprContext, buffer_name

MPI_TYPE_SIZES = {
    "MPI_CHAR": 1, "MPI_SIGNED_CHAR": 1, "MPI_UNSIGNED_CHAR": 1, "MPI_BYTE": 1, "MPI_PACKED": 1,
    "MPI_SHORT": 2, "MPI_UNSIGNED_SHORT": 2, "MPI_INT": 4, "MPI_UNSIGNED": 4, "MPI_LONG": 8,
    "MPI_UNSIGNED_LONG": 8, "MPI_LONG_LONG": 8, "MPI_LONG_LONG_INT": 8, "MPI_FLOAT": 4,
    "MPI_DOUBLE": 8, "MPI_LONG_DOUBLE": 16, "MPI_C_BOOL": 1, "MPI_INT64_T": 8, "MPI_INT32_T": 4,
}
MPI_TYPE_KIND = {"MPI_FLOAT": "real", "MPI_DOUBLE": "double", "MPI_LONG_DOUBLE": "double"}
MPI_OPS = {"MPI_SUM": "add", "MPI_PROD": "mul", "MPI_MAX": "add", "MPI_MIN": "add",
           "MPI_LAND": "add", "MPI_LOR": "add", "MPI_BAND": "add", "MPI_BOR": "add",
           "MPI_MAXLOC": "add", "MPI_MINLOC": "add"}

# Calls costed by the processing component's machine-specific class (paper Table 1).
MACHINE_CALLS = {
    "mynode", "numnodes", "mypid", "myhost", "dclock", "infocount", "infonode", "infotype",
    "msgdone", "killcube", "MPI_Init", "MPI_Finalize", "MPI_Comm_rank", "MPI_Comm_size",
    "MPI_Wtime", "MPI_Wtick", "MPI_Abort", "MPI_Get_count", "MPI_Get_processor_name",
    "MPI_Iprobe", "MPI_Test", "MPI_Initialized", "MPI_Finalized",
}

# Library functions (paper Table 1 "Library Characs"), costed by ``lib.NAME``.
LIBRARY_CALLS = {
    "sqrt", "sqrtf", "exp", "expf", "log", "logf", "log10", "log2", "sin", "sinf", "cos", "cosf", "tan",
    "atan", "atan2", "asin", "acos", "sinh", "cosh", "tanh", "pow", "powf", "fabs", "fabsf", "abs",
    "labs", "floor", "ceil", "fmod", "fmin", "fmax", "round", "trunc", "hypot", "cbrt",
    "printf", "fprintf", "sprintf", "snprintf", "puts", "putchar", "fputs", "fflush", "fopen",
    "fclose", "fread", "fwrite", "fscanf", "scanf", "sscanf", "getchar", "fgets", "perror",
    "malloc", "calloc", "realloc", "free", "atoi", "atol", "atof", "strtol", "strtod", "rand", "srand",
    "exit", "abort", "qsort", "memcpy", "memmove", "memset", "strlen", "strcpy", "strncpy", "strcmp",
    "strncmp", "strcat", "time", "clock", "gettimeofday", "clock_gettime", "float", "assert",
}

# MPI calls that need more than MPI_COMM_WORLD: reported, not modelled.
UNSUPPORTED_MPI = {"MPI_Comm_split", "MPI_Comm_dup", "MPI_Comm_create", "MPI_Cart_create",
                   "MPI_Type_contiguous", "MPI_Type_vector", "MPI_Type_commit", "MPI_Waitany",
                   "MPI_Testall", "MPI_Win_create", "MPI_Put", "MPI_Get"}
COMM_FREE = {"MPI_Comm_free", "MPI_Type_free"}

NX_NAMES = {"csend", "crecv", "isend", "irecv", "msgwait", "msgdone", "cprobe", "gsync", "gdsum",
            "gisum", "gssum", "gdhigh", "gdlow", "gihigh", "gilow", "gshigh", "gslow", "gcol",
            "gcolx", "mynode", "numnodes", "mypid", "myhost", "load", "killcube", "dclock"}

_NX_GLOBAL = {  # name -> (element bytes (None: long, by data model), element op class)
    "gdsum": (8, "double_add"), "gdhigh": (8, "double_add"), "gdlow": (8, "double_add"),
    "gssum": (4, "real_add"), "gshigh": (4, "real_add"), "gslow": (4, "real_add"),
    "gisum": (None, "int_add"), "gihigh": (None, "int_add"), "gilow": (None, "int_add"),
}


class CallError(Exception):
    """A message-passing call the frontend cannot model; becomes a reported Problem."""


def is_comm_call(name: str) -> bool:
    return (name in NX_NAMES and name not in MACHINE_CALLS) or (
        name.startswith("MPI_") and name not in MACHINE_CALLS and name not in COMM_FREE)


def _id(node) -> str | None:
    return node.name if isinstance(node, c_ast.ID) else None


def _request(node) -> str | None:
    """``&req`` -> "req"; ``&reqs[k]`` -> "reqs[k]" (k symbolic is kept as text)."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "&":
        node = node.expr
    if isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ID):
        return f"{node.name.name}[]"
    return _id(node)


def build(name: str, args: list, ctx: ExprContext, loc: Loc, assigned_to: str | None, lp64: bool):
    """Build the AAU of a message-passing call (or raise CallError)."""
    if name in UNSUPPORTED_MPI:
        raise CallError(f"{name} is not modelled (interp supports MPI_COMM_WORLD point-to-point and "
                        "collectives on predefined datatypes)")
    if name.startswith("MPI_"):
        return _mpi(name, args, ctx, loc)
    return _nx(name, args, ctx, loc, assigned_to, lp64)


def _mpi_size(ctx: ExprContext, count, dtype) -> sympy.Expr | None:
    tname = _id(dtype)
    if tname not in MPI_TYPE_SIZES:
        raise CallError(f"MPI datatype {tname or 'expression'} is not a predefined datatype; "
                        "its size is unknown")
    n = ctx.sym(count)
    return None if n is None else n * MPI_TYPE_SIZES[tname]


def _check_comm(args, index: int, name: str) -> None:
    comm = _id(args[index]) if index < len(args) else None
    if comm not in ("MPI_COMM_WORLD", None) and not comm.startswith("comm"):
        raise CallError(f"{name} on communicator {comm}: only MPI_COMM_WORLD is modelled")


def _mpi(name, a, ctx: ExprContext, loc: Loc):
    n = len(a)
    S_ = ctx.sym
    label = name
    if name in ("MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend") and n >= 6:
        _check_comm(a, 5, name)
        mode = {"MPI_Send": "standard", "MPI_Ssend": "sync", "MPI_Bsend": "buffered", "MPI_Rsend": "ready"}[name]
        return Comm(loc=loc, label=label, api="mpi", op="send", mode=mode, size=_mpi_size(ctx, a[1], a[2]),
                    partner=S_(a[3]), tag=S_(a[4]), buffer=buffer_name(a[0]))
    if name == "MPI_Recv" and n >= 7:
        _check_comm(a, 5, name)
        return Comm(loc=loc, label=label, api="mpi", op="recv", size=_mpi_size(ctx, a[1], a[2]),
                    partner=S_(a[3]), tag=S_(a[4]), buffer=buffer_name(a[0]))
    if name in ("MPI_Isend", "MPI_Issend") and n >= 7:
        _check_comm(a, 5, name)
        return Comm(loc=loc, label=label, api="mpi", op="isend", mode="sync" if name == "MPI_Issend" else "standard",
                    size=_mpi_size(ctx, a[1], a[2]), partner=S_(a[3]), tag=S_(a[4]),
                    request=_request(a[6]), buffer=buffer_name(a[0]))
    if name == "MPI_Irecv" and n >= 7:
        _check_comm(a, 5, name)
        return Comm(loc=loc, label=label, api="mpi", op="irecv", size=_mpi_size(ctx, a[1], a[2]),
                    partner=S_(a[3]), tag=S_(a[4]), request=_request(a[6]), buffer=buffer_name(a[0]))
    if name == "MPI_Wait" and n >= 1:
        return Comm(loc=loc, label=label, api="mpi", op="wait", request=_request(a[0]))
    if name == "MPI_Waitall" and n >= 2:
        reqs = _id(a[1]) or _request(a[1])
        return Comm(loc=loc, label=label, api="mpi", op="waitall", size=S_(a[0]),
                    requests=[f"{reqs.rstrip('[]')}[]"] if reqs else None)
    if name == "MPI_Sendrecv" and n >= 12:
        _check_comm(a, 10, name)
        return Comm(loc=loc, label=label, api="mpi", op="sendrecv", size=_mpi_size(ctx, a[1], a[2]),
                    partner=S_(a[3]), tag=S_(a[4]), recv_size=_mpi_size(ctx, a[6], a[7]),
                    recv_partner=S_(a[8]), recv_tag=S_(a[9]), buffer=buffer_name(a[0]),
                    recv_buffer=buffer_name(a[5]))
    if name == "MPI_Sendrecv_replace" and n >= 9:
        _check_comm(a, 7, name)
        size = _mpi_size(ctx, a[1], a[2])
        return Comm(loc=loc, label=label, api="mpi", op="sendrecv", size=size, partner=S_(a[3]),
                    tag=S_(a[4]), recv_size=size, recv_partner=S_(a[5]), recv_tag=S_(a[6]),
                    buffer=buffer_name(a[0]), recv_buffer=buffer_name(a[0]))
    if name == "MPI_Probe" and n >= 3:
        return Comm(loc=loc, label=label, api="mpi", op="probe", partner=S_(a[0]), tag=S_(a[1]))
    if name == "MPI_Barrier" and n >= 1:
        _check_comm(a, 0, name)
        return Sync(loc=loc, label=label, api="mpi", op="barrier")
    if name == "MPI_Bcast" and n >= 5:
        _check_comm(a, 4, name)
        return SyncSeq(loc=loc, label=label, api="mpi", op="bcast", size=_mpi_size(ctx, a[1], a[2]),
                       root=S_(a[3]), buffer=buffer_name(a[0]))
    if name in ("MPI_Reduce", "MPI_Allreduce", "MPI_Scan") and n >= 6:
        dtype, op = a[3], _id(a[4])
        size = _mpi_size(ctx, a[2], dtype)
        kind = MPI_TYPE_KIND.get(_id(dtype), "int")
        elem_op = f"{kind}_{MPI_OPS.get(op, 'add')}"
        if name == "MPI_Reduce":
            _check_comm(a, 6, name)
            return SyncSeq(loc=loc, label=label, api="mpi", op="reduce", size=size, root=S_(a[5]),
                           elements=S_(a[2]), elem_op=elem_op)
        _check_comm(a, 5, name)
        return SyncSeq(loc=loc, label=label, api="mpi", op="allreduce" if name == "MPI_Allreduce" else "scan",
                       size=size, elements=S_(a[2]), elem_op=elem_op)
    if name in ("MPI_Scatter", "MPI_Gather") and n >= 8:
        _check_comm(a, 7, name)
        # Bytes per process: the send count of a gather, the receive count of a scatter.
        size = _mpi_size(ctx, a[1], a[2]) if name == "MPI_Gather" else _mpi_size(ctx, a[4], a[5])
        return SyncSeq(loc=loc, label=label, api="mpi", op=name[4:].lower(), size=size, root=S_(a[6]))
    if name in ("MPI_Allgather", "MPI_Alltoall") and n >= 7:
        _check_comm(a, 6, name)
        return SyncSeq(loc=loc, label=label, api="mpi", op=name[4:].lower(), size=_mpi_size(ctx, a[1], a[2]))
    raise CallError(f"{name} with {n} arguments is not modelled")


def _nx(name, a, ctx: ExprContext, loc: Loc, assigned_to, lp64: bool):
    S_ = ctx.sym
    n = len(a)
    if name == "csend" and n >= 4:
        return Comm(loc=loc, label=name, api="nx", op="send", mode="nx", tag=S_(a[0]), size=S_(a[2]),
                    partner=S_(a[3]), buffer=buffer_name(a[1]))
    if name == "crecv" and n >= 3:
        return Comm(loc=loc, label=name, api="nx", op="recv", tag=S_(a[0]), size=S_(a[2]),
                    partner=sympy.Integer(S.ANY), buffer=buffer_name(a[1]))
    if name == "isend" and n >= 4:
        return Comm(loc=loc, label=name, api="nx", op="isend", mode="nx", tag=S_(a[0]), size=S_(a[2]),
                    partner=S_(a[3]), request=assigned_to, buffer=buffer_name(a[1]))
    if name == "irecv" and n >= 3:
        return Comm(loc=loc, label=name, api="nx", op="irecv", tag=S_(a[0]), size=S_(a[2]),
                    partner=sympy.Integer(S.ANY), request=assigned_to, buffer=buffer_name(a[1]))
    if name == "msgwait" and n >= 1:
        return Comm(loc=loc, label=name, api="nx", op="wait", request=_request(a[0]))
    if name == "cprobe" and n >= 1:
        return Comm(loc=loc, label=name, api="nx", op="probe", tag=S_(a[0]), partner=sympy.Integer(S.ANY))
    if name == "gsync":
        return Sync(loc=loc, label=name, api="nx", op="barrier")
    if name in _NX_GLOBAL and n >= 2:
        elem, op = _NX_GLOBAL[name]
        elem = elem or (8 if lp64 else 4)
        count = S_(a[1])
        return SyncSeq(loc=loc, label=name, api="nx", op="allreduce", elements=count, elem_op=op,
                       size=None if count is None else count * elem)
    if name == "gcol" and n >= 2:
        return SyncSeq(loc=loc, label=name, api="nx", op="allgather", size=S_(a[1]))
    if name == "load" and n >= 2:
        prog = a[0].value.strip('"') if isinstance(a[0], c_ast.Constant) else "?"
        return Spawn(loc=loc, label=name, program=prog, node=S_(a[1]))
    raise CallError(f"{name} with {n} arguments is not modelled")
