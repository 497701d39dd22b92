"""Interpretation functions Omega of the deterministic AAU classes (paper 3.4.2), in closed form.

For one SAU (the processing and memory components a process is mapped to) this builds, once, a
sympy expression for the time of a Seq (linear combination of operation counts and SAU costs plus
the memory-hierarchy model), an IterD (t_fixed + NumIters * (t_per_iter + delta_body), summed in
closed form when the body depends on the index), a CondtD (Algorithm 3) and a Call (inline
expansion). The engine compiles the expressions to plain float functions of the critical
variables and never calls sympy per event.
"""
from __future__ import annotations

import sympy

from frontends.aag import symexpr as S
from frontends.aag import AAU, Access, Call, Condt, Function, Iter, OpCounts, Seq
from frontends.aag.bodies import continues
from .after import after_branches, after_loop, after_seq, assigns, copied_members, returns, values_after  # noqa: F401
from .closed import NotClosed
from .indicator import indicator_sums
from .stand_ins import LIB_STAND_INS
from .telescope import telescoped
from sag.model import SAU
from sag.parameter import Bound

# The SAU parameter used for an operation class when the machine gives no value for it.
_FALLBACK = {"double_add": "real_add", "double_mul": "real_mul", "double_div": "real_div",
             "real_add": "double_add", "real_mul": "double_mul", "real_div": "double_div",
             "real_sqrt": "double_sqrt",
             # an int division by a constant power of two (frontends/c/counts.py): Table 1's int div
             "int_shift": "int_div",
             # an int division by any other constant (a multiply on today's compilers): the same
             "int_div_const": "int_div",
             # a 64-bit integer division (frontends/aag/opclass.py): the int division's time
             "long_div": "int_div",
             # an int multiplication by a constant power of two (a shift): Table 1's int mul
             "int_mul_pow2": "int_mul"}


