"""The Application Abstraction Graph (paper 3.3.1, Definition 2; AAU classes of Table 4).

This is the contract between the language frontends and everything downstream: both C and
Fortran produce these objects. An AAG is a tree of AAUs whose sequential order inside each body is
the paper's ordering relation phi; compound AAUs (IterD, IterSync, IterND, CondtD, CondtSync, Call)
hold their sub-AAGs. Expressions (loop limits, conditions, partners, sizes) are sympy expressions
over critical variables, built by the frontend from the parsed source with trusted constructors
(never from strings).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterator

import sympy

__all__ = ['AAG', 'AAU', 'Access', 'Branch', 'COMPOUND_CLASSES', 'COMPLETION_OPS', 'Call', 'Comm', 'Condt', 'End', 'ExternalInput', 'Function', 'Iter', 'Loc', 'OpCounts', 'PERSISTENT_OPS', 'Problem', 'RETURNED', 'RETURN_VALUE', 'SIMPLE_CLASSES', 'SYNC_CLASSES', 'Seq', 'Spawn', 'Start', 'SymbolInfo', 'Sync', 'SyncSeq', 'reset_ids']

SIMPLE_CLASSES = ("Start", "End", "Seq", "Spawn", "Comm", "Sync", "SyncSeq")
COMPOUND_CLASSES = ("IterD", "IterSync", "IterND", "CondtD", "CondtSync", "Call")
# AAUs that make an enclosing loop or conditional "synchronized" (paper 3.3.2, IterSync/CondtSync).
SYNC_CLASSES = ("Spawn", "Comm", "Sync", "SyncSeq")
# Comm operations whose outcome the engine's clock decides (MPI_Waitany, MPI_Test, ...): what
# they return (Comm.results) is assigned when the engine interprets them.
COMPLETION_OPS = ("waitany", "waitsome", "test", "testall", "testany", "testsome", "iprobe")
# The persistent-request calls (frontends/nonblocking_calls.py, interp/engine/persistent.py)
PERSISTENT_OPS = ("send_init", "recv_init", "start", "startall", "request_free")

_ids = itertools.count(1)


def reset_ids(start: int) -> None:
    """Number the AAUs of the next parse from ``start``: the same program gets the same ids in
    every run (reports, traces and CSV files stay comparable); programs of one run get disjoint
    ranges."""
    global _ids
    _ids = itertools.count(start)


@dataclass(frozen=True)
class Loc:
    """Source location of an AAU: file and first/last line (1-based, inclusive)."""

    file: str
    first: int
    last: int

    def __str__(self) -> str:
        name = self.file.rsplit("/", 1)[-1]
        return f"{name}:{self.first}" if self.first == self.last else f"{name}:{self.first}-{self.last}"


@dataclass
class OpCounts:
    """Operation counts of a Seq AAU, by the operator classes of paper Table 1 and Table 2.

    ``ops`` keys are the processing component's ``ops.*`` names (int_add, real_mul, double_div,
    int_to_real, ...); ``fetch``/``store`` count memory accesses; ``calls`` counts the calls made
    inside the Seq by the processing component's parameter that costs them (``lib.sqrt``,
    ``machine.mynode``), ``call_args`` their argument counts. ``quotients``: the (dividend,
    divisor) of each integer division or remainder by a variable (counted in ``int_div``) whose
    operands are expressions of program variables: where the engine knows their values it costs
    the division by its quotient's width (interp/models/divider.py).
    """

    ops: dict[str, int] = field(default_factory=dict)
    fetch: int = 0
    store: int = 0
    calls: dict[str, int] = field(default_factory=dict)
    call_args: dict[str, int] = field(default_factory=dict)
    quotients: list = field(default_factory=list)

    def add_op(self, name: str, n: int = 1) -> None:
        self.ops[name] = self.ops.get(name, 0) + n

    def add_call(self, name: str, nargs: int) -> None:
        self.calls[name] = self.calls.get(name, 0) + 1
        self.call_args[name] = nargs

    def merge(self, other: "OpCounts") -> None:
        for k, v in other.ops.items():
            self.add_op(k, v)
        self.fetch += other.fetch
        self.store += other.store
        for k, v in other.calls.items():
            self.calls[k] = self.calls.get(k, 0) + v
            self.call_args[k] = other.call_args[k]
        self.quotients.extend(other.quotients)

    def total(self) -> int:
        return sum(self.ops.values()) + self.fetch + self.store + sum(self.calls.values())


@dataclass
class Access:
    """One variable reference in a Seq, for the memory-hierarchy model (paper 3.4.2).

    ``reuse`` is the augmented symbol table's figure: distinct accesses since the previous access
    to the same variable (None for a first access). ``stride`` is the element stride per iteration
    of the innermost enclosing loop (0: invariant, None: unknown or not in a loop). ``index`` is
    the element offset from the array's start as an expression of program variables (row-major for
    a multi-dimensional array; None when unknown), and ``index_ops`` the operations its subscripts
    count in the Seq: the roofline model's working-set rule and strength reduction use them.
    ``gathered``: the subscript reads array elements (``x[idx[i]]``) and does not advance by a
    known stride: the access touches random lines of ``x`` (the gather model, docs/model.md), of
    the ``extent`` bytes ``x`` spans.
    """

    name: str
    kind: str  # fetch | store
    elem_size: int
    is_array: bool
    reuse: int | None = None
    stride: int | None = None
    index: object = None  # sympy.Expr | None
    index_ops: dict[str, int] = field(default_factory=dict)
    gathered: bool = False
    extent: object = None  # a gathered access or a probe: bytes of its array, None unknown
    probe: bool = False    # a search's probe: its address depends on the comparison before it


@dataclass
class AAU:
    cls: str = ""
    loc: Loc | None = None
    id: int = field(default_factory=lambda: next(_ids))
    label: str = ""  # short text for reports (statement or call)
    region: str | None = None  # innermost annotated region
    function: str | None = None  # enclosing function

    @property
    def compound(self) -> bool:
        return self.cls in COMPOUND_CLASSES

    def bodies(self) -> list[list["AAU"]]:
        return []

    def walk(self) -> Iterator["AAU"]:
        """This AAU and every AAU inside it, in pre-order. Iterative: a recursive generator passed
        every AAU up through one frame per level (1,000 nested ifs took minutes to load)."""
        stack = [self]
        while stack:
            a = stack.pop()
            yield a
            stack.extend(reversed([c for body in a.bodies() for c in body]))

    def has_sync(self) -> bool:
        return any(a.cls in SYNC_CLASSES for a in self.walk())


@dataclass
class Start(AAU):
    cls: str = "Start"


@dataclass
class End(AAU):
    cls: str = "End"


@dataclass
class Seq(AAU):
    """Contiguous statements of assignments, arithmetic and library calls (Table 4: NumFetch, ...).

    ``defs`` are the assignments to critical variables in order: (name, expression) where a None
    expression means the value cannot be known statically (data-dependent).
    """

    cls: str = "Seq"
    counts: OpCounts = field(default_factory=OpCounts)
    accesses: list[Access] = field(default_factory=list)
    defs: list[tuple[str, sympy.Expr | None]] = field(default_factory=list)
    cost: sympy.Expr | None = None  # user interpretation function (#pragma interp cost)
    work: dict[str, sympy.Expr] | None = None  # #pragma interp work(flops=..., loads=..., stores=...)
    control: str | None = None  # return | break | continue: the cluster ends with this jump
    unmodelled: list[str] = field(default_factory=list)  # calls with no model, for reports
    # bytes of each allocation made here (``p = malloc(8*n)``, ``ALLOCATE(x(n))``) as expressions of
    # variables the engine follows: the pages the program will touch first (models/first_touch.py)
    allocations: list = field(default_factory=list)
    # ``n = count(..)`` of a function whose value the parse has no expression for (a loop computes
    # it): (n, its value as an expression of RETURNED, the value the Call just before returned).
    # The def of n stays None, so closed forms and static analyses still see an unknown value;
    # the engine, which interpreted the call, puts the value in (docs/model.md, "Returned values").
    returned: tuple[str, sympy.Expr] | None = None


# The value a function returns: the def of its return Seq (in the callee's frame), and the name
# the engine gives it in the caller's frame when the Call ends (Seq.returned reads it).
RETURN_VALUE = "__return"
RETURNED = "__returned"


@dataclass
class Comm(AAU):
    """Explicit communication (Table 4: Type, Size, Src, Dest).

    ``op``: send | recv | isend | irecv | wait | waitall | probe | sendrecv, the completion
    calls waitany | waitsome | test | testall | testany | testsome, and the persistent requests'
    send_init | recv_init | start | startall | request_free.
    ``mode``: for sends, standard | sync (rendezvous) | buffered | ready.
    ``partner``: destination of a send, source of a receive (None: any source); for NX/2 the
    special partner -1 in a send means every node (a broadcast).
    """

    cls: str = "Comm"
    api: str = "mpi"
    op: str = "send"
    mode: str = "standard"
    size: sympy.Expr | None = None  # bytes
    partner: sympy.Expr | None = None
    tag: sympy.Expr | None = None  # None: any tag / type
    recv_size: sympy.Expr | None = None  # sendrecv: bytes received
    recv_partner: sympy.Expr | None = None
    recv_tag: sympy.Expr | None = None
    request: str | None = None  # variable holding the request / message id
    requests: list[str] | None = None  # waitall and the completion calls on an array
    # what a completion call returns, assigned by the engine: ((role, variable), ...) with role
    # flag | index | outcount | indices (msgpass.RESULT_ROLES)
    results: tuple | None = None
    request_index: sympy.Expr | None = None  # isend, irecv, wait, test on an element of an array of requests: the subscript
    buffer: str | None = None  # base variable of the (send) buffer: tracked values travel with it
    recv_buffer: str | None = None  # sendrecv: base variable of the receive buffer
    status: str | None = None  # recv, probe, sendrecv: the status variable MPI_Get_count reads
    # the names its source and tag go by, when not C's status.MPI_SOURCE / status.MPI_TAG
    status_names: tuple | None = None


@dataclass
class Sync(AAU):
    """Explicit synchronization: a barrier over every process (Table 4: Type, NumSyncNodes)."""

    cls: str = "Sync"
    api: str = "mpi"
    op: str = "barrier"
    comm: sympy.Expr | None = None  # the communicator's handle; None: MPI_COMM_WORLD
    request: str | None = None  # MPI_Ibarrier: the request variable its MPI_Wait / MPI_Test completes
    request_index: sympy.Expr | None = None  # the element of an array of requests it stores to


@dataclass
class SyncSeq(AAU):
    """A Seq that needs communication: global sums, reductions, broadcasts, gathers (Table 4).

    ``elements`` is the number of values combined, for the Seq part (one operation of ``elem_op``
    per element per combining step).
    """

    cls: str = "SyncSeq"
    api: str = "mpi"
    op: str = "allreduce"
    size: sympy.Expr | None = None  # bytes per process
    root: sympy.Expr | None = None
    elements: sympy.Expr | None = None
    elem_op: str | None = None  # e.g. double_add for a sum of doubles
    buffer: str | None = None  # bcast: tracked values of the root's buffer reach every process
    result: str | None = None  # reductions, gathers, scatters: the buffer stored into (values forgotten)
    comm: sympy.Expr | None = None  # the communicator's handle; None: MPI_COMM_WORLD
    # a non-blocking collective (MPI_Ibcast, ...): the request variable, and its element of an array
    request: str | None = None
    request_index: sympy.Expr | None = None
    # v-collectives (scatterv, gatherv, allgatherv, alltoallv): the array of counts per rank, read
    # element by element at run time, and the bytes of one element; ``size`` is the process's own
    # block (None where it has none: MPI_IN_PLACE, allgatherv, alltoallv)
    counts: str | None = None
    count_bytes: sympy.Expr | None = None
    # ``size(N)`` above a v-collective: every rank's block is N elements, in place of the counts
    # array (counts whose values come from data: a bucket sort's Alltoallv)
    block: sympy.Expr | None = None
    # Communicator creators (op comm_split, comm_dup, cart_create, cart_sub): the variable that
    # receives the new handle, and what the communicator is made of.
    creates: str | None = None
    color: sympy.Expr | None = None
    key: sympy.Expr | None = None
    dims: list = field(default_factory=list)
    periods: list = field(default_factory=list)
    remain: list = field(default_factory=list)
    group: sympy.Expr | None = None  # comm_create: the group's handle


@dataclass
class Spawn(AAU):
    """Starts another program's sub-AAG on other SAUs (NX/2 load(); Table 4: NumChildren)."""

    cls: str = "Spawn"
    program: str = ""
    node: sympy.Expr | None = None  # -1: every allocated node


