"""Collective operations as the point-to-point messages of the machine's algorithm (level 3).

Paper 3.3.2: "in the iPSC/860, a broadcast ... is implemented using a logarithmic algorithm; a
broadcast call is thus replaced by the corresponding set of point-to-point messages". Each function
yields, for one process, its steps in order: ("send", partner, bytes), ("recv", partner, bytes),
("exchange", partner, bytes) (send and receive at once) and ("combine", elements, 0) for the Seq part
of a SyncSeq. Ranks are 0..n-1; ``root`` is the root rank.
"""
from __future__ import annotations


def _pow2(n: int) -> bool:
    return n & (n - 1) == 0


def bcast(rank: int, n: int, root: int, size: float):
    """Binomial tree from the root (MPICH's and NX/2's logarithmic broadcast)."""
    v = (rank - root) % n
    mask = 1
    while mask < n:
        if v & mask:
            yield ("recv", (v - mask + root) % n, size)
            break
        mask <<= 1
    mask >>= 1
    while mask > 0:
        if v + mask < n:
            yield ("send", (v + mask + root) % n, size)
        mask >>= 1


def reduce(rank: int, n: int, root: int, size: float, elements: float):
    """Binomial tree towards the root, combining at each receive."""
    v = (rank - root) % n
    mask = 1
    while mask < n:
        if v & mask:
            yield ("send", (v - mask + root) % n, size)
            break
        if v + mask < n:
            yield ("recv", (v + mask + root) % n, size)
            yield ("combine", elements, 0.0)
        mask <<= 1


def allreduce(rank: int, n: int, root: int, size: float, elements: float):
    """Recursive doubling (hypercube exchange) when n is a power of two, else reduce + bcast."""
    if _pow2(n):
        d = 1
        while d < n:
            yield ("exchange", rank ^ d, size)
            yield ("combine", elements, 0.0)
            d <<= 1
        return
    yield from reduce(rank, n, 0, size, elements)
    yield from bcast(rank, n, 0, size)


def scan(rank: int, n: int, root: int, size: float, elements: float):
    """Recursive doubling prefix (Hillis-Steele)."""
    d = 1
    while d < n:
        if rank + d < n:
            yield ("send", rank + d, size)
        if rank - d >= 0:
            yield ("recv", rank - d, size)
            yield ("combine", elements, 0.0)
        d <<= 1


def gather(rank: int, n: int, root: int, size: float):
    """Binomial tree; each message carries the blocks of the sender's subtree."""
    v = (rank - root) % n
    mask = 1
    while mask < n:
        if v & mask:
            yield ("send", (v - mask + root) % n, size * min(mask, n - v))
            break
        if v + mask < n:
            yield ("recv", (v + mask + root) % n, size * min(mask, n - v - mask))
        mask <<= 1


def scatter(rank: int, n: int, root: int, size: float):
    """The reverse of gather: blocks for a subtree travel down together."""
    v = (rank - root) % n
    mask = 1
    while mask < n:
        if v & mask:
            yield ("recv", (v - mask + root) % n, size * min(mask, n - v))
            break
        mask <<= 1
    mask >>= 1
    while mask > 0:
        if v + mask < n:
            yield ("send", (v + mask + root) % n, size * min(mask, n - v - mask))
        mask >>= 1


def allgather(rank: int, n: int, root: int, size: float):
    """Recursive doubling with doubling block sizes (power of two), else gather + bcast."""
    if _pow2(n):
        d = 1
        while d < n:
            yield ("exchange", rank ^ d, size * d)
            d <<= 1
        return
    yield from gather(rank, n, 0, size)
    yield from bcast(rank, n, 0, size * n)


def alltoall(rank: int, n: int, root: int, size: float):
    """Pairwise exchange in n-1 steps."""
    for i in range(1, n):
        yield ("send", (rank + i) % n, size)
        yield ("recv", (rank - i) % n, size)


# -- blocks of a size per rank (MPI's v-collectives): ``sizes[r]`` is rank r's block in bytes --------