class NodeModel:
    """Omega for the computation of one SAU: costs of operations, accesses, loops, branches, calls."""

    def __init__(self, sau: SAU, bound: Bound, runtime: dict[str, float], functions: dict[str, Function],
                 notes: dict, sharing: int = 1):
        self.sau = sau
        self.bound = bound
        self.runtime = runtime
        self.functions = functions
        self.notes = notes
        self.proc = sau.effective("processing")
        self.mem = sau.effective("memory")
        self._cache: dict[int, sympy.Expr] = {}
        self._t: dict[str, float] = {}
        self._seq_times: dict[int, float] = {}
        self._expr_times: dict[int, tuple] = {}   # id(OpCounts) -> (time, the counts kept alive)
        # Processes the engine places on this SAU, which stream from one main memory at once
        # (roofline.py shared_bandwidth)
        self.sharing = sharing
        self._window = self._cache_window()

    # -- parameters -------------------------------------------------------------------------
    def t(self, key: str, component: str = "processing", note: bool = True) -> float:
        """One parameter's value in seconds (bound and run-time parameters applied)."""
        full = f"{component}.{key}"
        if full in self._t:
            return self._t[full]
        params = self.proc if component == "processing" else self.mem
        p = params.get(key)
        if p is None and key.startswith("ops.") and _FALLBACK.get(key[4:]):
            p = params.get("ops." + _FALLBACK[key[4:]])
        if p is None and key.startswith("lib.") and key[4:] in LIB_STAND_INS:
            p = params.get("lib." + LIB_STAND_INS[key[4:]])
            if p is not None and note:
                self.notes.setdefault((self.sau.id, "stand-in"), set()).add(
                    (full, f"{component}.lib.{LIB_STAND_INS[key[4:]]}"))
        if p is None:
            value = 0.0
            if note:
                self.notes.setdefault((self.sau.id, "missing"), set()).add(full)
        else:
            env = {n: self.runtime[n] for n in p.names if n in self.runtime}
            value = p.value(self.bound, **env)
        self._t[full] = value
        return value

    def has(self, key: str, component: str = "processing") -> bool:
        params = self.proc if component == "processing" else self.mem
        return key in params

    def _cache_window(self) -> float | None:
        """Cache lines available: the working-set window of the memory model (paper 3.4.2)."""
        if "cache.size" in self.mem and "cache.block" in self.mem:
            return self.t("cache.size", "memory") / self.t("cache.block", "memory")
        return None

    # -- Seq --------------------------------------------------------------------------------
    def counts(self, c: OpCounts) -> float:
        total = 0.0
        for op, n in c.ops.items():
            total += n * self.t(f"ops.{op}")
        for name, n in c.calls.items():
            total += n * self.call_cost(name, c.call_args.get(name, 0))
        return total

    def expr_counts(self, c: OpCounts) -> float:
        """An expression evaluated outside a Seq (a condition), once per OpCounts: it costs the same
        at every test (the machine and bound are fixed for the run)."""
        hit = self._expr_times.get(id(c))
        if hit is None:
            hit = self._expr_times[id(c)] = (self._expr_counts(c), c)
        return hit[0]

    def _expr_counts(self, c: OpCounts) -> float:
        """A condition's operations plus its accesses (hits)."""
        return self.counts(c) + c.fetch * self.t("fetch", "memory") + c.store * self.t("store", "memory")

    def call_cost(self, name: str, nargs: int) -> float:
        """A call inside a Seq, by its parameter name (the AAG names it ``machine.X`` or ``lib.X``)."""
        if name.startswith("machine."):
            return self.t(name)
        return self.t(name) + self.t("call.per_call") + nargs * self.t("call.per_arg", note=False)

    def access_cost(self, acc: Access) -> float:
        """Weighted sum of hit and miss times; the weight from reuse distance and stride."""
        hit, miss = (("fetch", "fetch_miss") if acc.kind == "fetch" else ("store", "store_miss"))
        t_hit = self.t(hit, "memory")
        if self._window is None or not self.has(miss, "memory"):
            return t_hit
        t_miss = self.t(miss, "memory")
        p_miss = self.miss_ratio(acc)
        return (1 - p_miss) * t_hit + p_miss * t_miss

    def miss_ratio(self, acc: Access) -> float:
        block = self.t("cache.block", "memory")
        if acc.is_array and acc.stride is not None and acc.stride != 0:
            # Spatial locality: one miss per cache block traversed.
            return min(1.0, abs(acc.stride) * acc.elem_size / block)
        if acc.reuse is None:
            # No earlier access in this body: a scalar is taken to be cached (the body runs
            # repeatedly, e.g. a function called in a loop); an array element is a miss.
            return 1.0 if acc.is_array else 0.0
        return 0.0 if acc.reuse < self._window else 1.0

    def seq(self, a: Seq) -> sympy.Expr:
        if a.cost is not None:
            return a.cost
        if a.work is not None:
            return self.work(a.work)
        cached = self._cache.get(a.id)
        if cached is not None:
            return cached
        total = self.counts(a.counts)
        acc_fetch = acc_store = 0
        for acc in a.accesses:
            total += self.access_cost(acc)
            if acc.kind == "fetch":
                acc_fetch += 1
            else:
                acc_store += 1
        # Accesses without a variable (through pointers, struct members) cost a hit.
        total += max(0.0, a.counts.fetch - acc_fetch) * self.t("fetch", "memory")
        total += max(0.0, a.counts.store - acc_store) * self.t("store", "memory")
        value = sympy.Float(total)
        self._cache[a.id] = value
        return value

    def seq_time(self, a: Seq) -> float:
        """``seq(a)`` as a float, for a Seq without annotation (the engine's per-execution cost:
        converting the sympy number each time cost more than the rest of the Seq)."""
        hit = self._seq_times.get(a.id)
        if hit is None:
            hit = self._seq_times[a.id] = float(self.seq(a))
        return hit

    def work(self, w: dict) -> sympy.Expr:
        """``work(flops=, loads=, stores=)``: the machine turns amounts into time."""
        total = sympy.Integer(0)
        if "flops" in w:
            if self.has("ops.flop"):
                per = self.t("ops.flop")
            elif self.has("peak_flops"):
                per = 1.0 / self.t("peak_flops")
            else:
                per = 0.5 * (self.t("ops.double_add") + self.t("ops.double_mul"))
            total += w["flops"] * per
        if "loads" in w:
            total += w["loads"] * self.t("fetch", "memory")
        if "stores" in w:
            total += w["stores"] * self.t("store", "memory")
        return total

    def widths_known(self) -> bool:
        """Does this machine cost a division by its quotient's width? Not the paper's model."""
        return False

    def quotient_extra(self, a: Seq | None, counts: OpCounts, values: list) -> float:
        """What the known quotients ``values`` ((dividend, divisor) numbers) of ``counts`` (``a``'s
        when a Seq) change in its time; 0: the paper's model has one int division time (Table 1),
        the roofline models a divider by quotient width (interp/models/divider.py)."""
        return 0.0

    def overlaps(self, loop: Iter) -> bool:
        """Do the statements of an interpreted iteration of ``loop`` overlap (one window per
        iteration, interp/engine/overlap.py)? Not in the paper's model: Algorithm 2 sums them."""
        return False

    # -- loops, branches, calls ---------------------------------------------------------------
    def loop_overheads(self, loop: Iter) -> tuple[float, float]:
        if loop.limit_type == "step":
            return self.t("iter.fixed_step"), self.t("iter.per_iter_step")
        return self.t("iter.fixed"), self.t("iter.per_iter")

    def iterd(self, loop: Iter) -> sympy.Expr:
        """delta_IterD = t_fixed + sum over iterations of (t_per_iter + delta_body)."""
        cached = self._cache.get(loop.id)
        if cached is not None:
            return cached
        fixed, per = self.loop_overheads(loop)
        body = self.body(loop.body, loop_body=True) + per + self.expr_counts(loop.cond_counts)
        n = loop.num_iters
        if loop.var is None or S.var(loop.var) not in body.free_symbols:
            value = fixed + n * body
        else:
            value = fixed + sum_over(body, S.var(loop.var), loop.lo, loop.step, n)
        self._cache[loop.id] = value
        return value

    def levels_chosen(self, expr) -> bool:
        """Does a loop's time choose among memory levels by its sizes (roofline model only)?"""
        return False

    def iteration_share(self, loop: Iter, a: AAU):
        """Time of one iteration of ``loop`` charged to its body's AAU ``a`` when the model
        overlaps the body's statements (roofline); None: ``a``'s own interpretation function."""
        return None

    def condt(self, c: Condt, rest: list[AAU] | None = None, loop_body: bool = False) -> sympy.Expr:
        """Algorithm 3: each tested condition costs t_ovhd1, the taken one t_ovhd2 more. ``rest``:
        the statements after the if, run by the branches that do not return (or, when the if stands
        in a loop body, ``loop_body``, do not continue)."""
        if not rest:
            # the same if in a loop that is interpreted iteration by iteration (a sieve's
            # ``if (!small[p])``): its expression is built once, the engine puts the values in
            key = ("condt", c.id, loop_body, tuple((b.prob, b.data_dependent) for b in c.branches))
            if key not in self._cache:
                self._cache[key] = self._condt(c, None, loop_body)
            return self._cache[key]
        return self._condt(c, rest, loop_body)

    def _condt(self, c: Condt, rest: list[AAU] | None, loop_body: bool) -> sympy.Expr:
        t1, t2 = self.t("cond.per_condition"), self.t("cond.branch_taken")
        if c.dispatch:  # a call through a pointer: its callee's call, nothing more (engine/dispatch.py)
            t1 = t2 = sympy.Integer(0)
        rest_cost = self.body(rest, loop_body=loop_body) if rest else sympy.Integer(0)
        total = sympy.Integer(0)
        reach = sympy.Integer(1)  # weight of reaching this branch's test
        tested = 0.0
        for b in c.branches:
            tested += self.expr_counts(b.cond_counts)
            skips = loop_body and continues(b.body)
            after = sympy.Integer(0) if returns(b.body) or skips else rest_cost
            # A continue ending the branch: its own Seq's time, then the next iteration.
            taken = self.body(b.body[:-1]) + self.seq(b.body[-1]) if skips else self.body(b.body)
            if b.is_else:
                total += reach * ((b.nconds + 1) * t1 + t2 + tested + taken + after)
                reach = sympy.Integer(0)
                break
            w = sympy.Float(b.prob) if b.data_dependent else sympy.Piecewise((1, b.cond), (0, True))
            total += reach * w * (b.nconds * t1 + t2 + tested + taken + after)
            reach = reach * (1 - w)
        if reach != 0:
            n = len(c.branches)
            total += reach * (n * t1 + tested + rest_cost)
        return total

    def call(self, a: Call, depth: int = 0) -> sympy.Expr:
        """The closed-form time of a call (raises NotClosed where it has none). Kept per call site:
        it depends only on the AAG and this SAU's parameters, and a helper called in an
        interpreted loop (a Newton step's f(x)) asked for it at every call (a third of the run's
        time, in sympy arithmetic)."""
        key = ("call", a.id)
        kept = self._cache.get(key)
        if kept is None:
            try:
                kept = self._call(a, depth)
            except NotClosed as exc:
                kept = exc
            self._cache[key] = kept
        if isinstance(kept, NotClosed):
            raise NotClosed(*kept.args)  # a fresh one: re-raising one object grows its traceback
        return kept

    def _call(self, a: Call, depth: int = 0) -> sympy.Expr:
        if a.cost is not None:
            return a.cost
        fn = self.functions.get(a.callee)
        if fn is None or fn.recursive or depth > 50:
            raise NotClosed(a)
        overhead = self.t("call.per_call") + len(a.args) * self.t("call.per_arg", note=False)
        body = self.body(fn.body)
        subs = {}
        for name, arg in zip(fn.params, a.args):
            sym = S.var(name)
            if sym in body.free_symbols:
                if arg is None:
                    raise NotClosed(a)
                subs[sym] = arg
        subs.update(copied_members(a, body.free_symbols))
        return overhead + (body.xreplace(subs) if subs else body)

    def body(self, aaus: list[AAU], loop_body: bool = False) -> sympy.Expr:
        """Closed-form time of a body with no communication (raises NotClosed otherwise).
        ``loop_body``: the body of a closed-form loop, where a continue that ends a branch of an
        if standing directly in it skips the rest of the body with that branch's weight (a
        continue anywhere else has no closed form)."""
        total = sympy.Integer(0)
        for k, a in enumerate(aaus):
            if isinstance(a, Seq):
                if a.control in ("break", "continue"):
                    raise NotClosed(a)
                total += self.seq(a)
                if a.control == "return":
                    return total
                if a.defs and k + 1 < len(aaus):
                    return total + after_seq(a, self.body(aaus[k + 1:]))
            elif isinstance(a, Iter):
                if a.cls != "IterD":
                    raise NotClosed(a)
                total += self.iterd(a)
                if k + 1 < len(aaus) and a.clobbers:
                    return total + after_loop(a, self.body(aaus[k + 1:], loop_body))
            elif isinstance(a, Condt):
                if a.cls != "CondtD":
                    raise NotClosed(a)
                if any(returns(b.body) or (loop_body and continues(b.body)) for b in a.branches):
                    return total + self.condt(a, aaus[k + 1:], loop_body)
                total += self.condt(a)
                if k + 1 < len(aaus) and assigns(a):
                    return total + after_branches(a, self.body(aaus[k + 1:], loop_body))
            elif isinstance(a, Call):
                total += self.call(a)
            elif a.cls in ("Start", "End"):
                continue
            else:
                raise NotClosed(a)
        return total


