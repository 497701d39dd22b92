"""MPI calls interp knows it does not model, by family, each with what is not modelled and what the
program can do instead (issue: every refused call used to get the communicator message).

A refusal names the construct, why interp cannot predict it from the source, and the alternative:
the MPI call interp models that does the same job. ``cost(EXPR)`` is no way out here: it cannot
replace a statement that communicates, nor a call of a function whose body holds a refused call
(the parse of that body refuses it), so it is not offered. An MPI name in none of these families
and not in the call table is "not an MPI call interp models".
"""
from __future__ import annotations

# family -> (its calls, what is not modelled and what to do instead)
FAMILIES = {
    "communicators": (
        {"MPI_Graph_create", "MPI_Dist_graph_create", "MPI_Dist_graph_create_adjacent", "MPI_Intercomm_create",
         "MPI_Intercomm_merge", "MPI_Comm_split_type", "MPI_Comm_create_group", "MPI_Comm_spawn"},
        "{name}: graph topologies, inter-communicators, shared-memory splits and spawned processes are "
        "not modelled (interp models MPI_COMM_WORLD, MPI_COMM_SELF and the communicators of "
        "MPI_Comm_split, MPI_Comm_dup, MPI_Comm_create, MPI_Cart_create and MPI_Cart_sub): build the "
        "communicator with one of those"),
    "rma": (
        {"MPI_Win_create", "MPI_Win_allocate", "MPI_Win_allocate_shared", "MPI_Win_create_dynamic",
         "MPI_Win_fence", "MPI_Win_free", "MPI_Win_lock", "MPI_Win_unlock", "MPI_Win_lock_all",
         "MPI_Win_unlock_all", "MPI_Win_flush", "MPI_Win_flush_all", "MPI_Win_post", "MPI_Win_start",
         "MPI_Win_complete", "MPI_Win_wait", "MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Get_accumulate",
         "MPI_Fetch_and_op", "MPI_Compare_and_swap", "MPI_Rput", "MPI_Rget"},
        "{name}: one-sided communication (MPI windows, RMA) is not modelled: the paper's machine model "
        "has messages between a sender and a receiver; write the transfer as MPI_Send/MPI_Recv (or "
        "MPI_Sendrecv, MPI_Alltoall) between the processes that take part"),
    "nonblocking collectives": (
        {"MPI_Neighbor_allgather", "MPI_Neighbor_alltoall", "MPI_Neighbor_allgatherv", "MPI_Neighbor_alltoallv",
         "MPI_Ineighbor_allgather", "MPI_Ineighbor_alltoall", "MPI_Allreduce_init", "MPI_Bcast_init",
         "MPI_Barrier_init"},
        "{name}: this collective is not modelled, blocking or not (interp models MPI_Barrier, MPI_Bcast, "
        "MPI_Reduce, MPI_Allreduce, MPI_Reduce_scatter(_block), MPI_Scan, MPI_Exscan, MPI_Gather(v), "
        "MPI_Scatter(v), MPI_Allgather(v), MPI_Alltoall(v) and their non-blocking twins, not the "
        "neighbourhood collectives or MPI-4 persistent collectives): write it as one of those, e.g. "
        "MPI_Ineighbor_alltoall as MPI_Isend/MPI_Irecv to each neighbour, MPI_Allreduce_init as "
        "MPI_Iallreduce at each start"),
    "io": (
        {"MPI_File_open", "MPI_File_close", "MPI_File_read", "MPI_File_write", "MPI_File_read_at",
         "MPI_File_write_at", "MPI_File_read_all", "MPI_File_write_all", "MPI_File_read_at_all",
         "MPI_File_write_at_all", "MPI_File_set_view", "MPI_File_seek", "MPI_File_delete"},
        "{name}: MPI-IO is not modelled (the machine files describe no file system): predict the program "
        "without its file I/O (take the call out, or keep it under a condition on an input set off with -D)"),
}

_BY_NAME = {name: text for names, text in FAMILIES.values() for name in names}
REFUSED = frozenset(_BY_NAME)


def refusal(name: str, spelling: str) -> str | None:
    """The message for a refused MPI call ``name`` (canonical) written ``spelling``; None when
    ``name`` is no refused call."""
    text = _BY_NAME.get(name)
    return None if text is None else text.format(name=spelling)


def unknown(spelling: str) -> str:
    """An MPI name that is neither modelled nor a known refusal (a typo, a call of a later MPI)."""
    return (f"{spelling} is not an MPI call interp models (docs/model.md lists those it does): check its "
            "spelling, or write the program with the calls interp models")
