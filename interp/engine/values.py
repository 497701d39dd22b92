"""The values a process's chain knows (paper 3.3.2, critical variables): its globals and call
frames, expressions evaluated on them (compiled once, memoized while the names they read stay
the same), and the errors that say which value is missing and why."""
from __future__ import annotations

import math

import sympy

from frontends.aag import symexpr as S
from frontends.aag.bodies import root
from frontends.aag.cstrings import string_of, unknown_length

from interp.engine import symtime
from interp.engine.compiled import Unknown
from interp.engine.network import REQUEST_NAMES
from interp.engine import flags
from interp.engine.fills import FILLED, MAX_FOLLOWED, refusal, store_fills
from interp.engine.symtime import SymTime, wrap
from interp.errors import InputError

_MISSING = object()


# What check's survey goes on through (EngineOptions.survey): the counts and conditions of loops.
SURVEYED = ("loop trip count", "loop condition")


class Values:
    """Base of ``chain.Chain``: the chain's variables and the evaluation of AAG expressions.

    Uses the chain's ``engine`` (its compiled-expression cache), ``current`` AAU, ``aag``,
    ``label``, ``rank_value``, ``nprocs`` and ``inputs``."""

    def __init__(self, memo_on: bool):
        self.globals: dict[str, object] = {}
        self.frames: list[dict[str, object]] = [{}]
        # Values of expressions already evaluated in the current frame, dropped when a name they
        # read is assigned: loop bounds, partners, tags and sizes mostly read names set once.
        self.memo: dict[int, object] = {}
        self.memo_deps: dict[str, list[int]] = {}
        self.memo_on = memo_on
        self.followed: dict[str, int] = {}  # array -> elements stored by computed indices (fills.py)
        # Flag arrays (engine/flags.py) by name; None once given up.
        self.flag_arrays: dict[str, flags.FlagArray | None] = {}

    def lookup(self, name: str):
        value = self.frames[-1].get(name, _MISSING)
        if value is _MISSING:
            value = self.globals.get(name, _MISSING)
            if value is _MISSING:
                if name == "__rank":
                    return self.rank_value
                if name == "__nprocs":
                    return self.nprocs
                if name.startswith("input:") and name[6:] in self.inputs:
                    return self.inputs[name[6:]]
                if name[-1:] == "]":
                    return self._unstored(name)
                if name.startswith(flags.ARRAY) and self.flag_arrays.get(name[len(flags.ARRAY):]) is not None:
                    return self.flag_arrays[name[len(flags.ARRAY):]]  # compiled.py counts its values
                raise Unknown(name)
        if value is None:
            raise Unknown(name)
        return value

    def _unstored(self, name: str):
        """An element no per-name store holds: a flag array's (engine/flags.py), or one not
        stored since its array was filled (calloc)."""
        at = flags.element_of(name)
        if at is not None and at[0] in self.aag.flag_arrays:
            f = self.flag_arrays.get(at[0])
            value = f.get(at[1]) if f is not None else None
            if value is None:
                raise Unknown(name)
            return value
        filled = name[:name.index("[")] + FILLED
        for scope in (self.frames[-1], self.globals):
            value = scope.get(filled)
            if value is not None:
                return value
        raise Unknown(name)

    def eval(self, expr, what: str = "value"):
        key = id(expr)
        value = self.memo.get(key, _MISSING)
        if value is not _MISSING:
            return value
        if expr is None:
            raise Unknown("?")
        if isinstance(expr, (int, float)):
            return float(expr)
        names, fn = self.engine.compiled.get(expr)
        try:
            if names is None:  # a summed term, array elements picked at run time, a group's rank list
                return fn(self.lookup)
            args = [self.lookup(n) for n in names]
            if not self.memo_on:
                if any(isinstance(x, SymTime) for x in args):
                    return self._symbolic(expr, names, args, fn, what)
                return fn(*args)
            value = fn(*args)
        except ZeroDivisionError:
            raise InputError(f"{self._where()}: division by zero while evaluating the {what} "
                             f"({self.label})") from None
        except (ArithmeticError, ValueError, TypeError) as exc:  # nan or inf where an integer is needed
            if str(exc).startswith("MPI_"):  # an MPI call's arguments the engine refuses (a group's ranks)
                raise InputError(f"{self._where()}: on {self.label}: {exc}") from None
            raise InputError(f"{self._where()}: the {what} cannot be evaluated on {self.label}: "
                             f"{str(exc)[:120]} (an input at an extreme, a step of 0?)") from None
        self.remember(key, value, names)
        return value

    def remember(self, key: int, value, names) -> None:
        """Memoize ``value`` under ``key`` until one of ``names`` is assigned."""
        self.memo[key] = value
        deps = self.memo_deps
        for n in names:
            ids = deps.get(n)
            if ids is None:
                deps[n] = [key]
            else:
                ids.append(key)

    def names_of(self, *exprs):
        """The names the expressions read; None when one cannot say (a summed term)."""
        out = set()
        for e in exprs:
            if e is None or isinstance(e, (int, float)):
                continue
            names = self.engine.compiled.get(e)[0]
            if names is None:
                return None
            out.update(names)
        return out

    def forget(self) -> None:
        """Drop every memoized value (a frame was pushed or popped)."""
        self.memo.clear()
        self.memo_deps.clear()

    def _symbolic(self, expr, names, args, fn, what: str):
        """--symbolic: the number from the samples, and the expression with the symbols kept."""
        value = fn(*[float(x) for x in args])
        if what == "loop trip count" and self.model.levels_chosen(expr):
            # The roofline model's choice of cache level: a different formula on each side of
            # every capacity, which sympy would try to decide for all values of the symbol.
            kept = ", ".join(sorted({str(v) for x in args if isinstance(x, SymTime) for v in x.e.free_symbols}))
            raise InputError(f"{self._where()}: the time of this loop depends on {kept} through the "
                             "cache level that serves its arrays (roofline model): a different formula "
                             "for each level, not one closed form; give it a value, or use --symbolic "
                             "with a machine using the opcount model")
        syms = {n: (S.RANK if n == "__rank" else S.NPROCS if n == "__nprocs" else S.var(n)) for n in names}
        e = expr.xreplace({syms[n]: (x.e if isinstance(x, SymTime) else x) for n, x in zip(names, args)})
        return wrap(value, e)

    def decide(self, value, what: str):
        """A branch decided on the samples: the symbolic result holds where the condition does."""
        if isinstance(value, SymTime):
            cond = S.as_condition(value.e)
            symtime.ASSUMPTIONS.append(cond if value.v else sympy.Not(cond))
            return bool(value.v)
        return value

    def concrete(self, value, what: str):
        """A value that decides control flow cannot stay symbolic."""
        if isinstance(value, SymTime):
            names = ", ".join(sorted(str(s) for s in value.e.free_symbols))
            raise InputError(f"{self._where()}: the {what} depends on {names}, which --symbolic keeps "
                             "as a symbol; only inputs that do not decide control flow can stay symbolic")
        return value

    def try_eval(self, expr):
        try:
            return self.eval(expr)
        except Unknown:
            return None

    def quotient_extra(self, a, counts) -> float:
        """The divider's time at the widths of the quotients whose operands are known here, in
        place of the mid (interp/models/divider.py); every other division keeps the mid."""
        if not self.model.widths_known():
            return 0.0
        values = self.quotient_values(counts)
        return self.model.quotient_extra(a, counts, values) if values else 0.0

    def quotient_values(self, counts) -> list[tuple[float, float]]:
        """The (dividend, divisor) values of ``counts``' divisions whose operands are known here."""
        values = []
        for x, y in counts.quotients:
            try:  # mostly plain names (k % d): looked up, not evaluated
                vx = self.lookup(x.name) if x.is_Symbol else self.eval(x)
                vy = self.lookup(y.name) if y.is_Symbol else self.eval(y)
            except (Unknown, ArithmeticError, ValueError, TypeError):
                continue
            if isinstance(vx, (int, float)) and isinstance(vy, (int, float)):
                values.append((float(vx), float(vy)))
        return values

    def define(self, name: str, expr) -> None:
        """A Seq's def: ``name = expr`` (None: not known), or a store into an element picked at
        run time (a def named ``array[]``)."""
        if expr is not None and name[-2:] == S.ELEMENTS:
            if isinstance(expr, S.Filled):  # every element: cleared, then read as the fill's value
                self.assign(name, None)
                value = self.try_eval(expr.args[0])
                if name[:-2] in self.aag.flag_arrays:
                    self.flag_start(name[:-2], value)
                else:
                    self.assign(name[:-2] + FILLED, value)
            else:
                self.store_element(name[:-2], expr)
        elif self._not_given(expr):  # an option the command line leaves out: the value stays
            return
        else:
            self.assign(name, None if expr is None else self.try_eval(expr))

    def _not_given(self, expr) -> bool:
        """Is ``expr`` an optional input (a getopt option's value) that no -D gives?"""
        if type(expr) is not sympy.Symbol or not expr.name.startswith("input:"):  # inputs are plain Symbols
            return False
        inp = self.aag.inputs.get(expr.name[6:])
        return inp is not None and inp.optional and expr.name[6:] not in self.inputs

    def assign_all(self, values: dict) -> None:
        for name, value in values.items():
            self.assign(name, value)

    def store_element(self, array: str, stored) -> None:
        """``array[i] = v`` (a def named ``array[]``, aag/symexpr.Stored): the element the index
        picks on this process; an unknown index leaves every element of the array unknown."""
        index = self.try_eval(stored.args[0])
        if index is None:
            self.assign(array + S.ELEMENTS, None)
            return
        if array in self.aag.flag_arrays:
            if array not in self.flag_arrays:  # stored before any allocation interp saw
                self.flag_start(array, None)
            if self.flag_arrays[array] is not None:
                self.flag_store(array, lambda f: f.set(index, self.try_eval(stored.args[1])))
            return
        try:
            name = S.element_name(array, index)
        except ValueError as exc:
            raise InputError(f"{self._where()}: {exc} on {self.label}") from None
        if name not in self.frames[-1] and name not in self.globals:  # a new element: bounded
            count = self.followed[array] = self.followed.get(array, 0) + 1
            if count > MAX_FOLLOWED:
                raise InputError(f"{self._where()}: {refusal(array, count, self.directive)}")
        self.assign(name, self.try_eval(stored.args[1]))

    def flag_start(self, array: str, fill) -> None:
        """A flag array (re)allocated or filled whole: every element ``fill`` (None: unknown)."""
        if array in self.flag_arrays and self.flag_arrays[array] is None:
            return  # given up: never revived
        self.flag_store(array, lambda f: None, fresh=fill)

    def flag_store(self, array: str, store, fresh=_MISSING) -> None:
        """Apply ``store`` to the flag array, or give the array up with a note."""
        try:
            f = flags.FlagArray(fresh) if fresh is not _MISSING else self.flag_arrays[array]
            store(f)
            self.flag_arrays[array] = f
        except flags.GivenUp as exc:
            self.flag_arrays[array] = None
            self.engine.notes[("flags", array)] = flags.note(array, self._where(), str(exc))

    def store_fills(self, a) -> None:
        """The elements a closed-form loop stores (aag/fill.py), from the values before it."""
        if a.fills:
            store_fills(self, a, int(self.need(a.num_iters, "loop trip count")))

    def assign(self, name: str, value) -> None:
        if name[-2:] == S.ELEMENTS:  # every element of the array: none is known any more
            if name[:-2] in self.aag.flag_arrays:
                self.flag_start(name[:-2], None)
            prefix = name[:-1]
            for key in {k for scope in (self.globals, self.frames[-1]) for k in scope if k.startswith(prefix)}:
                self.assign(key, None)  # each through assign: what was memoized on it is dropped
            return
        ids = self.memo_deps.pop(name, None)
        if ids is not None:
            memo = self.memo
            for k in ids:
                memo.pop(k, None)
        frame = self.frames[-1]
        if name in frame:  # most assignments (a loop index): no need for the root's name
            frame[name] = value
            return
        base = root(name)
        if base not in frame and (name in self.globals or base in self.globals):
            self.globals[name] = value
        else:
            frame[name] = value

    @property
    def directive(self) -> str:
        """How the program's language spells an annotation (docs/annotations.md)."""
        return "!$interp" if self.aag.language == "fortran" else "#pragma interp"

    def referenced(self, var: str, alias: str, frame: dict | None = None) -> dict:
        """The values of ``var`` and its members and elements (``grid``, ``grid.n``,
        ``grid.dims[0]``), renamed to ``alias`` (``*g``, ``*g.n``, ``*g.dims[0]``): what a callee
        sees through a pointer, or (from its ``frame``) what it stored there for the caller."""
        scopes = [frame] if frame is not None else [self.globals, self.frames[-1]]
        out = {}
        for scope in scopes:  # the frame's values override the globals'
            for name, value in scope.items():
                if name == var or (name.startswith(var) and name[len(var)] in ".["):
                    if value is not None:
                        out[alias + name[len(var):]] = value
        return out

    @staticmethod
    def defs_of(a):
        """A Seq's defs, the first of the name a call's value is stored into (Seq.returned) with
        that value: the value the Call just before returned (RETURNED)."""
        if a.returned is None:
            return a.defs
        target, value = a.returned
        out, done = [], False
        for name, expr in a.defs:
            if not done and name == target and expr is None:
                expr, done = value, True
            out.append((name, expr))
        return out

    def call_frame(self, fn, a) -> dict:
        """The callee's first values: its parameters' (the arguments'), what it reads through a
        pointer (n, grid.n_local), an array's followed elements (cnt[k]), a copied struct's
        members (c.n); locals named as globals are unknown until assigned."""
        frame = {p: (self.try_eval(arg) if arg is not None else None) for p, arg in zip(fn.params, a.args)}
        for name in fn.shadows:
            frame.setdefault(name, None)
        for param, var in a.refs.items():
            frame.update(self.referenced(var, f"*{param}"))
        for param, var in list(a.arrays.items()) + list(a.copies.items()):
            frame.update(self.referenced(var, param))
        if getattr(a, "names", None):  # the caller's requests the callee may start or complete (network.request_name)
            frame[REQUEST_NAMES] = {p: (var, self.try_eval(a.offsets[p]) if p in a.offsets else None)
                                    for p, var in a.names.items()}
        return frame

    def reads_data(self, value) -> bool:
        """The callee's closed form reads a value that is data on this process (a field read
        through a pointer to an array element, ``x->key`` in a comparison function): no closed
        form, but no error either, since interpreting the body weighs those branches as data (a
        missing -D input is still the user's to give)."""
        try:
            self.eval(value, "call's interpretation function")
        except Unknown as exc:
            return not exc.name.startswith("input:")
        except (ArithmeticError, ValueError, TypeError):
            return False  # need() says what is wrong
        return False

    def _where(self) -> str:
        a = self.current
        return f"{a.loc.file}:{a.loc.first}" if a is not None and a.loc else self.aag.file

    def need(self, expr, what: str):
        """Evaluate a critical expression; an unknown value is the user's problem to fix, and so
        is one that is not a finite number (a division by zero, an overflow: inputs at extremes)."""
        try:
            value = self.eval(expr, what)
        except Unknown as exc:
            if self.engine.survey is not None and what in SURVEYED:
                return self.surveyed(lambda e=exc: self._unknown(e, what), what)
            self._unknown(exc, what)
        except (ArithmeticError, ValueError, TypeError) as exc:  # nan, inf, zoo met inside sympy/math
            raise InputError(f"{self._where()}: the {what} cannot be evaluated on {self.label}: "
                             f"{str(exc)[:120]}; check the inputs it depends on") from None
        if type(value) is float and not math.isfinite(value):
            # a count that is NaN: a counter that steps past the limit its != condition tests
            # (aag/whilecount.py), which never ends (not before the counter wraps)
            why = "a counter that steps past the limit of its != condition: the loop never ends; " \
                if what == "loop trip count" and value != value else ""
            raise InputError(f"{self._where()}: the {what} is {value} on {self.label}: not a finite number "
                             f"({why}an input at an extreme, a division by zero); check the inputs it depends on")
        return value

    def surveyed(self, refuse, what: str) -> float:
        """check (EngineOptions.survey): keep the refusal ``refuse()`` raises, once per line, and
        go on as if the loop ran once (its trip count 1, its condition true only the first time
        it is tested at that line on this process)."""
        try:
            refuse()
        except InputError as exc:
            a = self.current
            where = (a.loc.file, a.loc.first) if a is not None and a.loc else (self.aag.file, 0)
            self.engine.survey.setdefault(where, str(exc))
            if what == "loop trip count":
                return 1.0
            if what != "loop condition":  # only listed (a loop refused at its start)
                return 0.0
            key = ("surveyed", where, self.index)
            tested = self.engine._inner.get(key, 0)
            self.engine._inner[key] = tested + 1
            return 1.0 if tested == 0 else 0.0
        raise AssertionError("surveyed: the refusal did not refuse")

    def _unknown(self, exc: Unknown, what: str):
        name = exc.name
        if name.startswith("input:"):
            raise InputError(f"{self._where()}: the {what} needs external input {name[6:]!r}; "
                             f"give it with -D {name[6:]}=VALUE") from None
        if name == "?":  # the parse found no expression for it: it reads data (rand(), a file)
            raise InputError(f"{self._where()}: the {what} depends on data the parse cannot know (a value from "
                             f"rand(), a file or a received message); {self._remedy(what)}") from None
        if name.startswith(S.SIZEOF + "("):
            raise InputError(f"{self._where()}: the {what} depends on {name}, the bytes of an array whose "
                             "length interp cannot tell (a variable-length array, or a dimension that is not "
                             f"an integer constant expression); {self._remedy(what)}") from None
        string = string_of(name)
        if string is not None:  # strlen(message) of a string whose contents are not followed
            a = self.current
            line = a.loc.first if a is not None and a.loc else 0
            raise InputError(f"{self._where()}: on {self.label}, {unknown_length(string, self.aag.strings, what, line)}"
                             f"; {self._remedy(what)}") from None
        fn = getattr(self.aag, "returned_from", {}).get(name)
        if fn is not None:
            raise InputError(f"{self._where()}: the {what} depends on {name!r}, the value {fn}() returns, which "
                             f"interp does not follow on {self.label} (it follows a call that is the whole right-hand "
                             f"side, returning a value of its arguments, globals and constants; not one computed from "
                             f"data or a static local; docs/model.md, 'Returned values'); {self._remedy(what)}") from None
        lines = self.aag.critical.get(name) or self.aag.critical.get(name.split("[")[0]) or []
        defined = f" (assigned at line {', '.join(map(str, sorted(set(lines))))})" if lines else ""
        raise InputError(f"{self._where()}: the {what} depends on {name!r}, whose value on {self.label} "
                         f"is not known{defined}: it depends on data; {self._remedy(what)}") from None

    def _remedy(self, what: str) -> str:
        """What the user can write to state what the source does not decide, filled in for the line
        (issue 13: errors named no annotation)."""
        a = self.current
        line = a.loc.first if a is not None and a.loc else "?"
        directive = self.directive
        if what.startswith("loop"):
            return f"state its trip count with '{directive} iters(N)' above line {line}"
        if what == "branch condition":
            if a is not None and a.cls == "CondtSync":
                return ("interp must know which processes take a branch that communicates: compute the "
                        "condition from inputs, the rank and constants")
            return f"state how often it is taken with '{directive} prob(0.5)' above line {line}"
        if what == "message size":
            return (f"state the count with '{directive} size(N)' above line {line} (N: what the call's count "
                    "argument holds), or compute it from inputs, the rank and constants")
        if what in ("interpretation function", "call's interpretation function"):
            return f"state its time with '{directive} cost(EXPR)' above line {line}"
        if what.startswith("callee"):  # engine/dispatch.py
            return f"interp cannot tell which function runs: state the call's time with '{directive} cost(EXPR)' " \
                f"above line {line}"
        # no -D: a missing input is named as such (_unknown's "input:"), so this value does not
        # wait for one (it said "or give those inputs with -D NAME=VALUE" for any name)
        return "compute it from inputs, the rank and constants"

