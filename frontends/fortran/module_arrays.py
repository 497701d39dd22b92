"""The shape of an allocatable the unit allocating it does not declare: a module variable
allocated in a module procedure, the main program or any unit that USEs the module (part of the
level-1 parse).

A unit's own ALLOCATABLE takes the shape its ALLOCATE gives, from that statement on
(decls.Scope.allocate); array syntax on it (``u = 0.0d0``) is then the loop over that shape
(sections.py), and SIZE(u) has a value (shapes.py). An array of a module, or of the host of an
internal subprogram, gets its shape the same ways:

- In the unit of the ALLOCATE, from that statement on: the unit's view of the array
  (``Scope.views``), in its own variables (``allocate(u(n))`` with n a dummy is u(1:n) there).
- In every unit, for a module's array whose ALLOCATEs (in all the program's units) give one
  shape that reads only the program's globals (module variables, COMMON members, named constants:
  ``allocate(u(0:nloc+1))`` with nloc a module variable): the module's declaration takes it
  before the critical-variable analysis, so its bounds are loop limits wherever the array
  syntax is (``unew = u`` in the main program after ``call setup()``; ``Scope.shapes`` of the
  module). Flow-insensitively: a program that changes nloc after the ALLOCATE makes it wrong, as
  it does the extent of a unit's own array.
- Otherwise (a bound that is another unit's local or dummy, two different shapes) the array has
  no shape where it is not allocated: array syntax on it there is refused, and the refusal says
  why (``why_open``).

A unit whose own variable is named as a global a shape reads (its own ``nloc``) does not see that
shape (it would read its own nloc).
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F

from . import tree as T


def allocation_dims(ex, allocation) -> tuple:
    """((lower, extent), ...) of one ``F.Allocation`` in the unit of ``ex`` (None: not known)."""
    dims = []
    for spec in (allocation.items[1].items if allocation.items[1] is not None else ()):
        lo_node, hi_node = spec.items if len(spec.items) == 2 else (None, spec.items[0])
        lo = ex.sym(lo_node) if lo_node is not None else sympy.Integer(1)
        hi = ex.sym(hi_node)
        dims.append((lo, None if lo is None or hi is None else sympy.simplify(hi - lo + 1)))
    return tuple(dims)


def module_shapes(units) -> None:
    """Record on each module the shape of each of its arrays that all the program's ALLOCATEs of
    it give alike in globals (``Scope.shapes``), else why it has none (``Scope.open_shapes``).
    ``units``: the (unit, Scope, header, result type) tuples, declared."""
    found: dict[tuple[int, str], list] = {}  # (id of the module scope, name) -> [(unit, dims, global)]
    owners = {}
    for u, scope, _, _ in units:
        if scope.kind not in ("program", "subroutine", "function"):
            continue
        for a in (n for s in T.exec_statements(u) for n in T.walk_all(s) if isinstance(n, F.Allocation)):
            if not isinstance(a.items[0], F.Name):
                continue
            there = scope.resolve(str(a.items[0]))
            if there is None or there[0].kind != "module":
                continue
            owners[id(there[0])] = there[0]
            bounds = [n for n in T.walk_all(a.items[1]) if isinstance(n, F.Name)] if a.items[1] is not None else []
            globals_ = all(is_global(scope, str(n)) for n in bounds if scope.var_type(str(n)) is not None)
            shape = (scope.name, allocation_dims(scope.expr, a), globals_)
            found.setdefault((id(there[0]), there[1]), []).append(shape)
    for (owner_id, name), shapes in found.items():
        owner = owners[owner_id]
        first = shapes[0][1]
        where = " and ".join(sorted({unit for unit, _, _ in shapes}))
        if any(dims != first for _, dims, _ in shapes):
            owner.open_shapes[name] = f"{name} is allocated with different shapes in {where}"
        elif any(e is None for _, e in first):
            owner.open_shapes[name] = f"{name} is allocated in {where} with bounds interp cannot evaluate"
        elif not all(g for _, _, g in shapes):
            owner.open_shapes[name] = (f"{name} is allocated in {where} with bounds that read variables of "
                                       "that unit, not module variables")
        else:
            owner.shapes[name] = first


def is_global(scope, name: str) -> bool:
    """Is ``name`` in ``scope`` the same variable in every unit (a module variable, a COMMON
    member) or a named constant?"""
    if scope.constant(name) is not None:
        return True
    there = scope.resolve(name)
    if there is not None:
        return there[0].kind == "module" or is_global(*there)
    return scope.canon(name) in scope.common


def seen_here(scope, name: str, t, there):
    """The type of ``name``, declared in another unit (``there``: (its Scope, its name there),
    ``t`` its type there), as ``scope`` sees it: with the shape its own ALLOCATE gave, else with
    the module's shape unless that reads one of this unit's own variables."""
    if t is None or not t.is_array:
        return t
    if name in scope.views:
        return t.with_dims(scope.views[name])
    shape = there[0].shapes.get(there[1])
    if shape is None:
        return t
    read = {s.name for dim in shape for b in dim for s in getattr(b, "free_symbols", ())}
    if any(n in scope.types and n not in scope.common and n not in scope.alias.values() for n in read):
        return t  # its own nloc is not the module's
    return t.with_dims(shape)


def why_open(scope, name: str) -> str:
    """Why the array ``name`` of another unit has no shape in ``scope`` ('' if not known)."""
    there = scope.resolve(name)
    if there is None:
        return ""
    return there[0].open_shapes.get(there[1], "")
