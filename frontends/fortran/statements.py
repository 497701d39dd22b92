"""Simple Fortran statements -> Seq AAUs (part of the level-1 parse, see level1.py).

Assignments, pointer assignments, ALLOCATE / DEALLOCATE, READ (external inputs), WRITE / PRINT,
RETURN / STOP / EXIT / CYCLE and the I/O statements; each joins the current Seq cluster with its
operation counts (expr) and, for critical variables, its definitions with their values.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F

from ..aag.communicators import handle_value
from ..aag import symexpr as S
from ..aag import Call, ExternalInput, Seq
from ..msgpass import count_call, datatype_value
from . import calls, stmt_functions
from . import tree as T
from .critical import user_results
from .elements import element_values
from .expr import args_of, is_ref, ref_name
from .refs import read_items
from .intrinsics import ARRAY_INTRINSICS, generic
from .sections import reductions_in
from .types import INT

_IO_CALLS = {"Open_Stmt": "fopen", "Close_Stmt": "fclose", "Rewind_Stmt": "rewind",
             "Backspace_Stmt": "fseek", "Endfile_Stmt": "fflush", "Flush_Stmt": "fflush",
             "Inquire_Stmt": "stat"}


class SimpleStatements:
    """Mixin of FLevel1: the statements that become (part of) a Seq."""

    def _s_Assignment_Stmt(self, stmt, out, first, last):
        target, _, rhs = stmt.items
        if isinstance(target, F.Name) and self._argc_guard([rhs]):
            self._argc_names.add(self.scope.canon(str(target)))  # nargs = COMMAND_ARGUMENT_COUNT()
        if is_ref(target) and self.scope.ref_kind(ref_name(target)) not in ("array", "substring"):
            if not getattr(stmt, stmt_functions.REFUSED, False):  # else refused with its reason
                self.problem("unsupported", f"statement function {ref_name(target)} is not modelled here: "
                             "a definition comes before the first executable statement, its dummy "
                             "arguments distinct names (or write it as a FUNCTION)", first)
            return
        bad = self._array_syntax(target) or self._array_syntax(rhs)
        if bad or reductions_in(self.ex, rhs):
            why = self._section_loops(stmt, target, rhs, out, first, last)
            if why is not None:
                self.problem("unsupported", f"array syntax ({bad or 'a reduction'}) is not modelled here "
                             f"({why}): write the loop out", first)
            else:
                self._define_elements(stmt, target, rhs, out, first, last)
            return
        if is_ref(rhs) and calls.is_comm_call(ref_name(rhs)) and self.scope.ref_kind(ref_name(rhs)) != "user":
            self._comm(ref_name(rhs), args_of(rhs), self.ex.target_name(target), out, stmt, first, last)
            return
        if not self._no_comm_inside(rhs, first):
            return
        self._calls_first(rhs, out, first, last)
        self.ex.returned = {}
        self._result_back(rhs, out)
        seq = self._seq_for(stmt, first, last, out)
        ex = self.ex
        ex.count_assignment(target, rhs, seq.counts, seq.accesses)
        self._note_calls(rhs, seq, first)
        self._define(target, rhs, seq)
        ex.returned = {}

    def _result_back(self, rhs, out) -> None:
        """``n = f(p) * 2``: each Call ``_calls_first`` just appended (in the order of the
        references) brings f's result back into a variable of its own (Call.refs, as a dummy
        argument's stores come back), which the statement's value reads (expr.returned); so the
        function's loops and branches decide n."""
        found = user_results(self.ex, rhs)
        calls_ = [a for a in out[len(out) - len(found):] if isinstance(a, Call)] if found else []
        for (node, callee, temp), call in zip(found, calls_ if len(calls_) == len(found) else []):
            result = next((s.canon(s.result) for _, s, _, _ in self.units if s.name == callee and s.result), None)
            if result is not None and self.critical.is_tracked(temp) and self.critical.is_tracked(f"*{result}"):
                call.refs[result] = temp
                self.ex.returned[id(node)] = temp

    def _define(self, target, rhs, seq: Seq) -> None:
        """Record an assignment to a tracked (critical) variable, with its value."""
        name = self.ex.target_name(target)
        if name is None or not self.critical.is_tracked(name):
            return
        if "[" not in name and is_ref(target):
            element = self.ex.element_index(ref_name(target), args_of(target))
            if element is not None:  # counts(i) = ...: the engine stores the element i picks
                value = self.ex.sym(rhs)
                if value is not None and self.ex.ftype(target).kind == "int" and self.ex.ftype(rhs).kind in ("real", "double"):
                    value = S.CTrunc(value)
                seq.defs.append((name + S.ELEMENTS, None if value is None else S.Stored(element.args[1], value)))
            return  # a variable subscript into a buffer: its elements keep their values
        member = self.ex.components.member(target) if isinstance(target, F.Data_Ref) else None
        if member is not None and "[" not in name:  # lev(l)%n = ...: the element l picks
            element = self.ex.components.member_index(target)
            if element is None:
                return  # the components' elements are not followed: they keep their values, as an array's
            value = self.ex.sym(rhs)
            if value is not None and self.ex.ftype(target).kind == "int" and self.ex.ftype(rhs).kind in ("real", "double"):
                value = S.CTrunc(value)
            seq.defs.append((name + S.ELEMENTS, None if value is None else S.Stored(element.args[1], value)))
            return
        if isinstance(target, F.Data_Ref) and (is_ref(target.items[-1]) or self.ex.components.whole_array(target)):
            return  # an element of an array component (f%v(i)), or the whole array: likewise
        if isinstance(target, F.Name) and name in self.ex.elements:
            t = self.scope.var_type(str(target))
            if t is not None and t.is_array:  # composite = .false.: every element (a flag array)
                value = self.ex.sym(rhs)
                seq.defs.append((name + S.ELEMENTS, S.Filled(value) if value is not None and value.is_number else None))
                return
        value = None
        if isinstance(rhs, F.Name) and self.scope.is_handle(str(rhs)):  # MPI_COMM_WORLD, MPI_REAL
            value = handle_value(str(rhs)) or datatype_value(str(rhs), "fortran")
        value = self.ex.sym(rhs) if value is None else value
        if value is not None and self.ex.ftype(target).kind == "int" and self.ex.ftype(rhs).kind in ("real", "double"):
            value = S.CTrunc(value)
        self._def(seq, name, value)

    def _define_elements(self, stmt, target, rhs, out, first, last) -> None:
        """``dims = 0``, ``periods = .false.``, ``dims = (/ 0, 0 /)``: a whole-array assignment
        defines each element the program follows by name (elements.py), as ``dims(1) = 0;
        dims(2) = 0`` would; the loop form the statement was interpreted as counts its operations."""
        if not isinstance(target, F.Name) or not self.scope.is_array(str(target)):
            return
        values = element_values(self.ex, self.scope.var_type(str(target)), rhs)
        name = self.scope.canon(str(target))
        tracked = [k for k in range(len(values or ())) if self.critical.is_tracked(f"{name}[{k}]")]
        if not tracked:
            return
        seq = self._seq_for(stmt, first, last, out)
        for k in tracked:
            self._def(seq, f"{name}[{k}]", values[k])

    def _def(self, seq: Seq, name: str, value) -> None:
        seq.defs.append((name, value))
        byref = [self.scope.canon(d) for d in self.scope.dummies] + ([self.scope.canon(self.scope.result)]
                                                                      if self.scope.result else [])
        if name in byref and self.critical.is_tracked(f"*{name}"):
            # By reference: the caller's variable receives the store (C's *param); a function's
            # result reaches the variable the call is assigned to (_result_back).
            seq.defs.append((f"*{name}", S.var(name)))

    def _array_syntax(self, node, argument: bool = False) -> str | None:
        """Whole arrays or sections used as values (array syntax), which interp does not count."""
        if node is None or isinstance(node, str):
            return None
        if isinstance(node, F.Name):
            if self.scope.is_array(str(node)) and not argument:
                return f"whole array {str(node)}"
            return None
        if isinstance(node, F.Data_Ref):
            if self.ex.components.whole_array(node) and not argument:
                return f"component array {T.label(node, 30)}"
            return None
        if is_ref(node):
            name = ref_name(node)
            kind = self.scope.ref_kind(name)
            if kind == "array":
                if not argument and any(isinstance(a, F.Subscript_Triplet) or (  # a vector subscript a(idx)
                        isinstance(a, F.Name) and self.scope.is_array(str(a))) for a in args_of(node)):
                    return f"section {T.label(node, 30)}"
                return None
            # Arguments of calls may be whole arrays (passed by reference) ...
            inquiry = kind == "intrinsic" and generic(name) in ("SIZE", "LBOUND", "UBOUND", "SHAPE", "KIND",
                                                                 "ALLOCATED", "ASSOCIATED", "PRESENT")
            by_ref = kind in ("user", "known", "unknown") or inquiry or generic(name) in ARRAY_INTRINSICS
            for a in args_of(node):
                bad = self._array_syntax(a, argument=by_ref)
                if bad:
                    return bad
            return None
        for child in getattr(node, "items", ()) or ():
            bad = self._array_syntax(child)
            if bad:
                return bad
        return None

    def _s_Pointer_Assignment_Stmt(self, stmt, out, first, last):
        target, source = stmt.items[0], stmt.items[-1]
        seq = self._seq_for(stmt, first, last, out)
        for node, store in ((source, False), (target, True)):
            t = self.scope.var_type(str(node)) if isinstance(node, F.Name) else None
            if t is None:
                (seq.counts.__setattr__("store", seq.counts.store + 1) if store
                 else seq.counts.__setattr__("fetch", seq.counts.fetch + 1))
                continue
            self.ex.access(self.scope.canon(str(node)), t, seq.counts, seq.accesses, store, False)

    def _s_Nullify_Stmt(self, stmt, out, first, last):
        seq = self._seq_for(stmt, first, last, out)
        seq.counts.store += len(args_of(stmt)) or 1

    def _s_Allocate_Stmt(self, stmt, out, first, last):
        seq = self._seq_for(stmt, first, last, out)
        allocations = [a for a in T.walk_all(stmt) if isinstance(a, F.Allocation)]
        options = {str(o.items[0]).upper(): o.items[1] for o in T.walk_all(stmt) if isinstance(o, F.Alloc_Opt)}
        # ALLOCATE(..., SOURCE=0) fills the memory, as C's calloc; without it, malloc.
        lib = "calloc" if "SOURCE" in options or "MOLD" in options else "malloc"
        for a in allocations:
            name = str(a.items[0])
            dims = []
            for spec in (a.items[1].items if a.items[1] is not None else ()):
                lo_node, hi_node = spec.items if len(spec.items) == 2 else (None, spec.items[0])
                for b in (lo_node, hi_node):
                    self.ex.count(b, seq.counts, seq.accesses)
                lo = self.ex.sym(lo_node) if lo_node is not None else sympy.Integer(1)
                hi = self.ex.sym(hi_node)
                dims.append((lo, None if lo is None or hi is None else sympy.simplify(hi - lo + 1)))
            self.scope.allocate(name, tuple(dims))
            t = self.scope.var_type(name)
            self._symbol_types[self.scope.canon(name)] = t
            count_call(seq.counts, lib, 1)
            self.ex.access(self.scope.canon(name), t or INT, seq.counts, seq.accesses, True, False)
            self._allocation(t, dims, seq)
        self._status(options.get("STAT"), seq)

    def _allocation(self, t, dims, seq: Seq) -> None:
        """The bytes an ALLOCATE maps, where the engine follows every variable they read (the
        pages' first touch, models/first_touch.py)."""
        if t is None or not dims or any(e is None for _, e in dims):
            return
        nbytes = sympy.Integer(t.size) * sympy.Mul(*[e for _, e in dims])
        if all(self.critical.is_tracked(v.name) for v in nbytes.free_symbols):
            seq.allocations.append(nbytes)

    def _status(self, var, seq: Seq) -> None:
        """A STAT= / IOSTAT= variable: 0, success (allocations and reads are taken to succeed)."""
        if var is None:
            return
        self.ex.count(var, seq.counts, seq.accesses, store=True)
        name = self.ex.target_name(var)
        if name and self.critical.is_tracked(name):
            self._def(seq, name, sympy.Integer(0))

    def _s_Deallocate_Stmt(self, stmt, out, first, last):
        seq = self._seq_for(stmt, first, last, out)
        objects = stmt.items[0].items if stmt.items[0] is not None else ()
        for _ in objects:
            count_call(seq.counts, "free", 1)

    def _s_Read_Stmt(self, stmt, out, first, last):
        control, fmt, items = stmt.items
        seq = self._seq_for(stmt, first, last, out)
        targets = read_items(stmt, self.scope)  # the items, or a NAMELIST group's variables
        specs = {}
        for spec in (control.items if control is not None else ()):
            if isinstance(spec, F.Io_Control_Spec) and spec.items[0] is not None:
                specs[str(spec.items[0]).upper()] = spec.items[1]
        if "END" in specs or "ERR" in specs:
            self.problem("unsupported", "END= / ERR= branches of READ are not modelled: the read is taken to "
                         "succeed", first)
        for t in targets:
            if is_ref(t):
                for s in args_of(t):
                    self.ex.count(s, seq.counts, seq.accesses)
        count_call(seq.counts, "scanf", 1 + len(targets))
        unit = control.items[0] if control is not None and control.items else None
        unit = unit.items[1] if isinstance(unit, F.Io_Control_Spec) and unit.items[0] is None else unit
        argument = self._arg_buffers.get(self.ex.target_name(unit)) if isinstance(unit, F.Name) else None
        for t in targets:
            name = self.ex.target_name(t)
            if name is None or not self.critical.is_tracked(name):
                continue
            if isinstance(t, F.Name):
                self._register_input(name, first)
                if argument is not None and self.inputs[name].how in ("READ", "argv"):
                    # READ (buf, *) n after GET_COMMAND_ARGUMENT(i, buf): C's n = atoi(argv[i])
                    inp = self.inputs[name]
                    index, guarded = argument
                    inp.how = "argv"
                    inp.index = index if inp.index is None else inp.index
                    inp.optional = inp.optional or guarded or self._argc_guards > 0
                self._def(seq, name, sympy.Symbol(f"input:{name}", real=True))
            else:
                self._def(seq, name, None)
        self._status(specs.get("IOSTAT"), seq)

    def _register_input(self, name: str, line: int) -> None:
        inp = self.inputs.get(name)
        if inp is None:
            self.inputs[name] = ExternalInput(name, line, "READ")
        elif inp.how == "annotation":
            inp.how, inp.line = "READ", line

    def _s_Write_Stmt(self, stmt, out, first, last):
        control = stmt.items[0]
        unit = control.items[0] if control is not None and control.items else None
        to_file = unit is not None and str(unit).strip() not in ("*", "6", "UNIT = *", "UNIT = 6")
        self._output(stmt.items[-1], "fprintf" if to_file else "printf", stmt, out, first, last)

    def _s_Print_Stmt(self, stmt, out, first, last):
        self._output(stmt.items[1], "printf", stmt, out, first, last)

    def _output(self, items, lib, stmt, out, first, last):
        values = list(items.items) if items is not None and hasattr(items, "items") else []
        for v in values:
            self._calls_first(v, out, first, last)
        values = [self._reduced(v, stmt, out, first, last) for v in values]  # PRINT *, SUM(x): its loop
        seq = self._seq_for(stmt, first, last, out)
        for v in values:
            if not isinstance(v, F.Name) or not self.scope.is_array(str(v)):
                self.ex.count(v, seq.counts, seq.accesses)
            self._note_calls(v, seq, first)
        count_call(seq.counts, lib, 1 + len(values))

    def _s_Return_Stmt(self, stmt, out, first, last):
        seq = self._seq_for(stmt, first, last, out)
        seq.control = "return"
        self._flush(out)

    def _s_Stop_Stmt(self, stmt, out, first, last):
        """STOP ends the process wherever it is, like C's exit() (frontends/msgpass.ENDING_CALLS)."""
        self._flush(out)  # its own Seq, so reports name the STOP's line
        seq = self._seq_for(stmt, first, last, out)
        seq.control = "exit"
        self._flush(out)

    def _s_Error_Stop_Stmt(self, stmt, out, first, last):
        """ERROR STOP (Fortran 2008) ends the process as STOP does; the job's other processes are
        ended by the MPI launcher, not by the program, so nothing more is modelled (C's exit(1))."""
        self._s_Stop_Stmt(stmt, out, first, last)

    def _s_Exit_Stmt(self, stmt, out, first, last):
        self._loop_jump(stmt, out, first, last, "break")

    def _s_Cycle_Stmt(self, stmt, out, first, last):
        self._loop_jump(stmt, out, first, last, "continue")

    def _loop_jump(self, stmt, out, first, last, control):
        name = stmt.items[1] if len(stmt.items) > 1 else None
        if name is not None and self._loop_names and self._loop_names[-1] != str(name).lower():
            if str(name).lower() in self._loop_names:  # EXIT outer: through a flag (named_exits.py)
                target = len(self._loop_names) - 1 - self._loop_names[::-1].index(str(name).lower())
                self._named_jump(stmt, out, first, last, control, target)
                return
            self.problem("unsupported", f"'{T.label(stmt)}' names no DO loop around it", first)
        seq = self._seq_for(stmt, first, last, out)
        seq.control = control
        self._flush(out)

    def _s_Data_Stmt(self, stmt, out, first, last):
        self.scope.declare(stmt)

    def _s_Entry_Stmt(self, stmt, out, first, last):
        self.problem("unsupported", "ENTRY is not modelled: call the routine through its main entry", first)

    def _io_call(self, stmt, out, first, last):
        """OPEN, CLOSE, REWIND, ...: the C library call that does the same."""
        seq = self._seq_for(stmt, first, last, out)
        count_call(seq.counts, _IO_CALLS[type(stmt).__name__], 1)
