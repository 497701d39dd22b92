"""MPI_Pack and MPI_Unpack as the copies they make (docs/model.md, "Packing").

``MPI_Pack(inbuf, incount, type, outbuf, outsize, &pos, comm)`` copies incount elements of type
into the packed buffer at pos; ``MPI_Unpack(inbuf, insize, &pos, outbuf, outcount, type, comm)``
copies them out. The bytes moved grow with the count, so a per-call cost would price a 1 MB
pack as a 4-byte one: each is costed as the ``memcpy`` of its bytes through the packed buffer
(``libloops.as_loop``, the loop a memcpy performs, which every node model costs by its loads,
stores and bandwidths). The position the call moves on is the query's def (frontends/comms.py).
"""
from __future__ import annotations

from pycparser import c_ast

from ..mpitypes import C_DATATYPES
from . import libloops

# call -> (packed buffer, count, datatype) positions
PACKS = {"MPI_Pack": (3, 1, 2), "MPI_Unpack": (0, 4, 5)}


def copy_call(call: c_ast.FuncCall) -> c_ast.FuncCall | None:
    """``memcpy(packed, packed, count * bytes)`` for an MPI_Pack or MPI_Unpack statement (bytes: a
    predefined datatype's size, or the datatype variable, whose value is its size in bytes);
    None for any other call."""
    name = call.name.name if isinstance(call.name, c_ast.ID) else None
    args = call.args.exprs if call.args is not None else []
    if name not in PACKS or len(args) != 7:
        return None
    packed, count, dtype = (args[i] for i in PACKS[name])
    coord = call.coord
    if isinstance(dtype, c_ast.ID) and dtype.name in C_DATATYPES:
        size = c_ast.Constant("int", str(C_DATATYPES[dtype.name][0]), coord)
    elif isinstance(dtype, c_ast.ID):
        size = dtype
    else:
        return None
    nbytes = c_ast.BinaryOp("*", count, size, coord)
    return c_ast.FuncCall(c_ast.ID("memcpy", coord), c_ast.ExprList([packed, packed, nbytes], coord), coord)


def as_loop(call: c_ast.FuncCall, ctype, sizeof) -> tuple[c_ast.For, str] | None:
    """The copy loop of an MPI_Pack or MPI_Unpack statement and the note that says so, or None
    (a packed buffer that is no array of numbers: the call keeps its per-call cost)."""
    copy = copy_call(call)
    made = libloops.as_loop(copy, ctype, sizeof) if copy is not None else None
    if made is None:
        return None
    loop, _ = made
    return loop, (f"{call.name.name}() is costed as the memcpy of its bytes through the packed buffer (one "
                  "8-byte word per iteration; docs/model.md)")


def trip_nodes(name: str, args) -> list:
    """The count and datatype of a pack: its copy loop's limit (critical, as a loop limit is)."""
    if name not in PACKS or len(args) != 7:
        return []
    _, count, dtype = PACKS[name]
    return [args[count], args[dtype]]