def scatterv(rank: int, n: int, root: int, size: float, sizes):
    """Linear, as MPICH's MPIR_Scatterv_allcomm_linear: the root sends each other rank its block
    directly, in rank order (an empty block is not sent); a rank receives its own block (its own
    receive count: it does not need the root's counts)."""
    if rank == root:
        for r in range(n):
            if r != root and sizes[r] > 0:
                yield ("send", r, sizes[r])
    elif size > 0:
        yield ("recv", root, size)


def gatherv(rank: int, n: int, root: int, size: float, sizes):
    """Linear, as MPICH's MPIR_Gatherv_allcomm_linear: each rank with a non-empty block sends it to
    the root (its own send count), which receives them in rank order."""
    if rank == root:
        for r in range(n):
            if r != root and sizes[r] > 0:
                yield ("recv", r, sizes[r])
    elif size > 0:
        yield ("send", root, size)


def allgatherv(rank: int, n: int, root: int, size: float, sizes):
    """Ring, as MPICH's MPIR_Allgatherv_intra_ring: n - 1 steps; in step s each rank sends the
    block of rank (rank - s) to its right neighbour and receives that of (rank - s - 1) from its
    left one, so every block travels round the ring once."""
    right, left = (rank + 1) % n, (rank - 1) % n
    for s in range(n - 1):
        yield ("send", right, sizes[(rank - s) % n])
        yield ("recv", left, sizes[(rank - s - 1) % n])


def alltoallv(rank: int, n: int, root: int, size: float, sizes):
    """Pairwise exchange in n - 1 steps, as alltoall, each block its own size (``sizes``: this
    rank's send counts in bytes; an empty block is a message of 0 bytes, so both sides agree
    without the receiver's counts)."""
    for i in range(1, n):
        yield ("send", (rank + i) % n, sizes[(rank + i) % n])
        yield ("recv", (rank - i) % n, 0.0)


# -- reduce-scatter: neither the paper nor the machine files give an algorithm, so it is costed
# as the two collectives interp models that a program would write in its place, as allreduce on a
# number of processes that is no power of two is reduce + broadcast: the whole vector reduced to
# rank 0, then each rank's block sent to it (docs/model.md). A machine file's fitted expression
# ``comm_sync.collectives.reduce_scatter`` (or ``reduce_scatter_block``) replaces it.

def reduce_scatter(rank: int, n: int, root: int, size: float, sizes, elements: float):
    """MPI_Reduce_scatter: MPI_Reduce of every block together (``elements``: the sum of the
    counts) to rank 0, then MPI_Scatterv of the blocks (``sizes``: each rank's, in bytes)."""
    yield from reduce(rank, n, 0, sum(sizes), elements)
    yield from scatterv(rank, n, 0, sizes[rank], sizes)


def reduce_scatter_block(rank: int, n: int, root: int, size: float, elements: float):
    """MPI_Reduce_scatter_block: MPI_Reduce of the n blocks of ``size`` bytes (``elements`` each)
    to rank 0, then MPI_Scatter of them (binomial, as blocks of one size are)."""
    yield from reduce(rank, n, 0, size * n, elements * n)
    yield from scatter(rank, n, 0, size)


BLOCKS = {"scatterv": scatterv, "gatherv": gatherv, "allgatherv": allgatherv, "alltoallv": alltoallv,
          "reduce_scatter": reduce_scatter}
# Which ranks need the counts array: the root's for the linear ones, every rank's for the others.
ROOT_COUNTS = {"scatterv", "gatherv"}

ALGORITHMS = {"bcast": bcast, "reduce": reduce, "allreduce": allreduce, "scan": scan, "gather": gather,
              "scatter": scatter, "allgather": allgather, "alltoall": alltoall,
              "reduce_scatter_block": reduce_scatter_block}
COMBINING = {"reduce", "allreduce", "scan", "reduce_scatter", "reduce_scatter_block"}


def steps(op: str, rank: int, n: int, root: int, size: float, elements: float, sizes=None):
    if op in BLOCKS:
        if op in COMBINING:
            return BLOCKS[op](rank, n, root, size, sizes, elements)
        return BLOCKS[op](rank, n, root, size, sizes)
    fn = ALGORITHMS[op]
    if op in COMBINING:
        return fn(rank, n, root, size, elements)
    return fn(rank, n, root, size)
