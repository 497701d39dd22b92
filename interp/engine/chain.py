"""One process's chain of AAUs (paper 3.4.1): evaluated AAU by AAU on the process's clock.

Computation advances the process's own clock tau_i = tau_{i-1} + delta_{i-1} with no engine
involvement; deterministic loops and branches take their closed forms from ``omega``. When the
chain reaches a Comm, Sync, SyncSeq or Spawn AAU it yields an ``Op`` to the engine and resumes
with the ``Completion`` (Algorithm 2: an AAU that must wait leaves its chain active); those AAUs
are interpreted by ``chain_comm.ChainComm``.
"""
from __future__ import annotations

from frontends.aag import AAG, AAU, COMPOUND_CLASSES, RETURN_VALUE, RETURNED, SIMPLE_CLASSES, Call, Condt, Iter, Seq
from frontends.aag import symexpr as S
from frontends.aag.bodies import ENDS, has_jump

from interp.engine.chain_comm import ChainComm
from interp.engine.compiled import Unknown
from interp.engine.dispatch import Dispatch
from interp.engine.first_touch import FirstTouch
from interp.engine.early_exit import EarlyExit
from interp.engine.endless import ITER_STEP, Endless
from interp.engine.exit_scan import ExitScan
from interp.engine.recurrence import RecurrenceRun
from interp.engine.mispredict import CONTINUE, Mispredict
from interp.engine.overlap import Overlap
from interp.engine.sampling import Sampling
from interp.engine.values import Values
from interp.engine.ops import Op
from interp.errors import InputError
from interp.models.omega import NodeModel, NotClosed
from interp.engine.result import AAUStats, Span
from interp.engine.symtime import SymTime



# Control words that leave a loop, and those its enclosing bodies must see too: a return leaves
# the function, an ending call (exit, MPI_Abort: frontends/aag/bodies.ENDS) the whole chain.
_LEAVES = ("break", "return") + ENDS
_PASS_ON = ("return",) + ENDS


