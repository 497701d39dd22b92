"""The SyncSeq fields of a collective call (paper Table 4: bytes per process, root, elements
combined; a v-collective's counts array): read from the call's arguments by role (``a``:
msgpass's reader of one call's actual arguments). Kept apart from the call table
(frontends/msgpass.py), which builds every AAU."""
from __future__ import annotations

from .comms import CallError
from .collective_results import RESULT_OPS
from .mpitypes import MPI_OPS


def collective_fields(call, a) -> dict:
    """SyncSeq fields (Table 4) of a collective: bytes per process, root, elements combined."""
    kw: dict = {}
    if call.op in RESULT_OPS and call.at(RESULT_OPS[call.op]) is not None:
        kw["result"] = a.buffer(RESULT_OPS[call.op])
    count = a.value("count")
    if call.elem_op is not None:  # an NX/2 global operation
        elem = call.elem_bytes or a.args.int_bytes
        return dict(elements=count, elem_op=call.elem_op, size=None if count is None else count * elem)
    if call.at("root") is not None:
        kw["root"] = a.value("root")
    if call.op in V_COLLECTIVES:
        return {**kw, **_blocks(call, a)}
    if call.at("datatype") is None:
        return dict(size=count)  # NX/2 gcol: bytes
    if _in_place(a, "buf") and call.at("recv_count") is not None:
        # MPI_IN_PLACE as the send buffer of a gather, allgather or alltoall: the send count and
        # type are ignored (MPI 4.1 5.5, 5.7); each process's block is the receive side's
        kw["size"] = a.bytes(("recv_count",), ("recv_datatype",))
    elif _in_place(a, "buf") and call.at("send_count") is not None:
        kw["size"] = a.bytes(("send_count",), ("send_datatype",))  # a scatter's root, in place
    else:
        kw["size"] = a.bytes(("count",), ("datatype",))
    if call.op == "bcast":
        kw["buffer"] = a.buffer("buf")
    if call.at("op") is not None:
        kind = a.datatype("datatype")[1]
        kw["elements"] = count
        kw["elem_op"] = f"{kind}_{MPI_OPS.get((a.name('op') or '').upper(), 'add')}"
    return kw


def _in_place(a, role: str) -> bool:
    return (a.name(role) or "").upper() == "MPI_IN_PLACE"


def _blocks(call, a) -> dict:
    """A v-collective: the counts array (by name: the engine reads its elements) and the bytes of
    one of its elements; the process's own block when it has one (MPI_IN_PLACE: none). The counts
    and their datatype matter only where the algorithm reads them (a scatter's or gather's root:
    the others may pass NULL or MPI_DATATYPE_NULL there); the engine says so if one is missing."""
    dtype = ("send_datatype",) if call.op in ("scatterv", "alltoallv") else ("recv_datatype", "datatype")
    try:
        count_bytes = a.datatype(*dtype)[0]
    except CallError:
        count_bytes = None
    kw = dict(counts=a.buffer("counts") or None, count_bytes=count_bytes)
    if a.args.count is not None:  # size(N): every rank's block N elements (docs/annotations.md)
        kw["block"] = a.args.count
    if call.at("op") is not None:  # MPI_Reduce_scatter: the engine counts the elements combined
        kind = a.datatype("datatype")[1]
        kw["elem_op"] = f"{kind}_{MPI_OPS.get((a.name('op') or '').upper(), 'add')}"
    if call.op in ("scatterv", "gatherv") and not _in_place(a, "buf"):
        kw["size"] = a.bytes(("count",), ("datatype",))
    return kw


V_COLLECTIVES = ("scatterv", "gatherv", "allgatherv", "alltoallv", "reduce_scatter")
