"""The compiled node model: each innermost loop costed from the code the compiler made of it.

Selected with ``processing: {model: compiled, compiled: {cc, cflags, cpu, cycle}}`` (``interp
calibrate`` writes it for the machine it measures). The source-level models count the operations
the program writes; on a modern core what decides a loop is what the compiler made of them:
whether it vectorized or strength-reduced the loop, which library calls it inlined (``fabs`` is
one ``and``), and whether a loop-carried dependence bounds it (``s += x[i]*x[j]`` runs at the
latency of one add per iteration, not at the adds' throughput). So, for the machine's compiler
and flags (those ``interp validate`` builds with):

1. every source file of the program is compiled to assembly with its line table (``cc CFLAGS -g
   -S``; MPI sources with the MPI wrapper's include path): ``interp/models/mca.py``;
2. each innermost loop of the generated code is matched to the innermost source loop whose line
   span holds every source line the loop's instructions come from (``interp/models/asm_loops.py``);
   where several generated loops match one source loop (a vectorized body and its scalar
   remainder, two versions after an alias check), the one covering the most source iterations
   per pass is taken: it runs all but at most k - 1 iterations of each execution;
3. its cycles per pass are llvm-mca's steady state on the machine's CPU (``compiled.cpu``),
   divided by the source iterations one pass covers (k, from the induction: the bytes its
   addressing register advances per pass over the bytes the source loop's accesses advance per
   iteration; a counter's step; else the widest packed instruction's lanes), times the time of a
   cycle at the clock the core runs at (``compiled.cycle``: calibrate measures it as the latency
   of a dependent int add, one cycle; a nominal ``clock`` from /proc/cpuinfo is not the clock
   a turbo core runs at);
4. the in-core time is at least the divider's: the generated loop's division instructions at the
   calibrated reciprocal throughput (``throughput.*_div``), since LLVM 14's Zen 2 model lets a
   ``divsd`` issue every cycle where the core takes 5 (the trapezoid loop: llvm-mca 3 cycles,
   measured 5.00; docs/model.md);
5. one iteration costs max(in-core time, memory time) + calls: the memory time is the roofline
   model's working-set rule (per cache level, streaming bandwidths); the two overlap as in the
   roofline model (docs/model.md says why max rather than ECM's sum). A library call the
   generated loop still makes (``call rand``) costs its calibrated ``lib.*`` time on top: the
   call is removed from the simulated block, since llvm-mca cannot see into it.

Everything else, and every loop this does not match (its note says which and why), is the
roofline model's (interp/models/roofline.py): outer loops, loops with branches in their body,
loops interpreted iteration by iteration, and every loop when the compiler or llvm-mca is absent.
"""
from __future__ import annotations

import sympy

from frontends.aag import AAU, Call, Condt, Iter, Seq

from interp.calibrate import build, tools
from interp.errors import InputError
from interp.models import asm_chain, asm_loops, code_layout, mca, osaca_tool
from interp.models.loop_code import LoopCode, core_range, per_pass, shared_passes
from interp.models.roofline import RooflineModel
from interp.models.working_set import max_of


CHAIN = "addsd\t%xmm1, %xmm0\n"   # a dependent double add: calibrates llvm-mca's cycle (cycle())
# mid of a loop that streams from main memory: (core^p + main^p)^(1/p), between the roofline's max
# (p -> infinity) and the ECM model's sum (p = 1). The caches' transfers overlap the core (their
# loops ran at the max); main memory's do not fully. p = 2.5 from the tune half: stencil1d at n =
# 4e6 (1.27 ns core, 1.336 ns memory, 1.758 ns measured: max -24%, p = 2.5 -2.2%) and the
# stencil of docs/model.md (1.77, 2.08, 2.62 ns: -2.5%); docs/model.md, "Main memory and the core".
OVERLAP_P = 2.5
# operation classes whose dependent-chain latencies (ops.*) the carried chain takes (asm_chain.py)
CHAIN_OPS = ("int_add", "int_mul", "int_div", "real_add", "real_mul", "real_div", "double_add", "double_mul",
             "double_div", "int_to_real", "real_to_int")


