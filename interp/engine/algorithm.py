"""The interpretation engine (paper 3.4, Algorithm 2) with the comm/sync model of Figure 11.

Every process is a chain (``chain.Chain``) on its own clock. The engine keeps the operations that
must synchronize in a queue keyed by global time and resolves them in that order, so shared
resources (links, static buffer pools) are granted in global-time order and the result does not
depend on the order in which chains are taken. Communication time is split into call overhead,
transmission and waiting:

- a blocking send pays its startup (overhead) and transmission (per byte and per hop, static
  buffers up to the machine's static buffer size, dynamic buffers above); it waits when a link on
  its route is busy (circuit switching: a message holds every link of its route while it is
  transmitted) or when the receiver's pool of static buffers is exhausted;
- an asynchronous send pays the startup only; the message becomes receivable at send time plus
  transmission;
- a synchronous (rendezvous) send also waits for the matching receive to be posted;
- a receive waits until its message has arrived, then pays the receive overhead;
- a barrier releases every process at the last arrival plus the sync overhead;
- collectives are the point-to-point messages of the machine's algorithm (``collectives``), or the
  machine's fitted expression of (m, n) when it gives one;
- (1 - overlap) of a send's overhead and transmission is charged to the sender.
"""
from __future__ import annotations

import gc
import heapq
import itertools
from dataclasses import fields, replace
from typing import NamedTuple

from frontends.aag import AAG, Iter
from frontends.aag.bodies import ends, sets_globals
from sag.model import SAG

from interp.engine.budget import Budget, BudgetExceeded
from interp.engine.chain import Chain
from interp.engine.communicators import Communicators
from interp.engine import endless
from interp.engine.hang import hang_report
from interp.engine.kept_values import loops_keeping_values
from interp.engine.compiled import Compiled
from interp.engine.completion import Completions
from interp.engine.collective import Collectives
from interp.engine.leftovers import Leftovers
from interp.engine.network import Network
from interp.engine.nonblocking import NonBlocking
from interp.engine.ops import HOST_RANK, Completion, label as op_label
from interp.engine.options import EngineOptions
from interp.engine.p2p import PointToPoint
from interp.engine.process import Process
from interp.engine.weighting import weighted_branch
from interp.engine.result import CATEGORIES, Message, ProcStats, RunResult
from interp.engine.notes import run_notes
from interp.engine.steady import Broken, SteadyState
from interp.engine.symmetry import SymmetricStats, Symmetry, SymmetryBroken, Waits, eligible
from interp.engine.symmetry_classes import MAX_RESTARTS, ByRank, ClassesSplit, Partition, max_classes
from interp.engine.symtime import SymTime
from interp.errors import InputError, ProgramHang
from interp.filter.mapping import Mapping, check_procs
from interp.models import model_for
from interp.models.attribution import call_attributions, loop_attributions
from interp.models.omega import NodeModel


BUDGET_STEP = 1 << 16  # events between two looks at the budget


class Event(NamedTuple):
    """An operation waiting in the global-time queue: heap order is (time, tiebreak, seq).

    The queue holds plain tuples in this layout: building an Event costs 0.4 us against 0.04 us
    for a tuple, 2% of the 1,024-process halo benchmark (benchmarks/halo_scaling.py)."""

    time: float
    tiebreak: int  # simultaneous events: by process index (or reversed, or by arrival)
    seq: int  # arrival order, so no two events compare equal
    proc: int  # the process whose pending operation this is


_PROC = Event._fields.index("proc")


def _receives_critical(prog: AAG) -> bool:
    """Does a message or broadcast deliver into a variable that decides control flow?"""
    # an array's elements (a[3]) and a struct's members (job.size): the buffer is a or job
    critical = {name.split("[", 1)[0].split(".", 1)[0] for name in prog.critical}
    for a in prog.walk():
        for buf in (getattr(a, "buffer", None), getattr(a, "recv_buffer", None)):
            if buf and buf.split("[", 1)[0].split(".", 1)[0] in critical:
                return True
    return False


