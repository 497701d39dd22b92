"""CALL statements and function references (part of the level-1 parse, see level1.py).

A message-passing call becomes a Comm, Sync, SyncSeq or Spawn AAU (the table shared with C,
frontends/msgpass.py); a user subroutine or function a Call AAU (arguments by reference: a tracked
variable passed to a routine that assigns its dummy argument receives the value, as C's ``&var``);
a machine or library call stays in the Seq, costed by the processing component; anything else is
reported as unmodelled.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F

from .. import msgpass
from ..aag import Call, Loc, Seq
from ..aag.communicators import handle_value
from ..comms import QUERIES, CallError, QueryArgs, cart_ndims, query_defs
from ..libcalls import OMP_THREADS_NOTE
from ..msgpass import DERIVED_DATATYPES, ENDING_CALLS, count_call, datatype_value
from . import calls
from . import tree as T
from ..errors import FrontendError
from .loopnest import NotRewritten
from .where import elemental_call
from .shapes import actual_extent
from .expr import args_of, is_ref, ref_name
from .refs import actual_args, query_element, query_target
from .intrinsics import ARRAY_INTRINSICS, generic

# Fortran library subroutines -> the C library call that costs the same (machine file ``lib.*``).
_LIB_SUBROUTINES = {"CPU_TIME": "clock", "SYSTEM_CLOCK": "clock", "DATE_AND_TIME": "time",
                    "RANDOM_NUMBER": "rand", "RANDOM_SEED": "srand", "FLUSH": "fflush"}


class CallStatements:
    """Mixin of FLevel1: calls, user routines and message passing."""

    def _s_Call_Stmt(self, stmt, out, first, last):
        name = str(stmt.items[0])
        up = name.upper()
        args = args_of(stmt)
        kind = self.scope.ref_kind(name)
        if kind != "user" and calls.is_comm_call(up):
            self._comm(up, args, None, out, stmt, first, last)
            return
        for a in args:
            bad = self._array_syntax(a, argument=True)
            if bad:
                self.problem("unsupported", f"array syntax ({bad}) is not modelled: write the loop out", first)
                return
        if kind == "user" and name.lower() in self.scope.program.elemental and not getattr(self, "_rewriting", False) \
                and self._elemental_call(stmt, name, args, out, first, last):
            return  # call scale2(a): the call on each element (sections.py)
        if kind == "user":  # call smooth(v, nsweeps(k)): the function first, its result the argument
            for a in args:
                self._tested(a, out, first, last)
            self._flush(out)
            out.append(self._user_call(name.lower(), actual_args(stmt, self.info.dummies.get(name.lower())),
                                       first, last, stmt))
            self.ex.returned = {}
            counts_needed = any(not isinstance(a, F.Name) and not T.literal(a) for a in args)
            if not counts_needed:
                return
            seq = self._seq_for(stmt, first, last, out)
            self._count_by_ref(args, seq)
            return
        self._calls_first_args(args, out, first, last)
        ending = ENDING_CALLS.get(calls.MACHINE.get(up, up.lower()))
        if ending is not None:
            self._flush(out)  # its own Seq, so reports name the ending call's line
        seq = self._seq_for(stmt, first, last, out)
        self._count_by_ref(args, seq)
        if ending is not None:  # CALL MPI_ABORT(...), CALL EXIT(...): the process (or the job) ends
            count_call(seq.counts, calls.MACHINE.get(up, up.lower()), len(args))
            seq.control = ending
            self._flush(out)
            return
        if up in calls.MACHINE:
            count_call(seq.counts, calls.MACHINE[up], len(args))
            if calls.MACHINE[up] == "omp_set_num_threads":
                self.problem("threads", OMP_THREADS_NOTE, first)
            if calls.MACHINE[up] in QUERIES:
                self._query_defs(calls.MACHINE[up], name, args, seq, first)
            if calls.MACHINE[up] in ("MPI_Pack", "MPI_Unpack"):  # C's are costed as a memcpy (c/packs.py)
                self.problem("assumption", f"{up} is costed as one call (machine.{calls.MACHINE[up]}), not as the "
                             "copy of its bytes: the Fortran frontend has no memcpy loop to cost it by "
                             "(docs/model.md)", first)
            derived = DERIVED_DATATYPES.get(calls.MACHINE[up])
            if derived is not None and len(args) > derived[2]:  # CALL MPI_TYPE_VECTOR(..., OLD, NEW, IERR)
                factors, old, new = derived
                target = self.ex.target_name(args[new])
                if target and self.critical.is_tracked(target):
                    value = self._datatype_value(args[old])
                    for i in factors:
                        f = self.ex.sym(args[i])
                        value = None if value is None or f is None else value * f
                    self._def(seq, target, value)
        elif up == "GET_COMMAND_ARGUMENT" and len(args) >= 2:
            self._command_argument(args, seq)
        elif up in _LIB_SUBROUTINES:
            count_call(seq.counts, _LIB_SUBROUTINES[up], len(args))
            for a in args:
                self._clobber(a, seq)
        elif up in calls.COMM_FREE_NAMES:
            pass
        else:
            count_call(seq.counts, name.lower(), len(args))
            seq.unmodelled.append(name.lower())
            self.problem("unmodelled-call", f"call to {up} is not modelled: it is neither defined in the "
                         "program nor a known library, MPI or NX/2 routine (its time is not predicted; "
                         f"annotate it with '!$interp cost(EXPR)' above line {first})", first)
            for a in args:
                self._clobber(a, seq)

    def _command_argument(self, args, seq: Seq) -> None:
        """GET_COMMAND_ARGUMENT(i, buf [, length, status]): the run-time library copies argument i
        into buf (costed as C's strncpy); a READ from buf is then the input argv[i]."""
        count_call(seq.counts, "strncpy", 1)
        index = self.ex.sym(args[0])
        index = int(index) if index is not None and index.is_Integer else None
        if index is not None:
            self.argv_max = max(self.argv_max, index)
        buf = self.ex.target_name(args[1])
        if buf is not None:
            self._arg_buffers[buf] = (index, self._argc_guards > 0)
        for a in args[2:]:
            self._clobber(a, seq)

    def _query_defs(self, canon: str, name: str, args, seq: Seq, line: int) -> None:
        """MPI_COMM_RANK, MPI_CART_SHIFT, ...: the values they assign (frontends/comms.py)."""
        qargs = QueryArgs(len(args), value=lambda i: self._datatype_value(args[i]),
                          name=lambda i: str(args[i]).upper() if isinstance(args[i], F.Name) else None,
                          target=lambda i: query_target(self.ex, args[i]), cart_ndims=self._cart_ndims(),
                          creates_comms=self.creates_comms, element=lambda i: query_element(self.ex, args[i]))
        try:
            defs = query_defs(canon, name, qargs, self.critical.is_tracked)
        except CallError as exc:
            self.problem("unsupported", str(exc), line)
            return
        for target, value in defs:
            self._def(seq, target, value)  # by reference: a dummy's caller gets it too

    def _cart_ndims(self) -> int | None:
        """The one constant number of dimensions of the program's MPI_CART_CREATE calls."""
        return cart_ndims(self.ex.sym(args_of(s)[1]) if len(args_of(s)) > 1 else None for s in self.cart_creates)

    def _datatype_value(self, node):
        """A predefined datatype named as a value is its size in bytes (see msgpass), a predefined
        communicator its handle (frontends/aag/communicators.py)."""
        if isinstance(node, F.Name):
            size = datatype_value(str(node), "fortran") or handle_value(str(node))
            if size is not None:
                return size
        return self.ex.sym(node)

    def _clobber(self, arg, seq: Seq) -> None:
        """A tracked variable passed to a routine interp does not know: its value becomes unknown."""
        name = self.ex.target_name(arg) if isinstance(arg, F.Name) or is_ref(arg) else None
        if name and self.critical.is_tracked(name):
            self._def(seq, name, None)

    def _count_by_ref(self, args, seq: Seq) -> None:
        """Arguments passed by reference: a variable costs nothing (its address), an element its
        subscripts, an expression its evaluation."""
        for a in args:
            if isinstance(a, F.Name):
                continue
            if is_ref(a) and self.scope.ref_kind(ref_name(a)) == "array":
                for s in args_of(a):
                    self.ex.count(s, seq.counts, seq.accesses)
                continue
            self.ex.count(a, seq.counts, seq.accesses)
            self._note_calls(a, seq, seq.loc.last)

    def _elemental_call(self, stmt, name: str, args, out, first, last) -> bool:
        """An ELEMENTAL subroutine called with an array argument runs once per element: its loop
        form, as array syntax is (sections.py). False when no argument is an array."""
        if any(isinstance(a, F.Actual_Arg_Spec) for a in (stmt.items[1].items if stmt.items[1] is not None
                                                           and hasattr(stmt.items[1], "items") else ())):
            raise FrontendError(f"the ELEMENTAL subroutine {name} is called with keyword arguments and an "
                                "array: not modelled; write the loop over the elements out", self.file, first)
        try:
            found = elemental_call(self.ex, self._section_names, name, args)
        except NotRewritten as exc:
            raise FrontendError(f"call {name}: {exc}; write the loop over the elements out", self.file, first) from None
        if found is None:
            return False
        self._rewriting = True
        try:
            why = self._loop_form(stmt, found[0], found[1], out, first, last)
        finally:
            self._rewriting = False
        if why is not None:
            raise FrontendError(f"call {name} on arrays: {why}", self.file, first)
        return True

    def _user_call(self, callee: str, args, first, last, node) -> Call:
        params = self._params_of(callee)
        refs, arrays = {}, {}
        for i, a in enumerate(args):
            if i < len(params) and isinstance(a, F.Name) and self.scope.var_type(str(a)) is not None:
                var = self.scope.canon(str(a))
                if _followed(var, self.critical.elements) and _followed(params[i], self.critical.elements):
                    # call matvec(n, rowptr, ..): the row pointers' elements; call smooth(lev):
                    # the components' arrays of an array of derived type ("lev.n", derived.py)
                    arrays[params[i]] = var
                elif self.critical.is_tracked(var) and self.critical.is_tracked(f"*{params[i]}"):
                    refs[params[i]] = var
        extents = [actual_extent(self.ex, args[pos], k) if pos < len(args) and args[pos] is not None else None
                   for pos, k, _, _ in self.info.hidden.get(callee, [])]  # assumed shapes (shapes.py)
        given = [sympy.Integer(int(pos < len(args) and args[pos] is not None))  # PRESENT() (shapes.py)
                 for pos, _ in self.info.present.get(callee, [])]
        values = [None if a is None else self._datatype_value(a) for a in args]
        values += [None] * (len(params) - len(values))  # trailing OPTIONAL dummies not given
        names = {params[i]: self.scope.canon(str(a)) for i, a in enumerate(args)  # passed by reference
                 if i < len(params) and isinstance(a, F.Name)}
        return self._new(Call, first, last, callee=callee, label=T.label(node), args=values + extents + given,
                         refs=refs, names=names, arrays=arrays)

    def _params_of(self, name: str) -> list[str]:
        for _, s, _, _ in self.units:
            if s.name == name:
                return [s.canon(d) for d in s.dummies]
        return []

    def _calls_first(self, expr, out, first, last) -> None:
        """User-function references inside an expression become Call AAUs ahead of the Seq part."""
        for node in T.refs_in(expr):
            if self.scope.ref_kind(ref_name(node)) == "user":
                self._flush(out)
                callee = ref_name(node).lower()
                out.append(self._user_call(callee, actual_args(node, self.info.dummies.get(callee)), first, last, node))

    def _calls_first_args(self, args, out, first, last) -> None:
        for a in args:
            self._calls_first(a, out, first, last)

    def _note_calls(self, expr, seq: Seq, line: int) -> None:
        for node in T.refs_in(expr):
            name = ref_name(node)
            kind = self.scope.ref_kind(name)
            if kind == "unknown":
                seq.unmodelled.append(name.lower())
                self.problem("unmodelled-call", f"call to {name} is not modelled: it is neither defined in the "
                             "program nor a known intrinsic, library, MPI or NX/2 function (its time is not "
                             f"predicted; annotate it with '!$interp cost(EXPR)' above line {line})", line)
            elif kind == "intrinsic" and generic(name) in ARRAY_INTRINSICS:
                self.problem("unsupported", f"array intrinsic {name} is not modelled (its cost depends on the "
                             "array's size): write the loop out", line)

    def _no_comm_inside(self, expr, line) -> bool:
        for node in T.refs_in(expr):
            name = ref_name(node)
            if calls.is_comm_call(name) and self.scope.ref_kind(name) != "user":
                self.problem("unsupported", f"{name} inside an expression is not modelled; assign its "
                             "result on its own", line)
                return False
        return True

    # -- communication --------------------------------------------------------------------------
    def _comm(self, name, args, target, out, node, first, last) -> None:
        self._flush(out)
        for a in args:  # MPI_SEND(buf, nitems(5), ...): the function runs first, its result is the count
            self._tested(a, out, first, last)
        self._flush(out)
        try:
            self._comm_aau(name, args, target, out, node, first, last)
        finally:
            self.ex.returned = {}

    def _comm_aau(self, name, args, target, out, node, first, last) -> None:
        loc = Loc(self.file, first, last)
        ex = self.ex

        def plain(a):
            return str(a).upper() if isinstance(a, F.Name) else None

        def request(a):
            if isinstance(a, F.Name):
                return self.scope.canon(str(a))
            if is_ref(a):
                return f"{self.scope.canon(ref_name(a))}[]"
            return None

        def string(a):
            return str(a)[1:-1] if isinstance(a, F.Char_Literal_Constant) else None

        def subscript(a):  # REQS(K): K, the index MPI_WAITANY returns (arrays of requests from 1)
            subs = getattr(a.items[1], "items", ()) if is_ref(a) and len(a.items) > 1 else ()
            return ex.sym(subs[0]) if len(subs) == 1 else None

        call_args = msgpass.CallArgs(len(args), value=lambda i: ex.sym(args[i]), name=lambda i: plain(args[i]),
                                     buffer=lambda i: ex.buffer_name(args[i]),
                                     request=lambda i: request(args[i]), string=lambda i: string(args[i]),
                                     language="fortran", int_bytes=4,  # INTEGER (the i860's long too)
                                     creates_comms=self.creates_comms, cart_ndims=self._cart_ndims(),
                                     target=lambda i: ex.target_name(args[i]),
                                     subscript=lambda i: subscript(args[i]))
        size, self._size = getattr(self, "_size", None), None
        call_args.count = size.value if size is not None else None
        try:
            aau = msgpass.build(msgpass.canonical(name, "fortran"), name, call_args, loc, target)
        except msgpass.CallError as exc:
            self.problem("unsupported", str(exc), first)
            return
        self.check_sized(aau, size, name)
        aau.region = self._region[-1] if self._region else None
        aau.function = self.fn_name
        aau.label = T.label(node)
        if getattr(aau, "status", None) and not self.critical.is_tracked(aau.status):
            aau.status = None  # no MPI_GET_COUNT reads it
        elif getattr(aau, "status", None):
            # STATUS(MPI_SOURCE), STATUS(MPI_TAG): elements of an array indexed from 1, named from 0
            aau.status_names = tuple(f"{aau.status}[{calls.MPI_CONSTANTS[k] - 1}]" for k in ("MPI_SOURCE", "MPI_TAG"))
        if getattr(aau, "results", None):  # the flag, index, outcount the program reads
            aau.results = tuple((r, n) for r, n in aau.results if self.critical.is_tracked(n)) or None
        for attr in msgpass.undetermined(aau):
            self.problem("data-dependent", self.undetermined_message(name, attr, aau), first)
        out.append(aau)


def _followed(array: str, elements) -> bool:
    """Are the elements of ``array`` followed, or the components of its elements (``lev(l)%n``:
    "lev.n")? As the C frontend's rule (frontends/c/callstmts.py)."""
    return array in elements or any(e.startswith(array + ".") for e in elements)
