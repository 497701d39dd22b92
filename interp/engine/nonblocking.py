"""Non-blocking collectives (MPI_Ibcast, MPI_Iallreduce, MPI_Ibarrier, ...): started at the call,
completed at the MPI_Wait / MPI_Waitall / MPI_Test that waits for their request.

The collective progresses as if an asynchronous progress engine ran it from the call on
(docs/model.md, "Non-blocking collectives"): the call returns at once and the collective's own
operations, the same as its blocking twin's (the machine's point-to-point steps, or its fitted
expression, or the barrier), run on a *progress agent*: a Process of the engine with its own
clock, starting at the call's time, whose messages are its process's (same index, same links,
same buffers) and whose collective is counted in its process's order of collectives (MPI: every
process calls collectives on a communicator in the same order, blocking or not). When the agent
has done the last step its request completes at the agent's clock; the wait returns at
max(its own clock, that completion), the time in between being waiting (transmission while the
collective's messages were on the wire).

An agent never blocks in a receive of the engine's own (those resume the process by index): its
receives are an MPI_Irecv and a wait on it, which take the same time (collective.py).
"""
from __future__ import annotations

from dataclasses import replace

from interp.engine.ops import Completion
from interp.engine.process import Process


class AgentChain:
    """The chain-like state of a progress agent: what the engine's point-to-point and collective
    code read of ``p.chain``. Its messages are its process's; its requests (a collective's inner
    exchanges) are its own; its collectives count in its process's order."""

    def __init__(self, owner, clock: float):
        self.owner = owner
        self.index, self.label, self.model = owner.index, owner.label, owner.model
        self.clock = self.started_at = clock
        self.requests: dict = {}
        self.matched = (None, None)
        self.matched_bytes = None
        self.offset = owner.offset

    # the collective's sequence number is its process's (collective.Collectives._next)
    @property
    def coll_seq(self):
        return self.owner.coll_seq

    @coll_seq.setter
    def coll_seq(self, value):
        self.owner.coll_seq = value

    @property
    def comm_seqs(self):
        return self.owner.comm_seqs


class NonBlocking:
    """The engine's handler of ``icoll`` operations and its progress agents."""

    def __init__(self, engine):
        self.engine = engine
        self.table: dict = {}  # queue key -> process, and agent still running (runners)
        self.next_qid = engine.nprocs + 1

    @staticmethod
    def used(programs) -> bool:
        return any(a.cls in ("Sync", "SyncSeq") and getattr(a, "request", None) for prog in programs
                   for a in prog.walk())

    @classmethod
    def options_for(cls, programs, options):
        """No rank symmetry: rank 0's agent would have to stand for every process's agent, whose
        messages interleave with their processes' own; each process is interpreted."""
        return replace(options, symmetry=False) if cls.used(programs) else options

    def runners(self, procs):
        """What the engine's queue keys name: every process, and the agents as they start."""
        if not self.used(p for p in (self.engine.host_prog, self.engine.node_prog) if p is not None):
            return procs
        self.table = {p.qid: p for p in procs}
        return self.table

    def start(self, p: Process, op, t: float):
        """The non-blocking call: its request, and an agent that runs the collective from ``t``."""
        engine = self.engine
        req = engine.p2p._request(p, op)  # started by op.aau: reported if never completed
        agent = Process(AgentChain(p.chain, t), qid=self.next_qid)
        self.next_qid += 1
        self.table[agent.qid] = agent
        agent.started = True
        agent.stack = [self._run(agent, p, op, req)]
        engine._advance(agent, None)
        return Completion(t)

    def _run(self, agent: Process, p: Process, op, req):
        """The agent's one operation: the blocking twin (engine._advance runs its steps)."""
        kind = "barrier" if op.coll == "barrier" else "coll"
        done = yield replace(op, kind=kind, request=None, request_index=None)
        req.done = agent.chain.clock
        req.completion = Completion(req.done, xmit=done.xmit, payload=done.payload)
        del self.table[agent.qid]
        if op.aau.cls == "SyncSeq" and op.aau.op == "bcast" and done.payload:
            p.chain.deliver(op.aau.buffer, done.payload)  # the root's tracked values
        self.engine.p2p._wake(req)

    def running(self) -> list[str]:
        """For a hang report: each collective still in progress, where and what it waits for."""
        lines = []
        for agent in self.table.values():
            if agent.qid == agent.chain.index or agent.op is None:
                continue
            a = agent.op.aau
            where = f"{a.loc.file}:{a.loc.first}" if a.loc else "?"
            what = str(agent.blocked or "its next step")
            if "request __" in what:  # a step's own receive (collective.py): its message
                what = "a message of the collective from another process"
            lines.append(f"  {agent.label}: its {a.label} at {where} (started at t={agent.chain.started_at:.6g} s) "
                         f"is in progress, waiting for {what}: every process of "
                         "the communicator must call its collectives in the same order")
        return lines

    def unfinished(self) -> None:
        """At the end of the run: a request no wait or test completed before its process ended
        (a send's, a receive's, a persistent start's, a non-blocking collective's) is a program
        error MPI leaves undefined (MPI 4.1 3.7.3: every request must be completed or freed), which
        MPI libraries run all the same (a tutorial's ``MPI_Isend`` never waited): the prediction
        keeps its message (sent and received as the program starts them) and says in its notes
        that no wait was charged; ``interp check`` lists it as a finding."""
        engine = self.engine
        if engine.aborted is not None:
            return  # MPI_Abort ended every process: nothing was left to complete
        for p in engine.procs:
            if p.chain.ended is not None:
                continue
            for name, reqs in p.chain.requests.items():
                for r in reqs:
                    a = r.started
                    if a is None:
                        continue
                    calls = "msgwait" if getattr(a, "api", "mpi") == "nx" else "MPI_Wait, MPI_Waitall or MPI_Test"
                    message = (f"{a.label} on {p.label}: its request {name} is never completed (no {calls} "
                               "on it before the process ends): complete every request the program starts")
                    if engine.options.leftovers_only:
                        engine.findings.append(("unwaited-request", a, [p.index], message))
                    else:
                        engine.notes.setdefault(("unwaited-request", a.id), (
                            f"{a.loc}: {message}; the prediction counts its message as started and no wait "
                            "for it (a program error MPI libraries let pass)"))
                    break
