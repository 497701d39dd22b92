"""The bytes a C program allocates for an array: ``p = malloc(n * sizeof(double))``.

The gather model (interp/models/gather.py) costs an indirect access ``p[idx[i]]`` by the
extent of ``p``: the number of distinct lines its random accesses can touch. A declared array's
extent is its length; a pointer's is the size of the allocation assigned to it, as an expression
of program variables (``8*n``) that the engine evaluates with the values it knows where the
access runs. The size is the one at the allocation: a program that changes ``n`` afterwards
makes it wrong, as a stride's symbol would be.
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

# allocator -> how its arguments make the bytes
_SIZE = {
    "malloc": lambda a: a[0] if len(a) == 1 else None,
    "calloc": lambda a: a[0] * a[1] if len(a) == 2 else None,
    "realloc": lambda a: a[1] if len(a) == 2 else None,
    "aligned_alloc": lambda a: a[1] if len(a) == 2 else None,
}


def allocation_bytes(node, sym):
    """(True, bytes or None when not a closed form) for an allocation call (under casts),
    (False, None) for anything else. ``sym``: the expression context's node -> sympy value."""
    while isinstance(node, c_ast.Cast):
        node = node.expr
    if not (isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) and node.name.name in _SIZE):
        return False, None
    args = [sym(a) for a in (node.args.exprs if node.args else [])]
    if any(a is None for a in args):
        return True, None
    return True, _SIZE[node.name.name](args)


def tracked_allocation(expr, sym, tracked) -> list:
    """``p = malloc(8 * n)``: [its bytes] where ``tracked(name)`` holds for every variable they
    read (the engine evaluates them for the pages' first touch, models/first_touch.py); else []."""
    if not (isinstance(expr, c_ast.Assignment) and expr.op == "="):
        return []
    found, size = allocation_bytes(expr.rvalue, sym)
    if found and size is not None and all(tracked(v.name) for v in size.free_symbols):
        return [size]
    return []


class Extents:
    """(function, variable name) -> bytes of the allocation assigned to it there. A name assigned
    two different allocations (or one without a closed-form size) has no known extent; neither
    has one whose size reads a variable the engine does not follow (``tracked``). The size is an
    expression of the allocating function's variables, so it serves the accesses of that
    function only (a global allocated in main and read in a helper: unknown, unless a number)."""

    def __init__(self):
        self._bytes: dict[tuple[str, str], object] = {}
        self._calls: list[tuple[str, str, list, list]] = []
        # (function, name) -> bytes of each row of a pointer-to-pointer array (``u[i] =
        # calloc(n, sizeof(double))``): the row length of ``u[i][j]`` for the working-set rule
        self._rows: dict[tuple[str, str], object] = {}

    def row_bytes(self, function: str, name: str):
        """The bytes every row of ``name`` was allocated with in ``function`` (one size for all
        its row allocations), or None."""
        return self._rows.get((function, name))

    def called(self, caller: str, callee: str, names: list, values: list) -> None:
        """A call of a user function: the names of its arguments that are plain variables, and
        their values (the caller's expressions)."""
        self._calls.append((caller, callee, names, values))

    def assigned(self, function: str, stmt, sym) -> None:
        """Record ``stmt`` if it is ``name = <allocation>`` (or ``name[k] = <allocation>``: a row)."""
        if not (isinstance(stmt, c_ast.Assignment) and stmt.op == "="):
            return
        lv = stmt.lvalue
        if isinstance(lv, c_ast.ArrayRef) and isinstance(lv.name, c_ast.ID):
            found, size = allocation_bytes(stmt.rvalue, sym)
            key = (function, lv.name.name)
            if found:
                self._rows[key] = size if self._rows.get(key, size) == size else None
            return
        if not isinstance(lv, c_ast.ID):
            return
        found, size = allocation_bytes(stmt.rvalue, sym)
        if not found:
            return
        key = (function, stmt.lvalue.name)
        if key in self._bytes and self._bytes[key] != size:
            size = None
        self._bytes[key] = size

    def known(self, tracked, params: dict[str, list[str]] | None = None) -> dict[tuple[str, str], object]:
        """The extents whose variables ``tracked(name)`` says the engine follows; with ``params``
        (function -> parameter names), also those of pointer parameters: a helper called with an
        allocated array and the variables its size reads (``find(table, n, key)`` for a table of
        ``4*n`` bytes gives ``find``'s ``a`` the extent ``4*n`` in its own ``n``), when every call
        passes an array of a known size that its arguments give."""
        out = {}
        for key, size in self._bytes.items():
            if size is not None and all(tracked(v.name) for v in size.free_symbols):
                out[key] = size
        through: dict[tuple[str, str], set] = {}
        for caller, callee, names, values in self._calls:
            mine = (params or {}).get(callee, [])
            for k, name in enumerate(names[:len(mine)]):
                if name is None:
                    continue
                through.setdefault((callee, mine[k]), set()).add(_passed(out.get((caller, name)), values, mine, tracked))
        for key, sizes in through.items():
            if key not in out and len(sizes) == 1 and None not in sizes:
                out[key] = sizes.pop()
        return out


def _passed(size, values: list, params: list[str], tracked):
    """A caller's extent in the callee's parameters: each variable it reads must be passed as an
    argument (its value exactly) to a parameter the engine follows; None otherwise."""
    if size is None:
        return None
    subs = {}
    for v in size.free_symbols:
        j = next((j for j, val in enumerate(values[:len(params)]) if val == v and tracked(params[j])), None)
        if j is None:
            return None
        subs[v] = sympy.Symbol(params[j], **v.assumptions0)
    return size.xreplace(subs)
