"""Static analyses of an AAG that the engine needs (paper 3.4.2).

``varying_reads`` decides whether a loop's body can behave the same in every iteration: the
static half of the steady-state test (interp's engine checks the dynamic half). ``loop_period``
also accepts a body that repeats every k iterations because a branch tests the loop variable's
remainder: ``if (step % 10 == 0)`` (a reduction every ten steps), ``if (it % 2)`` (alternating
buffers, red-black sweeps).
"""
from __future__ import annotations

import math

import sympy

from . import symexpr as S
from .aau import AAU, Call, Comm, Condt, Iter, Seq, Spawn, Sync, SyncSeq


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
    return _analyse(loop, functions, payloads, single_program)[0]


def loop_period(loop: Iter, functions: dict, payloads: bool, single_program: bool = True) -> int:
    """0 when ``loop``'s body can behave differently from one iteration to the next for a reason
    other than a remainder of its loop variable (``varying_reads`` is not empty); else k, a multiple
    of the number of iterations after which its control flow repeats: 1 when every iteration's is
    the same, the least common multiple of the k of its ``i % k`` branch conditions otherwise
    (provided the dividends of ``signed_remainders`` keep their sign: the engine checks that when
    the loop starts). A steady state of that loop must have a period that k divides, so that a
    jump over whole periods leaves every ``i % k`` as it was (the engine advances the loop
    variable by the iterations skipped).
    """
    if stores_elements(loop, functions):
        return 0
    varying, period, _, _ = _analyse(loop, functions, payloads, single_program)
    return 0 if varying else period


def stores_elements(loop: Iter, functions: dict) -> bool:
    """Does the loop (or a function it calls) store into array elements the interpretation follows
    (a def ``a[]``, the element picked at run time)? Each iteration stores another element, which
    a jump over iterations would not store: ``rowptr[i+1] = rowptr[i] + 3`` was extrapolated as a
    steady state and the later loop over ``rowptr[i]..rowptr[i+1]`` read calloc's zeros (session
    16's explorer: 6 executions where there are 3n)."""
    from .bodies import found_inside

    return found_inside(loop.body, functions, 8, lambda x: isinstance(x, Seq)
                        and any(name.endswith(S.ELEMENTS) for name, _ in x.defs))


def carried_values(loop: Iter, functions: dict, payloads: bool, single_program: bool = True) -> set[str]:
    """The names the loop's body carries from one iteration to the next (``count = count + 1``,
    ``flag = .not. flag``; not the loop's own variable nor an inner loop's, which their loops set
    as they start). A jump over iterations (engine/steady.py) leaves such a value as it was
    before them: where control reads it, after the loop if not in it, the jump is wrong."""
    return _analyse(loop, functions, payloads, single_program)[3]


def signed_remainders(loop: Iter, functions: dict, payloads: bool, single_program: bool = True) -> tuple:
    """The dividends ``c*i + e`` of the loop's ``i % k`` conditions that are not zero tests
    (``i % 2 == 1``, ``i % 4 < 2``): C's remainder takes the dividend's sign, so such a condition
    repeats every k iterations only where the dividend keeps one sign (``-1 % 2 == 1`` is false).
    The dividend is linear in i: its sign is the same over the loop when its values at the first
    and the last iteration have the same sign."""
    return _analyse(loop, functions, payloads, single_program)[2]


def _analyse(loop: Iter, functions: dict, payloads: bool, single_program: bool) -> tuple[set[str], int, tuple, set]:
    r = _Reads(functions, loop.var)
    r.visit(loop.body)
    uses: dict[str, set[str]] = {}
    for name, used in r.defs:
        uses.setdefault(name, set()).update(used)
    varying, defs = r.varying, r.defs
    carried = set()
    for name in uses:  # x = x + 1, or a = b; b = a + 1: a value carried from the last iteration
        if _reaches(uses, uses[name], name):
            varying.add(name)
            carried.add(name)
    if payloads:
        if single_program:  # message edges: not a value carried by assignment, so after the cycles
            defs += [(rcv, r.sent) for rcv in r.received]
        else:
            varying.update(r.received)
    changed = True
    while changed:  # a value computed from a varying value varies (arrays as a whole)
        changed = False
        bases = {_base(v) for v in varying}
        for name, used in defs:
            if name not in varying and any(_base(u) in bases for u in used):
                varying.add(name)
                changed = True
    bases = {_base(v) for v in varying}
    inner = {x.var for a in loop.body for x in a.walk() if isinstance(x, Iter) and x.var}
    return {n for n in r.reads if _base(n) in bases}, r.period, tuple(r.signed), carried - {loop.var} - inner


