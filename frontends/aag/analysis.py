"""Static analyses of an AAG that the engine needs (paper 3.4.2).

``varying_reads`` decides whether a loop's body can behave the same in every iteration: the
static half of the steady-state test (interp's engine checks the dynamic half).
"""
from __future__ import annotations

from . import symexpr as S
from .aau import AAU, Call, Comm, Condt, Iter, Seq, Spawn, SyncSeq


def _names(e) -> set[str]:
    if e is None or isinstance(e, (int, float)):
        return set()
    return set(S.free_names(e))


def varying_reads(loop: Iter, functions: dict, payloads: bool, single_program: bool = True) -> set[str]:
    """Names read by the control of ``loop``'s body whose value can change between iterations.

    Empty when the body behaves the same in every iteration (after the first). ``payloads``: message
    contents are tracked, so received buffers carry values. In one SPMD program a buffer received
    in the loop holds what the loop sends, so it varies when a buffer sent in the loop does; with a
    host and a node program the sender's code is another program's: received buffers vary.
    """
    defs: list[tuple[str, set[str]]] = []  # (name assigned, names its value is computed from)
    sent: set[str] = set()
    received: set[str] = set()
    varying: set[str] = {loop.var} if loop.var else set()
    reads: set[str] = set()
    seen: set[str] = set()

    def visit(aaus: list[AAU]) -> None:
        for a in aaus:
            if isinstance(a, Seq):
                for name, expr in a.defs:
                    if expr is None:
                        varying.add(name)
                    else:
                        defs.append((name, _names(expr)))
                reads.update(_names(a.cost))
                for e in (a.work or {}).values():
                    reads.update(_names(e))
            elif isinstance(a, Iter):
                for e in (a.num_iters, a.lo, a.step, a.cond, a.iters_annotation):
                    reads.update(_names(e) - {a.var})
                if a.var:
                    defs.append((a.var, _names(a.lo) | _names(a.step) | _names(a.num_iters)))
                varying.update(a.clobbers)
                visit(a.body)
            elif isinstance(a, Condt):
                for b in a.branches:
                    reads.update(_names(b.cond))
                    if b.data_dependent:
                        for x in b.body:
                            for y in x.walk():
                                if isinstance(y, Seq):
                                    varying.update(n for n, _ in y.defs)
                    visit(b.body)
            elif isinstance(a, Call):
                reads.update(_names(a.cost))
                fn = functions.get(a.callee)
                if a.result:
                    varying.add(a.result)
                for var in a.refs.values():
                    varying.add(var)
                if fn is not None:
                    for param, arg in zip(fn.params, a.args):
                        if arg is None:
                            varying.add(param)
                        else:
                            defs.append((param, _names(arg)))
                    if a.callee not in seen:
                        seen.add(a.callee)
                        visit(fn.body)
            elif isinstance(a, Comm):
                for e in (a.partner, a.tag, a.size, a.recv_partner, a.recv_tag, a.recv_size):
                    reads.update(_names(e))
                if a.buffer:
                    (sent if a.op in ("send", "isend", "sendrecv") else received).add(a.buffer)
                if a.recv_buffer:
                    received.add(a.recv_buffer)
            elif isinstance(a, SyncSeq):
                for e in (a.size, a.root, a.elements):
                    reads.update(_names(e))
                if a.buffer:
                    sent.add(a.buffer)
                    received.add(a.buffer)
            elif isinstance(a, Spawn):
                reads.add("<spawn>")
                varying.add("<spawn>")

    visit(loop.body)
    uses: dict[str, set[str]] = {}
    for name, used in defs:
        uses.setdefault(name, set()).update(used)
    for name in uses:  # x = x + 1, or a = b; b = a + 1: a value carried from the last iteration
        if _reaches(uses, uses[name], name):
            varying.add(name)
    if payloads:
        if single_program:  # message edges: not a value carried by assignment, so after the cycles
            defs += [(r, sent) for r in received]
        else:
            varying.update(received)
    changed = True
    while changed:  # a value computed from a varying value varies (arrays as a whole)
        changed = False
        bases = {_base(v) for v in varying}
        for name, used in defs:
            if name not in varying and any(_base(u) in bases for u in used):
                varying.add(name)
                changed = True
    bases = {_base(v) for v in varying}
    return {n for n in reads if _base(n) in bases}


def _reaches(uses: dict[str, set[str]], start: set[str], target: str) -> bool:
    seen: set[str] = set()
    todo = [n.split("[", 1)[0] if n.split("[", 1)[0] in uses and n not in uses else n for n in start]
    while todo:
        n = todo.pop()
        if n == target:
            return True
        if n in seen or n not in uses:
            continue
        seen.add(n)
        todo.extend(uses[n])
    return False


def _base(name: str) -> str:
    return name.split("[", 1)[0]
