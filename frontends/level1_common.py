"""What the C and Fortran level-1 parses share (paper 3.3.2): applying annotations, branch
probabilities (Algorithm 3), and the classification of loops (IterD / IterSync / IterND) and
conditionals (CondtD / CondtSync)."""
from __future__ import annotations

import sympy

from .aag import Call, ExternalInput, Loc, Seq
from .aag.aau import SYNC_CLASSES
from .aag.effects import loop_effects
from .aag.iterlocal import iteration_local
from .aag.fill import fill_effects
from .aag.whilecount import derived_count
from .aag.bodies import can_leave, cond_fixed, flat, has_jump, reachable_functions, recursive_functions
from .annotations import Annotation
from .errors import FrontendError


# Calls that read a clock (C and Fortran spellings): a loop whose condition calls one runs for a
# span of wall time. MPI_Wtime read only to print elapsed times changes nothing.
CLOCK_CALLS = frozenset({"MPI_Wtime", "clock", "time", "omp_get_wtime", "gettimeofday", "dclock",
                         "MPI_WTIME", "OMP_GET_WTIME"})


class AnnotatedParse:
    """Mixed into a level-1 parse that has ``file``, ``inputs``, ``regions``, ``_region`` (open
    regions), ``_pending`` (annotations waiting for their statement), ``granularity`` and
    ``problem(kind, message, where)``. ``DIRECTIVE`` is the language's spelling in messages."""

    DIRECTIVE = "#pragma interp"

    def apply_annotation(self, a, line: int) -> None:
        if a.kind == "input":
            inp = self.inputs.get(a.name)
            if inp is None:
                self.inputs[a.name] = ExternalInput(a.name, line, "annotation", a.value)
            else:
                inp.default = a.value
        elif a.kind == "granularity":
            self.granularity = a.value
        elif a.kind in ("region", "end-region"):
            # C reads its file-scope pragmas before any function: a region there could hold nothing.
            # A Fortran region may hold whole program units (its directives are applied by line).
            if not self.DIRECTIVE.startswith("!") and self._outside_functions(line):
                what = "region" if a.kind == "region" else "end region"
                raise FrontendError(f"'{self.DIRECTIVE} {what}' stands outside any function: a region holds "
                                    "statements; open and close it inside a function", self.file, line)
            if a.kind == "region":
                self._open_region(a.name, line)
            else:
                self._close_region(line)
        elif self._outside_functions(line):
            unit = self._unit_word()
            raise FrontendError(f"'{self.DIRECTIVE} {a.kind}' stands outside any {unit}: it applies to the "
                                f"statement that follows it; put it inside the {unit}, just before that "
                                "statement", self.file, line)
        else:
            if a.kind in self._pending:
                raise FrontendError(f"two '{a.kind}' annotations for one statement", self.file, line)
            a.function = getattr(self, "fn_name", None)
            self._pending[a.kind] = a

    def _open_region(self, name: str, line: int) -> None:
        self._region.append(name)
        self.regions[name] = Loc(self.file, line, line)

    def _close_region(self, line: int) -> None:
        if not self._region:
            raise FrontendError(f"'{self.DIRECTIVE} end region' without a matching region", self.file, line)
        name = self._region.pop()
        self.regions[name] = Loc(self.file, self.regions[name].first, line)

    def _unit_word(self) -> str:
        return "program unit" if self.DIRECTIVE.startswith("!") else "function"

    def _outside_functions(self, line: int) -> bool:
        """Whether an annotation at ``line`` stands outside every function (program unit)."""
        unit_at = getattr(self, "_unit_at", None)  # Fortran: directives are applied by line
        if unit_at is not None:
            return unit_at(line) is None
        # C applies the file-scope pragmas while it reads the declarations, before any function.
        return getattr(self, "fn_name", None) is None

    def _take(self, kind: str):
        a = self._pending.pop(kind, None)
        if a is not None and a.function != getattr(self, "fn_name", None):
            # Written at the end of one function, it would apply to a statement of the next one.
            raise FrontendError(f"'{self.DIRECTIVE} {kind}' is not followed by a statement it can apply to "
                                f"in its {self._unit_word()}", self.file, a.line)
        return a

    def _found_prob(self, probs: list, line: int):
        """The prob() of an if in a recognised binary search whose branch leaves the loop (the key
        found): 0 for that branch, the worst case the trip count assumes (docs/model.md); the
        other conditions on data 0.5, as without prob(), and said so."""
        if 0.5 in probs:
            filled = ", ".join(str(p) for p in probs)
            self.problem("assumption", "condition depends on data; taken with probability 0.5, its "
                         "key-found branch with 0, the binary search's worst case (state it with "
                         f"'{self.DIRECTIVE} prob({filled})' above line {line})", line)
        return Annotation("prob", line, value=list(probs), function=getattr(self, "fn_name", None))

    def _branch_probs(self, branches, prob, where) -> None:
        """Algorithm 3 weights: prob() for conditions on data (or stated by the user), else 0.5."""
        dd = [b for b in branches if b.data_dependent]
        if prob is not None:
            if not dd:
                # The user states the probability: it replaces the conditions' values.
                dd = [b for b in branches if b.cond is not None]
                for b in dd:
                    b.data_dependent = True
            if len(prob.value) not in (1, len(dd)):
                raise FrontendError(f"prob() gives {len(prob.value)} values for {len(dd)} data-dependent "
                                    "conditions", self.file, prob.line)
            values = prob.value * len(dd) if len(prob.value) == 1 else prob.value
            for b, p in zip(dd, values):
                b.prob, b.stated = p, True
        elif dd:
            for b in dd:
                b.prob = 0.5
            if all(_breaks(b.body) for b in dd):  # a loop's early exit: the engine's rule and note
                return
            filled = ", ".join(["0.5"] * len(dd))
            self.problem("assumption", "condition depends on data; taken with probability 0.5 "
                         f"(state it with '{self.DIRECTIVE} prob({filled})' above line {_line_of(where)})",
                         where)

    def check_sized(self, aau, size, name: str) -> None:
        """size(EXPR) stands above a call that sends or receives a message (it states its count)."""
        if size is not None and not sized(aau):
            raise FrontendError(f"'{self.DIRECTIVE} size(...)' stands above {name}, which has no message "
                                "count to state: put it just above the send, receive or collective whose "
                                "count comes from data", self.file, size.line)

    def undetermined_message(self, name: str, attr: str, aau) -> str:
        """The refusal of a message whose size or partner the parse cannot know, with what to write
        (issue 13, defects 9 and 14): size(N) filled in for the call's line."""
        if attr == "size":
            return (f"{name}: the message size depends on data the parse cannot know (a count from "
                    f"rand(), a file, a received message); state it with '{self.DIRECTIVE} size(N)' "
                    f"above line {aau.loc.first} (N: the count the call sends or receives, as its count "
                    "argument would hold it), or compute it from inputs, the rank and constants")
        return (f"{name}: the message {attr} depends on data the parse cannot know; it must come from "
                "inputs, the rank and constants")

    def _check_functions(self, functions, entry: str) -> None:
        """Recursion needs a cost() annotation; regions and annotations must be closed/used.
        Only what the program can run counts: a recursive utility of a module or file that
        nothing reachable from ``entry`` calls does not refuse the program."""
        reachable = reachable_functions(functions, entry)
        for name in recursive_functions(functions):
            functions[name].recursive = True
            if name not in reachable:
                continue
            comm = next((a for n in sorted(reachable_functions(functions, name)) for a in flat(functions[n].body)
                         if a.cls in SYNC_CLASSES), None)
            for c in (a for n, fn in functions.items() if n in reachable for a in flat(fn.body)
                      if isinstance(a, Call) and a.callee == name and a.cost is None):
                saved, self.file = self.file, c.loc.file  # the call's own file (a helper's, a header's)
                try:
                    self.problem("unsupported", self._recursion_refusal(name, c, comm), c.loc.first)
                finally:
                    self.file = saved

    def _recursion_refusal(self, name: str, call, comm) -> str:
        """Why a recursive call is refused and what to write instead. interp does not interpret
        recursion; a call that communicates cannot take a cost() either, since its messages
        (which the partners wait for) would be left out."""
        if comm is None:
            return (f"recursive call of {name}() cannot be interpreted without an annotation: put "
                    f"'{self.DIRECTIVE} cost(EXPR)' above line {call.loc.first}")
        what = comm.label.split("(")[0].strip() or comm.cls  # the call's name: MPI_Recv
        return (f"recursive call of {name}(), which communicates ({what} at line {comm.loc.first}): interp "
                f"does not interpret recursion, and '{self.DIRECTIVE} cost(EXPR)' would leave its messages "
                "out; write the recursion as a loop (a tree's levels: a loop over the halving distance)")
        if self._region:
            raise FrontendError(f"region '{self._region[-1]}' is not closed ('{self.DIRECTIVE} end region')",
                                self.file, self.regions[self._region[-1]].first)
        if self._pending:
            a = next(iter(self._pending.values()))
            raise FrontendError(f"'{self.DIRECTIVE} {a.kind}' is not followed by a statement it can apply to",
                                self.file, a.line)

    def _classify_condt(self, condt, where) -> None:
        """CondtD, or CondtSync when a branch communicates (paper 3.3.2, Algorithm 3). Which
        processes take a branch must be known to interpret its communication: a condition on data
        cannot be weighted by a probability there."""
        condt.cls = "CondtSync" if condt.has_sync() else "CondtD"
        if condt.cls == "CondtSync" and any(b.data_dependent for b in condt.branches):
            self.problem("unsupported", "communication under a condition on data the parse cannot know: "
                         "interp cannot tell which processes communicate (make the condition depend on "
                         "inputs, the rank and constants)", where)

    def _classify_loop(self, loop, var, deterministic: bool, iters_ann, limits_known: bool, where) -> None:
        """IterD / IterSync / IterND (paper 3.3.2) and the tracked names the body assigns."""
        body = loop.body
        critical_defs = {n for a in flat(body) if isinstance(a, Seq) for n, _ in a.defs
                         if self.critical.is_critical(n)} - {var}
        critical_defs -= iteration_local(body, critical_defs)  # set afresh by every iteration
        loop.clobbers = sorted({n for a in flat(body) if isinstance(a, Seq) for n, _ in a.defs} | {var})
        if loop.has_sync():
            loop.cls = "IterSync" if deterministic else "IterND"
        else:
            # Critical names updated by induction have closed forms too (a counted loop that only
            # does `off += chunk` is IterD); any other update needs the loop interpreted.
            loop.effects = loop_effects(loop) if deterministic else None
            if deterministic and critical_defs and loop.effects is None:
                # rowptr[i] = nnz with nnz++ under conditions on i: the elements in closed form
                loop.effects, loop.fills = fill_effects(loop) or (None, None)
            loop.cls = "IterD" if deterministic and (not critical_defs or loop.effects is not None) else "IterND"
        if loop.num_iters is None and iters_ann is None:
            what = "its limits depend on data the parse cannot know" if not limits_known \
                else "its step is not known"
            self.problem("missing-iters", f"the trip count of this loop cannot be determined: {what}; "
                         f"state it with '{self.DIRECTIVE} iters(N)' above line {_line_of(where)} "
                         "(N: its mean trip count, a number or an expression of inputs)", where)

    def _clock_loop(self, call: str, line: int) -> None:
        """``while (MPI_Wtime() - t0 < 1.0)``: how many iterations fit in a span of wall time
        depends on the machine, which is what interp predicts, not on the source (issue 13)."""
        self.problem("unsupported", f"the loop condition calls {call}(): the loop runs for a span of time, "
                     "and how many iterations fit in it is what interp predicts, not what the source says; "
                     f"state its trip count with '{self.DIRECTIVE} iters(N)' above line {line}", line)

    def _pointer_walk(self, where) -> str | None:
        """The pointer a loop's condition tests for null (C: ``p != NULL``, ``while (p)``), or None."""
        return None

    def _classify_while(self, loop, iters_ann, where) -> None:
        """A loop whose count is re-tested each iteration: IterND unless iters() gives the count
        or the condition's counters give it in closed form (aag/whilecount.py)."""
        derived = derived_count(loop) if iters_ann is None and loop.cond is not None else None
        count = None
        if derived is not None:
            count, loop.counters = derived
        if iters_ann is not None or count is not None:
            loop.iters_annotation = loop.num_iters = iters_ann.value if iters_ann is not None else count
            loop.cls = ("IterSync" if loop.has_sync() else "IterD") if not has_jump(loop.body, closed_continue=True) else "IterND"
            # After the loop, the names its body assigns have their values after the stated number
            # of passes (in closed form when the body updates them by induction), else no value:
            # they kept the value from before the loop (issue 13: `it` was still 0 after 40 passes).
            loop.clobbers = sorted({n for a in flat(loop.body) if isinstance(a, Seq) for n, _ in a.defs})
            loop.effects = loop_effects(loop, entry_count=count is not None) if loop.cls == "IterD" else None
        else:
            loop.cls = "IterND"
            if loop.cond is not None and _always_true(loop.cond) and not can_leave(loop.body):
                # `while (1)` / `for (;;)` / `DO` with nothing in the body that leaves: the program
                # never ends, whatever the data (issue 14: it used to run into the budget).
                walk = self._pointer_walk(where)
                self.problem("unsupported", (
                    f"this loop walks a linked structure until {walk} is NULL, and interp takes pointers as "
                    "never null (allocations succeed), so nothing would end it; state its mean trip count "
                    if walk else "this loop never ends: its condition is always true and nothing in its body "
                    "leaves it (no break, return, exit, STOP or MPI_Abort); if it is meant to run a fixed "
                    "number of times, give the count ") + f"with '{self.DIRECTIVE} iters(N)' above line {_line_of(where)}",
                    where)
            elif loop.cond is not None:
                loop.cond_fixed = cond_fixed(loop.cond, loop.body)
            if loop.cond is None:
                self.problem("missing-iters", "the loop condition depends on data the parse cannot know; "
                             f"state the trip count with '{self.DIRECTIVE} iters(N)' above line {_line_of(where)} "
                             "(N: its mean trip count, a number or an expression of inputs)", where)