class Chain(ChainComm, Dispatch, EarlyExit, Endless, ExitScan, FirstTouch, RecurrenceRun, Mispredict, Overlap,
            Sampling, Values):
    """The interpretation of one process (its AAG chain)."""

    def __init__(self, index: int, label: str, aag: AAG, model: NodeModel, engine, rank_value: int,
                 nprocs: int, inputs: dict[str, float]):
        self.index = index
        self.iterations = 0  # loop iterations interpreted, for the budget (ITER_STEP)
        self.label = label
        self.aag = aag
        self.model = model
        self.engine = engine
        self.rank_value = rank_value
        self.nprocs = nprocs
        self.inputs = inputs
        self.clock = 0.0
        self.stack: list[AAUStats] = []
        self.proc = engine.result_procs[index]
        self.current: AAU | None = None
        self.requests: dict[str, list] = {}
        self.coll_seq = 0
        self.comm_seqs: dict[int, int] = {}  # collectives so far per communicator the program created
        self.creations: dict[int, int] = {}  # communicators created so far, per parent communicator
        self.matched_bytes = 0.0  # bytes of the message the last receive or probe matched
        self.matched = (None, None)  # its source process and tag
        Values.__init__(self, not engine.symbolic)
        self.offset = 0.0  # steady-state jumps so far: reported times are clock + offset
        self.my_stats: list[AAUStats] = []  # this process's statistics, in creation order
        self.stats_by_id: dict[int, AAUStats] = {}  # the same by AAU id (engine.stats: by (process, id))
        self.watched = 0  # loop instances watched for a steady state so far
        self.wait_collectors: list[list] = []  # steady-state watches noting one period's waits
        self.ended: tuple | None = None  # (control word, AAU) when an ending call ended the chain
        self.sym_waits = None  # rank symmetry (engine/symmetry.py): the waits kept for the whole class
        # The visit method of every AAU class (paper Table 4), by class name.
        self.visits = {cls: getattr(self, f"visit_{cls}") for cls in SIMPLE_CLASSES + COMPOUND_CLASSES}

    # -- statistics --------------------------------------------------------------------------
    def stats(self, a: AAU) -> AAUStats:
        s = self.stats_by_id.get(a.id)
        if s is None:
            s = self.engine.stats[(self.index, a.id)] = AAUStats(
                a.id, a.cls, str(a.loc) if a.loc else "", a.label, a.function, a.region, len(self.stack))
            self.stats_by_id[a.id] = s
            self.my_stats.append(s)
        return s

    def charge(self, a: AAU, seconds: float) -> None:
        """Computation time to the AAU, the process and every enclosing AAU (a loop's own
        overhead is charged once, to the loop)."""
        if seconds == 0:
            return
        s = self.stats(a)
        s.comp += seconds
        self.proc.comp += seconds
        for outer in self.stack:
            if outer is not s:
                outer.comp += seconds

    def compute(self, a: AAU, delta: float, count: float = 1.0) -> None:
        start = self.clock
        self.clock += delta
        s = self.stats_by_id.get(a.id) or self.stats(a)
        s.record(start + self.offset, delta, count)
        if not delta == 0:  # charge(a, delta), inline: every Seq and closed form comes here
            s.comp += delta
            self.proc.comp += delta
            for outer in self.stack:
                if outer is not s:
                    outer.comp += delta
        if self.engine.tracing:
            self.engine.spans.append(Span(self.index, a.id, start, self.clock, "comp", len(self.stack)))

    # -- the chain ---------------------------------------------------------------------------
    def run(self):
        """Generator: interpret main; yields Ops, receives Completions."""
        for name, init in self.aag.global_inits.items():
            if name[-2:] == S.ELEMENTS:  # a table's elements its initializer leaves out: 0
                self.define(name, init)
                continue
            self.globals[name] = None if init is None else self.try_eval(init)
        for name in self.aag.zeroed_flags:  # static storage: C zeroes it
            self.flag_start(name, 0.0)
        for name in self.aag.main.shadows:
            self.frames[0].setdefault(name, None)
        if self.aag.main.params[:1] == ["argc"]:
            self.frames[0]["argc"] = self.inputs.get("argc")
        self.forget()
        self.proc.start = self.clock
        flow = yield from self.body(self.aag.main.body)
        if flow in ENDS:  # exit(), STOP, MPI_Abort(): the process ends at this AAU
            self.ended = (flow, self.current)
            if flow == "abort":  # every process ends, at this time in global order
                yield Op("abort", self.current)
        self.proc.end = self.clock + self.offset

    def body(self, aaus: list[AAU]):
        """Generator: interpret a body AAU by AAU, each by the visit method of its class (Table 4).

        Seq, the most frequent AAU, is visited inline and is not a generator: a generator per Seq
        made the halo benchmark (benchmarks/halo_scaling.py) measurably slower."""
        visit = self.visits
        for a in aaus:
            self.current = a
            cls = a.cls
            if cls == "Seq":
                self.visit_Seq(a)
                if a.control:
                    return a.control
                continue
            flow = yield from visit[cls](a)
            if flow:
                return flow
        return None

    # -- simple AAUs -------------------------------------------------------------------------
    def visit_Seq(self, a: Seq) -> None:
        """Seq: the linear combination of its operation counts and the SAU's costs (omega.seq)."""
        # divisions by their quotients' widths, with the operands' values before the statements
        plain = a.cost is None and a.work is None
        windowed = self.window_seq(a) if plain and self.window is not None else None  # overlap.py
        extra = self.quotient_extra(a, a.counts) if a.counts.quotients and plain and windowed is None else 0.0
        for name, expr in self.defs_of(a):
            self.define(name, expr)
        if self.sym_waits is not None and a.defs:  # rank symmetry: the rank functions of the names
            self.engine.symmetry.assigned(self, a)
        if a.cost is not None or a.work is not None:  # an annotation: the user's expression
            delta = self.need(self.model.seq(a), "interpretation function")
            if delta < 0:
                raise InputError(f"{self._where()}: the annotated time is {float(delta):g} s on {self.label}: a "
                                 "time cannot be negative; check the cost()/work() expression and its inputs")
        else:
            delta = self.model.seq_time(a) + extra if windowed is None else windowed
            if a.allocations:
                delta += self.first_touch(a)
        self.compute(a, delta)

    def visit_Start(self, a: AAU):
        """Start and End mark a function's entry and exit: an execution, no time."""
        self.stats(a).record(self.clock + self.offset, 0.0)
        return None
        yield  # a generator, like every compound visit

    visit_End = visit_Start

    # -- loops -------------------------------------------------------------------------------
    def visit_IterD(self, a: Iter):
        """IterD: Omega = t_fixed + NumIters * (t_per_iter + delta_body), in closed form (paper
        3.4.2); the loop costs the same to interpret whatever its trip count."""
        if not self.engine.closed_forms or self.engine.may_end(a, self.aag.functions):
            return (yield from self.visit_IterSync(a))
        try:
            closed = self.model.iterd(a)
            if a.var is not None:
                try:
                    self.eval(closed, "loop trip count")
                except Unknown as exc:
                    # the sum still reads its index (trial division's divisor loop), or data a
                    # callee reads through a pointer (x->key): interpreted, that is weighted
                    if exc.name == a.var or not exc.name.startswith("input:"):
                        raise NotClosed(a) from None
        except NotClosed:  # a call in the body has no closed form (a loop that returns early)
            n = self.try_eval(a.num_iters) if a.num_iters is not None else None
            if self.engine.sampling and n is not None and a.var is not None and self.sample(a, n):
                return (yield from self.sampled(a, int(n)))
            return (yield from self.visit_IterSync(a))
        delta = self.need(closed, "loop trip count")
        if delta < 0:  # only an annotation can make a time negative
            raise InputError(f"{a.loc}: the loop's time is {float(delta):g} s on {self.label}: a time cannot be "
                             "negative; check the cost()/work() expressions inside it and their inputs")
        if a.has_allocations:   # the pages' first touch, once (first_touch.py)
            delta += self.first_touch_within(a)
        start = self.clock
        self.compute(a, delta)
        if a.effects is not None:  # every assigned name in closed form of the values before
            after = [(name, self.try_eval(expr)) for name, expr in a.effects]
            self.attribute_inner(a, start)  # its counts are of the values before (whilecount.py)
            self.store_fills(a)  # the elements it stores (row pointers, aag/fill.py), if any
            self.assign_all(dict(after))
            return None
        for name in a.clobbers:
            self.assign(name, None)
        if a.var is not None and a.num_iters is not None:
            n = self.try_eval(a.num_iters)
            lo, st = self.try_eval(a.lo), self.try_eval(a.step)
            if None not in (n, lo, st):
                self.assign(a.var, lo + n * st)
        self.attribute_inner(a, start)
        return None

    def visit_IterSync(self, a: Iter):
        """IterSync: a loop with communication inside, interpreted iteration by iteration (the
        recurrence of paper 3.4.2); a steady state is extrapolated (engine.steady). IterND, a loop
        whose count the source does not give, is interpreted the same way until its condition
        fails (or for the count an iters() annotation states). Returns "return" when its body
        returned (a "break" ends the loop itself)."""
        s = self.stats(a)
        start = self.clock + self.offset
        fixed, per = self.model.loop_overheads(a)
        cond_cost = self.model.expr_counts(a.cond_counts)
        self.clock += fixed
        self.charge(a, fixed)
        self.stack.append(s)
        n_known = self.concrete(self.need(a.num_iters, "loop trip count"), "loop trip count") \
            if a.num_iters is not None else None
        if a.var is not None and a.lo is not None:
            self.assign(a.var, self.concrete(self.need(a.lo, "loop start"), "loop start"))
        step = self.concrete(self.need(a.step, "loop step"), "loop step") if a.step is not None else None
        k, flow, last_state = 0, None, None
        per_iter = per + cond_cost
        widths = a.cond is not None and bool(a.cond_counts.quotients) and self.model.widths_known()
        windows, outer_window = self.windows(a), self.window  # overlap.py: one window an iteration
        self.window = None  # (a loop without windows keeps its statements out of an outer one's)
        proc = self.proc
        outers = [x for x in self.stack if x is not s]
        steady = self.engine.steady
        watch = n_known is not None and steady.enabled and steady.eligible(self, a)
        entry, n_known = self._loop_start(a, n_known, watch)
        predicted = self.predicted_branches(a)  # mispredict.py: the test's outcomes
        if not watch and self.engine.closed_forms:  # exit_scan.py: a search's
            k = self.exit_scan(a, n_known, step) or self.recurrence_run(a, n_known)  # charged at once
        while True:
            if n_known is not None:
                if k >= n_known:
                    break
                if watch:
                    skip = steady.boundary(self, a, entry, k, int(n_known))
                    if skip:
                        watch = False
                        if skip > 0:  # the steady state repeats: skip iterations k .. k + skip - 1
                            k += skip
                            if a.var is not None and step is not None:
                                self.assign(a.var, self.lookup(a.var) + skip * step)
                        elif n_known - k > ITER_STEP and not has_jump(a.body):  # no steady state after all
                            self.engine.budget.forecast(n_known - k, lambda: f"{a.loc} ({a.cls}) on {self.label}")
            else:
                if (a.kind != "do" or k > 0) and a.cond is not None:
                    self.current = a  # an error names the loop's line, not its body's last AAU
                    if not self.loop_condition(a):  # early_exit.py: a part on data of a solver's loop
                        break
                last_state = self._endless(a, k, last_state)
            self.iterations += 1  # over every loop of this process: nests of short loops count too
            if not self.iterations & (ITER_STEP - 1):
                self.engine.budget.spend(ITER_STEP, lambda: f"{a.loc} ({a.cls}) on {self.label}")
            if predicted:
                self.clock += self.charged(a, self.outcome(a.id, CONTINUE))
            if windows:  # per + the condition, in this iteration's window
                self.clock += self.charged(a, self.iteration_window(a, per))
            else:
                self.clock += per_iter
                if per_iter:
                    s.comp += per_iter  # charge(): the loop's own overhead, to the loop and outer AAUs
                    proc.comp += per_iter
                    for outer in outers:
                        outer.comp += per_iter
                if widths:  # the condition's divisions by their quotients' widths (models/divider.py)
                    self.clock += self.charged(a, self.quotient_extra(None, a.cond_counts))
            flow = yield from self.body(a.body)
            k += 1
            if flow in _LEAVES:
                break
            flow = None
            if a.var is not None and step is not None:
                self.assign(a.var, self.lookup(a.var) + step)
        self.window = outer_window
        self.clock += self.charged(a, self.exits(a, k, predicted and flow is None))  # mispredict.py
        self.stack.pop()
        s.record(start, self.clock + self.offset - start)
        self.trace_compound(a, start)
        return flow if flow in _PASS_ON else None

    def _loop_start(self, a: Iter, n_known, watch: bool):
        """An interpreted loop's start: its steady-state watch number (None: not watched) and its
        trip count (as given; 1 for a loop check's survey lists as refused), the budget's forecast
        of a long counted loop, the refusal of a loop nothing can end."""
        entry = None
        if watch:
            entry = self.watched
            self.watched += 1
        elif n_known is not None and n_known > ITER_STEP and not has_jump(a.body):
            self.engine.budget.forecast(n_known, lambda: f"{a.loc} ({a.cls}) on {self.label}")
        if n_known is None and a.cond is None and not has_jump(a.body, closed_continue=True):
            n_known = self._refuse_data_loop(a)
        return entry, n_known

    def charged(self, a: AAU, seconds: float) -> float:
        """``charge`` returning the seconds (for the clock)."""
        self.charge(a, seconds)
        return seconds

    def trace_compound(self, a: AAU, start: float) -> None:
        if self.engine.tracing:
            self.engine.spans.append(Span(self.index, a.id, start, self.clock, "compound", len(self.stack)))

    def attribute_inner(self, aau, start: float) -> None:
        """Executions and time of the AAUs inside a closed-form loop or call (AAU-level reports)."""
        key = -1 - aau.id
        rows = self.memo.get(key)
        if rows is None:
            rows = []
            inner = self.engine.inner_attributions(self.model, aau)
            for child, count_e, total_e in inner:
                count = self.try_eval(count_e)
                total = self.try_eval(total_e)
                if count is None or total is None or count == 0:
                    continue
                rows.append((child, count, total))
            if self.memo_on and not any(isinstance(x, SymTime) for _, c, t in rows for x in (c, t)):
                names = self.names_of(*(e for _, c, t in inner for e in (c, t)))
                if names is not None:
                    self.remember(key, rows, names)
        depth = len(self.stack) + 1
        for child, count, total in rows:
            st = self.stats(child)
            st.record(start + self.offset, total, count)
            if depth > st.depth:
                st.depth = depth
            st.comp += total

    # -- conditionals ------------------------------------------------------------------------
    def visit_CondtD(self, a: Condt):
        """CondtD: a branch on data is weighted by its probabilities (Algorithm 3, omega.condt);
        a branch on critical variables is decided as CondtSync decides it."""
        if a.dispatch:  # a call through a pointer (dispatch.py)
            return (yield from self.dispatched(a))
        if not any(b.data_dependent for b in a.branches):
            if not self._on_data_here(a):
                return (yield from self.visit_CondtSync(a))
            a = self.engine.weighted(a, self)  # a value turned out to come from data: weigh it
        try:
            weighted = self.model.condt(a)
        except NotClosed as exc:  # a break, continue or return under a condition on data
            return self.leave_on_data(a, exc.args[0] if exc.args else a)  # early_exit.py, or refused
        delta = self.need(weighted, "branch condition")
        self.compute(a, delta)
        for b in a.branches:
            for x in b.body:
                for y in x.walk():
                    if isinstance(y, Seq):
                        for name, _ in y.defs:
                            self.assign(name, None)
        return None

    def _on_data_here(self, a: Condt) -> bool:
        """Does deciding this branch on this process need a value that comes from data (rand(),
        a value read into a variable the parse tracks)? Then it cannot be decided, only weighed."""
        for b in a.branches:
            if b.cond is None:
                return False
            v = self.try_eval(b.cond)
            if v is None:
                return True
            if self.decide(v, "branch condition"):
                return False
        return False

    def visit_CondtSync(self, a: Condt):
        """CondtSync: the condition is evaluated on this process and the branch taken interpreted."""
        if a.dispatch:
            return (yield from self.dispatched(a))
        t1, t2 = self.model.t("cond.per_condition"), self.model.t("cond.branch_taken")
        if self.sym_waits is not None and a.id in self.engine.symmetry.branches:  # on the rank: classes
            self.engine.symmetry.check_branch(self, a)
        s, start = self.stats(a), self.clock + self.offset
        self.stack.append(s)
        tested, chosen, window = 0.0, None, self.window
        conds = []
        for taken, b in enumerate(a.branches):
            if window is None:
                tested += self.model.expr_counts(b.cond_counts) + (
                    self.quotient_extra(None, b.cond_counts) if b.cond_counts.quotients else 0.0)
            else:
                conds.append(b.cond_counts)  # before the branch's body changes the operands
            if b.cond is None or self.decide(self.need(b.cond, "branch condition"), "branch condition"):
                chosen = b
                break
        if chosen is None:
            fixed = len(a.branches) * t1
        else:
            fixed = (chosen.nconds + (1 if chosen.cond is None else 0)) * t1 + t2
        overhead = fixed + tested if window is None else self.window_tests(fixed, conds)
        if self.predicted_branches(a):  # mispredict.py: the outcome, the branch taken or none
            overhead += self.outcome(a.id, taken if chosen is not None else len(a.branches))
        self.clock += overhead
        self.charge(a, overhead)
        flow = None
        if chosen is not None:
            flow = yield from self.body(chosen.body)
        self.stack.pop()
        s.record(start, self.clock + self.offset - start)
        self.trace_compound(a, start)
        return flow

    # -- calls -------------------------------------------------------------------------------
    def _may_close(self, a, fn) -> bool:
        """Can call ``a`` take its callee's closed form (no communication, recursion, values
        passed back, ending or globals set)? Static: kept per call site (the walk of the callee's
        body for messages was made at every call, 4% of a gcd-sum prediction)."""
        key = ("may close", a.id)
        memo = self.engine._inner
        if key not in memo:
            memo[key] = (fn is not None and not a.result and not any(x.has_sync() for x in fn.body)
                         and not fn.recursive and not a.refs and not a.arrays
                         and not self.engine.may_end(a, self.aag.functions)
                         and not self.engine.sets_globals(a, self.aag))
        return memo[key]

    def visit_Call(self, a: Call):
        """Call: the callee's closed form when it has one (no communication, not recursive), else
        its body interpreted in a new frame."""
        fn = self.aag.functions.get(a.callee)
        if a.result:  # the caller reads the value (Seq.returned): interpreted, never a stale one
            self.assign(RETURNED, None)
        if a.cost is not None or self._may_close(a, fn):
            try:
                value = self.model.call(a)
                if self.reads_data(value):  # interpreted, its branches on data are weighted
                    raise NotClosed
                delta = self.need(value, "call's interpretation function")
                start = self.clock
                self.compute(a, delta)
                if a.cost is None:
                    self.attribute_inner(a, start)
                return
            except NotClosed:
                pass
        if fn is None or fn.recursive:
            raise InputError(f"{a.loc}: recursive call of {a.callee}() needs its time stated: put "
                             f"'{self.directive} cost(EXPR)' above line {a.loc.first}")
        s = self.stats(a)
        start = self.clock + self.offset
        overhead = self.model.t("call.per_call") + len(a.args) * self.model.t("call.per_arg", note=False)
        self.clock += overhead
        self.charge(a, overhead)
        frame = self.call_frame(fn, a)
        self.frames.append(frame)
        self.forget()
        self.stack.append(s)
        flow = yield from self.body(fn.body)
        self.stack.pop()
        self.frames.pop()
        self.forget()
        if a.result:
            self.assign(RETURNED, frame.get(RETURN_VALUE))
        for param, var in a.refs.items():  # stores through pointer parameters reach the caller
            for name, value in self.referenced(f"*{param}", var, frame).items():
                self.assign(name, value)
        for param, var in a.arrays.items():  # and stores into an array's elements
            self.assign_all({k: v for k, v in self.referenced(param, var, frame).items() if k != var})
        s.record(start, self.clock + self.offset - start)
        self.trace_compound(a, start)
        return flow if flow in ENDS else None  # a return ends only the callee; exit ends everything