@dataclass
class Iter(AAU):
    """A loop. IterD: deterministic, no Comm/Sync inside (closed form). IterSync: deterministic
    with Comm/Sync inside (interpreted iteration by iteration). IterND: not deterministic
    (interpreted iteration by iteration with critical variables evaluated, or ``iters``).

    ``var`` runs from ``lo`` while ``cond`` holds, stepping by ``step`` (None for while loops, whose
    ``cond`` is re-evaluated each iteration). ``limit_type`` is "step" or "nostep" (Table 1).
    """

    cls: str = "IterD"
    var: str | None = None
    lo: sympy.Expr | None = None
    step: sympy.Expr | None = None
    cond: sympy.Basic | None = None
    num_iters: sympy.Expr | None = None  # known trip count (closed form), if any
    limit_type: str = "nostep"
    body: list[AAU] = field(default_factory=list)
    iters_annotation: sympy.Expr | None = None
    kind: str = "for"  # for | while | do
    clobbers: list[str] = field(default_factory=list)  # tracked names assigned in the body
    # while/do loops: nothing in the body can change what the condition reads (bodies.cond_fixed),
    # so a condition true at the second iteration's start is true for ever
    cond_fixed: bool = False
    # IterD: each assigned name's value after the loop, in closed form (aag/effects.py)
    effects: list[tuple[str, sympy.Expr]] | None = None
    # IterD filling followed elements (aag/fill.py): (array, index, value) of iteration fill.K
    fills: list[tuple[str, sympy.Expr, sympy.Expr]] | None = None
    cond_counts: OpCounts = field(default_factory=OpCounts)  # while/do: condition, per iteration
    # while/do: num_iters derived from the condition's counters (aag/whilecount.py), a closed form
    # of their values at the loop's entry; each counter's step per pass
    counters: dict[str, sympy.Expr] | None = None

    def bodies(self):
        return [self.body]

    @property
    def has_allocations(self) -> bool:
        """Does a Seq in the loop allocate (Seq.allocations)? Found once: the AAG does not change."""
        found = self.__dict__.get("_allocates")
        if found is None:
            found = self.__dict__["_allocates"] = any(isinstance(x, Seq) and x.allocations for x in self.walk())
        return found


