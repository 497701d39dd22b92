"""Level-1 parse of Fortran (paper 3.3.2): statements into AAUs, clustered, with critical variables,
external inputs and the augmented symbol table -- the same AAG the C frontend builds.

Program units become AAG functions (the main program is the entry); statements are classified
into the AAU classes of Table 4 and contiguous simple statements are clustered into one Seq
(``granularity statement`` gives one per statement). Where Fortran differs from C the choices are:

- DO loops: the trip count MAX(0, (hi - lo + step) / step) is fixed when the loop starts (the
  standard's rule), so a body that assigns a limit variable does not make the loop
  non-deterministic; a step other than a literal 1 is the "step" limit type of Table 1.
- READ gives external inputs (``READ(*,*) N``: N is read, as C's scanf); an IOSTAT= or STAT=
  variable is taken to be 0 (reads and allocations succeed, as the C frontend takes pointers
  to be non-null).
- STOP ends the program; inside a subprogram it is interpreted as a RETURN (reported).
- A function's result variable is held in a register: assigning it costs no store, as C's
  ``return expr``.
- GO TO, arithmetic IF, statement functions, array syntax and WHERE/FORALL are reported as
  unsupported, with their line; the rest of the program is still interpreted.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F
from fparser.two.utils import BlockBase

from .. import annotations as ann_mod
from .. import symexpr as S
from ..aag import (AAG, AAU, Branch, Call, Condt, End, ExternalInput, Function, Iter, Loc, Problem, Seq,
                   Start)
from ..errors import FrontendError
from ..memory import annotate_loop_accesses, symbol_table
from . import f_calls
from . import f_tree as T
from .f_critical import analyse
from .f_decls import Issue, ProgramInfo, Scope, unit_header
from .f_types import INT
from .f_expr import ARRAY_INTRINSICS, args_of, generic, is_ref, lower_name, ref_name
from .fparse import FSource, parse_fragment
from .shared import flat, has_jump, recursive_functions

# Fortran library subroutines -> the C library call that costs the same (machine file ``lib.*``).
_LIB_SUBROUTINES = {"CPU_TIME": "clock", "SYSTEM_CLOCK": "clock", "DATE_AND_TIME": "time",
                    "RANDOM_NUMBER": "rand", "RANDOM_SEED": "srand", "FLUSH": "fflush"}
_IO_CALLS = {"Open_Stmt": "fopen", "Close_Stmt": "fclose", "Rewind_Stmt": "rewind",
             "Backspace_Stmt": "fseek", "Endfile_Stmt": "fflush", "Flush_Stmt": "fflush",
             "Inquire_Stmt": "stat"}
_JUMPS = {"Goto_Stmt": "GO TO", "Computed_Goto_Stmt": "computed GO TO", "Assigned_Goto_Stmt": "assigned GO TO",
          "Arithmetic_If_Stmt": "arithmetic IF", "Assign_Stmt": "ASSIGN"}
_NOTHING = {"Comment", "Continue_Stmt", "Format_Stmt", "End_Do_Stmt", "Implicit_Stmt"}


def _label(node, limit: int = 48) -> str:
    text = " ".join(str(node).split())
    if text.upper().startswith("CALL "):
        text = text[5:]
    return text if len(text) <= limit else text[: limit - 3] + "..."


class FLevel1:
    def __init__(self, src: FSource, granularity: str = "cluster", program: str | None = None):
        self.src = src
        self.file = src.file
        self.granularity = granularity
        self.problems: list[Problem] = []
        self.inputs: dict[str, ExternalInput] = {}
        self.regions: dict[str, Loc] = {}
        self.name = program or src.file.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        self.info = ProgramInfo()
        self._pending: dict[str, ann_mod.Annotation] = {}
        self._region: list[str] = []
        self._loop_vars: list[str | None] = []
        self._loop_names: list[str | None] = []  # construct names of the enclosing DO loops
        self._directives = sorted(src.directives)
        self._next_directive = 0
        self._cluster: Seq | None = None
        self._symbol_types: dict = {}
        self.units = []  # (unit node, Scope, header statement, declared result type)
        scopes = {}
        for u, host in T.units(src.ast):
            if isinstance(u, F.Module):
                self.problem("unsupported", "MODULE is not modelled (only the mpi module is known)", T.line(u))
                continue
            name, kind, dummies, result, rtype, header = unit_header(u)
            if kind == "function":
                self.info.functions[name] = None
            elif kind == "subroutine":
                self.info.subroutines.add(name)
            # An internal subprogram sees its host's names (host association).
            scope = scopes[id(u)] = Scope(name, kind, self.info, dummies, result,
                                          parent=scopes.get(id(host)) if host is not None else None)
            self.units.append((u, scope, header, rtype))
        self._scan_apis()
        for u, scope, header, rtype in self.units:
            self._declare(u, scope)
            if scope.kind == "function":
                t = scope._type_spec(rtype) if rtype is not None else None
                self.info.functions[scope.name] = t or scope.var_type(scope.result)
        mains = [s for _, s, _, _ in self.units if s.kind == "program"]
        if not mains:
            raise FrontendError("no main program (PROGRAM): interp predicts whole programs", self.file, 1)
        if len(mains) > 1:
            raise FrontendError("more than one main program", self.file, T.line(self.units[-1][0]))
        self.critical = analyse([(s, T.exec_statements(u)) for u, s, _, _ in self.units
                                 if s.kind in ("program", "subroutine", "function")])

    # -- the program's units -------------------------------------------------------------------
    def _scan_apis(self) -> None:
        for inc in self.src.includes:
            if inc.known == "mpi":
                self.info.uses_mpi = True
            elif inc.known == "nx":
                self.info.uses_nx = True
        for node in _walk_all(self.src.ast):
            name = None
            if isinstance(node, F.Call_Stmt):
                name = str(node.items[0]).upper()
            elif is_ref(node):
                name = ref_name(node)
            elif isinstance(node, F.Use_Stmt) and str(node).split()[-1].lower() in ("mpi", "mpi_f08"):
                self.info.uses_mpi = True
            if name is None or name.lower() in self.info.user:
                continue
            if name.startswith("MPI_"):
                self.info.uses_mpi = True
            elif name in f_calls.NX_NAMES:
                self.info.uses_nx = True

    def _declare(self, unit, scope: Scope) -> None:
        first, last = T.lines(unit)
        stmts = [(T.line(s), 0, s, None) for s in T.spec_statements(unit)]
        for inc in self.src.includes:
            if first <= inc.line <= last and inc.known is None:
                stmts.append((inc.line, 1, None, inc))
        for _, _, stmt, inc in sorted(stmts, key=lambda x: (x[0], x[1])):
            if inc is not None:
                self._include(inc, scope)
            else:
                scope.declare(stmt)
        for issue in scope.issues:
            self.problem("unsupported", issue.message, issue.line)
        scope.issues.clear()
        for name, t in scope.types.items():
            self._symbol_types.setdefault(scope.canon(name), t)

    def _include(self, inc, scope: Scope) -> None:
        """A user INCLUDE in a specification part: its declarations apply here."""
        if inc.path is None:
            self.problem("unsupported", f"INCLUDE '{inc.name}' not found: its declarations are unknown", inc.line)
            return
        from ..cparse import read_source

        text = read_source(inc.path)
        tree = parse_fragment(text, inc.path, self.src.form)
        for u, _ in T.units(tree):
            for stmt in T.spec_statements(u):
                scope.declare(stmt)
            if T.exec_statements(u):
                self.problem("unsupported", f"INCLUDE '{inc.name}': executable statements in an included "
                             "file are not modelled", inc.line)
        for issue in scope.issues:
            self.problem("unsupported", f"{inc.name}:{issue.line - 1}: {issue.message}", inc.line)
        scope.issues.clear()

    # -- problems and annotations ----------------------------------------------------------------
    def problem(self, kind: str, message: str, line: int) -> None:
        self.problems.append(Problem(kind, message, self.file, line))

    def _drain(self, before: int) -> None:
        """Apply the directives written before line ``before`` (in source order)."""
        while self._next_directive < len(self._directives) and self._directives[self._next_directive][0] < before:
            line, text = self._directives[self._next_directive]
            self._next_directive += 1
            self._directive(line, text)

    def _directive(self, line: int, text: str) -> None:
        a = ann_mod.parse(text, self.file, line)
        if a is None:
            self.problem("ignored-pragma", f"'!${text}' is not an interp annotation; it is not modelled", line)
            return
        _lower_names(a)  # Fortran names are case-insensitive; interp's are the lower-case spelling
        if a.kind == "input":
            inp = self.inputs.get(a.name)
            if inp is None:
                self.inputs[a.name] = ExternalInput(a.name, line, "annotation", a.value)
            else:
                inp.default = a.value
        elif a.kind == "region":
            self._region.append(a.name)
            self.regions[a.name] = Loc(self.file, line, line)
        elif a.kind == "end-region":
            if not self._region:
                raise FrontendError("'!$interp end region' without a matching region", self.file, line)
            name = self._region.pop()
            self.regions[name] = Loc(self.file, self.regions[name].first, line)
        elif a.kind == "granularity":
            self.granularity = a.value
        else:
            if a.kind in self._pending:
                raise FrontendError(f"two '{a.kind}' annotations for one statement", self.file, line)
            self._pending[a.kind] = a

    def _take(self, kind: str):
        return self._pending.pop(kind, None)

    # -- the AAG -------------------------------------------------------------------------------
    def build(self) -> AAG:
        functions: dict[str, Function] = {}
        entry = None
        global_data: dict[str, sympy.Expr | None] = {}
        for u, scope, header, _ in self.units:
            global_data.update(scope.data)
            if scope.kind not in ("program", "subroutine", "function"):
                continue
            functions[scope.name] = self._function(u, scope, header)
            if scope.kind == "program":
                entry = scope.name
        self._drain(10**9)
        for name in recursive_functions(functions):
            for c in (a for fn in functions.values() for a in flat(fn.body)
                      if isinstance(a, Call) and a.callee == name and a.cost is None):
                self.problem("unsupported", f"recursive call of {name}() cannot be interpreted without an "
                             "annotation: put '!$interp cost(EXPR)' before the call", c.loc.first)
            functions[name].recursive = True
        if self._region:
            raise FrontendError(f"region '{self._region[-1]}' is not closed ('!$interp end region')",
                                self.file, self.regions[self._region[-1]].first)
        if self._pending:
            a = next(iter(self._pending.values()))
            raise FrontendError(f"'!$interp {a.kind}' is not followed by a statement it can apply to",
                                self.file, a.line)
        main = functions[entry]
        main.body.insert(0, Start(loc=Loc(self.file, main.loc.first, main.loc.first), label=entry, function=entry))
        main.body.append(End(loc=Loc(self.file, main.loc.last, main.loc.last), label=f"end of {entry}",
                             function=entry))
        for name, inp in self.inputs.items():
            inp.critical = self.critical.is_critical(name)
        global_inits = self._global_inits(global_data)
        api = "nx" if self.info.uses_nx else "mpi" if self.info.uses_mpi else "none"
        role = "spmd"
        if self.info.uses_nx:
            role = "host" if any(a.cls == "Spawn" for fn in functions.values() for a in flat(fn.body)) else "node"
        aag = AAG(name=self.name, file=self.file, language="fortran", entry=entry, functions=functions,
                  inputs=self.inputs, critical=dict(self.critical.definitions), problems=self.problems,
                  api=api, role=role, regions=self.regions, global_inits=global_inits)
        for _, scope, _, _ in self.units:
            for name, t in scope.expr.seen.items():
                self._symbol_types.setdefault(name, t)
        aag.symbols = symbol_table(aag, self._symbol_types)
        return aag

    def _global_inits(self, data) -> dict:
        """COMMON variables (C's globals) and DATA-initialised variables that are tracked."""
        out = {}
        commons = {}
        for _, scope, _, _ in self.units:
            for name, line in scope.common.items():
                commons.setdefault(name, line)
        for name in sorted(set(commons) | set(data)):
            if not self.critical.is_tracked(name):
                continue
            if data.get(name) is not None:
                out[name] = data[name]
            elif self.critical.is_critical(name) and name not in self.critical.definitions:
                # Never assigned: an external input (C's rule for a global never assigned).
                self.inputs.setdefault(name, ExternalInput(name, commons.get(name, 0), "uninitialized-global", 0.0))
                out[name] = sympy.Symbol(f"input:{name}", real=True)
            else:
                out[name] = None
        return out

    def _function(self, unit, scope: Scope, header) -> Function:
        self.scope = scope
        self.fn_name = scope.name
        self.ex = scope.expr
        self.ex.result_var = scope.canon(scope.result) if scope.result else None
        first, last = T.lines(unit)
        for p in scope.dummies:
            t = scope.var_type(p)
            if t is not None:
                self._symbol_types.setdefault(scope.canon(p), t)
        self._drain(first)
        body = self._block(T.exec_statements(unit), last)
        return Function(scope.name, [scope.canon(p) for p in scope.dummies], body, Loc(self.file, first, last))

    # -- statements ----------------------------------------------------------------------------
    def _block(self, items: list, end_line: int, default_line: int = 0) -> list[AAU]:
        """A statement list (closed by the statement at ``end_line``) as an AAU list."""
        out: list[AAU] = []
        saved = self._cluster
        self._cluster = None
        for k, stmt in enumerate(items):
            if isinstance(stmt, T.DO_STMTS):
                # DO loops sharing a terminal label: the rest of the list is this loop's body.
                self._statement_at(stmt, out, items[k + 1:], default_line)
                break
            self._statement_at(stmt, out, None, default_line)
        self._drain(end_line)
        self._flush(out)
        self._cluster = saved
        return out

    def _sub_block(self, items: list, end_line: int, default_line: int = 0) -> list[AAU]:
        saved = self._cluster
        self._cluster = None
        out = self._block(items, end_line, default_line)
        self._cluster = saved
        return out

    def _statement_at(self, stmt, out, rest, default_line) -> None:
        first, last = T.lines(stmt)
        if not first:  # a logical IF's action statement: the IF's line
            first = last = default_line
        if rest is not None:
            last = max([T.last_line(r) for r in rest] + [first])
        self._drain(first)
        name = type(stmt).__name__
        if name in _NOTHING:
            return
        cost, work = self._take("cost"), self._take("work")
        if cost is not None or work is not None:
            self._annotated(stmt, out, cost, work, first, last)
            return
        if rest is not None:
            self._do(stmt, rest, out, first, last)
            return
        handler = self._io_call if name in _IO_CALLS else getattr(self, f"_s_{name}", None)
        if handler is None:
            if name in _JUMPS:
                self.problem("unsupported", f"{_JUMPS[name]} is not modelled (interp needs structured control "
                             f"flow): '{_label(stmt)}'", first)
            else:
                what = name.replace("_Stmt", "").replace("_Construct", " construct").replace("_", " ").upper()
                self.problem("unsupported", f"{what} statement is not modelled: '{_label(stmt)}'", first)
            return
        handler(stmt, out, first, last)
        for name in sorted(self.ex.undeclared):
            self.problem("unsupported", f"{name} has no type (IMPLICIT NONE is in force and it is not "
                         "declared): its accesses are not counted", first)
        self.ex.undeclared.clear()

    def _annotated(self, stmt, out, cost, work, first, last) -> None:
        """A statement, call or construct whose cost the user gives (a user interpretation function)."""
        if any(f_calls.is_comm_call(n) for n in _called_names(stmt)):
            raise FrontendError("cost()/work() cannot replace a statement that communicates; annotate the "
                                "computation around it instead", self.file, (cost or work).line)
        self._flush(out)
        if cost is not None and isinstance(stmt, F.Call_Stmt) and self.scope.ref_kind(str(stmt.items[0])) == "user":
            out.append(self._new(Call, first, last, callee=str(stmt.items[0]).lower(), label=_label(stmt),
                                 cost=cost.value, args=[self.ex.sym(a) for a in args_of(stmt)]))
            return
        seq = self._new(Seq, first, last, label=_label(stmt))
        seq.cost = cost.value if cost is not None else None
        seq.work = work.value if work is not None else None
        out.append(seq)
        # The statements' own annotations (inside a construct) stay in force.
        if isinstance(stmt, BlockBase):
            self._drain(last)

    def _new(self, cls, first, last, **kw) -> AAU:
        return cls(loc=Loc(self.file, first, last), region=self._region[-1] if self._region else None,
                   function=self.fn_name, **kw)

    def _flush(self, out: list[AAU]) -> None:
        if self._cluster is not None:
            out.append(self._cluster)
            self._cluster = None

    def _seq_for(self, stmt, first, last, out) -> Seq:
        """The Seq cluster a simple statement joins (a new one at statement granularity)."""
        region = self._region[-1] if self._region else None
        c = self._cluster
        if c is None or self.granularity == "statement" or c.region != region or c.control:
            self._flush(out)
            c = Seq(loc=Loc(self.file, first, last), region=region, function=self.fn_name, label=_label(stmt))
            self._cluster = c
        else:
            c.loc = Loc(self.file, c.loc.first, max(c.loc.last, last))
            if not c.label.endswith("..."):
                c.label = (c.label + "; ...")[:48]
        return c

    # -- simple statements ----------------------------------------------------------------------
    def _s_Assignment_Stmt(self, stmt, out, first, last):
        target, _, rhs = stmt.items
        if is_ref(target) and self.scope.ref_kind(ref_name(target)) != "array":
            self.problem("unsupported", f"statement function {ref_name(target)} is not modelled "
                         "(write it as a FUNCTION)", first)
            return
        bad = self._array_syntax(target, store=True) or self._array_syntax(rhs)
        if bad:
            self.problem("unsupported", f"array syntax ({bad}) is not modelled: write the loop out", first)
            return
        if is_ref(rhs) and f_calls.is_comm_call(ref_name(rhs)) and self.scope.ref_kind(ref_name(rhs)) != "user":
            self._comm(ref_name(rhs), args_of(rhs), self.ex.target_name(target), out, stmt, first, last)
            return
        if not self._no_comm_inside(rhs, first):
            return
        self._calls_first(rhs, out, first, last)
        seq = self._seq_for(stmt, first, last, out)
        ex = self.ex
        ex.count_assignment(target, rhs, seq.counts, seq.accesses)
        self._note_calls(rhs, seq, first)
        self._define(target, rhs, seq)

    def _define(self, target, rhs, seq: Seq) -> None:
        """Record an assignment to a tracked (critical) variable, with its value."""
        name = self.ex.target_name(target)
        if name is None or not self.critical.is_tracked(name):
            return
        if "[" not in name and is_ref(target):
            return  # a variable subscript into a buffer: its elements keep their values
        value = self.ex.sym(rhs)
        if value is not None and self.ex.ftype(target).kind == "int" and self.ex.ftype(rhs).kind in ("real", "double"):
            value = S.CTrunc(value)
        self._def(seq, name, value)

    def _def(self, seq: Seq, name: str, value) -> None:
        seq.defs.append((name, value))
        if name in (self.scope.canon(d) for d in self.scope.dummies) and self.critical.is_tracked(f"*{name}"):
            # By reference: the caller's variable receives the store (C's *param).
            seq.defs.append((f"*{name}", S.var(name)))

    def _s_Call_Stmt(self, stmt, out, first, last):
        name = str(stmt.items[0])
        up = name.upper()
        args = args_of(stmt)
        kind = self.scope.ref_kind(name)
        if kind != "user" and f_calls.is_comm_call(up):
            self._comm(up, args, None, out, stmt, first, last)
            return
        for a in args:
            bad = self._array_syntax(a, argument=True)
            if bad:
                self.problem("unsupported", f"array syntax ({bad}) is not modelled: write the loop out", first)
                return
        self._calls_first_args(args, out, first, last)
        if kind == "user":
            self._flush(out)
            out.append(self._user_call(name.lower(), args, first, last, stmt))
            counts_needed = any(not isinstance(a, F.Name) and not _literal(a) for a in args)
            if not counts_needed:
                return
            seq = self._seq_for(stmt, first, last, out)
            self._count_by_ref(args, seq)
            return
        seq = self._seq_for(stmt, first, last, out)
        self._count_by_ref(args, seq)
        if up in f_calls.MACHINE:
            seq.counts.add_call(f_calls.MACHINE[up], len(args))
            if up in ("MPI_COMM_RANK", "MPI_COMM_SIZE") and len(args) >= 2:
                target = self.ex.target_name(args[1])
                if target and self.critical.is_tracked(target):
                    self._def(seq, target, S.RANK if up == "MPI_COMM_RANK" else S.NPROCS)
        elif up in _LIB_SUBROUTINES:
            seq.counts.add_call(_LIB_SUBROUTINES[up], len(args))
            for a in args:
                self._clobber(a, seq)
        elif up in f_calls.COMM_FREE:
            pass
        else:
            seq.counts.add_call(name.lower(), len(args))
            seq.unmodelled.append(name.lower())
            self.problem("unmodelled-call", f"call to {up} is not modelled: it is neither defined in the "
                         "program nor a known library, MPI or NX/2 routine (its time is not predicted; "
                         "annotate it with '!$interp cost(EXPR)')", first)
            for a in args:
                self._clobber(a, seq)

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

    def _user_call(self, callee: str, args, first, last, node) -> Call:
        params = self._params_of(callee)
        refs = {}
        for i, a in enumerate(args):
            if i < len(params) and isinstance(a, F.Name) and self.scope.var_type(str(a)) is not None:
                var = self.scope.canon(str(a))
                if self.critical.is_tracked(var) and self.critical.is_tracked(f"*{params[i]}"):
                    refs[params[i]] = var
        return self._new(Call, first, last, callee=callee, label=_label(node),
                         args=[self.ex.sym(a) for a in args], refs=refs)

    def _params_of(self, name: str) -> list[str]:
        for _, s, _, _ in self.units:
            if s.name == name:
                return [s.canon(d) for d in s.dummies]
        return []

    def _calls_first(self, expr, out, first, last) -> None:
        """User-function references inside an expression become Call AAUs ahead of the Seq part."""
        for node in _refs_in(expr):
            if self.scope.ref_kind(ref_name(node)) == "user":
                self._flush(out)
                out.append(self._user_call(ref_name(node).lower(), args_of(node), first, last, node))

    def _calls_first_args(self, args, out, first, last) -> None:
        for a in args:
            self._calls_first(a, out, first, last)

    def _note_calls(self, expr, seq: Seq, line: int) -> None:
        for node in _refs_in(expr):
            name = ref_name(node)
            kind = self.scope.ref_kind(name)
            if kind == "unknown":
                seq.unmodelled.append(name.lower())
                self.problem("unmodelled-call", f"call to {name} is not modelled: it is neither defined in the "
                             "program nor a known intrinsic, library, MPI or NX/2 function (its time is not "
                             "predicted; annotate it with '!$interp cost(EXPR)')", line)
            elif kind == "intrinsic" and generic(name) in ARRAY_INTRINSICS:
                self.problem("unsupported", f"array intrinsic {name} is not modelled (its cost depends on the "
                             "array's size): write the loop out", line)

    def _no_comm_inside(self, expr, line) -> bool:
        for node in _refs_in(expr):
            name = ref_name(node)
            if f_calls.is_comm_call(name) and self.scope.ref_kind(name) != "user":
                self.problem("unsupported", f"{name} inside an expression is not modelled; assign its "
                             "result on its own", line)
                return False
        return True

    def _array_syntax(self, node, store: bool = False, argument: bool = False) -> str | None:
        """Whole arrays or sections used as values (array syntax), which interp does not count."""
        if node is None or isinstance(node, str):
            return None
        if isinstance(node, F.Name):
            if self.scope.is_array(str(node)) and not argument:
                return f"whole array {str(node)}"
            return None
        if is_ref(node):
            name = ref_name(node)
            kind = self.scope.ref_kind(name)
            if kind == "array":
                if any(isinstance(a, F.Subscript_Triplet) for a in args_of(node)) and not argument:
                    return f"section {_label(node, 30)}"
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
            self.ex._access(self.scope.canon(str(node)), t, seq.counts, seq.accesses, store, False)

    def _s_Nullify_Stmt(self, stmt, out, first, last):
        seq = self._seq_for(stmt, first, last, out)
        seq.counts.store += len(args_of(stmt)) or 1

    def _s_Allocate_Stmt(self, stmt, out, first, last):
        seq = self._seq_for(stmt, first, last, out)
        allocations = [a for a in _walk_all(stmt) if isinstance(a, F.Allocation)]
        options = {str(o.items[0]).upper(): o.items[1] for o in _walk_all(stmt) if isinstance(o, F.Alloc_Opt)}
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
            seq.counts.add_call(lib, 1)
            self.ex._access(self.scope.canon(name), t or INT, seq.counts, seq.accesses, True, False)
        self._status(options.get("STAT"), seq)

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
            seq.counts.add_call("free", 1)

    def _s_Read_Stmt(self, stmt, out, first, last):
        control, fmt, items = stmt.items
        seq = self._seq_for(stmt, first, last, out)
        targets = list(items.items) if items is not None else []
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
        seq.counts.add_call("scanf", 1 + len(targets))
        for t in targets:
            name = self.ex.target_name(t)
            if name is None or not self.critical.is_tracked(name):
                continue
            if isinstance(t, F.Name):
                self._register_input(name, first)
                self._def(seq, name, sympy.Symbol(f"input:{name}", real=True))
            else:
                self._def(seq, name, None)
        self._status(specs.get("IOSTAT"), seq)

    def _register_input(self, name: str, line: int) -> None:
        inp = self.inputs.get(name)
        if inp is None:
            self.inputs[name] = ExternalInput(name, line, "read")
        elif inp.how == "annotation":
            inp.how, inp.line = "read", line

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
        seq = self._seq_for(stmt, first, last, out)
        for v in values:
            if not isinstance(v, F.Name) or not self.scope.is_array(str(v)):
                self.ex.count(v, seq.counts, seq.accesses)
            self._note_calls(v, seq, first)
        seq.counts.add_call(lib, 1 + len(values))

    def _s_Return_Stmt(self, stmt, out, first, last):
        seq = self._seq_for(stmt, first, last, out)
        seq.control = "return"
        self._flush(out)

    def _s_Stop_Stmt(self, stmt, out, first, last):
        if self.scope.kind != "program":
            self.problem("assumption", "STOP inside a subprogram is interpreted as a RETURN (the caller "
                         "goes on)", first)
        self._s_Return_Stmt(stmt, out, first, last)

    def _s_Exit_Stmt(self, stmt, out, first, last):
        self._loop_jump(stmt, out, first, last, "break")

    def _s_Cycle_Stmt(self, stmt, out, first, last):
        self._loop_jump(stmt, out, first, last, "continue")

    def _loop_jump(self, stmt, out, first, last, control):
        name = stmt.items[1] if len(stmt.items) > 1 else None
        if name is not None and self._loop_names and self._loop_names[-1] != str(name).lower():
            self.problem("unsupported", f"'{_label(stmt)}' leaves an outer loop: only the innermost loop is "
                         "left or continued", first)
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
        seq.counts.add_call(_IO_CALLS[type(stmt).__name__], 1)

    # -- communication --------------------------------------------------------------------------
    def _comm(self, name, args, target, out, node, first, last) -> None:
        self._flush(out)
        loc = Loc(self.file, first, last)
        ex = self.ex

        def at(i, fn):
            return fn(args[i]) if i is not None and i < len(args) else None

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

        call_args = f_calls.CallArgs(values=lambda i: at(i, ex.sym), names=lambda i: at(i, plain),
                                     buffers=lambda i: at(i, ex.buffer_name), requests=lambda i: at(i, request),
                                     strings=lambda i: at(i, string))
        try:
            aau = f_calls.build(name, call_args, len(args), loc, target)
        except f_calls.CallError as exc:
            self.problem("unsupported", str(exc), first)
            return
        aau.region = self._region[-1] if self._region else None
        aau.function = self.fn_name
        aau.label = _label(node)
        if aau.cls not in ("Sync", "Spawn"):
            missing = [attr for attr in ("size", "partner") if getattr(aau, attr, "absent") is None
                       and not (attr == "partner" and aau.cls != "Comm")
                       and not (aau.cls == "Comm" and aau.op in ("wait", "waitall")
                                and attr in ("size", "partner"))
                       and not (aau.cls == "Comm" and aau.op == "probe" and attr == "size")]
            for attr in missing:
                self.problem("data-dependent", f"{name}: the message {attr} depends on data the parse cannot "
                             "know; it must come from inputs, the rank and constants", first)
        out.append(aau)

    # -- control flow ------------------------------------------------------------------------------
    def _s_If_Stmt(self, stmt, out, first, last):
        self._flush(out)
        prob = self._take("prob")
        cond_node, action = stmt.items
        branch = self._branch(cond_node, [action], last + 1, 1, default_line=first)
        self._branch_probs([branch], prob, first)
        out.append(self._condt(stmt, [branch], first, last, cond_node))

    def _branch(self, cond_node, items, end_line, nconds, default_line: int = 0) -> Branch:
        cond = self.ex.condition(cond_node) if cond_node is not None else None
        body = self._sub_block(items, end_line, default_line)
        b = Branch(cond, body, data_dependent=cond_node is not None and cond is None, nconds=nconds)
        if cond_node is not None:
            self.ex.count(cond_node, b.cond_counts, [])
        return b

    def _s_If_Construct(self, stmt, out, first, last):
        self._flush(out)
        prob = self._take("prob")
        parts = T.content(stmt)
        groups: list[tuple[object, list, int]] = []  # (condition or None for ELSE, statements, end line)
        head = None
        for node in parts:
            if isinstance(node, (F.If_Then_Stmt, F.Else_If_Stmt, F.Else_Stmt, F.End_If_Stmt)):
                if groups:
                    groups[-1] = (groups[-1][0], groups[-1][1], T.line(node))
                if isinstance(node, F.End_If_Stmt):
                    break
                head = node.items[0] if not isinstance(node, F.Else_Stmt) else None
                groups.append((head, [], 0))
            elif groups:
                groups[-1][1].append(node)
        branches = []
        for cond_node, items, end in groups:
            if cond_node is None:
                branches.append(self._branch(None, items, end, len(branches)))
            else:
                branches.append(self._branch(cond_node, items, end, len(branches) + 1))
        self._branch_probs(branches, prob, first)
        out.append(self._condt(stmt, branches, first, last, groups[0][0] if groups else None))

    def _s_Case_Construct(self, stmt, out, first, last):
        self._flush(out)
        prob = self._take("prob")
        parts = T.content(stmt)
        value = self.ex.sym(parts[0].items[0])
        groups = []  # (Case_Stmt, statements, end line)
        for node in parts[1:]:
            if isinstance(node, (F.Case_Stmt, F.End_Select_Stmt)):
                if groups:
                    groups[-1] = (groups[-1][0], groups[-1][1], T.line(node))
                if isinstance(node, F.End_Select_Stmt):
                    break
                groups.append((node, [], 0))
            elif groups:
                groups[-1][1].append(node)
        branches, default = [], None
        for case, items, end in groups:
            selector = case.items[0]
            if str(selector).upper() == "DEFAULT":
                default = self._sub_block(items, end)
                continue
            cond = self._case_condition(value, selector)
            branches.append(Branch(cond, self._sub_block(items, end), data_dependent=cond is None,
                                   nconds=len(branches) + 1))
        if default is not None:
            branches.append(Branch(None, default, nconds=len(branches)))
        self._branch_probs(branches, prob, first)
        out.append(self._condt(stmt, branches, first, last, parts[0].items[0]))

    def _case_condition(self, value, selector):
        if value is None:
            return None
        terms = []
        ranges = next(x for x in selector.items if not isinstance(x, str))
        for r in (ranges.items if isinstance(ranges, F.Case_Value_Range_List) else (ranges,)):
            if isinstance(r, F.Case_Value_Range):
                lo, hi = (self.ex.sym(x) if x is not None else None for x in r.items)
                if (r.items[0] is not None and lo is None) or (r.items[1] is not None and hi is None):
                    return None
                parts = ([sympy.Ge(value, lo)] if lo is not None else []) + ([sympy.Le(value, hi)] if hi is not None else [])
                terms.append(sympy.And(*parts))
            else:
                v = self.ex.sym(r)
                if v is None:
                    return None
                terms.append(sympy.Eq(value, v))
        return sympy.Or(*terms)

    def _condt(self, stmt, branches, first, last, cond_node) -> Condt:
        text = _label(cond_node, 40) if cond_node is not None else ""
        c = self._new(Condt, first, last, branches=branches, label=f"if ({text})")
        c.cls = "CondtSync" if c.has_sync() else "CondtD"
        if c.cls == "CondtSync" and any(b.data_dependent for b in branches):
            self.problem("unsupported", "communication under a condition on data the parse cannot know: "
                         "interp cannot tell which processes communicate (make the condition depend on "
                         "inputs, the rank and constants)", first)
        return c

    def _branch_probs(self, branches, prob, line) -> None:
        dd = [b for b in branches if b.data_dependent]
        if prob is not None:
            if not dd:
                dd = [b for b in branches if b.cond is not None]
                for b in dd:
                    b.data_dependent = True
            if len(prob.value) not in (1, len(dd)):
                raise FrontendError(f"prob() gives {len(prob.value)} values for {len(dd)} data-dependent "
                                    "conditions", self.file, prob.line)
            values = prob.value * len(dd) if len(prob.value) == 1 else prob.value
            for b, p in zip(dd, values):
                b.prob = p
        elif dd:
            for b in dd:
                b.prob = 0.5
            self.problem("assumption", "condition depends on data; taken with probability 0.5 "
                         "(state it with '!$interp prob(P)')", line)

    # -- loops --------------------------------------------------------------------------------------
    def _s_Block_Nonlabel_Do_Construct(self, stmt, out, first, last):
        self._do_construct(stmt, out, first, last)

    def _s_Block_Label_Do_Construct(self, stmt, out, first, last):
        self._do_construct(stmt, out, first, last)

    def _s_Action_Term_Do_Construct(self, stmt, out, first, last):
        self._do_construct(stmt, out, first, last)

    def _do_construct(self, stmt, out, first, last):
        parts = T.content(stmt)
        k = next(i for i, p in enumerate(parts) if isinstance(p, T.DO_STMTS))  # comments may lead
        self._do(parts[k], parts[k + 1:], out, first, last)

    def _do(self, header, body_items, out, first, last) -> None:
        self._flush(out)
        iters_ann = self._take("iters")
        lc = T.loop_control(header)
        construct = getattr(header.item, "name", None)
        self._loop_names.append(str(construct).lower() if construct else None)
        try:
            if lc is None or lc.items[1] is None:
                cond_node = lc.items[0] if lc is not None else None
                body = self._loop_body(body_items, None, last)
                self._while(header, cond_node, body, iters_ann, out, first, last)
                return
            self._counted(header, lc, body_items, iters_ann, out, first, last)
        finally:
            self._loop_names.pop()

    def _counted(self, header, lc, body_items, iters_ann, out, first, last) -> None:
        var_node, bounds = lc.items[1]
        var = self.scope.canon(str(var_node))
        ex = self.ex
        lo_n, hi_n = bounds[0], bounds[1]
        step_n = bounds[2] if len(bounds) > 2 else None
        lo_s, hi_s = ex.sym(lo_n), ex.sym(hi_n)
        step_s = ex.sym(step_n) if step_n is not None else sympy.Integer(1)
        has_step = step_n is not None and not (isinstance(step_n, F.Int_Literal_Constant) and step_s == 1)
        body = self._loop_body(body_items, var, last)
        cond = None
        if hi_s is not None:
            down = step_s is not None and step_s.is_number and step_s < 0
            cond = sympy.Ge(S.var(var), hi_s) if down else sympy.Le(S.var(var), hi_s)
        text = " ".join(str(lc).split())
        loop = self._new(Iter, first, last, var=var, lo=lo_s, step=step_s, cond=cond, body=body,
                         limit_type="step" if has_step else "nostep", label=f"do {text.lower()}")
        if lo_s is not None and hi_s is not None and step_s is not None:
            # The standard's iteration count, fixed when the loop starts.
            loop.num_iters = sympy.Max(0, sympy.floor((hi_s - lo_s + step_s) / step_s))
        deterministic = loop.num_iters is not None and not has_jump(body)
        if iters_ann is not None:
            loop.iters_annotation = iters_ann.value
            if loop.num_iters is None:
                loop.num_iters = iters_ann.value
                deterministic = not has_jump(body)
        critical_defs = {n for a in flat(body) if isinstance(a, Seq) for n, _ in a.defs
                         if self.critical.is_critical(n)} - {var}
        loop.clobbers = sorted({n for a in flat(body) if isinstance(a, Seq) for n, _ in a.defs} | {var})
        if loop.has_sync():
            loop.cls = "IterSync" if deterministic else "IterND"
        else:
            loop.cls = "IterD" if deterministic and not critical_defs else "IterND"
        if loop.num_iters is None and iters_ann is None:
            what = "its limits depend on data the parse cannot know" if hi_s is None or lo_s is None \
                else "its step is not known"
            self.problem("missing-iters", f"the trip count of this loop cannot be determined: {what}; "
                         "state it with '!$interp iters(EXPR)'", first)
        annotate_loop_accesses(loop)
        out.append(loop)

    def _loop_body(self, items, var, last) -> list[AAU]:
        self._loop_vars.append(var)
        saved = self.ex.loop_var
        self.ex.loop_var = var
        try:
            return self._sub_block(items, last)
        finally:
            self._loop_vars.pop()
            self.ex.loop_var = saved

    def _while(self, header, cond_node, body, iters_ann, out, first, last) -> None:
        cond = self.ex.condition(cond_node) if cond_node is not None else sympy.true
        kind = "while"
        text = _label(cond_node, 40) if cond_node is not None else ""
        loop = self._new(Iter, first, last, cond=cond, body=body, kind=kind, limit_type="nostep",
                         label=f"do while ({text})" if cond_node is not None else "do")
        if cond_node is not None:
            self.ex.count(cond_node, loop.cond_counts, [])
        if iters_ann is not None:
            loop.iters_annotation = loop.num_iters = iters_ann.value
            loop.cls = ("IterSync" if loop.has_sync() else "IterD") if not has_jump(body) else "IterND"
        else:
            loop.cls = "IterND"
            if cond is None:
                self.problem("missing-iters", "the loop condition depends on data the parse cannot know; "
                             "state the trip count with '!$interp iters(EXPR)'", first)
        annotate_loop_accesses(loop)
        out.append(loop)


# -- helpers ------------------------------------------------------------------------------------

def _lower_names(a: ann_mod.Annotation) -> None:
    """An annotation's variable names in lower case (``input N = 8`` names the input ``n``)."""
    if a.name is not None and a.kind == "input":
        a.name = a.name.lower()

    def lower(e):
        if isinstance(e, sympy.Basic):
            return e.xreplace({s: sympy.Symbol(s.name.lower(), **s.assumptions0) for s in e.free_symbols})
        return e

    if isinstance(a.value, dict):
        a.value = {k: lower(v) for k, v in a.value.items()}
    else:
        a.value = lower(a.value)


def _literal(node) -> bool:
    return isinstance(node, (F.Int_Literal_Constant, F.Real_Literal_Constant, F.Logical_Literal_Constant,
                             F.Char_Literal_Constant))


def _children(n) -> list:
    out = []
    for c in list(getattr(n, "content", None) or []) + list(getattr(n, "items", None) or []):
        if isinstance(c, (tuple, list)):
            out.extend(_children_of_seq(c))
        elif c is not None and not isinstance(c, str):
            out.append(c)
    return out


def _children_of_seq(seq) -> list:
    out = []
    for x in seq:
        if isinstance(x, (tuple, list)):
            out.extend(_children_of_seq(x))
        elif x is not None and not isinstance(x, str):
            out.append(x)
    return out


def _walk_all(node):
    """Every node below ``node``, in source order (pre-order, left to right)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(_children(n)))


def _refs_in(expr):
    """Function references and array elements in an expression, outermost first."""
    for n in _walk_all(expr):
        if is_ref(n):
            yield n


def _called_names(stmt) -> list[str]:
    names = []
    for n in _walk_all(stmt):
        if isinstance(n, F.Call_Stmt):
            names.append(str(n.items[0]))
        elif is_ref(n):
            names.append(ref_name(n))
    return names


def level1(src: FSource, granularity: str = "cluster", program: str | None = None) -> AAG:
    return FLevel1(src, granularity, program).build()