def sum_over(body: sympy.Expr, var: sympy.Symbol, lo, step, n) -> sympy.Expr:
    """Sum of ``body`` for var = lo, lo+step, ... (n terms), in closed form when sympy can.

    Inner trip counts ``Max(0, x)`` are taken as ``x`` inside the sum (a triangular nest has
    non-negative counts), their ceilings kept exactly (``_sum_rounded``), remainders of the index
    by small constants summed residue class by residue class (a red-black sweep's inner start
    ``1 + (i + color) % 2``); if no closed form exists the sum is left as a function that the
    engine evaluates term by term. A sum that holds only while C's remainders keep the sign of
    their dividend is ``Piecewise((sum, that condition), (term by term, True))``: an outer sum
    over the variables of the condition (``color >= 0``) decides it, the engine otherwise.
    """
    k = sympy.Symbol("__k", integer=True, nonnegative=True)
    nn = sympy.Symbol("__n", integer=True, nonnegative=True)
    term = body.xreplace({var: lo + k * step})
    term = term.replace(lambda e: isinstance(e, sympy.Max) and len(e.args) == 2 and 0 in e.args,
                        lambda e: e.args[1] if e.args[0] == 0 else e.args[0])
    guard = sympy.true
    try:
        closed = sympy.Integer(0)
        # rowptr[i + 1] - rowptr[i]: a CSR loop's rows (telescope.py); branches on the index,
        # ``if (i > 0)``: the iterations that take them (indicator.py); the rest as sympy sums it
        for split in (telescoped, indicator_sums):
            parts = split(term, k, nn)
            if parts is not None:
                closed, term = closed + parts[0], parts[1]
        rest = _sum_rounded(term, k, nn)
        if rest is None:
            closed = None
        else:
            closed, guard = closed + rest[0], rest[1]
    except Exception:  # sympy could not sum it; fall back to term-by-term evaluation
        closed = None
    if closed is None or closed.has(sympy.Sum) or guard == sympy.false:
        return TermSum(body, var, lo, step, n)
    closed, guard = closed.xreplace({nn: n}), guard.xreplace({nn: n})
    if guard == sympy.true:
        return closed
    return sympy.Piecewise((closed, guard), (TermSum(body, var, lo, step, n), True))


