"""The MPI-3 non-blocking collectives and the persistent point-to-point requests: their rows of the
call table (frontends/msgpass.py: name, AAU class, operation, send mode, C parameters by role).

A non-blocking collective is its blocking twin's row with a trailing ``request``: the same AAU
class (SyncSeq, or Sync for MPI_Ibarrier) and the same operation, so sizes, roots, counts and
communicators are read exactly as for the blocking call; the request makes the engine start it in
the background (interp/engine/nonblocking.py) and the MPI_Wait / MPI_Test that completes the
request waits for it.

A persistent request is initialized (``send_init``, ``recv_init``: the arguments of MPI_Isend /
MPI_Irecv, bound at the init), started (``start``, ``startall``: each start is the MPI_Isend or
MPI_Irecv issued at that moment) and freed (``request_free``); interp/engine/persistent.py.
"""
from __future__ import annotations

_P2P = "buf count datatype partner tag comm request"

PERSISTENT_ROWS = (
    ("MPI_Send_init", "Comm", "send_init", "standard", _P2P),
    ("MPI_Ssend_init", "Comm", "send_init", "sync", _P2P),
    ("MPI_Bsend_init", "Comm", "send_init", "buffered", _P2P),
    ("MPI_Rsend_init", "Comm", "send_init", "ready", _P2P),
    ("MPI_Recv_init", "Comm", "recv_init", "standard", _P2P),
    ("MPI_Start", "Comm", "start", "standard", "request"),
    ("MPI_Startall", "Comm", "startall", "standard", "count requests"),
    # MPI_Request_free frees any request: an inactive persistent one (an active one is an error,
    # interp/engine/persistent.py)
    ("MPI_Request_free", "Comm", "request_free", "standard", "request"),
)

# The non-blocking twin of each blocking collective the engine models: the blocking row's name
# (frontends/msgpass.py) -> the non-blocking call's name.
NONBLOCKING_TWINS = {
    "MPI_Barrier": "MPI_Ibarrier", "MPI_Bcast": "MPI_Ibcast", "MPI_Reduce": "MPI_Ireduce",
    "MPI_Allreduce": "MPI_Iallreduce", "MPI_Scan": "MPI_Iscan", "MPI_Exscan": "MPI_Iexscan",
    "MPI_Gather": "MPI_Igather", "MPI_Scatter": "MPI_Iscatter", "MPI_Allgather": "MPI_Iallgather",
    "MPI_Alltoall": "MPI_Ialltoall", "MPI_Scatterv": "MPI_Iscatterv", "MPI_Gatherv": "MPI_Igatherv",
    "MPI_Allgatherv": "MPI_Iallgatherv", "MPI_Alltoallv": "MPI_Ialltoallv",
    "MPI_Reduce_scatter": "MPI_Ireduce_scatter", "MPI_Reduce_scatter_block": "MPI_Ireduce_scatter_block",
}


def nonblocking_rows(blocking_rows) -> list[tuple]:
    """The rows of the non-blocking collectives, made from their blocking twins' rows."""
    out = []
    for name, aau, op, mode, params in blocking_rows:
        twin = NONBLOCKING_TWINS.get(name)
        if twin is not None:
            out.append((twin, aau, op, mode, (params + " request").strip()))
    return out


# Operations of the Comm AAUs by what they carry: a message's buffer, the element of an array of
# requests they store to or complete.
SEND_OPS = ("send", "isend", "send_init")
RECV_OPS = ("recv", "irecv", "recv_init")
MESSAGE_OPS = SEND_OPS + RECV_OPS + ("sendrecv",)
INDEXED_OPS = ("isend", "irecv", "wait", "test", "send_init", "recv_init", "start", "request_free")
