"""The MPI calls that compute values without communicating, for both languages: those that read
communicators and Cartesian topologies, the sizes of datatypes built from arrays (indexed,
struct) and the count of a received message (MPI_Get_count).

These calls assign values the program then uses as ranks, partners and sizes (paper 3.3.2's
critical variables). Each row of ``QUERIES`` names the communicator argument,
the other arguments read and the arguments written (a scalar ``&x``, or an array ``dims``, whose
elements are tracked as ``dims[k]``). ``query_defs`` gives the values assigned, as functions of the
communicator (frontends/aag/communicators.py): on MPI_COMM_WORLD they are known at once; on a
communicator the program creates (MPI_Comm_split, MPI_Cart_create, ...: SyncSeq AAUs of the call
table, frontends/msgpass.py) the engine evaluates them.

The number of Cartesian dimensions decides how many array elements a call reads or writes: it is
the call's own constant argument where it has one (ndims, maxdims), else the one number of
dimensions every MPI_Cart_create of the program gives (``cart_ndims``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import sympy
from sympy.core.symbol import Str

from .aag import symexpr as S
from .aag.communicators import (COMM_NULL, COMM_WORLD, STATUS_BYTES, CartCoord, CartDim, CartNdims, CartPeriod,
                                CartRank, CartShift, CommRank, CommSize, DimsCreate, GroupDifference, GroupExcl,
                                GroupIncl, GroupIntersection, GroupOf, GroupRangeExcl, GroupRangeIncl, GroupRank,
                                GroupSize, GroupUnion, handle_value)


@dataclass(frozen=True)
class Query:
    comm: int | None  # position of the communicator argument
    inputs: tuple[int, ...]  # other arguments read
    outputs: tuple[int, ...]  # arguments written
    arrays: tuple[int, ...] = ()  # array arguments read element by element (a group's rank list)


QUERIES = {
    "MPI_Comm_rank": Query(0, (), (1,)),
    "MPI_Comm_size": Query(0, (), (1,)),
    "MPI_Dims_create": Query(None, (0, 1, 2), (2,)),
    "MPI_Cart_coords": Query(0, (1, 2), (3,)),
    "MPI_Cart_shift": Query(0, (1, 2), (3, 4)),
    "MPI_Cart_rank": Query(0, (1,), (2,)),
    "MPI_Cart_get": Query(0, (1,), (2, 3, 4)),
    "MPI_Cartdim_get": Query(0, (), (1,)),
    # Datatypes of blocks given by arrays (MPI 4.1 section 5.1.2): the bytes one element carries,
    # the sum of the blocks (the displacements decide the layout in memory, not the bytes sent).
    # The block lengths (and a struct's types) are read element by element, so a loop that fills
    # them (``blens[i] = 4``) is followed, as the counts of MPI_Scatterv are.
    "MPI_Type_indexed": Query(None, (0, 1, 3), (4,), (1,)),
    "MPI_Type_create_struct": Query(None, (0, 1, 3), (4,), (1, 3)),
    "MPI_Type_struct": Query(None, (0, 1, 3), (4,), (1, 3)),
    "MPI_Type_create_hindexed": Query(None, (0, 1, 3), (4,), (1,)),
    "MPI_Type_hindexed": Query(None, (0, 1, 3), (4,), (1,)),
    # A subarray carries the product of its subsizes of the old type (MPI 4.1 5.1.3); the sizes,
    # starts and order decide where they lie, not the bytes sent.
    "MPI_Type_create_subarray": Query(None, (0, 2, 5), (6,), (2,)),
    "MPI_Pack_size": Query(None, (0, 1), (3,)),
    # MPI_Pack(inbuf, incount, type, outbuf, outsize, &position, comm) and MPI_Unpack(inbuf,
    # insize, &position, outbuf, outcount, type, comm) move the position on by the bytes packed,
    # so MPI_Send(buf, position, MPI_PACKED, ..) sends them (MPI 4.1 5.2)
    "MPI_Pack": Query(None, (1, 2, 5), (5,)),
    "MPI_Unpack": Query(None, (2, 4, 5), (2,)),
    # The count of the message a receive or probe matched: the engine keeps its bytes with the
    # status variable (``status@bytes``, interp/engine/chain_comm.py).
    "MPI_Get_count": Query(None, (0, 1), (2,)),
    # MPI_Init_thread(argc, argv, required, &provided): interp gives the level asked for (every
    # level behaves the same on one thread per process)
    "MPI_Init_thread": Query(None, (2,), (3,)),
    # Groups (MPI 4.1 section 7.3): values the engine evaluates (interp/engine/communicators.py);
    # a rank list is an array the program filled, read element by element.
    "MPI_Comm_group": Query(0, (), (1,)),
    "MPI_Group_size": Query(None, (0,), (1,)),
    "MPI_Group_rank": Query(None, (0,), (1,)),
    "MPI_Group_incl": Query(None, (0, 1, 2), (3,), (2,)),
    "MPI_Group_excl": Query(None, (0, 1, 2), (3,), (2,)),
    "MPI_Group_range_incl": Query(None, (0, 1, 2), (3,), (2,)),
    "MPI_Group_range_excl": Query(None, (0, 1, 2), (3,), (2,)),
    "MPI_Group_union": Query(None, (0, 1), (2,)),
    "MPI_Group_intersection": Query(None, (0, 1), (2,)),
    "MPI_Group_difference": Query(None, (0, 1), (2,)),
}
# Fortran's MPI_INIT_THREAD(required, provided, ierr) has no argc, argv: its own positions.
_FORTRAN_INIT_THREAD = Query(None, (0,), (1,))


def query(name: str, nargs: int) -> Query:
    """The row of ``name`` for a call with ``nargs`` arguments (the one call whose bindings differ
    in more than the trailing ierr is MPI_Init_thread)."""
    return _FORTRAN_INIT_THREAD if name == "MPI_Init_thread" and nargs == 3 else QUERIES[name]


_GROUP_LISTS = {"MPI_Group_incl": GroupIncl, "MPI_Group_excl": GroupExcl, "MPI_Group_range_incl": GroupRangeIncl,
                "MPI_Group_range_excl": GroupRangeExcl}
_GROUP_PAIRS = {"MPI_Group_union": GroupUnion, "MPI_Group_intersection": GroupIntersection,
                "MPI_Group_difference": GroupDifference}


class CallError(Exception):
    """An MPI or NX/2 call the frontend cannot model; becomes a reported Problem."""


QueryError = CallError  # a query interp cannot turn into values


@dataclass
class QueryArgs:
    """A query's actual arguments as a language reads them, by position: ``value`` (symbolic or
    None), ``name`` (a plain identifier or None), ``target`` (the variable an output argument
    stores to, or the base name of an array argument)."""

    n: int
    value: Callable
    name: Callable
    target: Callable
    cart_ndims: int | None = None
    creates_comms: bool = True  # False: every communicator variable holds MPI_COMM_WORLD
    # ``element(i)``: (array, index) when argument i addresses one element of an array (C's
    # ``&hi[d]``, Fortran's ``hi(d)``), the index named from 0 (sympy, None: not known); else None
    element: Callable = lambda i: None


@dataclass(frozen=True)
class _At:
    """An output argument that is an array element whose index the engine evaluates (``&hi[d]`` in
    ``for (d = 0; d < 2; d++) MPI_Cart_shift(cart, d, 1, &lo[d], &hi[d])``): its def is the store
    ("hi[]", Stored(d, value)), as ``hi[d] = value`` is (aag/symexpr.Stored)."""

    array: str
    index: object  # sympy expression, None: not known (every element of the array unknown)


def comm_value(args: QueryArgs, i: int):
    """The handle a communicator argument holds: a predefined one by name, else its variable."""
    known = handle_value(args.name(i))
    if known is None and not args.creates_comms:
        known = sympy.Integer(COMM_WORLD)
    return known if known is not None else args.value(i)


def _constant(args: QueryArgs, i: int, spelling: str, what: str, most: int = 16) -> int:
    v = args.value(i) if i < args.n else None
    if v is None or not v.is_Integer or not 0 <= int(v) <= most:
        raise QueryError(f"{spelling}: the {what} must be a constant from 0 to {most} (interp tracks each "
                         "array element as a value of its own)")
    return int(v)


def _ndims(args: QueryArgs, spelling: str) -> int:
    if args.cart_ndims is None:
        raise QueryError(f"{spelling}: the number of dimensions is not known here: the program's "
                         "MPI_Cart_create calls must all give the same constant number of dimensions")
    return args.cart_ndims


def _elements(args: QueryArgs, i: int, n: int) -> list[str]:
    """The n elements an array argument reads or writes: ``dims`` and ``&dims[0]`` from dims[0],
    ``&coords[1]`` from coords[1]."""
    at = args.element(i) if i < args.n else None
    if at is not None and at[1] is not None and at[1].is_Integer:
        return [f"{at[0]}[{int(at[1]) + k}]" for k in range(n)]
    base = args.target(i)
    return [f"{base}[{k}]" for k in range(n)] if base else []


def _output(args: QueryArgs, i: int):
    """Where a scalar output argument stores: a variable (``&rank``), an element with a constant
    index by its name (``&hi[0]``: ``hi[0]``, which a later ``hi[0]`` reads), or an element whose
    index the engine evaluates (``&hi[d]``: an ``_At``). Before 2026-11-25 both element forms
    stored to the array's own name, so a partner ``hi[0]`` read a value never assigned: refused
    as data."""
    at = args.element(i) if i < args.n else None
    if at is None:
        return args.target(i)
    array, index = at
    if index is not None and index.is_Integer:
        return f"{array}[{int(index)}]"
    return _At(array, index)


def query_defs(name: str, spelling: str, args: QueryArgs, tracked: Callable) -> list[tuple[str, object]]:
    """The assignments (variable, value) a query call makes to variables that are ``tracked`` (and
    those it keeps for itself), in order; QueryError if unmodelled."""
    out = []
    for target, value in _defs(name, spelling, args):
        if isinstance(target, _At):  # &hi[d]: the element the engine picks
            target, value = target.array + S.ELEMENTS, (
                None if target.index is None or value is None else S.Stored(target.index, value))
        if target and (is_hidden(target) or tracked(target)):
            out.append((target, value))
    return out


def _defs(name: str, spelling: str, args: QueryArgs) -> list[tuple[str, object]]:
    q = query(name, args.n)
    if args.n < max(q.outputs) + 1:
        raise QueryError(f"{spelling} with {args.n} arguments is not modelled")
    comm = comm_value(args, q.comm) if q.comm is not None else None
    if q.comm is not None and comm is None:
        raise QueryError(f"{spelling}: the communicator argument is not a variable or a predefined one")

    def out(i: int):
        return _output(args, i)
    if name == "MPI_Comm_rank":
        return [(out(1), CommRank(comm, S.RANK))]
    if name == "MPI_Comm_size":
        return [(out(1), CommSize(comm, S.NPROCS))]
    if name == "MPI_Cartdim_get":
        return [(out(1), CartNdims(comm))]
    if name == "MPI_Cart_shift":
        direction, disp = args.value(1), args.value(2)
        if direction is None or disp is None:
            return [(out(3), None), (out(4), None)]
        return [(out(3), CartShift(comm, S.RANK, direction, -disp)),
                (out(4), CartShift(comm, S.RANK, direction, disp))]
    if name == "MPI_Dims_create":
        nd = _constant(args, 1, spelling, "number of dimensions")
        dims = _elements(args, 2, nd)
        given = [f"{d}@given" for d in dims]  # the entries as they were: every new one reads them
        nnodes = args.value(0)
        return [(g, S.var(d)) for g, d in zip(given, dims)] + [
            (d, None if nnodes is None else DimsCreate(nnodes, k, *[S.var(g) for g in given]))
            for k, d in enumerate(dims)]
    if name == "MPI_Cart_coords":
        rank = args.value(1)
        return [(c, None if rank is None else CartCoord(comm, rank, k))
                for k, c in enumerate(_elements(args, 3, _constant(args, 2, spelling, "maxdims argument")))]
    if name in ("MPI_Type_indexed", "MPI_Type_create_hindexed", "MPI_Type_hindexed", "MPI_Type_create_struct",
                "MPI_Type_struct"):
        n = _constant(args, 0, spelling, "count", 64)
        blocks = [S.var(b) for b in _elements(args, 1, n)]
        if name != "MPI_Type_create_struct" and name != "MPI_Type_struct":
            old = args.value(3)
            return [(out(4), None if old is None else sympy.Add(*blocks) * old)]
        types = [S.var(t) for t in _elements(args, 3, n)]  # each element: its datatype's bytes
        return [(out(4), sympy.Add(*[b * t for b, t in zip(blocks, types)]))]
    if name == "MPI_Type_create_subarray":
        n = _constant(args, 0, spelling, "number of dimensions")
        subsizes, old = [S.var(b) for b in _elements(args, 2, n)], args.value(5)
        return [(out(6), None if old is None or not subsizes else sympy.Mul(*subsizes) * old)]
    if name in ("MPI_Pack", "MPI_Unpack"):
        count, size = (args.value(1), args.value(2)) if name == "MPI_Pack" else (args.value(4), args.value(5))
        pos = out(q.outputs[0])
        moved = None if count is None or size is None or not isinstance(pos, str) else S.var(pos) + count * size
        return [(pos, moved)]
    if name == "MPI_Pack_size":
        count, size = args.value(0), args.value(1)
        return [(out(3), None if count is None or size is None else count * size)]
    if name == "MPI_Get_count":
        status, size = args.target(0), args.value(1)
        if not status or size is None:
            return [(out(2), None)]
        return [(out(2), S.CDiv(S.var(status + STATUS_BYTES), size))]
    if name == "MPI_Init_thread":
        return [(out(q.outputs[0]), args.value(q.inputs[0]))]
    if name.startswith("MPI_Group_") or name == "MPI_Comm_group":
        return _group_defs(name, spelling, args, comm)
    if name == "MPI_Cart_rank":
        coords = _elements(args, 1, _ndims(args, spelling))
        return [(out(2), CartRank(comm, *[S.var(c) for c in coords]))]
    # MPI_Cart_get(comm, maxdims, dims, periods, coords)
    nd = _constant(args, 1, spelling, "maxdims argument")
    me = CommRank(comm, S.RANK)
    return ([(d, CartDim(comm, k)) for k, d in enumerate(_elements(args, 2, nd))]
            + [(p, CartPeriod(comm, k)) for k, p in enumerate(_elements(args, 3, nd))]
            + [(c, CartCoord(comm, me, k)) for k, c in enumerate(_elements(args, 4, nd))])


def _group_defs(name: str, spelling: str, args: QueryArgs, comm) -> list[tuple[str, object]]:
    """The group a group call makes or the value it reads (MPI 4.1 section 7.3)."""
    out = args.target
    if name == "MPI_Comm_group":
        return [(out(1), GroupOf(comm, S.RANK))]
    group = args.value(0)
    if name == "MPI_Group_size":
        return [(out(1), None if group is None else GroupSize(group))]
    if name == "MPI_Group_rank":
        return [(out(1), None if group is None else GroupRank(group, S.RANK))]
    if name in _GROUP_PAIRS:
        other = args.value(1)
        return [(out(2), None if group is None or other is None else _GROUP_PAIRS[name](group, other))]
    n, array = args.value(1), args.target(2)
    if not array:
        raise QueryError(f"{spelling}: the rank list must be an array variable (interp reads its elements)")
    return [(out(3), None if group is None or n is None else _GROUP_LISTS[name](group, n, Str(array)))]


def is_hidden(name: str) -> bool:
    """A value a query keeps for itself (MPI_Dims_create's entries as given)."""
    return name.endswith("@given")


def query_facts(name: str, nargs: int) -> list[tuple[int, tuple[int, ...]]]:
    """For the critical-variable closure: (output position, positions its value is computed from)."""
    q = query(name, nargs)
    reads = ((q.comm,) if q.comm is not None else ()) + q.inputs
    return [(o, reads) for o in q.outputs if o < nargs]


def cart_ndims(calls) -> int | None:
    """The one constant number of dimensions of a program's MPI_Cart_create calls: ``calls`` gives
    the symbolic ndims argument of each (None: not a constant)."""
    values = set()
    for v in calls:
        if v is None or not isinstance(v, sympy.Integer):
            return None
        values.add(int(v))
    return values.pop() if len(values) == 1 else None


# -- the communicator a message-passing call works on, and the ones it creates ----------------

def communicator(call, spelling: str, args):
    """The communicator a call works on: None for MPI_COMM_WORLD, else its handle's expression."""
    i = call.at("comm")
    if i is None or i >= args.n:
        return None
    name = args.name(i)
    if name is not None and name.upper().startswith("MPI_COMM_"):
        known = handle_value(name)
        if known is None or int(known) == COMM_NULL:
            raise CallError(f"{spelling} on {name}: not a communicator interp models (MPI_COMM_WORLD, "
                            "MPI_COMM_SELF and those the program creates)")
        return None if int(known) == COMM_WORLD else known
    if not args.creates_comms:
        return None  # a program that creates none: every communicator variable holds MPI_COMM_WORLD
    value = args.value(i)
    if value is None:
        raise CallError(f"{spelling}: communicator {name or 'expression'} is neither a predefined "
                        "communicator nor a variable holding one (interp does not follow communicators "
                        "kept in struct fields or array elements picked by a variable): keep it in a "
                        "variable")
    return value


def creator(call, a, spelling: str) -> dict:
    """SyncSeq fields of a call that creates a communicator: what it is made of and the variable
    that receives it (the engine builds it, interp/engine/communicators.py)."""
    target = a.target("newcomm")
    if not target:
        raise CallError(f"{spelling}: the new communicator is not stored in a variable, a constant element or a struct member "
                        "(interp follows no other place): keep it in a variable")
    kw: dict = {"creates": target}
    if call.op == "comm_split":
        kw.update(color=a.value("color"), key=a.value("key"))
        if kw["color"] is None or kw["key"] is None:
            raise CallError(f"{spelling}: the color and key must be computed from inputs, the rank and "
                            "constants")
    elif call.op == "comm_create":
        kw["group"] = a.value("group")
        if kw["group"] is None:
            raise CallError(f"{spelling}: the group is not known: make it with MPI_Comm_group and "
                            "MPI_Group_incl / excl / range_incl (or use MPI_GROUP_EMPTY), from rank lists "
                            "computed from inputs, the rank and constants, and keep it in a variable")
    elif call.op in ("cart_create", "cart_sub"):
        nd = a.value("ndims") if call.op == "cart_create" else (
            sympy.Integer(a.args.cart_ndims) if a.args.cart_ndims is not None else None)
        if nd is None or not nd.is_Integer or not 1 <= int(nd) <= 16:
            raise CallError(f"{spelling}: the number of dimensions must be a constant from 1 to 16 "
                            "(the same in every MPI_Cart_create of the program, for MPI_Cart_sub)")
        for role, field in (("dims", "dims"), ("periods", "periods"), ("remain", "remain")):
            base = a.buffer(role)
            if call.at(role) is not None:
                if not base:
                    raise CallError(f"{spelling}: the {role} argument must be an array variable")
                kw[field] = [S.var(f"{base}[{k}]") for k in range(int(nd))]
    return kw
