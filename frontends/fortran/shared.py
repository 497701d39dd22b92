"""The language-neutral pieces of the C frontend that the Fortran frontend reuses.

They live in the C modules today; importing them here, in one place, keeps the Fortran modules
independent of where they move (they belong in a shared module: see the Fortran frontend's notes
in samples/fortran/README.md).
"""
from __future__ import annotations

from ..c_critical import CriticalInfo, _closure as closure  # the transitive closure over assignments
from ..c_level1 import _flat as flat, _has_jump as has_jump  # pure functions over AAG bodies

__all__ = ["CriticalInfo", "closure", "flat", "has_jump", "recursive_functions"]


def recursive_functions(functions) -> set[str]:
    """Names of the functions that can call themselves (directly or through others)."""
    from ..aag import Call

    graph = {n: {a.callee for a in flat(f.body) if isinstance(a, Call)} for n, f in functions.items()}
    out = set()
    for start in graph:
        stack, seen = list(graph[start]), set()
        while stack:
            n = stack.pop()
            if n == start:
                out.add(start)
                break
            if n in seen or n not in graph:
                continue
            seen.add(n)
            stack.extend(graph[n])
    return out