def _breaks(body) -> bool:
    """Does a branch end with ``break`` (``EXIT``)? An early exit from its loop: the engine weighs
    it by its own rule (interp/engine/early_exit.py) and says so in the report's notes."""
    return bool(body) and getattr(body[-1], "control", None) == "break"


def sized(aau) -> bool:
    """Does a communication AAU carry a message count that size(EXPR) can state?"""
    if aau.cls == "Comm":
        return aau.op in ("send", "isend", "recv", "irecv", "sendrecv", "send_init", "recv_init")
    return aau.cls == "SyncSeq" and aau.creates is None


def _line_of(where) -> int:
    """The line an annotation goes above: C passes the statement's node, Fortran its line."""
    if isinstance(where, int):
        return where
    coord = getattr(where, "coord", None)
    return coord.line if coord is not None else 0


def _always_true(cond) -> bool:
    """A loop condition that holds whatever the data: `1`, `.TRUE.`, a nonzero constant."""
    if cond is sympy.true:
        return True
    return bool(getattr(cond, "is_number", False)) and cond != 0 and cond is not sympy.false


def foreign_pragma(spelling: str) -> str:
    """What a pragma that is not interp's means for the prediction. An OpenMP directive (``#pragma
    omp``, ``!$omp``) is read as the statement it applies to run by one thread per process: the
    machine files describe one processor per node, and the paper's model has no threads, so a
    loop under ``parallel for`` costs all its iterations on the process (docs/model.md)."""
    words = spelling.lstrip("#!$ ").split()
    if words[:2] in (["pragma", "omp"], ["omp"]) or (words and words[0].lower() == "omp"):
        return (f"'{spelling}': OpenMP is not modelled; the statement it applies to is predicted on one "
                "thread per process (the machine describes one processor per node), so its threads' "
                "speed-up is not in the prediction")
    return f"'{spelling}' is not an interp annotation; it is not modelled"