MAX_MODULUS = 16  # remainders by constants up to this are summed residue class by residue class
MAX_CLASSES = 64  # at most this many classes (sympy sums one closed form per class)


def _sum_rounded(term, k, nn):
    """(sum, condition): the sum of ``term`` for k = 0 .. nn-1, exactly, with the inner trip
    counts' ceilings and floors of k kept, and remainders of k by constants, where it holds when
    ``condition`` does. ``ceiling(a + c*k)`` is ``ceiling(a) + c*k`` when c is a whole number;
    with c = p/q the sum is split by k's residue mod q (k = q*m + r), where c*q*m is whole. Until
    2026-11-23 every ceiling was dropped, which is exact for unit steps only: ``for (j = i; j < n;
    j += 2)`` inside ``for (i < n)`` counted 77.5 passes where C makes 88 (n = 4..9).

    A remainder ``(a + c*k) % K`` (C's CMod, Fortran's MOD; sympy's Mod for MODULO) with a
    constant K is periodic in k: with q a multiple of K / c, it is ``(a + c*r) % K`` on the whole
    class k = q*m + r. sympy cannot sum a remainder of its index, so a red-black sweep (``for (j =
    1 + (i + color) % 2; j <= n; j += 2)``) had no closed form over i and was summed term by term,
    every color of every sweep: its prediction time grew with both trip counts. C's remainder
    takes the sign of its dividend, so for CMod this holds when the dividends over the loop keep
    one sign: the condition returned (when they grow, the first >= 0 or the last <= 0; when they
    fall, the first <= 0 or the last >= 0), in terms of the outer values and of nn. None: an
    argument not linear in k, a modulus not a small constant (the caller then sums term by
    term)."""
    q, guard, mods = 1, sympy.true, []
    for e in term.atoms(S.CMod, sympy.Mod):
        if not e.has(k):
            continue
        dividend, modulus = sympy.expand(e.args[0]), e.args[1]
        c = dividend.coeff(k)
        if not (modulus.is_Integer and 0 < abs(modulus) <= MAX_MODULUS) or c.has(k) \
                or (dividend - c * k).has(k) or not c.is_Rational:
            return None
        q = sympy.ilcm(q, (c / abs(modulus)).q)  # c*q*m a multiple of the modulus
        mods.append(e)
        if isinstance(e, S.CMod):  # one sign over the loop: the first and last dividends'
            first, last = dividend - c * k, dividend.xreplace({k: nn - 1})
            rising = c > 0
            guard = sympy.And(guard, sympy.Or(first >= 0, last <= 0) if rising else sympy.Or(first <= 0, last >= 0))
    if guard == sympy.false:
        return None
    blank = {e: sympy.Dummy() for e in mods}  # a ceiling's argument may read k through a remainder
    for e in term.atoms(sympy.ceiling, sympy.floor):
        arg = sympy.expand(e.args[0].xreplace(blank))
        if not arg.has(k):
            continue
        c = arg.coeff(k)
        if c.has(k) or (arg - c * k).has(k) or not c.is_Rational:
            return None
        q = sympy.ilcm(q, c.q)
    if q == 1 and not mods:
        flat = _unround(_shifts_as_powers(term, k), k)
        return (sympy.summation(sympy.expand(flat), (k, 0, nn - 1)), guard) if _closable(flat, k) else None
    if q > MAX_CLASSES:
        return None
    m = sympy.Symbol("__m", integer=True, nonnegative=True)
    total = sympy.Integer(0)
    for r in range(q):
        # each remainder takes its value at k = r over the whole class (after the guard for CMod)
        fixed = {e: e.func(e.args[0].xreplace({k: r}), e.args[1]) for e in mods}
        part = _unround(term.xreplace(fixed).xreplace({k: q * m + r}), m)
        count = sympy.ceiling((nn - r) / sympy.Integer(q))  # the k < nn of residue r
        # a branch on the remainder (``if ((i + color) % 2 == 0)``) is now one on constants; one
        # linear in the index is counted over the class (indicator.py)
        split = indicator_sums(part, m, count)
        if split is not None:
            total += split[0]
            part = split[1]
        if not _closable(part, m):
            return None
        total += sympy.summation(sympy.expand(part), (m, 0, count - 1))
    return total, guard


