"""Expressions and calls in C statements (part of the level-1 parse, see level1.py).

A message-passing call becomes a Comm, Sync, SyncSeq or Spawn AAU (the shared table,
frontends/msgpass.py, read through calls.py); a user function a Call AAU ahead of the Seq part of
its statement; a machine or library call stays in the Seq, costed by the processing component;
any other call is reported as unmodelled. Assignments to critical variables are recorded with
their symbolic values (the Seq's ``defs``), and values read from argv or scanf are external
inputs.
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from ..aag import symexpr as S
from ..aag.communicators import handle_value
from ..aag import AAU, RETURNED, Call, Loc, Seq
from ..level1_common import CLOCK_CALLS
from ..libcalls import OMP_THREADS_NOTE
from ..msgpass import (COMM_FREE, DERIVED_DATATYPES, ENDING_CALLS, STARTING_CALLS, LIBRARY_CALLS, MACHINE_CALLS, CallError, communicators_created,
                       count_call, datatype_value, is_comm_call, undetermined)
from . import returned
from .allocations import tracked_allocation
from . import tree as T
from .calls import build_call, subscript_value
from .updates import as_element_store, element_def, update_value
from .critical import SCANF, target_name
from .expr import buffer_name, field_path, member_element, member_name
from .dispatch import PointerCalls, through_pointer, unknown_callee
from .inputs import ExternalInputs
from ..comms import QUERIES, QueryArgs, cart_ndims, query_defs

from .inputs import READERS  # noqa: F401 (control.py's option loops read it from here)


MPI_SUCCESS = 0  # the return code of every MPI call interp models (frontends/include/mpi.h)


def _mpi_result(rhs):
    """``rc = MPI_Comm_rank(...)``: the return code of an MPI call (not a time: MPI_Wtime)."""
    if isinstance(rhs, c_ast.Cast):
        rhs = rhs.expr
    if isinstance(rhs, c_ast.FuncCall) and isinstance(rhs.name, c_ast.ID) and rhs.name.name.startswith("MPI_") \
            and rhs.name.name not in ("MPI_Wtime", "MPI_Wtick"):
        return sympy.Integer(MPI_SUCCESS)
    return None


class CallStatements(ExternalInputs, PointerCalls):
    """Mixin of CLevel1: expression statements, calls and message passing."""

    def _expression(self, expr, out: list[AAU], node) -> None:
        """An expression statement: a communication AAU, Call AAUs and/or a Seq part."""
        call, target = T.top_call(expr)
        if call is not None and isinstance(call.name, c_ast.ID) and is_comm_call(call.name.name):
            # MPI_Send(buf, n, MPI_DOUBLE, right_of(rank), ...): the program's functions called in
            # the arguments run before the message is passed
            self._calls_first(call.args, out)
            self._argument_calls(call, out, node)
            self._comm(call, target, out, node)
            return
        nested = [n for n in T.walk(expr) if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID)
                  and is_comm_call(n.name.name) and n is not call]
        # check(MPI_Send(..), "send"): the call communicates first, then MPI_SUCCESS is read
        followed = returned.followed_call(expr, self.fundefs, self.critical.is_tracked, self._has_return_value)
        self._calls_first(expr, out, followed, comms=nested, node=node)
        if nested:
            expr = T.rebuilt(expr, {id(n): c_ast.Constant("int", str(MPI_SUCCESS)) for n in nested})
        ending = ENDING_CALLS.get(call.name.name) if call is not None and isinstance(call.name, c_ast.ID) else None
        starts = call is not None and isinstance(call.name, c_ast.ID) and call.name.name in STARTING_CALLS
        if ending is not None or starts:
            self._flush(out)  # its own Seq: reports name its line, check sees what comes before it
        seq = self._seq_for(node, out)
        self.ctx.count(expr, seq.counts, seq.accesses)
        self._note_calls(expr, seq)
        seq.allocations.extend(tracked_allocation(expr, self.ctx.sym, self.critical.is_tracked))
        self._defs(expr, seq)
        if followed is not None:  # the engine puts in the value the call returned
            truncated = self.ctx.ctype(expr.lvalue).kind == "int" and self.ctx.ctype(followed).kind in ("real", "double")
            seq.returned = (target_name(expr.lvalue), returned.value_of(expr, truncated))
        if ending is not None:  # exit(1), abort(), MPI_Abort(...): the process (or the job) ends here
            seq.control = ending
        if ending is not None or starts:
            self._flush(out)

    def _argument_calls(self, call, out: list[AAU], node) -> None:
        """Library calls in a message-passing call's arguments (``strlen(message) + 1`` as its
        count) run before it: costed as in any statement (``lib.NAME`` and the call overhead), in
        a Seq at its line."""
        found = [n for n in T.walk(call.args) if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID)
                 and n.name.name in LIBRARY_CALLS and n.name.name not in self.fundefs]
        if found:
            seq = self._seq_for(node, out)
            for n in found:
                count_call(seq.counts, n.name.name, len(n.args.exprs) if n.args else 0)

    def _has_return_value(self, name: str) -> bool:
        return self._returns(name) is not None

    def _follows_return(self) -> bool:
        """Does a statement of the program read the value this function returns (returned.py)?"""
        if not hasattr(self, "_followed_fns"):
            self._followed_fns = returned.followed_functions(self.fundefs, self.critical.is_tracked,
                                                             self._has_return_value)
        return self.fn_name in self._followed_fns

    def _calls_first(self, expr, out: list[AAU], followed=None, comms=(), node=None) -> None:
        """User-function calls inside an expression become Call AAUs ahead of the Seq part, and
        ``comms``, the message-passing calls nested in it, Comm AAUs at ``node``'s lines (read as
        MPI_SUCCESS); ``followed``: the call whose returned value the statement stores
        (returned.py). In C's order (T.calls_in_order): in ``consume(produce(x))`` produce's send
        comes before consume's receive (the outer call ran first: a ring of them hung)."""
        success = {id(n): c_ast.Constant("int", str(MPI_SUCCESS)) for n in comms}
        for n in T.calls_in_order(expr):
            if id(n) in success:
                self._comm(n, None, out, node)
            elif isinstance(n.name, c_ast.ID) and n.name.name in self.fundefs or through_pointer(n):
                self._flush(out)
                args = n.args.exprs if n.args else []
                if success:  # f(MPI_Send(..)): the argument's value is what the call returned
                    args = [T.rebuilt(a, success) for a in args]
                if through_pointer(n):  # (*f)(x): the function f holds (dispatch.py)
                    self._dispatch(n, args, out)
                else:
                    out.append(self._call_aau(n, n.name.name, args, RETURNED if n is followed else None))

    def _call_aau(self, n, callee: str, args: list, result=None, label: str | None = None) -> Call:
        """The Call AAU of ``n``, a call of the program's function ``callee`` with ``args``."""
        params = self._params_of(callee)
        refs = {params[i]: var for i, a in enumerate(args)
                if i < len(params) and (var := self._referenced(a)) is not None}
        arrays = {params[i]: a.name for i, a in enumerate(args) if i < len(params)
                  and isinstance(a, c_ast.ID) and _followed(a.name, self.ctx.elements)
                  and _followed(params[i], self.ctx.elements)}
        copies = {params[i]: path for i, a in enumerate(args) if i < len(params)
                  and self.ctx.ctype(a).kind == "struct" and not self.ctx.ctype(a).is_array
                  and (path := field_path(a)) is not None}
        copies.update(self._string_copies(args, params))  # strlen(s) in the callee (strings.py)
        values = [self._value(a) for a in args]
        names = {params[i]: var for i, a in enumerate(args) if i < len(params) and (var := _passed_name(a))}
        offsets = {params[i]: off for i, a in enumerate(args) if i < len(params) and params[i] in names
                   and (off := _passed_element(a, self.ctx)) is not None}
        self.extents.called(self.fn_name, callee, [a.name if isinstance(a, c_ast.ID) else None for a in args], values)
        return self._new(Call, n, callee=callee, label=label or T.label(n), args=values, refs=refs, arrays=arrays,
                         copies=copies, names=names, offsets=offsets, result=result)

    def _condition_defs(self, cond, out: list[AAU]) -> None:
        """What a condition stores happens before its test: ``if (scanf("%d", &n) != 1)``,
        ``if ((n = atoi(argv[1])) <= 0)``. A Seq holding those definitions goes ahead of the Condt
        (without it n silently kept its earlier value and a loop on n ran from that)."""
        first, last = T.lines(cond)
        seq = Seq(loc=Loc(self.file, first, last), region=self._region[-1] if self._region else None,
                  function=self.fn_name, label=T.label(cond))
        self._defs(cond, seq)
        if seq.defs:
            self._flush(out)
            out.append(seq)

    def _referenced(self, arg) -> str | None:
        """The caller's variable a pointer argument lets the callee read and store: ``&n`` (n),
        ``&grid`` (grid; ``g->n`` in the callee is ``grid.n``), a pointer ``g`` passed on (*g)."""
        if isinstance(arg, c_ast.UnaryOp) and arg.op == "&":
            var = field_path(arg.expr)
        elif isinstance(arg, c_ast.ID) and self.ctx.ctype(arg).kind == "ptr" and not self.ctx.ctype(arg).is_array:
            var = f"*{arg.name}"
        else:
            return None
        return var if var is not None and self.critical.is_tracked(var) else None

    def _unfollowed_condition(self, cond_node, cond) -> None:
        """A loop condition the parse cannot follow, reported at its line with the annotation that
        states the trip count (without one the loop would run as if the condition held for ever).
        ``while (MPI_Wtime() - t0 < 1.0)`` runs for a span of wall time: how many iterations fit
        in it depends on the machine, which is what interp predicts, not on the source."""
        line = cond_node.coord.line if cond_node.coord else 0
        remedy = f"state its trip count with '#pragma interp iters(N)' above line {line}"
        for n in T.walk(cond_node):
            if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and n.name.name in CLOCK_CALLS:
                self._clock_loop(n.name.name, n.coord.line if n.coord else line)
                return
        calls_user = any(isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and n.name.name in self.fundefs
                         for n in T.walk(cond_node))
        if cond is None and not calls_user:  # a user function's result: the engine reports it
            self.problem("unsupported", f"the loop condition '{T.label(cond_node, 60)}' is not an expression "
                         f"interp can follow (its values are not known to the parse); {remedy}", cond_node)

    def _value(self, node):
        """An argument's or right-hand side's value: a predefined MPI datatype passed on or
        stored (``send_to(buf, n, MPI_DOUBLE, dest)``, ``MPI_Datatype t = MPI_INT``) is its size in
        bytes, what the datatype role of the message-passing table reads. A chained assignment
        (``dims[0] = dims[1] = q``) has the value of its right-most operand."""
        while isinstance(node, c_ast.Assignment) and node.op == "=":
            node = node.rvalue
        if isinstance(node, c_ast.ID):
            size = datatype_value(node.name, "c")
            if size is None:
                size = handle_value(node.name)  # a predefined communicator (MPI_COMM_WORLD)
            if size is not None:
                return size
        return self.ctx.sym(node)

    def _creates_comms(self) -> bool:
        """Does the program create communicators (MPI_Comm_split, ...)? Asked once."""
        if not hasattr(self, "_comms_created"):
            self._comms_created = communicators_created(
                n.name.name for fd in self.fundefs.values() for n in T.walk(fd)
                if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID))
        return self._comms_created

    def _params_of(self, name: str) -> list[str]:
        fd = self.fundefs[name]
        return [p.name for p in (fd.decl.type.args.params if fd.decl.type.args else [])
                if isinstance(p, c_ast.Decl) and p.name]

    def _note_calls(self, expr, seq: Seq) -> None:
        for n in T.walk(expr):
            if not (isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID)):
                if isinstance(n, c_ast.FuncCall) and not through_pointer(n):  # (*f)(x): _calls_first
                    self.problem("unsupported", unknown_callee(T.label(n.name, 40), n, "it is no name of a "
                                 "function or of a pointer to one"), n)
                continue
            name = n.name.name
            if name == "omp_set_num_threads" and name not in self.fundefs:
                self.problem("threads", OMP_THREADS_NOTE, n)
            if name in self.fundefs or name in LIBRARY_CALLS or name in MACHINE_CALLS or name in COMM_FREE:
                continue
            if self.scope.lookup(name) is not None and self.scope.lookup(name).kind == "ptr":
                self.problem("unsupported", unknown_callee(name, n, "it is declared a pointer of a type interp "
                             "does not read as a pointer to a function"), n)
                continue
            seq.unmodelled.append(name)
            self.problem("unmodelled-call", f"call to {name}() is not modelled: it is neither defined in the "
                         "program nor a known library, MPI or NX/2 call (its time is not predicted; "
                         f"annotate it with '#pragma interp cost(EXPR)' above line {n.coord.line if n.coord else '?'})", n)

    def _defs(self, expr, seq: Seq) -> None:
        """Record assignments to tracked (critical) variables, in order, with their values."""
        ctx = self.ctx
        for n in T.walk(expr):  # sprintf(buf + n, ..) runs before n += ... stores (strings.py)
            if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID):
                self._string_call(n, seq)
        for n in _chained_last(T.walk(expr)):
            if isinstance(n, c_ast.Assignment):
                self._string_store(n.lvalue, n.rvalue, n.op, seq)  # a string's length (strings.py)
                target = target_name(n.lvalue)
                if target is None or not self.critical.is_tracked(target):
                    continue
                if "[" not in target and (isinstance(n.lvalue, c_ast.ArrayRef) or member_element(n.lvalue)):
                    if target in ctx.elements and (member_element(n.lvalue) or isinstance(n.lvalue.name, c_ast.ID)):
                        seq.defs.append(element_def(ctx, n))  # counts[i] = ..., lev[l].n = ...: stored
                    continue  # a variable index into a buffer: its elements keep their values
                if n.op == "=" and target in ctx.elements and isinstance(n.lvalue, c_ast.ID):
                    seq.defs.append((target + S.ELEMENTS, _allocated(n.rvalue)))  # a = calloc(..)
                if n.op == "=" and ctx.ctype(n.lvalue).kind == "struct":
                    seq.defs.extend(self._struct_copy(n.lvalue, n.rvalue))
                    continue
                value = self._chained_value(n) or self._input_value(n.rvalue, target) or _mpi_result(n.rvalue) \
                    or self._value(n.rvalue)
                if value is None and isinstance(n.rvalue, c_ast.FuncCall) and isinstance(n.rvalue.name, c_ast.ID) \
                        and n.rvalue.name.name in self.fundefs:
                    self.returned_from[target] = n.rvalue.name.name
                if value is not None and n.op != "=":
                    op = n.op[:-1]
                    cur = S.var(target)
                    value = {"+": cur + value, "-": cur - value, "*": cur * value}.get(op)
                    if op == "/" and value is None:
                        value = S.CDiv(cur, ctx.sym(n.rvalue)) if ctx.ctype(n.lvalue).kind == "int" else cur / ctx.sym(n.rvalue)
                    elif value is None:  # mask <<= 1, k >>= 1, i %= n, bits |= b: as x = x op y
                        value = ctx.sym(c_ast.BinaryOp(op, n.lvalue, n.rvalue, n.coord))
                if value is not None and ctx.ctype(n.lvalue).kind == "int" and ctx.ctype(n.rvalue).kind in ("real", "double"):
                    value = S.CTrunc(value)
                seq.defs.append((target, value))
            elif isinstance(n, c_ast.UnaryOp) and n.op in ("p++", "p--", "++", "--"):
                self._string_store(n.expr, None, n.op, seq)
                target = target_name(n.expr)
                if not target or not self.critical.is_tracked(target):
                    continue
                if "[" not in target and (isinstance(n.expr, c_ast.ArrayRef) or member_element(n.expr)):
                    if target in ctx.elements and (member_element(n.expr) or isinstance(n.expr.name, c_ast.ID)):
                        seq.defs.append(element_def(ctx, as_element_store(n)))
                    continue
                seq.defs.append((target, update_value(ctx, expr, n, target)))
            elif isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID):
                self._call_defs(n, seq)

    def _chained_value(self, n):
        """``w = h = atoi(argv[1])``: w gets h's value once h is assigned (_chained_last puts the
        inner assignment first), the input h or whatever h's value is."""
        if n.op != "=" or not isinstance(n.rvalue, c_ast.Assignment) or n.rvalue.op != "=":
            return None
        inner = target_name(n.rvalue.lvalue)
        if inner is None or "[" in inner or not self.critical.is_tracked(inner):
            return None
        return S.var(inner)

    def _struct_copy(self, lvalue, rvalue) -> list:
        """``b = a`` for structs (``*g = defaults``, ``s = *p``): every member copied, each a value
        of its own (arrays of members element by element, up to 64 elements)."""
        to, src = field_path(lvalue), field_path(rvalue)
        t = self.ctx.ctype(lvalue)
        out = []
        for member, mt in self.types.fields.get(t.tag or "", {}).items():
            if mt.kind == "struct" and not mt.is_array:
                continue  # nested structs: their members are not followed through a copy
            names = [""]
            if mt.is_array:
                names = [f"[{k}]" for k in range(mt.length or 0)] if (mt.length or 65) <= 64 else []
            for rest in names:  # lev[2] = x: lev.n[2] (expr.member_name)
                if to is not None and self.critical.is_tracked(member_name(to, member) + rest):
                    out.append((member_name(to, member) + rest,
                                S.var(member_name(src, member) + rest) if src is not None else None))
        return out

    def _call_defs(self, call: c_ast.FuncCall, seq: Seq) -> None:
        name = call.name.name
        args = call.args.exprs if call.args else []
        if name in QUERIES and name not in self.fundefs:
            self._query_defs(call, name, args, seq)
        elif name in DERIVED_DATATYPES and len(args) > DERIVED_DATATYPES[name][2]:
            factors, old, new = DERIVED_DATATYPES[name]
            target = target_name(args[new].expr if isinstance(args[new], c_ast.UnaryOp) else args[new])
            if target and self.critical.is_tracked(target):
                value = self._value(args[old])
                for i in factors:
                    f = self.ctx.sym(args[i])
                    value = None if value is None or f is None else value * f
                seq.defs.append((target, value))
        elif name == "MPI_Type_size" and len(args) == 2:
            target = target_name(args[1].expr if isinstance(args[1], c_ast.UnaryOp) else args[1])
            if target and self.critical.is_tracked(target):
                seq.defs.append((target, self._value(args[0])))
        elif name in SCANF:
            for a in args[1 if name == "scanf" else 2:]:
                if isinstance(a, c_ast.UnaryOp) and a.op == "&":
                    target = target_name(a.expr)
                elif isinstance(a, c_ast.ID) and self.ctx.ctype(a).kind == "ptr" and not self.ctx.ctype(a).is_array:
                    target = f"*{a.name}"  # scanf("%d", n_p) in a Get_input(..., int *n_p) helper
                else:
                    continue  # scanf("%s", word): a string; atoi(word) makes the input
                if target in self.ctx.elements and isinstance(a.expr, c_ast.ArrayRef):
                    # scanf("%d", &rowptr[i]): an element of data, no input -D could give; a
                    # loop limit on it asks for iters()
                    seq.defs.append((target + S.ELEMENTS, None))
                    continue
                if target and self.critical.is_tracked(target):
                    named = self._input_name(target)
                    self._register_input(named, call, name, target)
                    seq.defs.append((target, sympy.Symbol(f"input:{named}", real=True)))

    def _query_defs(self, call, name: str, args: list, seq: Seq) -> None:
        """MPI_Comm_rank, MPI_Cart_shift, ...: the values they assign (frontends/comms.py)."""
        qargs = QueryArgs(len(args), value=lambda i: self._value(args[i]),
                          name=lambda i: args[i].name if isinstance(args[i], c_ast.ID) else None,
                          target=lambda i: buffer_name(args[i]), cart_ndims=self._cart_ndims(),
                          creates_comms=self._creates_comms(), element=lambda i: _addressed_element(args[i], self.ctx))
        try:
            seq.defs.extend(query_defs(name, name, qargs, self.critical.is_tracked))
        except CallError as exc:
            self.problem("unsupported", str(exc), call)

    def _cart_ndims(self) -> int | None:
        """The one constant number of dimensions of the program's MPI_Cart_create calls."""
        if not hasattr(self, "_ndims"):
            self._ndims = cart_ndims(
                self.ctx.sym(n.args.exprs[1]) if n.args and len(n.args.exprs) > 1 else None
                for fd in self.fundefs.values() for n in T.walk(fd)
                if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and n.name.name == "MPI_Cart_create")
        return self._ndims

    def _comm(self, call: c_ast.FuncCall, target, out, node) -> None:
        name = call.name.name
        args = call.args.exprs if call.args else []
        self._string_received(call, out, node)  # a string received into: unknown until it arrives
        self._flush(out)
        loc = Loc(self.file, *T.lines(node))
        size, self._size = getattr(self, "_size", None), None
        try:
            aau = build_call(name, args, self.ctx, loc, target, self.types.lp64, self._creates_comms(),
                             self._cart_ndims(), count=size.value if size is not None else None,
                             pointed=self.critical.is_tracked)
        except CallError as exc:
            self.problem("unsupported", str(exc), call)
            return
        self.check_sized(aau, size, name)
        aau.region = self._region[-1] if self._region else None
        aau.function = self.fn_name
        aau.label = T.label(call)
        for attr in undetermined(aau):
            self.problem("data-dependent", self.undetermined_message(name, attr, aau), call)
        if getattr(aau, "status", None) and not self.critical.is_tracked(aau.status):
            aau.status = None  # no MPI_Get_count reads it
        if getattr(aau, "results", None):  # the flag, index, outcount the program reads
            aau.results = tuple((r, n) for r, n in aau.results if self.critical.is_tracked(n)) or None
        out.append(aau)
        for n in (x for arg in args for x in T.walk(arg)):  # &reqs[nreq++]: the count goes on after the call
            if isinstance(n, c_ast.UnaryOp) and n.op in ("p++", "p--", "++", "--"):
                counter = target_name(n.expr)
                if counter and self.critical.is_tracked(counter):
                    self._seq_for(node, out).defs.append((counter, S.var(counter) + (1 if "+" in n.op else -1)))
        if target is not None and name.startswith("MPI_") and self.critical.is_tracked(target):
            # rc = MPI_Send(...): interp models the calls that succeed, so rc is MPI_SUCCESS (0)
            seq = self._seq_for(node, out)
            seq.defs.append((target, sympy.Integer(MPI_SUCCESS)))


