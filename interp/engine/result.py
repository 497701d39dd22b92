"""The result of an interpretation: plain data the output module renders (text, JSON, CSV)."""
from __future__ import annotations

from dataclasses import dataclass, field

CATEGORIES = ("comp", "ovh", "xmit", "wait")


@dataclass(slots=True, kw_only=True)
class TimeSplit:
    """The split of a time of paper Figure 11: computation, call overhead, transmission, waiting.

    One type for every place that carries the split: an operation's ``Completion``, a process's
    and an AAU's statistics, a traced span. Keyword-only, so subclasses keep their own positional
    fields first.
    """

    comp: float = 0.0
    ovh: float = 0.0
    xmit: float = 0.0
    wait: float = 0.0

    def add(self, other: "TimeSplit") -> None:
        """Add another split into this one (the four categories, nothing else)."""
        self.comp += other.comp
        self.ovh += other.ovh
        self.xmit += other.xmit
        self.wait += other.wait

    @property
    def busy(self) -> float:
        return self.comp + self.ovh + self.xmit + self.wait


@dataclass(slots=True)
class AAUStats(TimeSplit):
    """Paper 3.5 "AAU level": everything known about one AAU on one process."""

    aau_id: int
    cls: str
    loc: str
    label: str
    function: str | None
    region: str | None
    depth: int
    executions: float = 0
    first: float | None = None  # first activation time tau
    last: float | None = None
    total: float = 0.0
    min: float | None = None
    max: float | None = None

    def record(self, start: float, delta: float, count: float = 1.0) -> None:  # a float: no conversion below
        self.total += delta  # may be symbolic (--symbolic); the statistics below are numbers
        if type(start) is not float:
            start = float(start)
        if type(delta) is not float:
            delta = float(delta)
        if type(count) is not float:
            count = float(count)
        self.executions += count
        if self.first is None or start < self.first:
            self.first = start
        if self.last is None or start > self.last:
            self.last = start
        per = delta if count == 1 else delta / count if count else 0.0
        if self.min is None or per < self.min:
            self.min = per
        if self.max is None or per > self.max:
            self.max = per

    @property
    def mean(self) -> float:
        return self.total / self.executions if self.executions else 0.0


@dataclass(slots=True)
class ProcStats(TimeSplit):
    index: int
    label: str
    sau: str
    start: float = 0.0
    end: float = 0.0
    longest_waits: list = field(default_factory=list)  # (seconds, aau_id, what)


@dataclass(slots=True)
class Message:
    """One interpreted message, for traces and space-time diagrams."""

    src: int
    dst: int
    size: float
    send_time: float
    arrival: float
    tag: object
    aau_send: int
    aau_recv: int | None = None
    recv_time: float | None = None
    kind: str = "sync"  # sync (blocking send) | async (isend): the SAAG relation it belongs to
    internal: bool = False  # one of the point-to-point messages of a collective


@dataclass(slots=True)
class Span(TimeSplit):
    """One AAU execution on one process, recorded when tracing (``--trace``/``--plot``).

    ``kind``: comp (a Seq, closed-form loop or call), comm (a Comm/Sync/SyncSeq/Spawn, with its
    split into computation, call overhead, transmission and waiting) or compound (an interpreted
    loop, branch or call enclosing other spans). ``depth`` is the nesting level.
    """

    proc: int
    aau_id: int
    start: float
    end: float
    kind: str
    depth: int = 0


@dataclass
class RunResult:
    program: str
    machine: str
    nprocs: int
    inputs: dict
    bound: str
    total: float
    procs: list[ProcStats]
    aaus: dict  # (proc index, aau id) -> AAUStats
    notes: list[str]
    problems: list[str]
    messages: list[Message] = field(default_factory=list)
    events: int = 0  # operations interpreted (queued and taken by the engine)
    scenario: tuple = ()
    spans: list = field(default_factory=list)  # Span records when tracing
    aau_info: dict = field(default_factory=dict)  # aau id -> (class, "file:lines", label)
    proc_labels: list = field(default_factory=list)  # process index -> "rank 3" / "host"
    symbolic_total: object = None  # --symbolic: the total as a sympy expression of the symbols
    symbolic_sums: dict = field(default_factory=dict)  # --symbolic: category -> its sum over processes, likewise
    extrapolated_events: int = 0  # operations of steady-state iterations skipped (engine/steady.py)
    symmetric_events: int = 0  # operations of processes that rank 0 stood for (engine/symmetry.py)
    # EngineOptions.demand (interp bound): resource -> service demand in seconds (a sympy-carrying
    # SymTime under --symbolic), and the multiplicity of resources that have more than one server.
    demand: dict = field(default_factory=dict)
    capacity: dict = field(default_factory=dict)
    aborted: str | None = None  # where a process called MPI_Abort ("file:line"), when one did

    def aau_totals(self) -> list[AAUStats]:
        """Per-AAU statistics summed over processes (executions and times add up)."""
        merged: dict[int, AAUStats] = {}
        for (_, aid), s in self.aaus.items():
            m = merged.get(aid)
            if m is None:
                m = merged[aid] = AAUStats(aid, s.cls, s.loc, s.label, s.function, s.region, s.depth)
            m.executions += s.executions
            m.total += s.total
            m.add(s)
            for attr, pick in (("first", min), ("last", max), ("min", min), ("max", max)):
                v = getattr(s, attr)
                if v is not None:
                    cur = getattr(m, attr)
                    setattr(m, attr, v if cur is None else pick(cur, v))
        return sorted(merged.values(), key=lambda s: -s.total)
