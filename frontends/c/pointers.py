"""Pointer values in C expressions (the level-1 parse's symbolic values, expr.py).

A loop over a range of pointers (``for (p = xs; p < xs + n; p++)``, ``while (p != end)``) and a
count made of a pointer difference (``MPI_Send(first, last - first, ...)``) need pointers to have
values. They are counted in elements, as C's pointer arithmetic is:

- an array, or a block from an allocator (``malloc``, ``calloc``, ``realloc``, ...), starts at an
  address of its own: a multiple of 2^40 elements chosen from its name (CRC-32, so the same in
  every function and every run); distinct arrays are 2^40 elements apart, further than any offset
  a program adds, and every address and offset stays an exact integer in a double;
- a pointer variable is a variable like an integer one: ``p = xs``, ``p++``, ``end = xs + n`` give
  it values, and ``end - xs`` is n, ``p < end`` compares positions in the same array;
- ``&a[k]`` is a's address + k (one subscript), ``&x`` of a scalar has no value;
- a cast to a pointer keeps the value when the element size is the same (``(double *) p``), and
  the null constant ``(void *) 0`` stays 0; another cast (``(char *) p``: other units) has none.

Tests of a pointer for null (``if (p)``, ``p == NULL``, ``!p``, ``p && ...``) keep the documented
assumption that pointers are not null (allocations succeed): they are decided at the parse, as
before, whether or not the pointer's value is followed.
"""
from __future__ import annotations

import zlib

import sympy
from pycparser import c_ast

from .types import CType

UNIT = 1 << 40           # elements between two arrays' addresses
_SLOTS = (1 << 12) - 1   # addresses 2^40 .. 2^52: below 2^53, exact in a double with any offset < 2^40

ALLOCATORS = frozenset({"malloc", "calloc", "realloc", "aligned_alloc", "valloc", "memalign",
                        "_mm_malloc", "reallocarray"})


def address(name: str) -> sympy.Integer:
    """Where the array (or allocation) ``name`` starts, in elements."""
    return sympy.Integer((zlib.crc32(name.encode()) % _SLOTS + 1) * UNIT)


def is_pointer(t: CType | None) -> bool:
    """A pointer, or an array (which decays to a pointer in an expression)."""
    return t is not None and (t.kind == "ptr" or t.is_array)


def is_null(node) -> bool:
    """The null pointer constant: 0, or 0 cast to a pointer (NULL is ``((void *) 0)``)."""
    while isinstance(node, c_ast.Cast):
        node = node.expr
    return isinstance(node, c_ast.Constant) and node.type == "int" and node.value.rstrip("uUlL") in ("0", "0x0")


def allocation(node: c_ast.FuncCall) -> sympy.Integer:
    """The address of the block an allocator call returns: one per call site."""
    coord = node.coord
    where = f"{coord.file}:{coord.line}:{coord.column}" if coord is not None else str(id(node))
    return address(f"{node.name.name}@{where}")