def _passed_name(node) -> str | None:
    """The caller's variable an argument passes by name: ``reqs`` (an array), ``&req``, and
    ``reqs[]`` for an element passed, ``&reqs[2]``."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "&":
        node = node.expr
        if isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ID):
            return f"{node.name.name}[]"
    return node.name if isinstance(node, c_ast.ID) else None


def _passed_element(node, ctx):
    """The subscript of the element ``&reqs[k]`` an argument passes (None: no element)."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "&" and isinstance(node.expr, c_ast.ArrayRef):
        return subscript_value(ctx, node.expr.subscript)
    return None


def _addressed_element(node, ctx):
    """(array, index) of an argument ``&a[k]`` (a cast around it allowed): the element a query
    stores to (frontends/comms.py ``_output``); None for any other argument."""
    while isinstance(node, c_ast.Cast):
        node = node.expr
    if isinstance(node, c_ast.UnaryOp) and node.op == "&" and isinstance(node.expr, c_ast.ArrayRef) \
            and isinstance(node.expr.name, c_ast.ID):
        return node.expr.name.name, subscript_value(ctx, node.expr.subscript)
    return None


def _allocated(rvalue):
    """The elements of a followed array its pointer is given: all 0 from ``calloc`` (a cast
    around it allowed), else unknown until stored (``malloc``, another array's address)."""
    while isinstance(rvalue, c_ast.Cast):
        rvalue = rvalue.expr
    if isinstance(rvalue, c_ast.FuncCall) and isinstance(rvalue.name, c_ast.ID) and rvalue.name.name == "calloc":
        return S.Filled(sympy.Integer(0))
    return None


def _chained_last(nodes):
    """T.walk's nodes with the outer assignment of ``w = h = v`` after the inner one, as C
    evaluates them (the walk meets the outer first)."""
    held: dict[int, list] = {}
    for n in nodes:
        if isinstance(n, c_ast.Assignment) and isinstance(n.rvalue, c_ast.Assignment):
            held.setdefault(id(n.rvalue), []).append(n)
            continue
        yield n
        waiting = held.pop(id(n), [])
        while waiting:
            m = waiting.pop()
            yield m
            waiting.extend(held.pop(id(m), []))


def _followed(array: str, elements) -> bool:
    """Are the elements of ``array`` followed, or the members of its elements (an array of
    structs: "lev.n" of ``lev``, expr.member_element)?"""
    return array in elements or any(e.startswith(array + ".") for e in elements)
