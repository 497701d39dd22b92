"""References ``name(...)`` in fparser trees: what every part of the Fortran frontend asks of them."""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F


def lower_name(node) -> str:
    return str(node).lower()


def args_of(node) -> list:
    """The argument expressions of a reference ``name(args)`` (keywords dropped)."""
    lst = node.items[1] if len(node.items) > 1 else None
    if lst is None:
        return []
    items = lst.items if hasattr(lst, "items") and not isinstance(lst, (F.Actual_Arg_Spec, F.Component_Spec)) \
        else (lst,)
    out = []
    for a in items:
        if isinstance(a, (F.Actual_Arg_Spec, F.Component_Spec)):
            a = a.items[1]
        out.append(a)
    return out


def actual_args(node, dummies: list[str] | None) -> list:
    """The actual arguments of a call of a user procedure, each at its dummy's position: the
    positional ones in order, a keyword one (``nsweep=5``) at the dummy it names, None where an
    OPTIONAL dummy gets none (a later one does). Without keywords, or when the procedure's
    dummies are not known: ``args_of``."""
    lst = node.items[1] if len(node.items) > 1 else None
    items = [] if lst is None else lst.items if hasattr(lst, "items") and not isinstance(lst, F.Actual_Arg_Spec) \
        else (lst,)
    if dummies is None or not any(isinstance(a, F.Actual_Arg_Spec) for a in items):
        return args_of(node)
    out: list = []
    for a in items:
        if isinstance(a, F.Actual_Arg_Spec):
            k = lower_name(a.items[0])
            if k not in dummies:
                return args_of(node)  # a keyword the procedure lacks: the compiler's error, not ours
            pos = dummies.index(k)
            out += [None] * (pos + 1 - len(out))
            out[pos] = a.items[1]
        else:
            out.append(a)
    return out


def is_ref(node) -> bool:
    """``name(...)``: an array element or section, or a function reference."""
    return isinstance(node, (F.Part_Ref, F.Function_Reference, F.Intrinsic_Function_Reference,
                             F.Structure_Constructor))


def ref_name(node) -> str:
    return str(node.items[0]).upper()


def read_items(stmt, scope) -> list:
    """What a READ statement stores to: its input items, or the variables of the NAMELIST group
    it reads (``READ (u, NML=params)``, ``READ (u, params)``), as names."""
    control, _, items = stmt.items
    out = list(items.items) if items is not None and hasattr(items, "items") else []
    specs = list(control.items) if control is not None else []
    for k, spec in enumerate(specs):
        key = str(spec.items[0]).upper() if isinstance(spec, F.Io_Control_Spec) and spec.items[0] is not None else None
        value = spec.items[1] if isinstance(spec, F.Io_Control_Spec) else spec
        if (key == "NML" or (key is None and k == 1)) and isinstance(value, F.Name):
            names = scope.namelist(str(value))
            if names is not None:
                out += [F.Name(n) for n in names]
    return out


def query_element(ex, node):
    """(array, index from 0) of a query's argument that is one array element: ``hi(d)`` of a
    one-dimensional array (the index ``d - lo``, evaluated by the engine, as C's ``&hi[d]``), or
    an element with constant subscripts (column-major offset); None for anything else."""
    if not is_ref(node) or ex.scope.ref_kind(ref_name(node)) != "array":
        return None
    args, t = args_of(node), ex.scope.var_type(ref_name(node))
    canon = ex.scope.canon(ref_name(node))
    offset = ex.element_offset(ref_name(node), args)
    if offset is not None:
        return canon, sympy.Integer(offset)
    if t is None or len(args) != 1 or len(t.dims) != 1 or isinstance(args[0], F.Subscript_Triplet):
        return None
    lo, index = t.dims[0][0], ex.value(args[0])
    if lo is None or not lo.is_Integer:
        return None
    return canon, None if index is None else index - lo


def query_target(ex, node) -> str | None:
    """Where a query's output argument stores: an element with constant subscripts by its name
    (``MPI_CART_SHIFT(comm, 0, 1, nbr(1), nbr(2), ierr)`` defines ``nbr[0]`` and ``nbr[1]``, as
    C's ``&nbr[0]``), else the variable or array (``dims``: its elements, comms._elements)."""
    if is_ref(node) and ex.scope.ref_kind(ref_name(node)) == "array":
        name = ex.target_name(node)
        if name is not None and "[" in name:
            return name
    return ex.buffer_name(node)
