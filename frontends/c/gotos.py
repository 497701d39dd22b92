"""Forward gotos to a label of the function's own block: the error-handling shape of real C code.

    a = malloc(n * sizeof(double));
    if (a == NULL) { rc = 1; goto cleanup; }
    ...
cleanup:
    free(a);
    MPI_Finalize();
    return rc;

``goto L`` runs what follows ``L`` to the end of the function, and the function returns. Where the
label stands in the function's outermost block and every goto to it comes before it (at any
depth: inside ifs and loops), each ``goto L;`` is replaced by a copy of the statements from ``L``
to the end, ending with a ``return`` (added when they do not end with one), and the label by its
statement: structured code with the same paths. Labels are taken from the last to the first, so
layered cleanups (``fail_b:`` falling into ``fail_a:``) become nested copies. Any other goto (back
to an earlier label, into or out of a nested block's label, a label with a goto after it) is left
for the level-1 parse to refuse, as before.

The copies are costed where their goto runs; under the usual error checks (``if (a == NULL)``, an
MPI call's return code) that is never, since allocations and MPI calls succeed (docs/model.md).
The parsed tree may be cached (parsecache.py): a function with gotos is copied before it changes.
"""
from __future__ import annotations

import copy

from pycparser import c_ast

from . import tree as T


def rewritten(fd: c_ast.FuncDef) -> c_ast.FuncDef:
    """``fd`` with its forward gotos to outermost labels made structured (a copy), or ``fd``."""
    if not any(isinstance(n, c_ast.Goto) for n in T.walk(fd.body)):
        return fd
    fd = copy.deepcopy(fd)
    items = fd.body.block_items or []
    for k in range(len(items) - 1, -1, -1):
        label = items[k]
        if not isinstance(label, c_ast.Label) or not _forward_only(items, k):
            continue
        tail = [label.stmt] + items[k + 1:]
        if any(isinstance(n, (c_ast.Label, c_ast.Goto)) for x in tail for n in T.walk(x)):
            continue  # a jump after it: not the cleanup shape
        if not (tail and isinstance(tail[-1], c_ast.Return)):
            tail = tail + [c_ast.Return(None, label.coord)]
        for item in items[:k]:
            _replace(item, label.name, tail)
        items[k] = label.stmt
    return fd


def _forward_only(items: list, k: int) -> bool:
    """Are all gotos to the label at ``items[k]`` before it?"""
    name = items[k].name
    return not any(isinstance(n, c_ast.Goto) and n.name == name for x in items[k:] for n in T.walk(x))


def _replace(node, name: str, tail: list) -> None:
    """Every ``goto name;`` inside ``node``: a compound of a copy of ``tail``."""
    for attr, child in list(node.children()):
        if isinstance(child, c_ast.Goto) and child.name == name:
            block = c_ast.Compound(copy.deepcopy(tail), child.coord)
            _set_child(node, attr, block)
        else:
            _replace(child, name, tail)


def _set_child(node, attr: str, value) -> None:
    """pycparser names children ``stmt``, ``iftrue``, or ``block_items[3]``."""
    if "[" in attr:
        field, index = attr[:-1].split("[")
        getattr(node, field)[int(index)] = value
    else:
        setattr(node, attr, value)
