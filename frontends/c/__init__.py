"""The C frontend: C with NX/2 or MPI message passing and ``#pragma interp`` annotations.

It builds the AAG (frontends/aag/) that the Fortran frontend builds for the same algorithm, over
the shared core (frontends/: the message-passing table, critical variables, annotations, the
augmented symbol table). Modules, one job each:

    cparse      preprocessing (pcpp) and parsing (pycparser), #pragma interp lines
    types       C types (int / real / double / pointers, sizes, row-major shapes, the data model)
    expr        expressions: types and symbolic values (sympy, C semantics)
    counts      operation counts of expressions (paper Tables 1-2) and array access strides
    critical    critical variables: the C facts for the shared closure
    calls       reading a C call's arguments for the shared message-passing table
    tree        walking pycparser trees: nodes, lines, labels
    level1      the level-1 parse: functions, blocks, clustering, annotations, the AAG
    statements  simple statements -> Seq
    callstmts   expressions, calls, message passing -> Seq, Call, Comm, Sync, SyncSeq, Spawn
    control     if, switch, loops -> CondtD / CondtSync, IterD / IterSync / IterND
"""
from __future__ import annotations

import os

from ..aag import AAG


def load_c(path, granularity: str = "cluster", include_dirs=(), macros=None,
           program: str | None = None) -> AAG:
    """The AAG of the C program at ``path`` (``macros``: -D definitions; ``include_dirs``: -I)."""
    from .cparse import parse_c
    from .level1 import level1

    src = parse_c(os.fspath(path), macros=macros or None, include_dirs=list(include_dirs or []))
    return level1(src, granularity, program)


__all__ = ["load_c"]
