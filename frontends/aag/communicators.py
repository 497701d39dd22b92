"""Communicators and Cartesian topologies as values of critical expressions (MPI 4.1 ch. 7, 8).

A communicator variable holds a handle: an integer, as in MPICH's mpi.h (MPI_COMM_WORLD is
0x44000000, MPI_COMM_SELF 0x44000001, MPI_COMM_NULL 0x04000000; communicators the program
creates get 0x84000000 + k). The values a program reads from a communicator (its rank and size in
it, Cartesian coordinates and neighbours, the world rank of a partner) are sympy functions of the
handle. On MPI_COMM_WORLD they are the process's rank and the process count at once; on a
communicator the program creates, they stay symbolic in the AAG and the engine, which knows every
communicator created during the run (interp/engine/communicators.py), evaluates them.

MPI_Dims_create needs no communicator: ``DimsCreate`` evaluates as soon as its arguments are
numbers, with MPI's rule (dimensions as close to each other as possible, non-increasing).
"""
from __future__ import annotations

import sympy

COMM_WORLD = 0x44000000
COMM_SELF = 0x44000001
COMM_NULL = 0x04000000
FIRST_CREATED = 0x84000000  # the handle of the first communicator a program creates
PROC_NULL = -2  # MPI_PROC_NULL (frontends/include/mpi.h): a partner that makes a no-op
UNDEFINED = -32766  # MPI_UNDEFINED: a Comm_split color that gives MPI_COMM_NULL
# The bytes of the message a receive or probe matched, kept by the engine with the call's status
# variable (``status@bytes``) for MPI_Get_count.
STATUS_BYTES = "@bytes"

# Groups (MPI 4.1 section 7.3), handles as in MPICH: MPI_GROUP_EMPTY 0x48000000, MPI_GROUP_NULL
# 0x08000000, the groups a program makes 0x88000000 + k.
GROUP_EMPTY = 0x48000000
GROUP_NULL = 0x08000000
FIRST_GROUP = 0x88000000

# Communicator and group names a program may use as values, with their handles.
HANDLES = {"MPI_COMM_WORLD": COMM_WORLD, "MPI_COMM_SELF": COMM_SELF, "MPI_COMM_NULL": COMM_NULL,
           "MPI_GROUP_EMPTY": GROUP_EMPTY, "MPI_GROUP_NULL": GROUP_NULL}


def handle_value(name: str | None):
    """The handle of a predefined communicator named where a value is read, or None."""
    value = HANDLES.get(name.upper()) if name else None
    return sympy.Integer(value) if value is not None else None


def _num(x) -> bool:
    return isinstance(x, sympy.Number)


class _World(sympy.Function):
    """A function of a communicator that is known at once on MPI_COMM_WORLD (``world`` gives the
    value from the other arguments), and that the engine evaluates on any other communicator."""

    world = None

    @classmethod
    def eval(cls, comm, *args):
        if _num(comm) and int(comm) == COMM_WORLD and cls.world is not None:
            return cls.world(*args)

    def _eval_is_integer(self):
        return True


class CommRank(_World):
    """CommRank(comm, world_rank): the rank of the process in ``comm`` (MPI_Comm_rank)."""

    world = staticmethod(lambda rank: rank)


class CommSize(_World):
    """CommSize(comm, nprocs): the number of processes of ``comm`` (MPI_Comm_size)."""

    world = staticmethod(lambda nprocs: nprocs)


class WorldRank(_World):
    """WorldRank(comm, rank): the process a rank of ``comm`` names (a partner of a message on a
    communicator the program created); MPI_ANY_SOURCE and MPI_PROC_NULL stay what they are."""

    world = staticmethod(lambda rank: rank)


class CartCoord(_World):
    """CartCoord(comm, rank, i): coordinate ``i`` of ``rank`` in the Cartesian ``comm``."""


class CartShift(_World):
    """CartShift(comm, world_rank, direction, disp): the rank ``disp`` steps along ``direction``
    from the process (MPI_Cart_shift's rank_dest; rank_source is disp negated), MPI_PROC_NULL off
    the edge of a non-periodic dimension."""


class CartRank(_World):
    """CartRank(comm, c0, c1, ...): the rank at the coordinates (periodic ones wrap around)."""


class CartDim(_World):
    """CartDim(comm, i): the extent of dimension ``i`` (MPI_Cart_get's dims)."""


class CartPeriod(_World):
    """CartPeriod(comm, i): 1 if dimension ``i`` is periodic (MPI_Cart_get's periods)."""


class CartNdims(_World):
    """CartNdims(comm): the number of dimensions (MPI_Cartdim_get)."""


def comm_tag_num(comm, tag):
    """A message tag as the engine matches it: on a communicator the program created, the tag plus
    the communicator's number times TAG_SPACE, so it never matches the same tag on another
    communicator (MPI's contexts); MPI_ANY_TAG and tags on MPI_COMM_WORLD / MPI_COMM_SELF stay."""
    h, t = int(comm), int(tag)
    if t < 0 or h < FIRST_CREATED:
        return t
    return t + (h - FIRST_CREATED + 1) * TAG_SPACE