@dataclass
class Branch:
    cond: sympy.Basic | None  # None: the final else
    body: list[AAU]
    prob: float | None = None  # #pragma interp prob(p) for data-dependent conditions
    data_dependent: bool = False
    stated: bool = False  # prob came from the user's prob(), not the default 0.5
    nconds: int = 1  # conditions tested to reach this branch (Algorithm 3 counts each)
    cond_counts: OpCounts = field(default_factory=OpCounts)  # evaluating this branch's condition
    cond_accesses: list[Access] = field(default_factory=list)  # the condition's reads (frontends/probes.py)

    @property
    def is_else(self) -> bool:
        """The final else: no condition at all. A condition on data also has ``cond`` None (the
        parse cannot state it) but is tested with its probability, not taken unconditionally."""
        return self.cond is None and not self.data_dependent


@dataclass
class Condt(AAU):
    """IF-THEN-ELSE chains (CondtD / CondtSync), Algorithm 3."""

    cls: str = "CondtD"
    branches: list[Branch] = field(default_factory=list)
    # A call through a function pointer (frontends/c/dispatch.py): the pointer's source text; one
    # branch per function it may hold, each a Call. Taking the branch costs nothing of its own.
    dispatch: str | None = None

    def bodies(self):
        return [b.body for b in self.branches]