def _shifts_as_powers(term, k):
    """``a << e`` with the index in e is a * 2**e (C shifts by a count from 0 to the width less
    one): a geometric term sympy sums (``for (i < (1 << k))`` over k: 2**nn - 1 passes)."""
    return term.replace(lambda e: isinstance(e, S.Shl) and e.args[1].has(k),
                        lambda e: e.args[0] * sympy.Integer(2) ** e.args[1])


def _closable(term, k) -> bool:
    """Can sympy sum ``term`` over k in closed form? Not when k is still inside a rounding
    (a ceiling or floor of a non-linear argument: ``n >> lev`` is floor(n / 2**lev), ``n / k``
    C's quotient) or another function of interp's (CDiv, Shr, an element): sympy has no closed
    form for those, and its search for one ran for minutes (a multigrid loop over 6 levels, a
    harmonic nest), where summing term by term takes microseconds a term."""
    return not any(f.has(k) for f in term.atoms(sympy.Function)
                   if isinstance(f, (sympy.floor, sympy.ceiling, sympy.Mod)) or type(f).__module__ == S.__name__)


def _unround(term, k):
    """``ceiling(a + c*k)`` -> ``ceiling(a) + c*k`` (and floor) where c is a whole number."""
    def whole(e):
        arg = sympy.expand(e.args[0])
        c = arg.coeff(k)
        return arg.has(k) and c.is_Integer and not (arg - c * k).has(k)
    return term.replace(lambda e: isinstance(e, (sympy.ceiling, sympy.floor)) and whole(e),
                        lambda e: e.func(sympy.expand(e.args[0]) - sympy.expand(e.args[0]).coeff(k) * k)
                        + sympy.expand(e.args[0]).coeff(k) * k)


class TermSum(sympy.Function):
    """A sum the engine evaluates term by term (no closed form found)."""

    nargs = 5