TAG_SPACE = 1 << 32  # above every tag MPI allows (MPI_TAG_UB is at least 32767)


class CommTag(sympy.Function):
    """CommTag(comm, tag): ``comm_tag_num`` once both are numbers."""

    @classmethod
    def eval(cls, comm, tag):
        if _num(comm) and _num(tag):
            return sympy.Integer(comm_tag_num(comm, tag))

    def _eval_is_integer(self):
        return True


class GroupOf(sympy.Function):
    """GroupOf(comm, world_rank): the group of ``comm`` (MPI_Comm_group), as the process sees it."""

    def _eval_is_integer(self):
        return True


class GroupSize(sympy.Function):
    """GroupSize(group): the number of processes in ``group`` (MPI_Group_size)."""

    def _eval_is_integer(self):
        return True


class GroupRank(sympy.Function):
    """GroupRank(group, world_rank): the process's rank in ``group``, MPI_UNDEFINED outside it."""

    def _eval_is_integer(self):
        return True


class GroupUnion(sympy.Function):
    """GroupUnion(g1, g2): g1's members, then g2's that g1 lacks (MPI 4.1 section 7.3.2)."""


class GroupIntersection(sympy.Function):
    """GroupIntersection(g1, g2): g1's members that are in g2, in g1's order."""


class GroupDifference(sympy.Function):
    """GroupDifference(g1, g2): g1's members that are not in g2, in g1's order."""


class GroupList(sympy.Function):
    """A group made from a list of ranks in an array the program filled (often in a loop):
    F(group, n, array) with ``array`` a sympy Str. The engine evaluates group and n, reads the
    array's n entries (``width`` numbers each: a rank, or a first/last/stride triplet) as the
    tracked elements ``array[k]`` / ``array[k][j]``, and calls the body named as the class."""

    width = 1


class GroupIncl(GroupList):
    """MPI_Group_incl: the listed ranks of the group, in the list's order."""


class GroupExcl(GroupList):
    """MPI_Group_excl: the group without the listed ranks, in the group's order."""


class GroupRangeIncl(GroupList):
    """MPI_Group_range_incl: the ranks of the (first, last, stride) triplets, in order."""

    width = 3


class GroupRangeExcl(GroupList):
    """MPI_Group_range_excl: the group without the ranks of the triplets."""

    width = 3


# The functions the engine must give a numeric body to (by name, as sympy.lambdify looks them up).
ENGINE_FUNCTIONS = (CommRank, CommSize, WorldRank, CartCoord, CartShift, CartRank, CartDim, CartPeriod,
                    CartNdims, GroupOf, GroupSize, GroupRank, GroupUnion, GroupIntersection, GroupDifference,
                    GroupIncl, GroupExcl, GroupRangeIncl, GroupRangeExcl)


def dims_create(nnodes: int, given: list[int]) -> list[int]:
    """MPI_Dims_create: fill the zero entries of ``given`` so that the product is ``nnodes``, the
    filled dimensions as close to each other as possible and in non-increasing order (MPI 4.1
    section 8.5.2). ValueError when ``nnodes`` is not a multiple of the given entries' product."""
    if not 0 < nnodes < 2 ** 31 or any(d < 0 for d in given):  # a C int of processes
        raise ValueError(f"MPI_Dims_create of {nnodes} processes with dims {given}: not valid")
    fixed = 1
    for d in given:
        fixed *= d or 1
    free = sum(1 for d in given if d == 0)
    if nnodes % fixed or (free == 0 and fixed != nnodes):
        raise ValueError(f"MPI_Dims_create: {nnodes} processes do not fit the given dims {given}")
    best = _balanced(nnodes // fixed, free) if free else []
    filled = iter(best)
    return [d if d else next(filled) for d in given]


def _balanced(m: int, k: int) -> list[int]:
    """The non-increasing k factors of m with the smallest spread (largest minus smallest)."""
    found: list[list[int]] = []
    small = [d for d in range(1, int(m ** 0.5) + 1) if m % d == 0]
    divisors = sorted(set(small + [m // d for d in small]), reverse=True)

    def split(rest: int, parts: int, upper: int, acc: list[int]):
        if parts == 1:
            if rest <= upper:
                found.append(acc + [rest])
            return
        for d in divisors:
            if d <= upper and rest % d == 0 and d ** parts >= rest:  # the largest part is at least the mean
                split(rest // d, parts - 1, d, acc + [d])

    split(m, k, m, [])
    return min(found, key=lambda f: (f[0] - f[-1], f))


class DimsCreate(sympy.Function):
    """DimsCreate(nnodes, i, d0, d1, ...): entry ``i`` of MPI_Dims_create(nnodes, n, dims) with dims
    given as d0..d(n-1) (0: free)."""

    @classmethod
    def eval(cls, nnodes, i, *given):
        if all(_num(x) for x in (nnodes, i, *given)):
            return sympy.Integer(dims_create(int(nnodes), [int(d) for d in given])[int(i)])

    def _eval_is_integer(self):
        return True


def dims_create_num(nnodes, i, *given):
    return dims_create(int(nnodes), [int(d) for d in given])[int(i)]
