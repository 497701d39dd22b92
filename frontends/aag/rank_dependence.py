"""Which values of an SPMD program depend on the process's rank, and where they are read: the
static half of rank symmetry (interp/engine/symmetry.py, docs/performance.md "Rank symmetry").

Every process of an SPMD program runs the same chain on its own values. If the rank (``__rank``,
what MPI_Comm_rank / mynode() give) and the values computed from it are read only to choose
communication partners, then every process takes the same branches, runs the same loops, sends
and receives the same sizes with the same tags and computes for the same time: their behaviours
differ only in whom they talk to. The engine then checks, partner by partner, that those choices
are the same pattern seen from every process (a symmetry of the ranks).

``rank_dependence`` finds the names whose values are computed from the rank (by assignments
``name = expr`` in Seq AAUs, transitively) and refuses (returns a reason) when one of them, or the
rank itself, is read anywhere else than a Comm's partner expression or another such assignment:
a branch condition, a loop bound, a size, a tag, a root, a cost annotation, a call's argument
(its parameter would carry the rank into the callee), a loop's closed-form effect. A rank-derived
name that is also set another way (a loop variable, a call's result, a received buffer) is refused
too: the engine follows such names only through Seq assignments. Conservative by construction:
names are not told apart by scope, so a local ``left`` in one function and another in ``main``
count as one name.
"""
from __future__ import annotations

from . import symexpr as S
from .aau import AAG, RETURN_VALUE, Call, Comm, Condt, Iter, Seq, Spawn, Sync, SyncSeq

RANK = "__rank"


def _names(e) -> set[str]:
    if e is None or isinstance(e, (int, float)):
        return set()
    return set(S.free_names(e))


def _base(name: str) -> str:
    return name.split("[", 1)[0].split(".", 1)[0]


def rank_dependence(aag: AAG) -> tuple[frozenset, str | None]:
    """(names computed from the rank, None) when the rank decides only communication partners;
    (names, reason) otherwise, the reason saying what reads it and where."""
    names, _, reason = rank_branches(aag, branches=False)
    return names, reason


def rank_branches(aag: AAG, branches: bool = True) -> tuple[frozenset, frozenset, str | None]:
    """Like ``rank_dependence``, and with ``branches`` the branches on the rank that decide
    communication allowed: (names, ids of those Condt AAUs, reason or None). Such a branch
    (``if (rank > 0) MPI_Send(...)``; it contains communication, so the engine interprets it,
    never folds it into a closed form) splits the ranks into symmetry classes by the branch each
    takes (interp/engine/symmetry_classes.py). A branch on the rank with no communication inside
    could be folded into a loop's or call's closed form with the rank's value: still refused."""
    seq_defs: list[tuple[str, set[str], object]] = []  # (name, names read, AAU)
    other_defs: list[tuple[str, object]] = []  # names set otherwise than by a Seq assignment
    reads: list[tuple[set[str], str, object]] = []  # (names, what reads them, AAU)
    for name, init in aag.global_inits.items():
        reads.append((_names(init), "a global's initial value", None))
    for a in aag.walk():
        _collect(a, aag, seq_defs, other_defs, reads)
    tainted: set[str] = {RANK}
    changed = True
    while changed:  # a value computed from a rank-derived value is rank-derived
        changed = False
        bases = {_base(t) for t in tainted}
        for name, used, _ in seq_defs:
            if name not in tainted and any(u == RANK or _base(u) in bases for u in used):
                tainted.add(name)
                changed = True
    bases = {_base(t) for t in tainted if t != RANK}
    found = frozenset(tainted - {RANK})

    def hit(names: set[str]) -> str | None:
        return next((n for n in sorted(names) if n == RANK or _base(n) in bases), None)

    conds = set()
    for names, what, a in reads:
        n = hit(names)
        if n is not None and branches and isinstance(a, Condt) and a.has_sync():
            conds.add(a.id)
        elif n is not None:
            return found, frozenset(conds), f"{_where(a)}: {what} reads {_shown(n)}, which differs from rank to rank"
    for name, a in other_defs:
        if _base(name) in bases:
            return found, frozenset(conds), (f"{_where(a)}: {_shown(name)} is computed from the rank and also "
                                             "set here otherwise than by an assignment")
    return found, frozenset(conds), None


def _collect(a, aag: AAG, seq_defs: list, other_defs: list, reads: list) -> None:
    """The definitions and reads of one AAU (its own fields, not its body's AAUs)."""
    if isinstance(a, Seq):
        for name, expr in a.defs:
            seq_defs.append((name, _names(expr), a))
        if a.returned is not None:  # n = f(..): n reads what some return of f computed (names are
            seq_defs.append((a.returned[0], {RETURN_VALUE}, a))  # not told apart by function)
        reads.append((_names(a.cost), "a cost annotation", a))
        for e in (a.work or {}).values():
            reads.append((_names(e), "a work annotation", a))
    elif isinstance(a, Iter):
        for e in (a.num_iters, a.lo, a.step, a.cond, a.iters_annotation):
            reads.append((_names(e), "a loop's bounds or condition", a))
        for name, expr in a.effects or ():
            reads.append((_names(expr), "a loop's closed-form effect", a))
            other_defs.append((name, a))
        for name in ([a.var] if a.var else []) + list(a.clobbers):
            other_defs.append((name, a))
    elif isinstance(a, Condt):
        for b in a.branches:
            reads.append((_names(b.cond), "a branch condition", a))
    elif isinstance(a, Call):
        reads.append((_names(a.cost), "a cost annotation", a))
        for arg in a.args:
            reads.append((_names(arg), "a call's argument", a))
        fn = aag.functions.get(a.callee)
        for name in ([a.result] if a.result else []) + list(a.refs.values()) + (list(fn.params) if fn else []):
            other_defs.append((name, a))
    elif isinstance(a, Comm):
        for e in (a.tag, a.size, a.recv_tag, a.recv_size):
            reads.append((_names(e), "a message's size or tag", a))
        for name in (a.buffer if a.op in ("recv", "irecv", "recv_init") else None, a.recv_buffer, a.status):
            if name:
                other_defs.append((name, a))
        for name in a.status_names or ():
            other_defs.append((name, a))
    elif isinstance(a, SyncSeq):
        for e in (a.size, a.root, a.elements, a.comm, a.color, a.key, *a.dims, *a.periods, *a.remain):
            reads.append((_names(e), "a collective's arguments", a))
        for name in (a.buffer, a.creates):
            if name:
                other_defs.append((name, a))
    elif isinstance(a, Sync):
        reads.append((_names(a.comm), "a barrier's communicator", a))
    elif isinstance(a, Spawn):
        reads.append(({RANK}, "a load() of node programs", a))


def _where(a) -> str:
    return f"{a.loc.file}:{a.loc.first}" if a is not None and a.loc else "the program"


def _shown(name: str) -> str:
    return "the rank" if name == RANK else repr(name)
