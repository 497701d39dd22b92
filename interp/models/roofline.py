"""A throughput ("roofline-style") node model for out-of-order superscalar cores.

Selected with ``processing: {model: roofline, ...}`` in a machine file (``interp calibrate`` writes
it); the paper's operation-count model (``interp/omega.py``, ``model: opcount``, the default) is
unchanged. Everything stays a sympy closed form: this class only changes how a Seq, a loop body
of Seqs and a call to a small function are costed, and reuses the rest of ``NodeModel``.

A Seq (and the body of a deterministic loop made only of Seqs and inlined calls) costs

    max(compute, memory)
    compute = max(sum of non-divide operations x throughput.op,
                  sum of divisions x throughput.*_div)
    memory  = sum over array accesses of bytes from main memory / main.bandwidth
                                          + bytes from the cache / cache.bandwidth

- ``throughput.op`` is the reciprocal throughput (independent operations, measured with 8
  accumulators), not the latency of a dependent chain (``ops.op``, the opcount model's value).
  When a throughput value is missing the latency ``ops.op`` is used.
- Divisions run in the divider, a separate (partly pipelined) unit: their time overlaps with the
  adds, multiplies and conversions issued on the other ports, hence the inner ``max``.
- Scalars live in registers: scalar accesses, and accesses without a variable, cost nothing.
- An array access moves ``miss_ratio x cache.block`` bytes from main memory (the opcount model's
  stride/reuse rule: a strided stream crosses one block per ``block / (stride x elem_size)``
  accesses; a reuse within the cache window hits) and the rest, ``elem_size`` bytes, from the
  cache. A store that misses moves the block twice (read for ownership, then write-back).
- Loop overhead per iteration is ``throughput.per_iter`` (``per_iter_step``), about zero on a
  modern core since the increment and branch issue beside the body; ``throughput.fixed`` if given,
  else ``iter.fixed``.
- A call to a user function whose body is a single Seq costs its body only: compilers inline
  such functions, so no ``call.per_call`` / ``call.per_arg`` is charged. Larger callees keep the
  call overhead. Library and machine calls keep their measured costs.
"""
from __future__ import annotations

import dataclasses

import sympy

from frontends.aag import AAU, Access, Call, Condt, Iter, OpCounts, Seq

from interp.models.divider import LATENCY_KEYS, chained_counts, divider_of, extra_time
from interp.models.omega import _FALLBACK, NodeModel
from interp.models.gather import gathers_of
from interp.models.overlap import carried_chain, divider_chain
from interp.models.search import latency_levels, mean_probe
from interp.models.working_set import Level, WorkingSet, max_of, enclosing_loops

DIVIDES = frozenset({"int_div", "long_div", "real_div", "double_div"})


