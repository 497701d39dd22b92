"""Language-neutral walks over AAG bodies, shared by the C and Fortran level-1 parses."""
from __future__ import annotations

from .aau import AAU, Call, Comm, Condt, Iter, Seq, Sync, SyncSeq
from .symexpr import free_names, var


def flat(body: list[AAU]):
    for a in body:
        yield from a.walk()


def has_jump(body: list[AAU], closed_continue: bool = False) -> bool:
    """A break, return or ending call (exit, MPI_Abort) that leaves this loop (breaks inside inner
    loops stay there), or a continue. ``closed_continue``: a continue that ends a branch of an if
    standing directly in the loop body is no jump (the node model sums it in closed form: the rest
    of the body is skipped with that branch's weight, omega.body)."""
    return _jumps(body, ("break", "return", "continue") + ENDS, closed_continue)


def continues(body: list[AAU]) -> bool:
    """Does a branch body end with ``continue`` (CYCLE in Fortran)?"""
    return bool(body) and isinstance(body[-1], Seq) and body[-1].control == "continue"


def can_leave(body: list[AAU]) -> bool:
    """Can interpretation leave a loop with this body other than by its condition? A break,
    return or ending call that leaves it, or a call to a function of the program (which may end
    the process: the engine looks inside). ``continue`` stays in the loop."""
    return _jumps(body, ("break", "return") + ENDS) or any(isinstance(x, Call) for x in flat(body))


def _jumps(body: list[AAU], words: tuple, closed_continue: bool = False) -> bool:
    for a in body:
        if isinstance(a, Seq) and a.control in words:
            return True
        if isinstance(a, Condt) and any(
                _jumps(b.body[:-1] if closed_continue and continues(b.body) else b.body, words)
                for b in a.branches):
            return True
        if isinstance(a, Iter) and any(isinstance(x, Seq) and x.control in ("return",) + ENDS
                                       for x in flat(a.body)):
            return True
    return False


def cond_fixed(cond, body: list[AAU]) -> bool:
    """Can nothing in ``body`` change a name ``cond`` reads? No way out of the loop (can_leave),
    every assignment to such a name an identity (`r *= 1`, `r += 0`), and no message, status or
    request landing in one. Conservative: any other AAU that may write variables says no. Calls
    are judged with the whole program by ``calls_may_leave``."""
    # by variable: a receive into ``status`` writes the ``status.MPI_TAG`` the condition reads
    # (Gropp's worker loop ``while (status.MPI_TAG != 0) { ..; MPI_Recv(.., &status); }`` was
    # stopped as never ending), a store into a struct may write the member it reads
    names = {root(n) for n in free_names(cond)}
    if not names or _jumps(body, ("break", "return") + ENDS):
        return False
    for a in flat(body):
        if isinstance(a, Seq):
            if any(root(n) in names and (e is None or e != var(n)) for n, e in a.defs):
                return False
        elif isinstance(a, (Comm, SyncSeq)):
            written = [getattr(a, f, None) for f in ("buffer", "recv_buffer", "status", "request", "creates")]
            written += list(getattr(a, "requests", None) or [])
            written += [name for _, name in getattr(a, "results", None) or ()]  # MPI_Test's flag
            written += list(getattr(a, "status_names", None) or ())
            if any(w is not None and root(w) in names for w in written):
                return False
        elif isinstance(a, Iter):
            if a.var is not None and a.var in names:
                return False
        elif isinstance(a, Call):
            continue  # what a callee can do is known with the whole program: calls_may_leave
        elif not isinstance(a, (Sync, Condt)):
            return False
    return True


def calls_may_leave(body: list[AAU], functions: dict, names: set, seen: frozenset = frozenset()) -> bool:
    """Can a call in ``body`` end the process or change one of ``names`` (through a pointer
    argument or as a global)? An ending call anywhere in a callee counts, on a branch on data too."""
    for a in flat(body):
        if not isinstance(a, Call):
            continue
        if any(root(v) in names for v in a.refs.values()):
            return True
        fn = functions.get(a.callee)
        if fn is None:
            return True
        if a.callee in seen:
            continue
        if any(isinstance(x, Seq) and (x.control in ENDS or any(root(t) in names for t, _ in x.defs))
               for x in flat(fn.body)):
            return True
        if calls_may_leave(fn.body, functions, names, seen | {a.callee}):
            return True
    return False


def found_inside(body: list[AAU], functions: dict, depth: int, test, seen: frozenset = frozenset()) -> bool:
    """Does an AAU of ``body``, or of a function it calls (``depth`` calls deep), pass ``test``?"""
    for a in body:
        for x in a.walk():
            if test(x):
                return True
            if isinstance(x, Call) and depth > 0 and x.callee not in seen:
                fn = functions.get(x.callee)
                if fn is not None and found_inside(fn.body, functions, depth - 1, test, seen | {x.callee}):
                    return True
    return False


def root(name: str) -> str:
    """The variable a tracked name belongs to: ``a`` for the element ``a[3]``, ``grid`` for the
    struct member ``grid.n``, ``*g`` for ``*g.dims[0]`` (a member reached through pointer g)."""
    for i, ch in enumerate(name):
        if ch in ".[":
            return name[:i]
    return name


def sets_globals(body: list[AAU], functions: dict, names, seen: frozenset = frozenset()) -> bool:
    """Does interpreting ``body`` assign one of the program's globals ``names`` (a setup routine
    storing world_size), here or in a function it calls? Such a call must be interpreted: its
    closed form is a time, and the values it sets would be lost."""
    for a in flat(body):
        if any(root(target) in names for target, _ in getattr(a, "defs", ())):
            return True
        if isinstance(a, Call) and a.callee in functions and a.callee not in seen:
            callee = functions[a.callee]  # its locals named as globals are not the globals
            if sets_globals(callee.body, functions, set(names) - set(callee.shadows), seen | {a.callee}):
                return True
    return False


# Control words of Seqs whose call ends the process ("exit") or every process ("abort").
ENDS = ("exit", "abort")


def ends(body: list[AAU], functions: dict, seen: frozenset = frozenset()) -> bool:
    """Can interpreting ``body`` end the process (an ending call here or in a function it calls)?

    Branches on data are weighted by their probability, never taken as such, so an ending call
    inside one does not count."""
    for a in body:
        if isinstance(a, Seq) and a.control in ENDS:
            return True
        if isinstance(a, Call) and a.callee in functions and a.callee not in seen:
            if ends(functions[a.callee].body, functions, seen | {a.callee}):
                return True
        if isinstance(a, Iter) and ends(a.body, functions, seen):
            return True
        if isinstance(a, Condt) and any(not b.data_dependent and ends(b.body, functions, seen)
                                        for b in a.branches):
            return True
    return False


def reachable_functions(functions, start: str) -> set[str]:
    """Names of the functions interpreting ``start`` can call (``start`` included), through the
    Call AAUs of their bodies (a function reference in an expression or condition is one too). A
    call whose time is stated (cost()) is not interpreted: its callee is not reached through it."""
    out, stack = set(), [start]
    while stack:
        n = stack.pop()
        if n in out or n not in functions:
            continue
        out.add(n)
        stack.extend(a.callee for a in flat(functions[n].body) if isinstance(a, Call) and a.cost is None)
    return out


def recursive_functions(functions) -> set[str]:
    """Names of the functions that can call themselves (directly or through others)."""
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