class Engine:
    def __init__(self, programs: list[AAG], sag: SAG, nprocs: int, inputs: dict[str, float],
                 options: EngineOptions = EngineOptions()):
        check_procs(nprocs)  # before anything is sized by it
        self._args = (programs, sag, nprocs, inputs)
        self.options = options
        self.sag = sag
        self.record_messages = options.messages or options.trace  # Message records: traces, plots, the SAAG
        self.bound = options.bound
        self.notes: dict = {}
        self.comms = Communicators(nprocs)
        self.compiled = Compiled(self.comms.functions())
        self.stats: dict = {}
        self.tracing = options.trace
        self.spans: list = []
        self.messages: list[Message] = []
        self.closed_forms = options.closed_forms  # False: unroll deterministic loops (to check the closed forms)
        self.symbolic = any(type(v).__name__ == "SymTime" for v in inputs.values())
        host_prog = next((p for p in programs if p.role == "host"), None)
        node_prog = next((p for p in programs if p.role != "host"), None)
        if host_prog is not None and node_prog is None:
            raise InputError(f"{host_prog.file} loads a node program: give the node program's file too "
                             f"(interp run {host_prog.file} NODE.c)")
        if node_prog is not None and node_prog.role == "node" and host_prog is None and node_prog.api == "nx" \
                and any(a.cls == "Comm" and a.partner is not None and a.partner.is_number
                        and int(a.partner) == HOST_RANK for a in node_prog.walk()):
            raise InputError(f"{node_prog.file} sends to myhost(): give the host program's file first "
                             f"(interp run HOST.c {node_prog.file})")
        self.mapping = Mapping(sag, nprocs, host_prog is not None, self.bound, self.notes, options.placement)
        self.nprocs = nprocs
        self.result_procs = [ProcStats(p.index, p.label, p.sau.id) for p in self.mapping.procs]
        self.models: dict[str, NodeModel] = {}
        self.procs: list[Process] = []
        self.host_prog, self.node_prog = host_prog, node_prog
        # Message contents are tracked only when some receive buffer decides control flow.
        self.track_payloads = any(_receives_critical(prog) for prog in (host_prog, node_prog) if prog is not None)
        options = Completions.options_for(programs, options)  # no rank symmetry with MPI_Waitany, ...
        options = NonBlocking.options_for(programs, options)  # nor with MPI_Ibcast, ...
        sym = eligible(self, options)  # rank symmetry: rank 0 alone is interpreted (symmetry.py)
        # several classes: a restart with the partition (and its symmetry) found so far
        parts = Partition(options.classes, options.class_group) if sym and options.classes else None
        self.symmetry = Symmetry(nprocs, sym[0], sym[1], self.comms.functions(), sym[2], parts, sym[3]) if sym else None
        self._interpreted(inputs)
        self._labels = [place.label for place in self.mapping.procs]
        self.queue: list[tuple] = []  # Event layout
        self.tiebreak = options.tiebreak
        self.seq = itertools.count()
        self.events = 0
        self.budget = Budget(options.max_events, options.timeout)
        self._inner: dict = {}
        self.findings: list = []  # (kind, aau, ranks, message) found while interpreting
        self.aborted: tuple | None = None  # (time, process, AAU) of an MPI_Abort
        self.net = Network(self.mapping, nprocs, self.bound, sag.runtime)
        self.p2p = PointToPoint(self, self.net)
        self.collectives = Collectives(self)
        self.nonblocking = NonBlocking(self)  # MPI_Ibcast, MPI_Iallreduce, ...: their progress agents
        # The engine's operations by kind: who interprets each (point-to-point, collective, ...).
        self.handlers = {"send": self.p2p.send, "isend": self.p2p.isend, "recv": self.p2p.recv,
                         "irecv": self.p2p.irecv, "wait": self.p2p.wait, "waitall": self.p2p.waitall,
                         "probe": self.p2p.probe, "barrier": self.collectives.barrier,
                         "coll": self.collectives.fitted, "spawn": self.spawn, "abort": self.abort,
                         "icoll": self.nonblocking.start}
        self.completions = Completions(self)  # MPI_Waitany, MPI_Test, ...: decided by the clock
        self.handlers.update(self.completions.handlers())
        # Loops with no closed form are sampled (chain.sampled) unless every iteration is asked for.
        self.sampling = options.extrapolate and not options.trace and not self.symbolic
        self.no_defaults = options.no_defaults  # --strict (docs/annotations.md, "Defaults and --strict")
        # check: (file, line) -> the refusal of each loop that needs iters(N) (values.py surveyed)
        self.survey: dict | None = {} if options.survey else None
        # Steady states are extrapolated only when no report needs every event, and not while
        # packet-switched messages share the network (their state is not in the occupancy compared).
        packets = self.mapping.cube_params.packet is not None
        if packets and self.symbolic and options.contention:
            raise InputError(f"--symbolic on {sag.name!r}: packet switching shares links between messages "
                             "at rates that are not closed forms; use interp bound --symbolic")
        needs_all = options.trace or (self.record_messages and not options.leftovers_only)
        self.steady = SteadyState(self, options.extrapolate and not needs_all and not self.symbolic
                                  and not packets, options.banned)

    def _interpreted(self, inputs: dict) -> None:
        """The processes interpreted: every one, or with rank symmetry one per class (by rank when
        there are several: their messages name ranks)."""
        places = [self.mapping.procs[r] for r in self.symmetry.parts.reps] if self.symmetry else self.mapping.procs
        if self.symmetry is not None and self.symmetry.multi:
            self.procs = ByRank()
        for place in places:
            prog = self.host_prog if place.label == "host" else self.node_prog
            rank_value = place.index if place.label != "host" else HOST_RANK
            chain = Chain(place.index, place.label, prog, self._model(place.sau, prog), self, rank_value,
                          self.nprocs, inputs)
            if isinstance(self.procs, ByRank):
                self.procs[place.index] = Process(chain)
            else:
                self.procs.append(Process(chain))
            if self.symmetry is not None:
                chain.sym_waits = Waits()

    def _model(self, sau, prog: AAG) -> NodeModel:
        key = (sau.id, id(prog))
        if key not in self.models:
            sharing = sum(1 for p in self.mapping.procs if p.sau.id == sau.id)
            self.models[key] = model_for(sau)(sau, self.bound, self.sag.runtime, prog.functions, self.notes, sharing)
        return self.models[key]

    def _restart(self, parts) -> RunResult:
        """Again with a finer partition into classes (and the partner values found so far), or
        without symmetry once there are too many classes or restarts."""
        if parts is None or parts.k > max_classes(self.nprocs) or self.options.class_restarts >= MAX_RESTARTS:
            return self._again(replace(self.options, symmetry=False))
        again = Engine(*self._args, replace(self.options, classes=parts.key(), class_group=parts.group.kind,
                                            class_restarts=self.options.class_restarts + 1))
        if again.symmetry is not None:
            again.symmetry.values = self.symmetry.values
        again.survey = self.survey
        return again.run()

    def _again(self, options) -> RunResult:
        """The interpretation made again with other options (a restart): what check's survey
        found so far is kept in the one record the caller reads."""
        again = Engine(*self._args, options)
        again.survey = self.survey
        return again.run()

    # -- Algorithm 2 ---------------------------------------------------------------------------
    def run(self) -> RunResult:
        # The interpretation allocates many short-lived objects and no garbage cycles worth
        # collecting mid-run; the cyclic collector would cost about 15% of the run.
        enabled = gc.isenabled()
        gc.disable()
        try:
            with self.budget.deadline():
                return self._run()
        except Broken as broken:  # a loop stopped repeating after the jump was decided
            banned = self.steady.banned | {broken.aau_id}
            return self._again(replace(self.options, banned=frozenset(banned)))
        except ClassesSplit as split:  # the symmetry classes split: again with the finer partition
            return self._restart(split.partition)
        except SymmetryBroken:  # the processes do not all behave alike: interpret every one
            return self._again(replace(self.options, symmetry=False))
        except InputError as exc:
            if self.symmetry is None or isinstance(exc, BudgetExceeded):
                raise
            # the error as the full interpretation reports it (the first process that meets it)
            return self._again(replace(self.options, symmetry=False))
        finally:
            if enabled:
                gc.enable()

    def _run(self) -> RunResult:
        procs = self.nonblocking.runners(self.procs)  # the queue's keys: processes and progress agents
        starters = [p for p in self.procs if p.chain.label == "host"] if self.host_prog else self.procs
        for p in starters:
            self._start(p, 0.0)
        queue, handlers, pop, net = self.queue, self.handlers, heapq.heappop, self.net
        check_at = self.events + BUDGET_STEP
        while queue or net.flows is not None and net.flows.busy():
            flows = net.flows
            if flows is not None and flows.busy() and (not queue or flows.next_time() <= queue[0][0]):
                flows.step()  # packet-switched messages in flight, in the same global-time order
                continue
            p = procs[pop(queue)[_PROC]]
            self.events += 1
            if self.events >= check_at:
                self.budget.spend(self.events - check_at + BUDGET_STEP, self._busiest)
                check_at = self.events + BUDGET_STEP
            p.events += 1
            op = p.op
            done = handlers[op.kind](p, op, p.op_time)  # the clock value itself (symbolic under --symbolic)
            if done is not None:  # resume(), inline: this loop runs once per event
                p.blocked = None
                p.op = None
                self._advance(p, done)
        blocked = [p for p in self.procs if not p.done]
        if self.symmetry is not None:
            self._expand(blocked)
        if blocked:
            raise ProgramHang(hang_report(self, blocked))
        self.nonblocking.unfinished()
        total = max((p.chain.proc.end for p in self.procs), default=0.0)
        symbolic_total = total.e if isinstance(total, SymTime) else None
        # Each category summed over processes, as closed forms too (sweep --symbolic's table).
        sums = {c: sum((getattr(ps, c) for ps in self.result_procs), 0.0) for c in CATEGORIES} if self.symbolic else {}
        symbolic_sums = {c: v.e if isinstance(v, SymTime) else None for c, v in sums.items()}
        demand = dict(self.net.demand)
        if self.options.demand:  # each process's processor: its computation and call overheads
            for ps in self.result_procs:
                demand[("cpu", ps.label)] = ps.comp + ps.ovh
        if self.symbolic:
            total = self._to_numbers(total)
        return RunResult(
            program=" ".join(a.file for a in (self.host_prog, self.node_prog) if a is not None),
            machine=self.sag.name, nprocs=self.nprocs, inputs={}, bound=str(self.bound), total=total,
            procs=self.result_procs, aaus=self.stats, notes=run_notes(self),
            problems=[], messages=self.messages, events=self.events, scenario=self.sag.scenario,
            extrapolated_events=self.steady.skipped_events,
            symmetric_events=self.symmetry.represented(self) if self.symmetry else 0,
            spans=self.spans,
            aau_info={a.id: (a.cls, str(a.loc) if a.loc else "", a.label)
                      for prog in (self.host_prog, self.node_prog) if prog is not None for a in prog.walk()},
            proc_labels=list(self._labels), symbolic_total=symbolic_total, symbolic_sums=symbolic_sums,
            demand=demand, capacity=dict(self.net.capacity),
            aborted=str(self.aborted[2].loc) if self.aborted is not None else None)

    def _expand(self, blocked: list[Process]) -> None:
        """Rank symmetry: rank 0's figures (each class representative's) become every process's.
        A hang, an early end or a finding is reported for the processes it concerns: predicted
        again with every process."""
        sym = self.symmetry
        sym.split_pending()
        if blocked or self.findings or self.aborted is not None or any(p.chain.ended is not None for p in self.procs):
            raise SymmetryBroken("the run did not end alike on every process")
        if not sym.multi:
            sym.expand(self.result_procs[0], self.procs[0].chain.sym_waits, self.result_procs)
            self.stats = SymmetricStats({aid: s for (_, aid), s in self.stats.items()}, self.nprocs)
        else:
            self.stats = sym.expand_classes(self.procs, self.result_procs, self.stats)

    def _to_numbers(self, total) -> float:
        """--symbolic: reports show the numbers at the samples; the closed form is kept apart."""
        for ps in self.result_procs:
            for f in ("start", "end") + CATEGORIES:
                setattr(ps, f, float(getattr(ps, f)))
        for st in self.stats.values():
            for f in ("total",) + CATEGORIES:
                setattr(st, f, float(getattr(st, f)))
        for m in self.messages:
            for f in ("size", "send_time", "arrival", "recv_time"):
                if getattr(m, f) is not None:
                    setattr(m, f, float(getattr(m, f)))
        self.spans = [type(sp)(**{k: (float(v) if type(v).__name__ == "SymTime" else v)
                                  for k, v in ((f.name, getattr(sp, f.name)) for f in fields(sp))})
                      for sp in self.spans]
        return float(total)

    def _start(self, p: Process, t: float) -> None:
        p.started = True
        p.chain.clock = t
        p.stack = [p.chain.run()]
        self._advance(p, None)

    def _advance(self, p: Process, value) -> None:
        """Run the chain until it needs the engine (or ends), and queue that operation."""
        chain = p.chain
        stack = p.stack
        while True:
            if value is not None:
                chain.clock = value.time
            try:
                op = stack[-1].send(value)
            except StopIteration as stop:
                stack.pop()
                if not stack:
                    p.done = True
                    p.op = None
                    return
                value = stop.value
                continue
            kind = op.kind
            if kind == "coll" and op.coll != "barrier":
                fitted = self.mapping.params(chain.index, chain.index).collectives.get(op.coll)
                if fitted is None:
                    stack.append(self.collectives.steps(p, op))
                    value = None
                    continue
            elif kind == "compute":
                chain.clock += op.seconds
                value = Completion(chain.clock, comp=op.seconds)
                continue
            p.op = op
            t = p.op_time = chain.clock
            if kind == "wait" or kind == "waitall":
                # A wait reads only its own requests, whose completion times do not depend on
                # the order in which other operations are taken: no need to queue it.
                self.events += 1
                p.events += 1
                value = self.handlers[kind](p, op, t)
                if value is None:
                    return  # blocked: the request's completion wakes it
                p.op = None
                p.blocked = None
                continue
            tiebreak = self.tiebreak
            heapq.heappush(self.queue, (float(t), next(self.seq) if tiebreak == 0 else
                                        tiebreak * chain.index, next(self.seq), p.qid))  # an Event
            return

    def resume(self, p: Process, done: Completion) -> None:
        """A blocked process's operation completed at done.time: its chain goes on."""
        p.blocked = None
        p.op = None
        self._advance(p, done)

    def spawn(self, p: Process, op, t: float):
        """NX/2 load(): the node programs start at the spawn's activation time plus its cost."""
        cost = p.chain.model.t("machine.load")
        for q in self.procs:
            if not q.started and q.chain.label != "host":
                self._start(q, t + cost)
        return Completion(t + cost, comp=cost)

    # -- names for reports ---------------------------------------------------------------------
    def label(self, idx) -> str:
        return op_label(self._labels, idx)

    def aau_where(self, aau_id: int | None) -> str:
        a = self.find_aau(aau_id)
        return f"line {a.loc.first}" if a is not None and a.loc else "?"

    def find_aau(self, aau_id: int | None):
        if aau_id is None:
            return None
        for prog in (self.host_prog, self.node_prog):
            for a in prog.walk() if prog is not None else ():
                if a.id == aau_id:
                    return a
        return None

    def may_end(self, aau, functions: dict) -> bool:
        """Can a loop or call end the process (exit, STOP, MPI_Abort inside, not on a branch on
        data)? Then it is interpreted, not put in closed form: the ending must happen. So is a loop
        keeping a value a call returns that is read after it (kept_values.py): only the
        interpreted calls give it. ``functions``: those of the program the AAU belongs to."""
        key = ("ends", aau.id)
        if key not in self._inner:
            if isinstance(aau, Iter):
                body = aau.body
            else:
                fn = functions.get(aau.callee)
                body = fn.body if fn is not None else []
            self._inner[key] = ends(body, functions) or isinstance(aau, Iter) and aau.id in self._kept(functions)
        return self._inner[key]

    def _kept(self, functions: dict) -> frozenset:
        key = ("kept", id(functions))
        if key not in self._inner:
            self._inner[key] = loops_keeping_values(functions)
        return self._inner[key]

    def sets_globals(self, call, aag) -> bool:
        """Does the callee of ``call`` (or a function it calls) assign a global of ``aag``? Then it
        is interpreted, not put in closed form: the values it sets are read after it returns."""
        key = ("globals", call.id)
        if key not in self._inner:
            fn = aag.functions.get(call.callee)
            self._inner[key] = fn is not None and sets_globals(fn.body, aag.functions,
                                                               set(aag.global_inits) - set(fn.shadows))
        return self._inner[key]

    def abort(self, p: Process, op, t: float):
        """MPI_Abort: every process ends at this time (the job is killed). Interpreted in global
        time order, so no process is ended before a message it already received."""
        self.aborted = (t, p, op.aau)
        self.queue.clear()
        for q in self.procs:
            if q is not p and not q.done:
                q.done = True
                q.op = None
                q.blocked = None
                q.chain.proc.end = t + q.chain.offset if q.started else q.chain.proc.end
                q.chain.ended = ("killed", op.aau)
                # A process computes ahead of global time until its next operation: what it
                # computed after the abort never happened (its busy time stays within its life).
                ahead = q.chain.clock - t
                if q.started and ahead > 0:
                    q.chain.proc.comp = max(0.0, q.chain.proc.comp - ahead)
        return Completion(t)

    def weighted(self, a, chain):
        """The branch ``a`` weighed as a branch on data (weighting.py)."""
        return weighted_branch(self, a, chain)

    def stall_visible(self, loop, chain) -> bool:
        """Can a repeated state at a loop's iteration start on ``chain`` be trusted to repeat for
        ever? Not when a message or broadcast in the loop delivers values into this process's
        variables (payloads): the next one may carry a different value; nor when a test's flag
        (completion.py) does; nor when a receive's status does (the next message's tag ends ``do
        { MPI_Recv(.., &st); } while (st.MPI_TAG != TAG_END)``, however many messages with the
        same tag came before). What a process sends does not change it, nor does a broadcast it
        is the root of: the root of ``while (!done) { if (rank == 0) scanf(.., &n); MPI_Bcast(&n,
        ..); ... }`` repeats its state while n does not end the loop."""
        key = ("stall", loop.id)
        if key not in self._inner:
            self._inner[key] = endless.stall_roots(loop, self.track_payloads)
        roots = self._inner[key]
        return roots is not None and all(chain.try_eval(r) == chain.index for r in roots)

    def _busiest(self) -> str:
        """Where the prediction spends its work: the loop the busiest process is in."""
        p = max(self.procs, key=lambda q: q.events)
        loops = [s for s in p.chain.stack if s.cls.startswith("Iter")]
        where = f"{loops[-1].loc} ({loops[-1].cls})" if loops else (
            str(p.chain.current.loc) if p.chain.current is not None and p.chain.current.loc else "?")
        return f"{where} on {p.chain.label}"

    def leftovers(self) -> Leftovers:
        """What is left when the interpretation stops: a read-only view for ``check``."""
        return Leftovers.of(self)

    # -- inner attribution for closed-form loops -----------------------------------------------
    def inner_attributions(self, model: NodeModel, aau):
        """(aau, executions, time) of every AAU inside a closed-form loop or call, built once."""
        key = (model.sau.id, aau.id)
        if key not in self._inner:
            self._inner[key] = (loop_attributions(model, aau) if isinstance(aau, Iter)
                                else call_attributions(model, aau))
        return self._inner[key]
