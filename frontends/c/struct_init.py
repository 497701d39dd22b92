"""The members a struct's initializer list gives, as C 6.7.9 reads it.

``params_t p = {2, 2, 7}`` for ``struct {int dims[2]; int iters;}``: the braces of the member
array are elided, so its two elements take 2 and 2 and ``iters`` takes 7 (a list read one value
per member gave ``iters`` 2). ``cfg_t c = {{8, 5}, 3}``, ``{8, 5, 3}``, ``{.grid = {.nx = 8},
.steps = 3}`` and ``{.grid.nx = 8}`` give the member of a member, ``c.grid.nx``. Each leaf is
named by its access path (``p.dims[1]``, ``c.grid.nx``: expr.field_path's names); a list this
does not follow (an array of structs or pointers inside the struct, a designator after which
positional values continue inside a member, an index designator) gives None: every member is
then unknown, never a guess.
"""
from __future__ import annotations

from pycparser import c_ast


class _Unfollowed(Exception):
    pass


class _Cursor:
    """The values of one brace level, read in order."""

    def __init__(self, exprs):
        self.exprs, self.at = list(exprs or []), 0

    def more(self) -> bool:
        return self.at < len(self.exprs)

    def peek(self):
        return self.exprs[self.at]

    def take(self):
        self.at += 1
        return self.exprs[self.at - 1]


def given_values(types, tag: str | None, init: c_ast.InitList) -> dict[str, object] | None:
    """Leaf path (".iters", ".dims[1]", ".grid.nx") -> its initializer expression, for a struct
    of type ``tag`` initialised by ``init``; the leaves a list leaves out are not in it (C zeroes
    them). None when the list is not followed (see the module's docstring)."""
    out: dict[str, object] = {}
    cursor = _Cursor(init.exprs)
    try:
        _fill(types, tag, cursor, "", out, top=True)
    except _Unfollowed:
        return None
    return out if not cursor.more() else None


def leaves(types, tag: str | None, prefix: str = "", depth: int = 0) -> list[tuple[str, object]]:
    """Every scalar leaf of a struct type: (path, its CType), members of members included, and
    the elements of arithmetic member arrays of up to 64 elements (``.dims[0]``)."""
    out = []
    for name, mt in types.fields.get(tag or "", {}).items():
        path = f"{prefix}.{name}"
        if mt.kind == "struct" and not mt.is_array and depth < 8:
            out += leaves(types, mt.tag, path, depth + 1)
        elif mt.is_array and mt.arithmetic and len(mt.dims) == 1 and mt.length is not None and mt.length <= 64:
            out += [(f"{path}[{k}]", mt) for k in range(mt.length)]
        elif mt.arithmetic and not mt.is_array:
            out.append((path, mt))
    return out


def _fill(types, tag, cursor: _Cursor, prefix: str, out: dict, top: bool) -> None:
    """Fill the members of a struct of type ``tag`` from ``cursor``: the whole list of its own
    braces (``top``), or as many values as it takes from an enclosing list (braces elided)."""
    members = list(types.fields.get(tag or "", {}).items())
    k = 0
    while cursor.more() and (top or k < len(members)):
        e = cursor.peek()
        if isinstance(e, c_ast.NamedInitializer):
            if not top:
                return  # a designator belongs to the enclosing list
            cursor.take()
            k = _designated(types, members, e, prefix, out)
            continue
        if k >= len(members):
            raise _Unfollowed  # more values than members
        name, mt = members[k]
        _member(types, mt, cursor, f"{prefix}.{name}", out)
        k += 1


def _designated(types, members, e: c_ast.NamedInitializer, prefix: str, out: dict) -> int:
    """``.n = 4``, ``.grid = {..}``, ``.grid.nx = 8``: fill the designated member; the index of
    the member positional values continue with."""
    names = e.name
    if not names or not all(isinstance(n, c_ast.ID) for n in names):
        raise _Unfollowed  # an index designator ([2] = ..)
    k = next((i for i, (m, _) in enumerate(members) if m == names[0].name), None)
    if k is None:
        raise _Unfollowed
    mt, path = members[k][1], f"{prefix}.{names[0].name}"
    for n in names[1:]:  # .grid.nx: down the members' types
        if mt.kind != "struct" or mt.is_array:
            raise _Unfollowed
        mt = types.fields.get(mt.tag or "", {}).get(n.name)
        if mt is None:
            raise _Unfollowed
        path = f"{path}.{n.name}"
    _member(types, mt, _Cursor([e.expr]), path, out)
    return k + 1 if len(names) == 1 else len(members) + 1  # positional values after .a.b: not followed


def _member(types, mt, cursor: _Cursor, path: str, out: dict) -> None:
    """One member of type ``mt`` from ``cursor``: its own braced list, or values taken from the
    enclosing list when its braces are elided."""
    e = cursor.peek()
    braced = isinstance(e, c_ast.InitList)
    if mt.kind == "struct" and not mt.is_array:
        if braced:
            cursor.take()
            inner = _Cursor(e.exprs)
            _fill(types, mt.tag, inner, path, out, top=True)
        else:
            _fill(types, mt.tag, cursor, path, out, top=False)
        return
    if mt.is_array:
        if not mt.arithmetic or len(mt.dims) != 1 or mt.length is None:
            raise _Unfollowed  # an array of structs or pointers, or of two dimensions, inside the struct
        values = _Cursor(cursor.take().exprs) if braced else cursor
        for k in range(mt.length):
            if not values.more() or isinstance(values.peek(), (c_ast.InitList, c_ast.NamedInitializer)):
                if braced and values.more():
                    raise _Unfollowed
                break
            out[f"{path}[{k}]"] = values.take()
        if braced and values.more():
            raise _Unfollowed
        return
    value = cursor.take()
    if isinstance(value, c_ast.InitList):  # a scalar in braces: {5}
        if len(value.exprs) != 1 or isinstance(value.exprs[0], (c_ast.InitList, c_ast.NamedInitializer)):
            raise _Unfollowed
        value = value.exprs[0]
    out[path] = value