@dataclass
class Call(AAU):
    """A call of a user function: interpreted inline, or by its ``cost`` annotation (Table 4)."""

    cls: str = "Call"
    callee: str = ""
    args: list[sympy.Expr | None] = field(default_factory=list)
    result: str | None = None  # RETURNED when the caller reads the value (Seq.returned): interpreted
    refs: dict[str, str] = field(default_factory=dict)  # parameter -> caller variable passed as &var
    # parameter -> the caller's variable passed by name (``reqs``, ``&req``; Fortran: any name): an
    # MPI request the callee starts or completes through it is the caller's (engine/persistent.py)
    names: dict[str, str] = field(default_factory=dict)
    # parameter -> the element of the caller's array passed (``&reqs[2]``: names has ``reqs[]``, this
    # the 2): the callee's element k is the caller's 2 + k
    offsets: dict[str, sympy.Expr] = field(default_factory=dict)
    # parameter -> caller array passed by name whose elements are followed (critical.elements):
    # the callee reads and stores them as its parameter's elements
    arrays: dict[str, str] = field(default_factory=dict)
    # parameter -> caller struct passed by value: the callee's copy starts with its members' values
    copies: dict[str, str] = field(default_factory=dict)
    cost: sympy.Expr | None = None
    # filled by the AAG: the callee's body lives in AAG.functions[callee]


