"""Critical variables (paper 3.3.2): the variables whose values decide the flow of execution.

A variable is critical when it appears in a loop limit or step, a branch condition, a switch, or a
communication partner, size, tag or root; and, transitively, when a critical variable is assigned
from it. Variables used as message buffers are tracked too, so that a value sent in a message (an
NX/2 host sending N to its nodes, an MPI_Bcast of N) keeps its definition path on the receiver.
Names are program-wide (a name critical in one function is tracked everywhere), which can only
track more than needed, never less.

Each language collects the same facts from its statements (``Facts``); the closure over them and
the result (``CriticalInfo``) are shared. Which arguments of a message-passing call are critical
and which are buffers comes from the one call table (msgpass).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .aag.bodies import root
from .comms import query_facts
from .libcalls import DERIVED_DATATYPES
from .msgpass import MsgCall

MESSAGE = "<message>"  # the value a received buffer gets: defined by a message, not an expression
# Pseudo-random number generators: their values exist only at run time (seeded per run, per rank).
RANDOM_SOURCES = frozenset({"rand", "random", "rand_r", "random_r", "drand48", "erand48", "lrand48",
                            "nrand48", "mrand48", "jrand48", "random_number", "ran", "irand"})


@dataclass
class CriticalInfo:
    """``control``: the critical variables (they decide control flow, partners and sizes).
    ``tracked``: those plus the values that travel in message buffers."""

    tracked: set[str] = field(default_factory=set)
    control: set[str] = field(default_factory=set)
    definitions: dict[str, list[int]] = field(default_factory=dict)  # critical name -> lines assigned
    # Names whose values come from a random-number generator, directly or through assignments
    # (issue 13, defect 7): data, never critical. A condition on them is weighted (Algorithm 3),
    # so a counted loop around it keeps its closed form; a size or limit on them needs an annotation.
    data: set[str] = field(default_factory=set)
    # Arrays whose elements a message-passing call reads by a computed index or as a whole (the
    # counts of MPI_Scatterv, the rank list of MPI_Group_incl): each element is followed, stores
    # ``a[i] = v`` and reads ``a[k]`` with indices evaluated at run time (aag/symexpr.Elem).
    elements: set[str] = field(default_factory=set)
    # Flag arrays (a sieve's ``marked[]``): read by a computed index in a condition and only ever
    # stored constants. Followed element by element like ``elements`` (they are among them), but
    # past the engine's budget they are given up (their branches weighed as data), not refused.
    flags: set[str] = field(default_factory=set)

    def is_tracked(self, name: str) -> bool:
        return name in self.tracked or root(name) in self.tracked or _array_of(name) in self.tracked

    def is_critical(self, name: str) -> bool:
        return name in self.control or root(name) in self.control or _array_of(name) in self.control


def _array_of(name: str) -> str:
    """The array an element or all-elements name belongs to: ``lev.n`` for ``lev.n[3]`` and
    ``lev.n[]`` (the members of an array of structs, whose root ``lev`` need not be critical)."""
    return name.split("[", 1)[0]


class Facts:
    """What the closure works on, collected from one program's statements by its language.

    ``control``: names read where control is decided; ``buffers``: names sent in messages;
    ``assigns``: (target, names its value is computed from, line); ``call_args``: (user function,
    argument position, names the argument reads); ``call_refs``: (user function, position, the
    caller's variable passed by reference: ``&var`` in C, any variable in Fortran).
    """

    def __init__(self):
        self.control: set[str] = set()
        self.buffers: set[str] = set()
        self.assigns: list[tuple[str, set[str], int]] = []
        self.call_args: list[tuple[str, int, set[str]]] = []
        self.call_refs: list[tuple[str, int, str]] = []
        self.random: set[str] = set()  # names assigned a pseudo-random number (rand(), RANDOM_NUMBER)
        self.elements: set[str] = set()  # arrays a message-passing call reads element by element
        # (array, names its index reads) of each store ``a[f(x)] = v`` by a computed index: when
        # a's elements are followed, the index must be known too (``rowptr[iy * nx + ix]``)
        self.element_stores: list[tuple[str, set[str]]] = []
        # Arrays read by a computed index in a branch or loop condition (``if (!marked[k])``), and
        # the arrays some store by a computed index gives a value that is not a constant.
        self.flags: set[str] = set()
        self.varied: set[str] = set()
        # (target, arrays its value reads by a computed index): ``first = displs[rank]``; and
        # (user function, argument position, such arrays): ``work(displs[rank], ...)``. Where the
        # target or parameter decides control, the arrays' elements are followed (C frontend)
        self.indexed_reads: list[tuple[str, set[str]]] = []
        self.indexed_args: list[tuple[str, int, set[str]]] = []
        # the arrays (and pointers) of integers: only those are followed for it (offsets, counts,
        # displacements); a field of doubles read into a residual would be followed store by store
        self.int_arrays: set[str] = set()

    def assign(self, target: str, names: set[str], line: int) -> None:
        self.assigns.append((target, names, line))

    def message_call(self, call: MsgCall, args: list, names_in: Callable, buffer_name: Callable,
                     line: int) -> None:
        """A message-passing call: its critical arguments, and the buffers it sends and receives."""
        for i in call.control():
            if i < len(args):
                self.control |= names_in(args[i])
        pos = call.send_buffer()
        if pos is not None and pos < len(args):
            buf = buffer_name(args[pos])
            if buf:
                self.buffers.add(buf)
        pos = call.recv_buffer()
        if pos is not None and pos < len(args):
            buf = buffer_name(args[pos])
            if buf:
                self.assign(buf, {MESSAGE}, line)
        pos, made_of = call.creates()
        if pos is not None and pos < len(args):
            self._computed(buffer_name(args[pos]), args, made_of, names_in, line)
            # The engine builds every communicator the program creates, used or not (a collective
            # over the parent): its dims, periods, color, key, ... are needed even when nothing
            # reads the new handle, so they decide control as a partner does.
            for i in made_of:
                if i < len(args):
                    self.control |= names_in(args[i])

    def query_call(self, name: str, args: list, names_in: Callable, target_of: Callable, line: int) -> None:
        """A communicator or topology query (frontends/comms.py): its outputs are computed from
        the communicator and its inputs."""
        for out, reads in query_facts(name, len(args)):
            self._computed(target_of(args[out]), args, reads, names_in, line)

    def derived_type(self, name: str, args: list, names_in: Callable, target_of: Callable, line: int) -> None:
        """A derived datatype (MPI_Type_vector(count, blocklength, stride, old, &new)): its bytes
        are computed from the counts and the old type, which may itself be derived (a face of
        rows): before 2026-11-25 the new type read nothing, so the old one was not followed and a
        message of the new one was refused as data."""
        factors, old, new = DERIVED_DATATYPES[name]
        if new < len(args):
            self._computed(target_of(args[new]), args, factors + (old,), names_in, line)

    def _computed(self, target: str | None, args: list, reads, names_in: Callable, line: int) -> None:
        if target:
            names: set[str] = set()
            for i in reads:
                if i < len(args):
                    names |= names_in(args[i])
            self.assign(target, names, line)


def annotation_names(text: str, line: int) -> set[str]:
    """The variables an annotation's expression reads (cost, work, iters, shift, size): the engine evaluates
    it, so they need known values and are critical like a loop limit's. A malformed annotation
    reads none here; the level-1 parse reports it with its line."""
    from .annotations import parse
    from .errors import FrontendError

    try:
        ann = parse(text, "", line)
    except FrontendError:
        return set()
    if ann is None or ann.kind not in ("cost", "work", "iters", "shift", "size"):
        return set()
    values = ann.value.values() if isinstance(ann.value, dict) else [ann.value]
    return {str(s) for v in values for s in getattr(v, "free_symbols", ())}


def critical_info(facts: Facts, params: dict[str, list[str]], constants=frozenset(),
                  through_pointers: bool = True) -> CriticalInfo:
    """The critical and tracked variables of a program, with the lines that define them.

    ``params``: each user function's parameter names; ``constants``: names that are never
    variables (predefined handles); ``through_pointers``: whether stores through a parameter
    (``*p``) count as definitions of their own.
    """
    data = random_closure(facts)
    control = closure(set(facts.control) - data, facts, params) - set(constants) - data
    # Arrays followed element by element, with those they are passed to and from by name: critical
    # too (a helper filling the counts array a collective reads defines them), with what they are
    # computed from.
    read = {a for target, arrays in facts.indexed_reads if target in control or root(target) in control
            for a in arrays}
    read |= {a for callee, pos, arrays in facts.indexed_args
             if pos < len(params.get(callee, [])) and params[callee][pos] in control for a in arrays}
    elements = _element_closure((set(facts.elements) | (read & facts.int_arrays)) & control, facts, params) - data
    flags = _flag_arrays(facts, control, data, params) - elements
    elements |= flags
    indices = set().union(*(names for array, names in facts.element_stores if array in elements))
    if (elements | indices) - control:
        control = closure(control | elements | indices, facts, params) - set(constants) - data
    info = CriticalInfo(control=control, data=data, elements=elements & control, flags=flags & control)
    info.tracked = closure(info.control | set(facts.buffers), facts, params) - set(constants)
    for target, _, line in facts.assigns:
        if info.is_critical(target) and (through_pointers or not target.startswith("*")):
            info.definitions.setdefault(target, []).append(line)
    return info


def _flag_arrays(facts: Facts, control: set[str], data: set[str], params) -> set[str]:
    """The flag arrays followed element by element: read by a computed index in a condition,
    stored by computed indices, only constants (``marked[m] = 1``, so no store's value is unknown and a loop of stores
    keeps its closed form, aag/fill.py), not data, and neither passed to one of the program's
    functions nor received into (where their elements come from is then out of sight)."""
    passed = set().union(*(names for _, _, names in facts.call_args)) if facts.call_args else set()
    received = {t for t, names, _ in facts.assigns if MESSAGE in names}
    parameters = {p for names in params.values() for p in names}
    stored = {a for a, _ in facts.element_stores}  # no store in sight: its values come from elsewhere
    return {a for a in facts.flags & control & stored
            if a not in facts.varied | data | passed | received | parameters}


def _element_closure(start: set[str], facts: Facts, params: dict[str, list[str]]) -> set[str]:
    """Arrays followed element by element, the arrays passed by name to a parameter that is one
    (``distribute(counts)`` where distribute's ``int *cnt`` is read by MPI_Scatterv), and the
    parameters such an array is passed to (``fill(counts)`` whose ``int *c`` stores them)."""
    out = set(start)
    changed = bool(out)
    while changed:
        changed = False
        for callee, pos, names in facts.call_args:
            plist = params.get(callee, [])
            if pos < len(plist) and len(names) == 1 and (plist[pos] in out) != (names <= out):
                out |= names | {plist[pos]}  # either way: a helper that fills or reads the array
                changed = True
            if pos < len(plist) and len(names) == 1:  # an array of structs: its members' arrays
                pair = (plist[pos], next(iter(names)))  # (setup(lev) of setup(level_t *lv): lev.n, lv.n)
                for suffix in {e[len(x):] for x in pair for e in out if e.startswith(x + ".")}:
                    if not {x + suffix for x in pair} <= out:
                        out |= {x + suffix for x in pair}
                        changed = True
    return out


def random_closure(facts: Facts) -> set[str]:
    """Names computed from pseudo-random numbers: assigned one, or assigned from such a name
    (``r = random() / RAND_MAX; x = 2.0 * r - 1.0``: r and x). A name that is also assigned a
    known value elsewhere is data everywhere: the parse cannot tell which value reaches a test,
    and weighing a branch it could have decided costs accuracy, never a wrong refusal."""
    out = set(facts.random)
    changed = bool(out)
    while changed:
        changed = False
        for target, rhs, _ in facts.assigns:
            if target not in out and rhs & out:
                out.add(target)
                changed = True
    return out


def _member_of(param: str, names: set[str]) -> bool:
    return any(n.startswith(param + ".") for n in names)


def closure(start: set[str], facts: Facts, params: dict[str, list[str]]) -> set[str]:
    """Names that ``start`` depends on through assignments and user-function arguments."""
    out = set(start)

    def has(name: str) -> bool:
        return name in out or root(name) in out

    changed = True
    while changed:
        changed = False
        for target, rhs, line in facts.assigns:
            if has(target):
                new = {n for n in rhs if n != MESSAGE} - out
                if new:
                    out |= new
                    changed = True
        for callee, pos, names in facts.call_args:
            plist = params.get(callee, [])
            # a member of a parameter (c.n of a struct passed by value) needs the argument too
            if pos < len(plist) and (plist[pos] in out or _member_of(plist[pos], out)) and not names <= out:
                out |= names
                changed = True
        for callee, pos, var in facts.call_refs:
            plist = params.get(callee, [])
            if pos < len(plist) and has(var) and f"*{plist[pos]}" not in out:
                out.add(f"*{plist[pos]}")  # the callee's stores through the pointer define var
                changed = True
            if pos < len(plist) and f"*{plist[pos]}" in out and not has(var):
                out.add(var)  # the callee reads what the caller's variable holds (g->n_local)
                changed = True
    return out