class _Reads:
    """What a loop body reads for its control, assigns, sends and receives (one visit per class)."""

    def __init__(self, functions: dict, loop_var: str | None):
        self.functions = functions
        self.defs: list[tuple[str, set[str]]] = []  # (name assigned, names its value is computed from)
        self.sent: set[str] = set()
        self.received: set[str] = set()
        self.varying: set[str] = {loop_var} if loop_var else set()
        self.reads: set[str] = set()
        self.seen: set[str] = set()
        self.loop_var = loop_var
        self.period = 1  # lcm of the k of the `loop_var % k` tests in branch conditions
        self.signed: list = []  # dividends of those that are not zero tests (see signed_remainders)

    def visit(self, aaus: list[AAU]) -> None:
        for a in aaus:
            for cls in type(a).__mro__:
                method = getattr(self, f"visit_{cls.__name__}", None)
                if method is not None:
                    method(a)
                    break

    def visit_Seq(self, a: Seq) -> None:
        for name, expr in a.defs:
            if expr is None:
                self.varying.add(name)
            else:
                self.defs.append((name, _names(expr)))
        self.reads.update(_names(a.cost))
        for e in (a.work or {}).values():
            self.reads.update(_names(e))

    def visit_Iter(self, a: Iter) -> None:
        for e in (a.num_iters, a.lo, a.step, a.cond, a.iters_annotation):
            self.reads.update(_names(e) - {a.var})
        if a.var:
            self.defs.append((a.var, _names(a.lo) | _names(a.step) | _names(a.num_iters)))
        self.varying.update(a.clobbers)
        self.visit(a.body)

    def visit_Condt(self, a: Condt) -> None:
        for b in a.branches:
            names, k = _periodic_names(b.cond, self.loop_var, self.signed)
            self.reads.update(names)
            self.period = self.period * k // math.gcd(self.period, k)
            if b.data_dependent:
                for x in b.body:
                    for y in x.walk():
                        if isinstance(y, Seq):
                            self.varying.update(n for n, _ in y.defs)
            self.visit(b.body)

    def visit_Call(self, a: Call) -> None:
        self.reads.update(_names(a.cost))
        fn = self.functions.get(a.callee)
        if a.result:
            self.varying.add(a.result)
        for var in a.refs.values():
            self.varying.add(var)
        if fn is not None:
            for param, arg in zip(fn.params, a.args):
                if arg is None:
                    self.varying.add(param)
                else:
                    self.defs.append((param, _names(arg)))
            if a.callee not in self.seen:
                self.seen.add(a.callee)
                self.visit(fn.body)

    def visit_Comm(self, a: Comm) -> None:
        for e in (a.partner, a.tag, a.size, a.recv_partner, a.recv_tag, a.recv_size):
            self.reads.update(_names(e))
        if a.buffer:
            (self.sent if a.op in ("send", "isend", "send_init", "sendrecv") else self.received).add(a.buffer)
        if a.recv_buffer:
            self.received.add(a.recv_buffer)

    def visit_SyncSeq(self, a: SyncSeq) -> None:
        for e in (a.size, a.root, a.elements, a.comm, a.color, a.key, *a.dims, *a.periods, *a.remain):
            self.reads.update(_names(e))
        if a.creates:  # a new communicator each time: its handle differs from the last one's
            self.varying.add(a.creates)
        if a.buffer:
            self.sent.add(a.buffer)
            self.received.add(a.buffer)

    def visit_Sync(self, a: Sync) -> None:
        self.reads.update(_names(a.comm))

    def visit_Spawn(self, a: Spawn) -> None:
        self.reads.add("<spawn>")
        self.varying.add("<spawn>")


def _periodic_names(cond, var: str | None, signed: list) -> tuple[set[str], int]:
    """The names a branch condition reads, leaving out the loop variable ``var`` where it is read
    only through remainders ``(c*var + e) % k`` (c and k whole constants, k > 0; e's names are
    still read, and must not vary): such a remainder repeats every k iterations. A zero test of one
    (``== 0``, ``!= 0``) does whatever the dividend's sign; any other use of it (``i % 2 == 1``)
    repeats only while the dividend keeps its sign, so the dividend is appended to ``signed`` for
    the engine to check when the loop starts. Returns (names, the lcm of those k; 1 when none)."""
    if var is None or not isinstance(cond, sympy.Basic) or var not in _names(cond):
        return _names(cond), 1
    period = 1

    def invariant(mod):  # the remainder with var taken out: what is left must not vary
        return mod.func(mod.args[0].subs(_symbol(mod, var), 0), mod.args[1])

    def strip(e):
        nonlocal period
        if isinstance(e, (sympy.Eq, sympy.Ne)) and 0 in (e.lhs, e.rhs):
            mod = e.rhs if e.lhs == 0 else e.lhs
            k = _remainder_period(mod, var)
            if k:
                period = period * k // math.gcd(period, k)
                return e.func(invariant(mod), 0, evaluate=False)
        k = _remainder_period(e, var)
        if k:
            period = period * k // math.gcd(period, k)
            signed.append(e.args[0])
            return invariant(e)
        if not e.args:
            return e
        return e.func(*[strip(x) for x in e.args], evaluate=False)

    stripped = strip(cond)
    return _names(stripped), period


def _remainder_period(e, var: str) -> int:
    """k when ``e`` is C's ``(c*var + rest) % k`` with c and k whole constants, k > 0, and rest free
    of var; else 0."""
    if not isinstance(e, S.CMod) or not e.args[1].is_Integer or e.args[1] <= 0 or _symbol(e, var) is None:
        return 0
    sym = _symbol(e, var)
    dividend = sympy.expand(e.args[0])
    coeff = dividend.coeff(sym, 1)
    rest = dividend - coeff * sym
    if not coeff.is_Integer or sym in rest.free_symbols:
        return 0
    return int(e.args[1])


def _symbol(e, name: str):
    """The symbol called ``name`` in ``e`` (whatever its assumptions), or None."""
    return next((s for s in e.free_symbols if s.name == name), None)


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
