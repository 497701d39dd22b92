"""The augmented symbol table (paper 3.3.2, level 1): for every variable, the number of distinct
accesses between successive accesses to it, which the engine's memory-hierarchy model turns into
hit/miss weights (paper 3.4.2, "Modeling Access to the Memory Hierarchy").
"""
from __future__ import annotations

from .aag import AAG, Access, Condt, Iter, Seq, SymbolInfo


def reuse_distances(accesses: list[Access], cyclic: bool) -> None:
    """Fill ``Access.reuse``: distinct variables touched since the previous access to the same one.

    In a loop body the sequence repeats, so the first access to a variable in the body is preceded
    by the rest of the previous iteration (``cyclic``); outside loops a first access is cold (None).
    """
    n = len(accesses)
    seq = accesses + accesses if cyclic else accesses
    for k, acc in enumerate(accesses):
        if acc.reuse is not None:
            continue
        start = k + n if cyclic else k
        seen: set[str] = set()
        found = False
        for j in range(start - 1, -1, -1):
            other = seq[j]
            if other.name == acc.name:
                found = True
                break
            seen.add(other.name)
        acc.reuse = len(seen) if found else None


def _direct_seqs(body):
    """Seqs executed in this body's iterations, not counting those inside nested loops."""
    for a in body:
        if isinstance(a, Seq):
            yield a
        elif isinstance(a, Condt):
            for b in a.branches:
                yield from _direct_seqs(b.body)


def annotate_loop_accesses(loop: Iter) -> None:
    accesses = [acc for s in _direct_seqs(loop.body) for acc in s.accesses]
    reuse_distances(accesses, cyclic=True)


def symbol_table(aag: AAG, types: dict, extents=None, globals_: dict | None = None) -> dict[str, SymbolInfo]:
    """Every variable the AAG accesses. An indirect access (``Access.gathered``) gets its array's
    extent: a declared array's length in bytes, else ``extents[(function, name)]`` (the bytes
    C's malloc gave the array in the access's function, frontends/c/allocations.py); ``globals_``
    (name -> type) gives the lengths of declared global arrays."""
    for fn in aag.functions.values():
        reuse_distances([acc for s in _direct_seqs(fn.body) for acc in s.accesses], cyclic=False)
    table: dict[str, SymbolInfo] = {}
    for a in aag.walk():
        if not isinstance(a, Seq):
            continue
        for acc in a.accesses:
            info = table.get(acc.name)
            if info is None:
                t = types.get(acc.name)
                info = table[acc.name] = SymbolInfo(
                    acc.name, t.kind if t else "other", acc.elem_size, acc.is_array,
                    t.length if t is not None and t.is_array else None)
                decl = t if t is not None else (globals_ or {}).get(acc.name)
                length = decl.length if decl is not None and decl.is_array else None
                info.extent = length * acc.elem_size if length else None
            info.accesses += 1
            info.is_array = info.is_array or acc.is_array
            if acc.reuse is not None:
                info.reuse.append(acc.reuse)
    for a in aag.walk():  # an indirect access or a probe carries its array's extent
        reads = (a.accesses if isinstance(a, Seq) else
                 [x for b in a.branches for x in b.cond_accesses] if isinstance(a, Condt) else [])
        for acc in reads:
            if acc.gathered or acc.probe:
                declared = table[acc.name].extent if acc.name in table else None
                acc.extent = declared or (extents or {}).get((a.function, acc.name))
                if acc.extent is None and acc.name not in table:
                    acc.extent = _declared(acc, types, globals_)
    return table


def _declared(acc: Access, types: dict, globals_: dict | None):
    t = types.get(acc.name) or (globals_ or {}).get(acc.name)
    return t.length * acc.elem_size if t is not None and t.is_array and t.length else None