@dataclass
class Function:
    name: str
    params: list[str]
    body: list[AAU]
    loc: Loc
    recursive: bool = False
    # Locals declared with the name of a global (C's ``int n`` in a function while a global ``n``
    # exists; a Fortran local named as a module variable): the frame holds them, so the global
    # is neither read nor assigned through them.
    shadows: list[str] = field(default_factory=list)


@dataclass
class Problem:
    """Something the frontend could not model or that looks wrong; reported by check/run."""

    kind: str  # unmodelled-call | unsupported | missing-input | annotation | ...
    message: str
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


@dataclass
class ExternalInput:
    name: str
    line: int
    how: str  # argv | scanf | uninitialized-global | annotation
    default: float | None = None
    critical: bool = True
    index: int | None = None  # argv: the position read (argv[index])
    # argv: read only when argc says the argument is there (``if (argc > 1) n = atoi(argv[1])``,
    # ``argc > 1 ? atoi(argv[1]) : 1000``); not given, the program keeps its own value
    optional: bool = False


@dataclass
class AAG:
    """One program's AAG: its entry function's chain plus every user function's sub-AAG."""

    name: str
    file: str
    language: str
    entry: str
    functions: dict[str, Function]
    inputs: dict[str, ExternalInput] = field(default_factory=dict)
    critical: dict[str, list[int]] = field(default_factory=dict)  # name -> definition lines
    # name -> the program's function whose return value it was assigned and not followed
    # (frontends/c/returns.py follows straight-line functions only): named in the engine's error
    returned_from: dict[str, str] = field(default_factory=dict)
    # string -> (line, how) of each statement that sets its contents, where its length is followed
    # (frontends/aag/cstrings.py): named in the engine's error when the length is not known
    strings: dict[str, list] = field(default_factory=dict)
    symbols: dict[str, "SymbolInfo"] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    api: str = "mpi"  # mpi | nx | none
    role: str = "spmd"  # spmd | host | node
    regions: dict[str, Loc] = field(default_factory=dict)
    global_inits: dict[str, sympy.Expr | None] = field(default_factory=dict)  # tracked globals
    # Flag arrays (frontends/critical.py, engine/flags.py): followed one byte an element; those
    # declared at file scope start all 0, as C zeroes them.
    flag_arrays: frozenset = frozenset()
    zeroed_flags: frozenset = frozenset()

    @property
    def main(self) -> Function:
        return self.functions[self.entry]

    def walk(self) -> Iterator[AAU]:
        for fn in self.functions.values():
            for a in fn.body:
                yield from a.walk()

    def find(self, aau_id: int) -> AAU | None:
        return next((a for a in self.walk() if a.id == aau_id), None)


@dataclass
class SymbolInfo:
    """Augmented symbol table entry (paper 3.3.2): type, size, and reuse statistics."""

    name: str
    ctype: str  # int | float | double | pointer | struct | ...
    elem_size: int
    is_array: bool = False
    length: int | None = None
    accesses: int = 0
    extent: object = None  # bytes a declared array spans (length x element); None: not declared
    reuse: list[int] = field(default_factory=list)  # distinct accesses between successive accesses

    @property
    def mean_reuse(self) -> float | None:
        return sum(self.reuse) / len(self.reuse) if self.reuse else None
