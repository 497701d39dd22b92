"""The interpretation engine (paper 3.4, Algorithm 2) with the comm/sync model of Figure 11.

Every process is a chain (``walker.Chain``) on its own clock. The engine keeps the operations that
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
from dataclasses import dataclass, field, fields

from frontends.aag import AAG, Iter
from sag.model import SAG
from sag.parameter import Bound

from interp.filter import collectives
from interp.errors import InputError, ProgramHang
from interp.filter.mapping import Mapping
from interp.models.attribution import call_attributions, loop_attributions
from interp.models.omega import NodeModel
from interp.models.roofline import RooflineModel
from interp.engine.ops import ANY, BCAST, Completion, Op
from interp.engine.p2p import PointToPoint, _Msg, _val
from interp.engine.steady import Broken, SteadyState
from interp.engine.result import Message, ProcStats, RunResult
from interp.engine.symtime import SymTime
from interp.engine.chain import Chain, Compiled


def _receives_critical(prog: AAG) -> bool:
    """Does a message or broadcast deliver into a variable that decides control flow?"""
    critical = {name.split("[", 1)[0] for name in prog.critical}
    for a in prog.walk():
        for buf in (getattr(a, "buffer", None), getattr(a, "recv_buffer", None)):
            if buf and buf.split("[", 1)[0] in critical:
                return True
    return False


@dataclass(slots=True)
class _Proc:
    chain: Chain
    stack: list = field(default_factory=list)  # generators: the chain, then collective steps
    op: Op | None = None
    op_time: float = 0.0
    blocked: str | None = None  # what it waits for, when blocked
    done: bool = False
    started: bool = False
    events: int = 0  # operations of this process the engine has taken
    skipped: int = 0  # operations of this process in extrapolated steady-state iterations


class Engine(PointToPoint):
    def __init__(self, programs: list[AAG], sag: SAG, nprocs: int, inputs: dict[str, float],
                 bound: Bound = Bound(), trace: bool = False, tiebreak: int = 1, closed_forms: bool = True,
                 placement: dict | None = None, messages: bool = True, extrapolate: bool = True,
                 banned: frozenset = frozenset()):
        self._args = (programs, sag, nprocs, inputs, bound, trace, tiebreak, closed_forms, placement, messages,
                      extrapolate)
        self.sag = sag
        self.record_messages = messages or trace  # Message records: traces, plots, the SAAG
        self.bound = bound
        self.notes: dict = {}
        self.compiled = Compiled()
        self.stats: dict = {}
        self.tracing = trace
        self.spans: list = []
        self.messages: list[Message] = []
        self.tiebreak = tiebreak
        self.closed_forms = closed_forms  # False: unroll deterministic loops (to check the closed forms)
        self.symbolic = any(type(v).__name__ == "SymTime" for v in inputs.values())
        host_prog = next((p for p in programs if p.role == "host"), None)
        node_prog = next((p for p in programs if p.role != "host"), None)
        if host_prog is not None and node_prog is None:
            raise InputError(f"{host_prog.file} loads a node program: give the node program's file too "
                             f"(interp run {host_prog.file} NODE.c)")
        if node_prog is not None and node_prog.role == "node" and host_prog is None and node_prog.api == "nx" \
                and any(a.cls == "Comm" and a.partner is not None and a.partner.is_number
                        and int(a.partner) == -32768 for a in node_prog.walk()):
            raise InputError(f"{node_prog.file} sends to myhost(): give the host program's file first "
                             f"(interp run HOST.c {node_prog.file})")
        self.mapping = Mapping(sag, nprocs, host_prog is not None, bound, self.notes, placement)
        self.nprocs = nprocs
        self.result_procs = [ProcStats(p.index, p.label, p.sau.id) for p in self.mapping.procs]
        self.models: dict[str, NodeModel] = {}
        self.procs: list[_Proc] = []
        for place in self.mapping.procs:
            prog = host_prog if place.label == "host" else node_prog
            model = self._model(place.sau, prog)
            rank_value = place.index if place.label != "host" else -32768
            chain = Chain(place.index, place.label, prog, model, self, rank_value, nprocs, inputs)
            self.procs.append(_Proc(chain))
        self.host_prog, self.node_prog = host_prog, node_prog
        # Message contents are tracked only when some receive buffer decides control flow.
        self.track_payloads = any(_receives_critical(prog) for prog in (host_prog, node_prog) if prog is not None)
        self.queue: list = []
        self.seq = itertools.count()
        self.unmatched: list[list[_Msg]] = [[] for _ in self.procs]
        self.posted: list[list[tuple[Op, float]]] = [[] for _ in self.procs]
        self.pool_used = [0] * len(self.procs)
        self.pool_waiters: list[list] = [[] for _ in self.procs]
        self.links: dict = {}
        self.barriers: dict = {}
        self.fitted: dict = {}
        self.events = 0
        self._inner: dict = {}
        self.findings: list = []  # (kind, aau, ranks, message) found while interpreting
        self._route_cache: dict = {}
        self.strict = False  # check mode: standard sends above the static buffer may block
        self._handlers = {name[4:]: getattr(self, name) for name in dir(self) if name.startswith("_op_")}
        # Steady states are extrapolated only when no report needs every event.
        self.steady = SteadyState(self, extrapolate and not self.record_messages and not self.symbolic, banned)

    def _model(self, sau, prog: AAG) -> NodeModel:
        key = (sau.id, id(prog))
        if key not in self.models:
            # processing.model: roofline selects the throughput model; opcount (default) the paper's.
            cls = RooflineModel if sau.setting("processing", "model") == "roofline" else NodeModel
            self.models[key] = cls(sau, self.bound, self.sag.runtime, prog.functions, self.notes)
        return self.models[key]

    # -- Algorithm 2 ---------------------------------------------------------------------------
    def run(self) -> RunResult:
        # The interpretation allocates many short-lived objects and no garbage cycles worth
        # collecting mid-run; the cyclic collector would cost about 15% of the run.
        enabled = gc.isenabled()
        gc.disable()
        try:
            return self._run()
        except Broken as broken:  # a loop stopped repeating after the jump was decided
            banned = self.steady.banned | {broken.aau_id}
            return Engine(*self._args, banned=frozenset(banned)).run()
        finally:
            if enabled:
                gc.enable()

    def _run(self) -> RunResult:
        starters = [p for p in self.procs if p.chain.label == "host"] if self.host_prog else self.procs
        for p in starters:
            self._start(p, 0.0)
        queue, procs, handlers, pop = self.queue, self.procs, self._handlers, heapq.heappop
        while queue:
            idx = pop(queue)[3]
            p = procs[idx]
            self.events += 1
            p.events += 1
            op = p.op
            done = handlers[op.kind](p, op, p.op_time)  # the clock value itself (symbolic under --symbolic)
            if done is not None:  # _resume(), inline: this loop runs once per event
                p.blocked = None
                p.op = None
                self._advance(p, done)
        blocked = [p for p in self.procs if not p.done]
        if blocked:
            raise ProgramHang(self._hang_report(blocked))
        total = max((p.chain.proc.end for p in self.procs), default=0.0)
        symbolic_total = total.e if isinstance(total, SymTime) else None
        if self.symbolic:  # reports show the numbers at the samples; the closed form is kept apart
            total = float(total)
            for ps in self.result_procs:
                for f in ("start", "end", "comp", "ovh", "xmit", "wait"):
                    setattr(ps, f, float(getattr(ps, f)))
            for st in self.stats.values():
                for f in ("total", "comp", "ovh", "xmit", "wait"):
                    setattr(st, f, float(getattr(st, f)))
            for m in self.messages:
                for f in ("size", "send_time", "arrival", "recv_time"):
                    if getattr(m, f) is not None:
                        setattr(m, f, float(getattr(m, f)))
            self.spans = [type(sp)(**{k: (float(v) if type(v).__name__ == "SymTime" else v)
                                      for k, v in ((f.name, getattr(sp, f.name)) for f in fields(sp))})
                          for sp in self.spans]
        return RunResult(
            program=" ".join(a.file for a in (self.host_prog, self.node_prog) if a is not None),
            machine=self.sag.name, nprocs=self.nprocs, inputs={}, bound=str(self.bound), total=total,
            procs=self.result_procs, aaus=self.stats, notes=self._notes(),
            problems=[], messages=self.messages, events=self.events, scenario=self.sag.scenario,
            extrapolated_events=self.steady.skipped_events,
            spans=self.spans,
            aau_info={a.id: (a.cls, str(a.loc) if a.loc else "", a.label)
                      for prog in (self.host_prog, self.node_prog) if prog is not None for a in prog.walk()},
            proc_labels=[p.chain.label for p in self.procs], symbolic_total=symbolic_total)

    def _notes(self) -> list[str]:
        out = []
        for key, value in self.notes.items():
            if key[1] == "missing":
                sau = self.sag.find(key[0])
                out.append(f"{key[0]} ({sau.name if sau else '?'}) gives no value for "
                           f"{', '.join(sorted(value))}: costed 0")
            else:
                out.append(value)
        grouped: dict = {}
        for loops, kstar, jump, delta, period in self.steady.jumps:
            where = " and ".join(str(x.loc) for x in sorted(loops, key=lambda x: x.id))
            grouped.setdefault((where, len(loops)), []).append((kstar, jump, delta, period))
        for (where, n_loops), jumps in grouped.items():
            loop = f"loop{'s' if n_loops > 1 else ''} at {where}"
            if len(jumps) == 1:
                (kstar, jump, delta, period), = jumps
                every = "iteration" if period == 1 else f"{period} iterations"
                out.append(f"steady state: the {loop} repeat{'' if n_loops > 1 else 's'} every {every} "
                           f"({delta:.6g} s) on every process from iteration {kstar}; iterations "
                           f"{kstar}..{kstar + jump - 1} were extrapolated, not interpreted (--exact "
                           "interprets every iteration)")
            else:
                out.append(f"steady state: the {loop} reached a steady state in {len(jumps)} of its "
                           f"executions; {sum(j[1] for j in jumps):,} iterations were extrapolated, "
                           "not interpreted (--exact interprets every iteration)")
        return sorted(out)

    def _start(self, p: _Proc, t: float) -> None:
        p.started = True
        p.chain.clock = t
        p.stack = [p.chain.run()]
        self._advance(p, None)

    def _advance(self, p: _Proc, value) -> None:
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
                    stack.append(self._collective(p, op))
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
                value = self._handlers[kind](p, op, t)
                if value is None:
                    return  # blocked: the request's completion wakes it
                p.op = None
                p.blocked = None
                continue
            heapq.heappush(self.queue, (float(t), next(self.seq) if self.tiebreak == 0 else
                                        self.tiebreak * chain.index, next(self.seq), chain.index))
            return

    def _resume(self, p: _Proc, done: Completion) -> None:
        p.blocked = None
        p.op = None
        self._advance(p, done)

    def _block(self, p: _Proc, what: str) -> None:
        p.blocked = what

    # -- synchronization and collectives -------------------------------------------------------
    def _op_barrier(self, p: _Proc, op: Op, t: float):
        key = ("barrier", p.chain.coll_seq)
        p.chain.coll_seq += 1
        params = self.mapping.params(p.chain.index, p.chain.index)
        fitted = params.collectives.get("barrier")
        cost = _val(fitted, 0, 0, self.nprocs, self.bound, self.sag.runtime) if fitted is not None \
            else _val(params.sync, 0, 0, self.nprocs, self.bound, self.sag.runtime)
        return self._gather_all(p, key, t, cost, "barrier")

    def _op_coll(self, p: _Proc, op: Op, t: float):
        """A collective with a fitted expression: all processes leave at last arrival + T(m, n)."""
        key = ("coll", op.coll, p.chain.coll_seq)
        p.chain.coll_seq += 1
        params = self.mapping.params(p.chain.index, p.chain.index)
        cost = _val(params.collectives[op.coll], op.size, 0, self.nprocs, self.bound, self.sag.runtime)
        return self._gather_all(p, key, t, cost, op.coll, op)

    def _gather_all(self, p: _Proc, key, t: float, cost: float, what: str, op: Op | None = None):
        group = self.barriers.setdefault(key, [])
        group.append((p, t, op))
        if len(group) < self.nprocs:
            self._block(p, f"{what}: {len(group)} of {self.nprocs} processes have arrived")
            return None
        release = max(x[1] for x in group) + cost
        root_payload = next((o.payload for q, _, o in group if o is not None and o.payload is not None
                             and o.root == q.chain.index), None)
        del self.barriers[key]
        mine = None
        for q, tq, _ in group:
            done = Completion(release, xmit=cost, wait=release - cost - tq, payload=root_payload,
                              waits=[(release - cost - tq, f"{what}: last arrival")])
            if q is p:
                mine = done
            else:
                self._resume(q, done)
        return mine

    def _collective(self, p: _Proc, op: Op):
        """Generator: the point-to-point steps of a collective for one process."""
        me = p.chain.index
        seq_no = p.chain.coll_seq
        p.chain.coll_seq += 1
        tag = ("__coll", seq_no)
        totals = Completion(0.0)
        payload = op.payload if me == op.root else None
        elem_time = p.chain.model.t(f"ops.{op.elem_op}") if op.elem_op else 0.0
        n = self.nprocs
        for kind, partner, size in collectives.steps(op.coll, me, n, op.root, op.size, op.elements):
            if kind == "combine":
                done = yield Op("compute", op.aau, seconds=partner * elem_time, internal=True)
            elif kind == "send":
                done = yield Op("send", op.aau, partner, tag, size, payload=payload, internal=True)
            elif kind == "recv":
                done = yield Op("recv", op.aau, partner, tag, size, internal=True)
                if done.payload is not None:
                    payload = done.payload
            else:  # exchange
                d1 = yield Op("isend", op.aau, partner, tag, size, request="__coll", internal=True)
                d2 = yield Op("recv", op.aau, partner, tag, size, internal=True)
                d3 = yield Op("wait", op.aau, request="__coll", internal=True)
                done = Completion(d3.time, d1.comp + d2.comp + d3.comp, d1.ovh + d2.ovh + d3.ovh,
                                  d1.xmit + d2.xmit + d3.xmit, d1.wait + d2.wait + d3.wait,
                                  waits=d2.waits + d3.waits)
            for c in ("comp", "ovh", "xmit", "wait"):
                setattr(totals, c, getattr(totals, c) + getattr(done, c))
            totals.waits += done.waits
        totals.time = p.chain.clock
        totals.payload = payload
        return totals

    def _op_spawn(self, p: _Proc, op: Op, t: float):
        """NX/2 load(): the node programs start at the spawn's activation time plus its cost."""
        cost = p.chain.model.t("machine.load")
        for q in self.procs:
            if not q.started and q.chain.label != "host":
                self._start(q, t + cost)
        return Completion(t + cost, comp=cost)

    def _aau_where(self, aau_id: int | None) -> str:
        if aau_id is None:
            return "?"
        for p in self.procs:
            for a in p.chain.aag.walk() if p.chain.aag else ():
                if a.id == aau_id:
                    return f"line {a.loc.first}"
        return "?"

    # -- reports -------------------------------------------------------------------------------
    def _label(self, idx) -> str:
        if idx is ANY:
            return "any process"
        if idx is BCAST:
            return "every node"
        return self.procs[idx].chain.label if isinstance(idx, int) and idx < len(self.procs) else str(idx)

    @staticmethod
    def _tagtext(tag) -> str:
        return "any" if tag is ANY else str(tag)

    def _hang_report(self, blocked: list[_Proc]) -> str:
        lines = [f"the program hangs: {len(blocked)} of {len(self.procs)} processes cannot finish "
                 "(Algorithm 2: leaves not all red)"]
        for p in blocked:
            op = p.op
            if not p.started:
                lines.append(f"  {p.chain.label}: never started (no load() of its program)")
                continue
            a = op.aau if op is not None else p.chain.current
            where = f"{a.loc.file}:{a.loc.first}" if a is not None and a.loc else "?"
            what = p.blocked or "its next operation"
            lines.append(f"  {p.chain.label}: blocked in {a.cls if a else '?'} {a.label if a else ''} at "
                         f"{where}, waiting for {what} (since t={p.op_time + p.chain.offset:.6g} s)")
        return "\n".join(lines)

    # -- inner attribution for closed-form loops -----------------------------------------------
    def inner_attributions(self, model: NodeModel, aau):
        """(aau, executions, time) of every AAU inside a closed-form loop or call, built once."""
        key = (model.sau.id, aau.id)
        if key not in self._inner:
            self._inner[key] = (loop_attributions(model, aau) if isinstance(aau, Iter)
                                else call_attributions(model, aau))
        return self._inner[key]