class CompiledModel(RooflineModel):
    """The roofline model with each matched innermost loop's in-core time from llvm-mca."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._code: dict[int, LoopCode | str] | None = None
        self._layout = None   # code_layout.layout()'s result, or why there is none (_linked)

    # -- settings -------------------------------------------------------------------------------
    def setting(self, key: str, default=None):
        return self.sau.setting("processing", f"compiled.{key}") or default

    def cycle(self) -> float | None:
        """Seconds per llvm-mca cycle: ``compiled.cycle`` when the file gives it; else the measured
        dependent double add (``ops.double_add``) over llvm-mca's cycles for a dependent ``addsd``
        on the CPU, which calibrates llvm-mca's cycle on the chain that bounds most reductions
        (an int add chain measured 0.9 cycles of it on a Zen 2: its loop overhead overlaps);
        else 1 / ``clock``."""
        if self.has("compiled.cycle"):
            return self.t("compiled.cycle")
        chain = self._chain_cycles()
        if chain and self.has("ops.double_add"):
            return self.t("ops.double_add") / chain
        if self.has("clock"):
            return 1.0 / self.t("clock")
        return None

    def _chain_cycles(self) -> float | None:
        cpu = self.setting("cpu")
        if not cpu or mca.analyzer() is None:
            return None
        try:
            return mca.cycles(CHAIN, cpu).cycles or None
        except mca.AnalysisError:
            return None

    def cycle_source(self) -> str:
        if self.has("compiled.cycle"):
            return "processing.compiled.cycle"
        chain = self._chain_cycles()
        if chain and self.has("ops.double_add"):
            return f"ops.double_add over llvm-mca's {chain:.3g} cycles for a dependent addsd"
        return "1 / processing.clock"

    # -- the generated code -----------------------------------------------------------------------
    def code(self) -> dict[int, LoopCode | str]:
        """Innermost source loop id -> its generated code's timing, or why there is none."""
        if self._code is None:
            self._code = self._analyse()
        return self._code

    def _analyse(self) -> dict[int, LoopCode | str]:
        inner = _innermost(self.functions.values())
        if not inner:
            return {}
        cpu, cycle = self.setting("cpu"), self.cycle()
        missing = ("processing.compiled.cpu is not given (llvm-mca's -mcpu)" if not cpu else
                   "no cycle time (processing.compiled.cycle or clock)" if not cycle else
                   f"{mca.ANALYZER} is not installed" if mca.analyzer() is None else None)
        if missing:
            return {lp.id: missing for lp in inner}
        by_file: dict[str, tuple[asm_loops.AsmLoop, ...] | str] = {}
        self._layout = self._linked()
        out: dict[int, LoopCode | str] = {}
        for lp in inner:
            if lp.loc is None:
                out[lp.id] = "the loop has no source location"
                continue
            if lp.loc.file not in by_file:
                by_file[lp.loc.file] = self._generated(lp.loc.file)
            found = by_file[lp.loc.file]
            out[lp.id] = found if isinstance(found, str) else self._match(lp, found, cpu)
        return out

    def _generated(self, source: str) -> tuple[asm_loops.AsmLoop, ...] | str:
        cc = self.setting("cc", "gcc")
        flags = self.setting("cflags", "-O2").split()
        extra = ["-iquote", str(tools.nx_include())]
        mpicc = tools.mpi_tools()
        extra += [f"-I{d}" for d in mca.mpi_includes(mpicc[0] if mpicc else None)]
        # main as validate's build names it (its timing shim brings the real main): the compiler
        # treats a function called main apart (.text.startup, run once), so the code can differ
        try:
            text = open(source, encoding="utf-8", errors="replace").read()
        except OSError:
            text = ""
        name = build.main_name(build.program_kind([text]), text)
        extra += [] if name == "main" else [f"-Dmain={name}"]
        try:
            return asm_loops.loops(mca.assembly(cc, flags, source, extra))
        except mca.AnalysisError as exc:
            return str(exc)

    def _linked(self):
        """The program linked as validate links it (code_layout.py), when the machine gives a fetch
        window to judge its loops' placement by; else why not (for the notes)."""
        if not self.has("compiled.fetch_window") or not self.has("compiled.fetch_time"):
            return "the machine gives no processing.compiled.fetch_window and fetch_time (interp calibrate measures them)"
        files = list(dict.fromkeys(f.loc.file for f in self.functions.values() if f.loc is not None))
        return code_layout.layout(files, self.setting("cc", "gcc"), self.setting("cflags", "-O2"))

    def _placed(self, loop: asm_loops.AsmLoop, generated, source: str) -> tuple[code_layout.Placed | None, str]:
        if isinstance(self._layout, str):
            return None, self._layout
        loops, mains = self._layout
        name = mains.get(source, "main") if loop.function == "main" else loop.function
        found = code_layout.match(loop, generated, loops, name)
        return found, "" if found else f"its code was not found in the linked program ({name})"

    def _match(self, loop: Iter, generated: tuple[asm_loops.AsmLoop, ...], cpu: str) -> LoopCode | str:
        span = set(range(loop.loc.first, loop.loc.last + 1))
        for a in loop.body:  # the compiler inlines a callee that is one expression: its lines too
            fn = self.functions.get(a.callee) if isinstance(a, Call) and self.inlined(a) else None
            if fn is not None and fn.loc is not None and fn.loc.file == loop.loc.file:
                span |= set(range(fn.loc.first, fn.loc.last + 1))
        cands = [g for g in generated if g.lines(loop.loc.file) and g.lines(loop.loc.file) <= span]
        if not cands:
            return ("no loop of the generated code comes from these lines alone (the compiler may have "
                    "merged it with another, unrolled it fully or replaced it by a library call)")
        accesses = [acc for a in loop.body if isinstance(a, Seq) for acc in a.accesses]
        step = float(loop.step) if loop.step is not None and loop.step.is_number else 1.0
        best = max(cands, key=lambda g: per_pass(g, accesses, step)[0])
        k, how = per_pass(best, accesses, step)
        # Square roots are costed at the calibrated throughput of the divide/square-root unit,
        # with the divisions (LLVM 14's Zen 2 model charges a sqrtsd 20 cycles of it; measured 5-9):
        # the analyzers see a multiply of the same registers in their place (asm_loops.without_roots).
        sqrt_known = self.has("throughput.double_sqrt") or self.has("throughput.real_sqrt")
        # integer divisions likewise where the divider is calibrated (by quotient width)
        idiv_known = self.widths_known()
        roots = (lambda b: asm_loops.without_roots(b, idiv_known, sqrt_known)  # noqa: E731
                 if b and (sqrt_known or idiv_known) else b)
        try:
            # Each form overstates a different thing: the folded one a chain through a folded
            # load's register operand (LLVM adds the load's latency), the unfolded one the front
            # end (one instruction more per load); the smaller is the closer (docs/model.md).
            result = min((mca.cycles(b, cpu) for b in (roots(best.block()), roots(best.unfolded())) if b),
                         key=lambda r: r.cycles)
        except mca.AnalysisError as exc:
            return str(exc)
        except InputError as exc:
            raise InputError(f"{self.sau.id}: {exc}") from None
        model2, model2_ports = self._second_model([roots(best.block()), roots(best.unfolded())], cpu)
        try:
            osaca = osaca_tool.cycles(roots(best.block()), cpu)
            second, why = osaca.cycles, ""
        except mca.AnalysisError as exc:
            osaca, second, why = None, None, str(exc)
        ports = ((result.block_rthroughput,) + ((model2_ports,) if model2 is not None else ())
                 + ((osaca.ports,) if osaca is not None else ()))
        placed, layout_note = self._placed(best, generated, loop.loc.file)
        return LoopCode(result.cycles, k, how, best.calls(), best.function, asm_loops.divisions(best, sqrt_known),
                        second, why, best.branch_free(), placed, layout_note,
                        tuple(i for i in best.insns if not i.mnemonic.startswith("call")), model2, ports)

    def _second_model(self, blocks: list[str | None], cpu: str) -> tuple[float | None, float]:
        """llvm-mca's cycles per pass on ``compiled.mca_cpu`` (the scheduling model calibrate found
        closest to the core's measured operations, interp/calibrate/mca_cpu.py) and its bound from
        the ports alone, converted to the cycles of ``cpu`` through each model's dependent addsd;
        (None, 0) without a second model."""
        alt = self.setting("mca_cpu")
        if not alt or alt == cpu:
            return None, 0.0
        try:
            own, other = mca.cycles(CHAIN, cpu).cycles, mca.cycles(CHAIN, alt).cycles
            found = min((mca.cycles(b, alt) for b in blocks if b), key=lambda r: r.cycles)
        except mca.AnalysisError:
            return None, 0.0
        except InputError:
            raise InputError(f"{self.sau.id}: processing.compiled.mca_cpu {alt!r}: {mca.ANALYZER} does not know "
                             f"this CPU (`{mca.ANALYZER} -mcpu=help` lists the names)") from None
        return (found.cycles * own / other, found.block_rthroughput * own / other) if other else (None, 0.0)

    # -- loops ----------------------------------------------------------------------------------
    def iterd(self, loop: Iter) -> sympy.Expr:
        cached = self._cache.get(loop.id)
        if cached is not None:
            return cached
        code = self.code().get(loop.id)
        if code is None:  # not an innermost loop: the roofline model over the inner loops' times
            return super().iterd(loop)
        parts = self.body_parts(loop.body)
        seqs = self._seqs(loop)
        if parts is None and isinstance(code, LoopCode) and code.branch_free:
            seqs = self._converted(loop.body)
            parts = self._summed(seqs) if seqs is not None else None
        if parts is None:
            code = ("its body branches or calls a function that is not one expression (not a straight-line body)"
                    + (", and the generated loop branches too" if isinstance(code, LoopCode) else ""))
        unknown = [c for c in code.calls if not self._library(loop, c)] if isinstance(code, LoopCode) else []
        if unknown:
            code = f"the generated loop calls {', '.join(sorted(set(unknown)))}, which the analysis does not see into"
        if isinstance(code, str):
            self.notes[("compiled", loop.id)] = f"compiled model: loop at {loop.loc} costed by the roofline model: {code}"
            return super().iterd(loop)
        cycle = self.cycle()
        divider = sum(self.op_time(op) for op in code.divisions) / code.per_pass
        # The analyzers bound the core's time from both sides (osaca_tool.py): llvm-mca's
        # simulation of the core's own scheduling model, of the model calibrate found closest to
        # the core's measured operations (compiled.mca_cpu), and OSACA's optimal port assignment;
        # mid is the mean of the least and the most (docs/model.md). With one, the range is its.
        fetch = self._fetch_bound(code) / code.per_pass
        chain, carried = self._chain(code)
        # A core shared with another hardware thread (compiled.issue_share) gives this process a
        # share of its ports: a pass bound by them stretches, one bound by a chain does not
        # (loop_code.py). Main memory overlaps the core's time alone: while a loop waits for
        # memory, the ports the other thread takes were idle anyway. A loop that divides keeps its
        # time too: llvm-mca's port bound is then the divider's pipe (halo_large's (a+b+c)/3.0: 5
        # cycles), a unit calibrate's triad does not use, and the divider floor costs it.
        share = self.share_for(code)
        lo, hi = core_range(code, cycle, max(divider, fetch, chain), share)
        core, core_alone = (lo + hi) / 2, sum(core_range(code, cycle, max(divider, fetch, chain))) / 2
        calls, calls_chained = self._call_time(loop, set(code.calls))
        accesses = [acc for q in seqs for acc in q.accesses]
        mem = self.memory_time(loop, accesses, parts[2])
        # The core and the memory system overlap fully (the roofline model: the max) or not at
        # all (the ECM model's sum, for the transfers the core waits for); a loop whose two times
        # are close lies between (measured: daxpy in L2, 0.43 ns in the core, 0.38 ns of
        # transfers, 0.60 ns a pass). The two are the model's own best and worst; mid is the
        # roofline's max, which the tune half's in-cache streams ran at (docs/model.md).
        best, worst = max_of([sympy.Float(lo), mem]), sympy.Float(hi) + mem
        main = self.main_part.get(loop.id, sympy.Integer(0))
        mid = max_of([sympy.Float(core), mem] + ([] if main == 0 else [
            (sympy.Float(core_alone) ** OVERLAP_P + main ** OVERLAP_P) ** (1 / OVERLAP_P)]))
        per_iter = (mid + calls if self.bound.kind == "mid"
                    else self.bound.pick(best + calls, worst + calls_chained, True))
        fixed, _ = self.loop_overheads(loop)
        value = fixed + loop.num_iters * per_iter
        self.notes[("compiled", loop.id)] = self._loop_note(loop, code, core, (divider, fetch, chain), carried,
                                                            share, (calls, calls_chained))
        self._shares[loop.id] = self._split(loop.body, per_iter)
        self._cache[loop.id] = value
        return value

    def _loop_note(self, loop: Iter, code: LoopCode, core: float, floors: tuple[float, float, float],
                   carried: list[str], share: float, call_times: tuple[float, float]) -> str:
        """The report's note on a loop the generated code costs: the analyzers' figures, the time
        per iteration in the core, and what bounds it (divider, front end, ports, chain, calls)."""
        divider, fetch, chain = floors
        calls, calls_chained = call_times
        cycle = self.cycle()
        passes = shared_passes(code, share)
        return (
            f"compiled model: loop at {loop.loc}: {code.cycles:.3g} cycles per pass of the generated loop "
            f"in {code.where} (llvm-mca -mcpu={self.setting('cpu')}"
            + (f"; -mcpu={self.setting('mca_cpu')}: {code.model2:.3g}" if code.model2 is not None else "")
            + (f"; OSACA --arch {osaca_tool.arch(self.setting('cpu'))}: {code.osaca:.3g}" if code.osaca is not None
               else f"; not OSACA: {code.osaca_note}") + f"), {code.per_pass} iteration"
            f"{'s' if code.per_pass > 1 else ''} per pass ({code.how}): {core * 1e9:.3g} ns per iteration "
            f"in the core at {cycle * 1e9:.3g} ns per cycle ({self.cycle_source()})"
            + (f" (the divider: {_divider_words(code.divisions)} per pass at the calibrated throughput)"
               if divider > code.cycles / code.per_pass * cycle else "")
            + self._fetch_note(code, fetch, max(max(passes) / code.per_pass * cycle, divider))
            + (f"; the ports' bound ({', '.join(f'{r:.3g}' for r in code.ports)} cycles a pass) over the core's "
               f"issue share {share:.3g} (processing.compiled.issue_share): at least "
               f"{min(r for r in code.ports) / share / code.per_pass * cycle * 1e9:.3g} ns"
               if passes != code.passes() else "")
            + (f"; at least {chain * 1e9:.3g} ns, the measured latencies (ops.*) of the instructions "
               f"that carry {', '.join('%' + r.replace('v', 'xmm') if r.startswith('v') else '%' + r for r in carried)} "
               "to the next pass"
               if chain > max(max(passes) / code.per_pass * cycle, divider, fetch) else "")
            + (f", plus calls {calls * 1e9:.3g} ns" if calls else "")
            + (f" (independent calls at lib_throughput; {calls_chained * 1e9:.3g} ns as a chain, the worst end)"
               if calls_chained != calls else ""))

    def share_for(self, code: LoopCode) -> float:
        """The share of the ports a loop's pass stretches by: the machine's, 1 for a loop that
        divides (its port bound is the divider's pipe)."""
        return self._issue_share() if not code.divisions else 1.0

    def _issue_share(self) -> float:
        """The share of the core's ports this process gets (compiled.issue_share), 1 without it."""
        if not self.has("compiled.issue_share"):
            return 1.0
        share = self.t("compiled.issue_share")
        if share <= 0:
            raise InputError(f"{self.sau.id}: processing.compiled.issue_share is {share:g}: a process gets "
                             "some share of its core's ports; give a fraction above 0 and at most 1 "
                             "(interp calibrate measures it)")
        return share

    def _chain(self, code: LoopCode) -> tuple[float, list[str]]:
        """Seconds per source iteration of the register dependency cycle the generated loop carries,
        at the calibrated latencies (asm_chain.py): a floor under llvm-mca's cycles, whose
        scheduling model may not know the core's latencies (Zen 1: llvm-mca takes a mulsd as 3
        cycles, node_bench measures 4)."""
        latency = {op: self.t(f"ops.{op}", note=False) for op in CHAIN_OPS if self.has(f"ops.{op}")}
        if not latency:
            return 0.0, []
        per_pass, regs = asm_chain.carried(code.insns, latency)
        return per_pass / code.per_pass, regs

    def _fetch_bound(self, code: LoopCode) -> float:
        """The front end's time per pass: one fetch window per cycle, so a pass across two or more
        windows takes at least fetch_time per window (code_layout.py); 0 within one window."""
        if code.placed is None:
            return 0.0
        return max((n * t for _, n, t in self._fetch_spans(code)), default=0.0)

    def _fetch_spans(self, code: LoopCode) -> list[tuple[int, int, float]]:
        """(block bytes, blocks the pass spans, time per block) at the fetch window and at each
        wider boundary the file times (``fetch_time_32``, ``fetch_time_64``), where the pass
        spans two or more blocks."""
        width = int(self.t("compiled.fetch_window"))
        sizes = [(width, "compiled.fetch_time")] + [(w, f"compiled.fetch_time_{w}") for w in (32, 64)
                                                    if w > width and self.has(f"compiled.fetch_time_{w}")]
        return [(w, n, self.t(key)) for w, key in sizes if (n := code.placed.windows(w)) > 1]

    def _fetch_note(self, code: LoopCode, fetch: float, bound: float) -> str:
        """The note's words on the placement; ``bound``: the analyzers' and the divider's time per
        iteration, which the front end's ``fetch`` exceeds or not."""
        if code.placed is None:
            return f"; its placement in the linked program is not known: {code.layout_note}" if code.layout_note else ""
        width = int(self.t("compiled.fetch_window"))
        n = code.placed.windows(width)
        where = f"bytes {code.placed.start:#x}-{code.placed.end - 1:#x} of the linked program"
        if n < 2:
            return f"; its code lies within one {width} B fetch window ({where})"
        wider = "".join(f", and {k} blocks of {w} B: at least {k} x {t * 1e9:.3g} ns a pass "
                        f"(processing.compiled.fetch_time_{w})" for w, k, t in self._fetch_spans(code) if w > width)
        return (f"; its code spans {n} fetch windows of {width} B ({where}): at least {n} x "
                f"{self.t('compiled.fetch_time') * 1e9:.3g} ns a pass (processing.compiled.fetch_time)"
                + wider + (", which bounds it" if fetch > bound else ""))

    def loop_overheads(self, loop: Iter) -> tuple[float, float]:
        """A loop interpreted iteration by iteration (IterND, IterSync, a sampled loop) keeps the
        roofline model's costs; its note says so (the engine asks for its overheads once per run
        of the loop)."""
        if loop.cls != "IterD" and ("compiled", loop.id) not in self.notes and loop.id in self.code():
            self.notes[("compiled", loop.id)] = (
                f"compiled model: loop at {loop.loc} costed by the roofline model: it is interpreted "
                f"iteration by iteration ({loop.cls}: "
                + ("it communicates" if loop.cls == "IterSync" else "its exit is decided as it runs")
                + "), not summed in closed form")
        return super().loop_overheads(loop)

    def _converted(self, aaus: list[AAU]) -> list[Seq] | None:
        """The Seqs of a body whose ifs the compiler turned into selects (the generated loop is
        branch-free): both arms of every if, since a select computes both; None when the body
        holds anything but Seqs, inlined calls and ifs of them (a loop, a break, a return)."""
        out = []
        for a in aaus:
            if a.cls in ("Start", "End"):
                continue
            if isinstance(a, Call):
                a = self.inlined(a)
            if isinstance(a, Seq) and a.control is None:
                out.append(a)
            elif isinstance(a, Condt):
                for b in a.branches:
                    inner = self._converted(b.body)
                    if inner is None:
                        return None
                    out += inner
            else:
                return None
        return out

    def _summed(self, seqs: list[Seq]) -> tuple[float, float, float] | None:
        alu = div = mem = 0.0
        for q in seqs:
            parts = self.seq_parts(q)
            if parts is None:
                return None
            alu, div, mem = alu + parts[0], div + parts[1], mem + parts[2]
        return alu, div, mem

    def _seqs(self, loop: Iter) -> list[Seq]:
        out = []
        for a in loop.body:
            a = self.inlined(a) if isinstance(a, Call) else a
            if isinstance(a, Seq):
                out.append(a)
        return out

    def _library(self, loop: Iter, name: str) -> bool:
        """Is a call of the generated loop one of the source's library calls (costed by lib.*)?"""
        return any(key.split(".", 1)[-1] == name for s in self._seqs(loop) for key in s.counts.calls)

    def _call_time(self, loop: Iter, called: set[str]) -> tuple[float, float]:
        """Calibrated time of the library calls the generated loop still makes, per iteration:
        (as independent calls, as a chain). The out-of-order core overlaps a call with the next
        iteration's when neither needs the other's result (``y[i] = exp(-x[i]*x[i])``, ``s +=
        sin(x[i])``): ``lib_throughput.*`` (calibrate: independent calls, the call included) where
        the machine gives it; the chain's time (``lib.*`` + call overhead, calls that feed each
        other: ``x = exp(-x)``, and ``rand``'s state) is the worst end (docs/model.md)."""
        fast = chained = 0.0
        for s in self._seqs(loop):
            for key, n in s.counts.calls.items():
                name = key.split(".", 1)[-1]
                if name not in called:
                    continue
                chain = self.call_cost(key, s.counts.call_args.get(key, 0))
                tput = f"lib_throughput.{name}"
                fast += n * (self.t(tput) if key.startswith("lib.") and self.has(tput) else chain)
                chained += n * chain
        return fast, chained


def _divider_words(ops: list[str]) -> str:
    """``1 division``, ``2 divisions and 1 square root``: what occupies the unit in one pass."""
    div = sum(1 for op in ops if op.endswith("_div"))
    roots = len(ops) - div
    words = [f"{n} {w}{'s' if n > 1 else ''}" for n, w in ((div, "division"), (roots, "square root")) if n]
    return " and ".join(words)


def _innermost(functions) -> list[Iter]:
    """The program's loops that hold no other loop."""
    out = []

    def walk(aaus: list[AAU]) -> bool:
        has = False
        for a in aaus:
            if isinstance(a, Iter):
                has = True
                if not walk(a.body):
                    out.append(a)
            else:
                for body in a.bodies():
                    has = walk(body) or has
        return has

    for fn in functions:
        walk(fn.body)
    return out