class RooflineModel(NodeModel):
    """Omega with throughput costs and a bandwidth-bound memory model (see module doc)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._hierarchy = self._levels()
        self._chains = None
        self._shares: dict[int, dict[int, sympy.Expr]] = {}
        self._gathers = None   # (Gathers | None, what is missing), read at the first gather
        self._latencies = None  # (latency levels | None, what is missing), at the first probe
        self._probes: dict[int, sympy.Expr] = {}
        self.main_part: dict[int, sympy.Expr] = {}   # loop id -> main memory's part of memory_time
        self._divider = None   # (Divider | None,), read at the first known quotient
        self._quotient_parts: dict[int, tuple] = {}   # id(OpCounts) -> parts, the counts kept alive
        self._overlapping: dict[int, bool] = {}   # loop id -> its interpreted iterations overlap
        self._window_parts: dict[int, tuple] = {}   # id(Seq or OpCounts) -> (parts, the object kept alive)
        self._chains_of: dict[int, float] = {}   # loop id -> its carried chain's latency (overlap.py)
        self._chained: dict[int, OpCounts] = {}  # id -> counts whose divisions wait for each other
        self._chain_divider = None  # (Divider | None,): the dependent divisions' (divider.py)

    # -- parameters -------------------------------------------------------------------------
    def _levels(self) -> WorkingSet | None:
        """The cache levels with their measured capacity and bandwidths, and main memory."""
        names = sorted({k.split(".")[1] for k in self.mem if k.startswith("levels.")})
        levels = []
        for name in names:
            keys = [f"levels.{name}.{p}" for p in ("size", "bandwidth", "write_bandwidth")]
            if not all(self.has(k, "memory") for k in keys):
                continue
            size, read, write = (self.t(k, "memory") for k in keys)
            levels.append(Level(name, size, self.shared_bandwidth(read, f"levels.{name}.shared_bandwidth"),
                                self.shared_bandwidth(write, f"levels.{name}.shared_write_bandwidth")))
        one = self.bandwidth("main.bandwidth")
        if not levels or not one or not self.has("cache.block", "memory"):
            return None
        if self.has("cache.size", "memory") and self.t("cache.size", "memory") > levels[-1].size:
            # the last level's listed capacity beyond its measured plateau (working_set.Level.upto)
            levels[-1] = dataclasses.replace(levels[-1], upto=self.t("cache.size", "memory"))
        main = self.shared_bandwidth(one, "main.shared_bandwidth")
        write = self.shared_bandwidth(self.bandwidth("main.write_bandwidth") or one, "main.shared_write_bandwidth")
        cold = [self.t(k, "memory") if self.has(k, "memory") else 0.0 for k in ("main.page", "main.gather", "store_miss")]
        levels.append(Level("main", float("inf"), main, write, *cold))
        return WorkingSet(levels, self.t("cache.block", "memory"))

    def enclosing(self, loop: Iter) -> list[Iter]:
        if self._chains is None:
            self._chains = enclosing_loops([f.body for f in self.functions.values()], self.functions)
        return self._chains.get(loop.id, [])

    def levels_chosen(self, expr) -> bool:
        return self._hierarchy is not None and isinstance(expr, sympy.Basic) and expr.has(sympy.Piecewise)

    def op_time(self, op: str) -> float:
        """Reciprocal throughput of one operation; the latency ``ops.op`` when none is given. A
        division by a constant power of two (``int_shift``) is a shift: the int add's."""
        if op in ("int_shift", "int_mul_pow2"):
            return self.op_time("int_add")
        if op == "int_div_const":  # a multiply-high, a shift and a sign fix-up (frontends/c/counts.py)
            return self.op_time("int_mul") + 2 * self.op_time("int_add")
        for name in (op, _FALLBACK.get(op)):
            if name and self.has(f"throughput.{name}"):
                return self.t(f"throughput.{name}")
        return self.t(f"ops.{op}")

    def bandwidth(self, key: str) -> float | None:
        return self.t(key, "memory") if self.has(key, "memory") else None

    def shared_bandwidth(self, one: float, key: str) -> float:
        """A level's or main memory's bandwidth for each of the ``sharing`` processes on this SAU:
        the smaller of one core's figure and cores x ``key`` (the per-core figure measured with
        every core streaming: a shared last level holding each copy's share, main memory
        saturating) shared among them (docs/model.md, "Processes sharing a node"). One process,
        or no shared figure: ``one``."""
        if self.sharing < 2 or not self.has(key, "memory"):
            return one
        cores = max(getattr(self.sau, "count", 1) or 1, self.sharing)
        each = min(one, cores * self.t(key, "memory") / self.sharing)
        self.notes[("shared memory", self.sau.id, key)] = (
            f"{self.sau.id}: {self.sharing} processes share the node: {each / 1e9:.3g} GB/s each "
            f"(memory.{key.replace('shared_', '')} {one / 1e9:.3g} GB/s alone; memory.{key} "
            f"{self.t(key, 'memory') / 1e9:.3g} GB/s per core with all {cores} streaming)")
        return each

    # -- operations -------------------------------------------------------------------------
    def op_parts(self, c: OpCounts) -> tuple[float, float]:
        """(time on the pipelined ports, time in the divider) of a set of operation counts."""
        alu = div = 0.0
        chained = id(c) in self._chained
        for op, n in c.ops.items():
            if op in ("int_div", "long_div") and chained:  # waiting for the one before (divider.py)
                div += n * self.t(f"ops.{op}")
            elif op in DIVIDES:
                div += n * self.op_time(op)
            else:
                alu += n * self.op_time(op)
        for name, n in c.calls.items():
            alu += n * self.call_cost(name, c.call_args.get(name, 0))
        return alu, div

    def counts(self, c: OpCounts) -> float:
        alu, div = self.op_parts(c)
        return max(alu, div)

    def widths_known(self) -> bool:
        """Does this machine cost divisions by quotient width (``processing.divider``)?"""
        if self._divider is None:
            self._divider = (divider_of(self),)
        return self._divider[0] is not None

    def quotient_extra(self, a: Seq | None, counts: OpCounts, values: list) -> float:
        """The divider's time at the known quotients' widths in place of the mid (divider.py),
        overlapped as the Seq's (or condition's) parts are: max(ops, divider, memory)."""
        if not values or not self.widths_known():
            return 0.0
        entry = self._quotient_parts.get(id(counts))
        if entry is None:  # per Seq or condition: its parts do not change during a run
            parts = self.seq_parts(a) if a is not None else None
            alu, div, mem = parts if parts is not None else (*self.op_parts(counts), 0.0)
            entry = self._quotient_parts[id(counts)] = (alu, div, mem, max(alu, div, mem), self.op_time("int_div"),
                                                         counts)
        alu, div, mem, base, mid, _ = entry
        chain = self._chained_divider() if id(counts) in self._chained else None
        extra = (extra_time(chain, self.t("ops.int_div"), values) if chain
                 else extra_time(self._divider[0], mid, values))
        return max(alu, div + extra, mem) - base

    def _expr_counts(self, c: OpCounts) -> float:
        """A condition: its operations; its variables are in registers."""
        return self.counts(c)

    # -- interpreted iterations (interp/models/overlap.py) -------------------------------------
    def overlaps(self, loop: Iter) -> bool:
        """One window per interpreted iteration: always at best, never at worst, at mid unless
        the loop's divisions wait for each other (a division reads an earlier one's result)."""
        kind = self.bound.kind
        if kind in ("worst", "max"):
            if loop.id not in self._overlapping and divider_chain(loop):
                self._chain_divisions(loop)
            self._overlapping[loop.id] = False
            return False
        if kind in ("best", "min"):
            return True
        known = self._overlapping.get(loop.id)
        if known is None:
            known = self._overlapping[loop.id] = not divider_chain(loop)
            if not known:
                self._chain_divisions(loop)
                self.notes[("overlap", loop.id)] = (
                    f"loop at {loop.loc}: interpreted; a division in it reads what an earlier division of "
                    "the loop computed, so its statements are summed (a latency chain), not overlapped "
                    "within each iteration (the range's best end overlaps them)")
        return known

    def _chain_divisions(self, loop: Iter) -> None:
        """Cost ``loop``'s divisions as a chain of them (divider.py): at ``ops.int_div`` and the
        chained divider's time by quotient width; what was costed for them before is dropped.
        A file without the chained divider (the paper's machines, calibrations before
        2026-12-02) keeps the divider's issue times: its ``ops.int_div`` has no widths."""
        if self._chained_divider() is None:
            return
        for c in chained_counts(loop):
            self._chained[id(c)] = c
            self._quotient_parts.pop(id(c), None)
        for x in loop.walk():
            self._cache.pop(x.id, None)

    def _chained_divider(self):
        if self._chain_divider is None:
            self._chain_divider = (divider_of(self, LATENCY_KEYS),)
        return self._chain_divider[0]

    def chain_floor(self, loop: Iter) -> float:
        """The loop-carried dependency chain's latency, a floor under each interpreted iteration's
        window (overlap.carried_chain); 0 without the ops' dependent-chain times."""
        known = self._chains_of.get(loop.id)
        if known is None:
            latencies = self.chain_latencies()
            floor, names = carried_chain(loop, latencies) if latencies else (0.0, [])
            known = self._chains_of[loop.id] = floor
            if floor > 0:
                self.notes[("chain", loop.id)] = (
                    f"loop at {loop.loc}: each interpreted iteration takes at least {floor * 1e9:.3g} ns, "
                    f"the dependent operations that carry {', '.join(names)} to the next iteration "
                    "(ops.* latencies; the window's throughputs cannot overlap them)")
        return known

    def chain_latencies(self) -> dict | None:
        """Seconds of one dependent add, mul and div, "int" and "float" (``ops.*``), for
        overlap.carried_chain; None when the file lacks one."""
        keys = {kind: {op: f"ops.{prefix}_{op}" for op in ("add", "mul", "div")}
                for kind, prefix in (("int", "int"), ("float", "double"))}
        if not all(self.has(k) for d in keys.values() for k in d.values()):
            return None
        return {kind: {op: self.t(k, note=False) for op, k in d.items()} for kind, d in keys.items()}

    def window_seq(self, a: Seq) -> tuple[float, float, float] | None:
        """(pipelined ops, divider, memory) of a Seq in an iteration window; None: annotated."""
        hit = self._window_parts.get(id(a))
        if hit is None:
            hit = self._window_parts[id(a)] = (self.seq_parts(a), a)
        return hit[0]

    def window_counts(self, c: OpCounts) -> tuple[float, float]:
        """(pipelined ops, divider) of a condition in an iteration window."""
        hit = self._window_parts.get(id(c))
        if hit is None:
            hit = self._window_parts[id(c)] = (self.op_parts(c), c)
        return hit[0]

    def divider(self):
        """The machine's divider by quotient width (divider.py), or None."""
        return self._divider[0] if self.widths_known() else None

    def divider_extra(self, values: list) -> float:
        """The divider's time at the known quotients' widths less the mid's (divider.py)."""
        if not values or not self.widths_known():
            return 0.0
        return extra_time(self._divider[0], self.op_time("int_div"), values)

    # -- memory -----------------------------------------------------------------------------
    def access_time(self, acc: Access) -> float:
        """Time to move an array access's bytes at the bandwidth of the level that serves it."""
        if not acc.is_array:
            return 0.0
        main = self.bandwidth("main.bandwidth")
        cache = self.bandwidth("cache.bandwidth")
        if self._window is None:
            return acc.elem_size / main if main else 0.0
        p_miss = self.miss_ratio(acc)
        block = self.t("cache.block", "memory")
        factor = 2.0 if acc.kind == "store" else 1.0
        total = 0.0
        if main:
            total += p_miss * block * factor / main
        if cache:
            total += (1.0 - p_miss) * acc.elem_size / cache
        return total

    # -- Seq, loops, calls --------------------------------------------------------------------
    def seq_parts(self, a: Seq) -> tuple[float, float, float] | None:
        """(pipelined ops, divider, memory) times of a Seq; None for cost()/work() annotations."""
        if a.cost is not None or a.work is not None:
            return None
        alu, div = self.op_parts(a.counts)
        mem = sum(self.access_time(acc) for acc in a.accesses)
        return alu, div, mem

    def seq(self, a: Seq) -> sympy.Expr:
        cached = self._cache.get(a.id)
        if cached is not None and a.cost is None and a.work is None:
            return cached
        parts = self.seq_parts(a)
        if parts is None:
            return super().seq(a)
        value = sympy.Float(_combine(parts))
        self._cache[a.id] = value
        return value

    def inlined(self, a: Call) -> Seq | None:
        """The callee's single Seq when the call is inlined (no cost() annotation, one Seq)."""
        if a.cost is not None:
            return None
        fn = self.functions.get(a.callee)
        if fn is None or fn.recursive:
            return None
        body = [x for x in fn.body if x.cls not in ("Start", "End")]
        if len(body) == 1 and isinstance(body[0], Seq) and body[0].control in (None, "return"):
            return body[0]
        return None

    def _call(self, a: Call, depth: int = 0) -> sympy.Expr:
        only = self.inlined(a)
        if only is not None:
            return self.seq(only)
        return super()._call(a, depth)

    def loop_overheads(self, loop: Iter) -> tuple[float, float]:
        step = loop.limit_type == "step"
        fixed_key, per_key = ("fixed_step", "per_iter_step") if step else ("fixed", "per_iter")
        fixed = (self.t(f"throughput.{fixed_key}") if self.has(f"throughput.{fixed_key}")
                 else self.t(f"iter.{fixed_key}"))
        per = (self.t(f"throughput.{per_key}") if self.has(f"throughput.{per_key}")
               else self.t(f"iter.{per_key}"))
        return fixed, per

    def body_parts(self, aaus: list[AAU]) -> tuple[float, float, float] | None:
        """Summed parts of a body made only of Seqs and inlined calls (no control flow)."""
        alu = div = mem = 0.0
        for a in aaus:
            if a.cls in ("Start", "End"):
                continue
            if isinstance(a, Call):
                a = self.inlined(a)  # its Seq ends with the callee's return: fine
                if a is None:
                    return None
            elif not isinstance(a, Seq) or a.control is not None:
                return None
            parts = self.seq_parts(a)
            if parts is None:
                return None
            alu, div, mem = alu + parts[0], div + parts[1], mem + parts[2]
        return alu, div, mem

    def iterd(self, loop: Iter) -> sympy.Expr:
        """A loop whose body is straight-line code overlaps its parts across the whole body:
        fixed + NumIters x max(ops + per_iter + condition, divider, memory)."""
        cached = self._cache.get(loop.id)
        if cached is not None:
            return cached
        parts = self.body_parts(loop.body)
        if parts is None:
            return super().iterd(loop)
        fixed, per = self.loop_overheads(loop)
        c_alu, c_div = self.op_parts(loop.cond_counts)
        alu, div, mem = parts
        accesses = [acc for a in loop.body if isinstance(a, Seq) for acc in a.accesses]
        alu -= self.reduced_index_ops(accesses)
        mem = self.memory_time(loop, accesses, mem)
        per_iter = max_of([sympy.Float(max(alu + per + c_alu, div + c_div)), mem])
        value = fixed + loop.num_iters * per_iter
        self._shares[loop.id] = self._split(loop.body, per_iter)
        self._cache[loop.id] = value
        return value


    def memory_time(self, loop: Iter, accesses: list[Access], summed: float):
        """Memory time of one iteration of a straight-line loop body: ``summed`` (the accesses'
        own times) with the working-set rule's per-level time in place of the accesses it covers."""
        mem = sympy.Float(summed)
        self.main_part[loop.id] = sympy.Integer(0)
        if self._hierarchy is not None:
            ws, self.main_part[loop.id], rest = self._hierarchy.time_parts(loop, self.enclosing(loop), accesses)
            kept = {id(acc) for acc in rest}
            gathered = [acc for acc in rest if acc.gathered]
            gather = self.gather_time(loop, gathered)
            if gather is not None:
                # The random lines and the streams are served at once (the roofline's levels
                # overlap, working_set.py): the gathers' time or the rest's, the larger.
                kept -= {id(acc) for acc in gathered}   # their stream cost leaves the sum below
            mem = sympy.Float(summed) + ws - sum(self.access_time(acc) for acc in accesses
                                                 if acc.is_array and id(acc) not in kept)
            if gather is not None:
                mem = max_of([mem, gather])
        return mem

    def condt(self, c: Condt, rest: list[AAU] | None = None, loop_body: bool = False) -> sympy.Expr:
        """Algorithm 3 as in the opcount model, plus the latency chain of a search's probes read
        in the conditions (interp/models/search.py)."""
        base = super().condt(c, rest, loop_body)
        if c.id not in self._probes:
            self._probes[c.id] = self.probe_time(c)
        return base + self._probes[c.id]

    def probe_time(self, c: Condt):
        probes = [acc for b in c.branches for acc in b.cond_accesses if acc.probe]
        if not probes:
            return sympy.Integer(0)
        if self._latencies is None:
            self._latencies = latency_levels(self)
        levels, missing = self._latencies
        names = ", ".join(sorted({f"{acc.name}[...]" for acc in probes}))
        why = (f"the machine file has no {missing}" if levels is None else
               next((f"the size of {acc.name} is not known" for acc in probes if acc.extent is None), None))
        if why is not None:
            self.notes[("search", c.id)] = (f"search model: {c.loc}: {names} is a search's probe (its address "
                                           f"depends on the comparison before it) but costs no latency: {why}")
            return sympy.Integer(0)
        line = self.t("cache.block", "memory")
        self.notes[("search", c.id)] = (
            f"search model: {c.loc}: {names} is a search's probe: each costs the mean over the search's "
            "depths of the latency of the level holding the lines probed at that depth ("
            + ", ".join(f"{lv.name} {lv.latency * 1e9:.3g} ns" for lv in levels) + ")")
        return sum((mean_probe(levels, acc.extent, acc.elem_size, line) for acc in probes), sympy.Integer(0))

    def gather_time(self, loop: Iter, gathered: list[Access]):
        """The indirect accesses' time per iteration by the gather model (interp/models/gather.py),
        or None: none of them is costed by it (no gather values in the machine file, or no known
        extent; a note says why), and the stream cost ``access_time`` gives them stays."""
        if not gathered:
            return None
        if self._gathers is None:
            self._gathers = gathers_of(self)
        table, missing = self._gathers
        why = (f"the machine file has no {missing} (calibrate again)" if table is None else
               next((f"the size of {acc.name} is not known (not declared, nor one malloc/calloc in this "
                     "function or passed by its callers, of variables the engine follows)"
                     for acc in gathered if acc.extent is None), None))
        names = ", ".join(sorted({f"{acc.name}[...]" for acc in gathered}))
        if why is not None:
            self.notes[("gather", loop.id)] = (f"gather model: loop at {loop.loc}: {names} read random lines "
                                               f"(a loaded subscript) but are costed as streams: {why}")
            return None
        # An update of a random element (hist[k]++, a[idx[i]] += v): its store writes the line its
        # load brought, and the line goes back to memory dirty when evicted. The write-back is
        # hidden (best), as costly as another random line (worst), or half that (mid): measured,
        # the held-out histogram's 64 MB of bins took 22 ns an update against the 16 ns of a
        # random read (docs/model.md, "Indirect accesses").
        key = lambda acc: (acc.name, tuple(sorted(acc.index_ops.items())), str(acc.extent))  # noqa: E731
        loads = {key(acc) for acc in gathered if acc.kind == "fetch"}
        write_back = self.bound.pick(sympy.Integer(0), sympy.Integer(1), True)
        total = sum(((write_back if acc.kind != "fetch" and key(acc) in loads else 1) * table.time(acc.extent)
                     for acc in gathered), sympy.Integer(0))
        self.notes[("gather", loop.id)] = (
            f"gather model: loop at {loop.loc}: {names} read random lines of "
            + ", ".join(sorted({f"{acc.extent} bytes" for acc in gathered})) + ": "
            + ", ".join(f"{lv.name} {lv.time * 1e9:.3g} ns" for lv in table.levels)
            + " per access, weighted by the share of the lines each level holds")
        return total

    def _split(self, body: list[AAU], per_iter) -> dict[int, sympy.Expr]:
        """The overlapped iteration time shared among the body's statements in proportion to
        their own costs (for the AAU-level report: the shares add up to the loop's time)."""
        own = {a.id: float(self.call(a) if isinstance(a, Call) else self.seq(a))
               for a in body if isinstance(a, (Seq, Call))}
        total = sum(own.values())
        if total <= 0:
            return {k: per_iter / len(own) for k in own} if own else {}
        return {k: per_iter * (v / total) for k, v in own.items()}

    def iteration_share(self, loop: Iter, a: AAU):
        """Time of one iteration of a straight-line loop body charged to ``a``; None otherwise."""
        self.iterd(loop)
        return self._shares.get(loop.id, {}).get(a.id)

    def reduced_index_ops(self, accesses: list[Access]) -> float:
        """Subscript arithmetic the compiler strength-reduces: an index affine in the loop
        variable (a known stride) becomes a pointer stepped once per iteration (in per_iter)."""
        total = 0.0
        for acc in accesses:
            if acc.is_array and acc.stride is not None:
                total += sum(n * self.op_time(op) for op, n in acc.index_ops.items())
        return total


def _combine(parts: tuple[float, float, float]) -> float:
    alu, div, mem = parts
    return max(max(alu, div), mem)
