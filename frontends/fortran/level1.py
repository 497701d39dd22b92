"""Level-1 parse of Fortran (paper 3.3.2): statements into AAUs, clustered, with critical variables,
external inputs and the augmented symbol table -- the same AAG the C frontend builds.

Program units become AAG functions (the main program is the entry); statements are classified
into the AAU classes of Table 4 and contiguous simple statements are clustered into one Seq
(``granularity statement`` gives one per statement); ``!$interp`` directives apply in source order.
The statements are handled by kind in mixins: statements.py (simple statements), callstmts.py
(calls and message passing), control.py (IF, SELECT CASE, DO). Where Fortran differs from C:

- READ gives external inputs (``READ(*,*) N``: N is read, as C's scanf); an IOSTAT= or STAT=
  variable is taken to be 0 (reads and allocations succeed, as the C frontend takes pointers
  to be non-null).
- STOP ends the process, in the main program or a subprogram (like C's exit()); CALL MPI_ABORT
  ends every process.
- A function's result variable is held in a register: assigning it costs no store, as C's
  ``return expr``; a statement function's reference is its expression (stmt_functions.py).
- Array syntax (sections, whole arrays, vector subscripts, the reductions SUM ... COUNT), WHERE
  and FORALL are interpreted as the DO loops they stand for (sections.py).
- GO TO in its structured shapes (a forward skip, the FORTRAN 66 IF-ELSE, a backward jump that
  repeats a statement list, a jump past a DO's end: an EXIT) is what it stands for (gotos.py).
- Other GO TOs, arithmetic IF, array-valued intrinsics but MATMUL, TRANSPOSE
  and DIM= reductions (matmul.py), and the array forms sections.py does not rewrite are reported
  as unsupported, with their line; the rest of the program is still interpreted.
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F
from fparser.two.utils import BlockBase

from .. import annotations as ann_mod
from ..aag import AAG, AAU, Call, End, ExternalInput, Function, Loc, Problem, Seq, Start
from ..errors import FrontendError
from ..level1_common import AnnotatedParse, foreign_pragma
from ..memory import symbol_table
from ..probes import mark_probes
from ..msgpass import NX_NAMES, canonical, communicators_created
from ..source import read_source
from . import associate, calls, stmt_functions
from . import tree as T
from .callstmts import CallStatements
from .control import ControlFlow
from .critical import analyse
from .decls import ProgramInfo, Scope, result_type, unit_header
from .extents import array_extents
from .expr import args_of, is_ref, ref_name
from .modules import module_order
from .module_arrays import module_shapes
from .shapes import assumed_extents, present_flags
from .sections import SectionLoops
from .where import WhereLoops
from .statements import _IO_CALLS, SimpleStatements
from .fparse import FSource, parse_fragment
from .generics import resolve_generics
from .gotos import GotoForms, exits_to_next
from .named_exits import NamedExits
from .read_once import ReadOnce
from ..aag.bodies import flat, root

_JUMPS = {"Goto_Stmt": "GO TO", "Computed_Goto_Stmt": "computed GO TO", "Assigned_Goto_Stmt": "assigned GO TO",
          "Arithmetic_If_Stmt": "arithmetic IF", "Assign_Stmt": "ASSIGN"}
_NOTHING = {"Comment", "Continue_Stmt", "Format_Stmt", "End_Do_Stmt", "Implicit_Stmt"}


class FLevel1(SimpleStatements, SectionLoops, WhereLoops, ReadOnce, CallStatements, ControlFlow, GotoForms, NamedExits,
             AnnotatedParse):
    DIRECTIVE = "!$interp"

    """The level-1 parse of one Fortran file (statements by kind in the mixins)."""

    def __init__(self, src: FSource, granularity: str = "cluster", program: str | None = None,
                 others: tuple = ()):
        # ``others``: the program's other files (external subprograms, no main program): one
        # program of several files, as `mpif90 driver.f90 kernels.f90` builds it (issue 13).
        self.sources = [src, *others]
        self._unit_src: dict[int, FSource] = {}
        self._positions: dict[int, int] = {}  # per source: directives applied so far
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
        self._loop_top = False  # the next _block is a loop body (its IF-CYCLE on data is rewritten)
        # GET_COMMAND_ARGUMENT(i, buf): buf -> (i, read under an IF on COMMAND_ARGUMENT_COUNT());
        # a READ from buf is then C's atoi(argv[i]) (statements.py _s_Read_Stmt)
        self._arg_buffers: dict[str, tuple[int | None, bool]] = {}
        self._argc_guards = 0
        self._argc_names: set[str] = set()  # variables assigned COMMAND_ARGUMENT_COUNT()
        self.argv_max = 0
        self._section_names: set[str] = set()  # loop variables of array syntax (sections.py)
        self._directives = sorted(src.directives)
        self._next_directive = 0
        self._cluster: Seq | None = None
        self._symbol_types: dict = {}
        self.units = []  # (unit node, Scope, header statement, declared result type)
        scopes = {}
        for u, host in [(u, host) for s in self.sources for u, host in T.units(s.ast)]:
            name, kind, dummies, result, rtype, header = unit_header(u)
            if kind == "module" and name in self.info.modules:
                raise FrontendError(f"module {name} is defined twice: give each module of the program once",
                                    self._source_of(u), T.line(u))
            if host is None and kind in ("subroutine", "function") and name in self.info.user:
                raise FrontendError(f"{kind} {name} is defined twice: give each subprogram of the program once",
                                    self._source_of(u), T.line(u))
            self.info.register(name, kind, dummies, "ELEMENTAL" in str(header.items[0] or "").upper())
            # An internal subprogram sees its host's names (host association).
            scope = scopes[id(u)] = Scope(name, kind, self.info, dummies, result,
                                          parent=scopes.get(id(host)) if host is not None else None)
            if kind == "module":
                self.info.modules[name] = scope
            self.units.append((u, scope, header, rtype))
        self._unit_src = {id(u): s for s in self.sources for u, _ in T.units(s.ast)}
        self._scan_apis()
        for u, scope, header, rtype in module_order(self.units):  # a module before its users
            self._enter(self._unit_src[id(u)])
            self._declare(u, scope)
            if scope.kind == "module":  # module variables are the program's globals (modules.py)
                for var in scope.types:
                    if var not in scope.constants:
                        scope.common.setdefault(var, T.line(u))
            if scope.kind in ("subroutine", "function"):  # u(:, :): extents from each call
                self.info.hidden[scope.name] = [(pos, k, name, len(scope.dummies) + j) for j, (pos, k, name)
                                                in enumerate(assumed_extents(scope))]
                self.info.present[scope.name] = present_flags(u, scope)
            if scope.kind == "function":
                self.info.functions[scope.name] = result_type(scope, rtype)
        self._enter(src)
        resolve_generics(self.units, self.info.generics)  # a generic name's calls: their specific
        module_shapes(self.units)  # a module's array allocated elsewhere: its shape, before analyse
        mains = [s for _, s, _, _ in self.units if s.kind == "program"]
        if not mains:
            raise FrontendError("no main program (PROGRAM): interp predicts whole programs", self.file, 1)
        if len(mains) > 1:
            raise FrontendError("more than one main program", self.file, T.line(self.units[-1][0]))
        self.critical = analyse([(s, T.exec_statements(u)) for u, s, _, _ in self.units
                                 if s.kind in ("program", "subroutine", "function")],
                                sorted(d for s in self.sources for d in s.directives))
        for _, scope, _, _ in self.units:  # names from RANDOM_NUMBER: no value before the run
            scope.expr.data = frozenset(self.critical.data)
            scope.expr.elements = frozenset(self.critical.elements)

    # -- the program's units -------------------------------------------------------------------
    def _scan_apis(self) -> None:
        self.cart_creates = []  # the MPI_CART_CREATE statements (their number of dimensions)
        called = set()
        for inc in (i for s in self.sources for i in s.includes):
            if inc.known == "mpi":
                self.info.uses_mpi = True
            elif inc.known == "nx":
                self.info.uses_nx = True
        for node in (n for s in self.sources for n in T.walk_all(s.ast)):
            name = None
            if isinstance(node, F.Call_Stmt):
                name = str(node.items[0]).upper()
                called.add(canonical(name, "fortran"))
                if name == "MPI_CART_CREATE":
                    self.cart_creates.append(node)
            elif is_ref(node):
                name = ref_name(node)
            elif isinstance(node, F.Use_Stmt) and T.use_module(node) in ("mpi", "mpi_f08"):
                self.info.uses_mpi = True
            if name is None or name.lower() in self.info.user:
                continue
            if name.startswith("MPI_"):
                self.info.uses_mpi = True
            elif canonical(name, "fortran") in NX_NAMES:
                self.info.uses_nx = True
        self.creates_comms = communicators_created(called)

    def _declare(self, unit, scope: Scope) -> None:
        stmts = [(T.line(s), 0, s, None) for s in T.spec_statements(unit)]
        for inc in self.src.includes:
            if inc.known is None and self._unit_at(inc.line) is unit:
                stmts.append((inc.line, 1, None, inc))
        for _, _, stmt, inc in sorted(stmts, key=lambda x: (x[0], x[1])):
            self._include(inc, scope) if inc is not None else scope.declare(stmt)
        associate.declare(unit, scope)  # the variables holding ASSOCIATE's expression selectors
        stmt_functions.expand(unit, scope)  # F(X) = ...: at each reference (refused: scope.issues)
        for issue in scope.issues:
            self.problem("unsupported", issue.message, issue.line)
        scope.issues.clear()
        for name, t in scope.types.items():
            self._symbol_types.setdefault(scope.canon(name), t)

    def _source_of(self, unit) -> str:
        return next(s.file for s in self.sources if any(u is unit for u, _ in T.units(s.ast)))

    def _enter(self, src: FSource) -> None:
        """Read the units of ``src`` next: its file names the AAUs, its directives apply."""
        self._positions[id(self.src)] = self._next_directive
        self.src, self.file = src, src.file
        self._directives = sorted(src.directives)
        self._next_directive = self._positions.get(id(src), 0)

    def _unit_at(self, line: int):
        """The innermost program unit of the current file that holds ``line``."""
        best, size = None, None
        for u, _, _, _ in self.units:
            if self._unit_src.get(id(u)) is not self.src:
                continue
            first, last = T.lines(u)
            if first <= line <= last and (size is None or last - first < size):
                best, size = u, last - first
        return best

    def _include(self, inc, scope: Scope) -> None:
        """A user INCLUDE in a specification part: its declarations apply here."""
        if inc.path is None:
            self.problem("unsupported", f"INCLUDE '{inc.name}' not found: its declarations are unknown", inc.line)
            return
        text = read_source(inc.path, "Fortran")
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
        try:
            a = ann_mod.parse(text, self.file, line)
        except FrontendError as exc:  # the shared grammar speaks C; name the Fortran spelling
            raise FrontendError(exc.message.replace("#pragma interp", "!$interp"), exc.file, exc.line) from None
        if a is None:
            self.problem("ignored-pragma", foreign_pragma(f"!${text}"), line)
            return
        _lower_names(a)  # Fortran names are case-insensitive; interp's are the lower-case spelling
        self.apply_annotation(a, line)

    # -- the AAG -------------------------------------------------------------------------------
    def build(self) -> AAG:
        functions: dict[str, Function] = {}
        entry = None
        global_data: dict[str, sympy.Expr | None] = {}
        for u, scope, header, _ in self.units:
            global_data.update(scope.data)
            if scope.kind not in ("program", "subroutine", "function"):
                continue
            if self._unit_src[id(u)] is not self.src:
                self._drain(10**9)  # the rest of the previous file's directives
                self._enter(self._unit_src[id(u)])
            functions[scope.name] = self._function(u, scope, header)
            if scope.kind == "program":
                entry = scope.name
        self._drain(10**9)
        self._enter(self.sources[0])
        self._check_functions(functions, entry)
        main = functions[entry]
        main.body.insert(0, Start(loc=Loc(main.loc.file, main.loc.first, main.loc.first), label=entry, function=entry))
        main.body.append(End(loc=Loc(main.loc.file, main.loc.last, main.loc.last), label=f"end of {entry}",
                             function=entry))
        if any(scope.expr.reads_argc for _, scope, _, _ in self.units):
            # C's argc (frontends/c/level1.py): by default the program's name and the arguments read
            self.inputs.setdefault("argc", ExternalInput("argc", main.loc.first, "argv", self.argv_max + 1))
        for name, inp in self.inputs.items():
            inp.critical = self.critical.is_critical(name) or name == "argc"
        global_inits = self._global_inits(global_data)
        api = "nx" if self.info.uses_nx else "mpi" if self.info.uses_mpi else "none"
        role = "spmd"
        if self.info.uses_nx:
            role = "host" if any(a.cls == "Spawn" for fn in functions.values() for a in flat(fn.body)) else "node"
        aag = AAG(name=self.name, file=self.file, language="fortran", entry=entry, functions=functions,
                  inputs=self.inputs, critical=dict(self.critical.definitions), problems=self.problems,
                  api=api, role=role, regions=self.regions, global_inits=global_inits,
                  flag_arrays=frozenset(self.critical.flags))
        for _, scope, _, _ in self.units:
            for name, t in scope.expr.seen.items():
                self._symbol_types.setdefault(name, t)
        mark_probes(aag)  # a binary search's dependent loads (the search model)
        extents = array_extents([s for _, s, _, _ in self.units], self.critical.is_tracked)
        aag.symbols = symbol_table(aag, self._symbol_types, extents)
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
            elif self.critical.is_critical(name) and not _assigned(name, self.critical.definitions):
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
        hidden = self.info.extra_params(scope.name)
        return Function(scope.name, [scope.canon(p) for p in scope.dummies] + hidden, body,
                        Loc(self.file, first, last), shadows=self._shadows(scope))

    def _shadows(self, scope: Scope) -> list[str]:
        """This unit's own variables named as a global (a module variable or COMMON member it
        neither uses nor declares in its COMMON): Function.shadows keeps them in its frame."""
        globals_ = {n for _, s, _, _ in self.units for n in s.common}
        own = set(scope.types) | set(scope.expr.seen)
        return sorted(n for n in own & globals_ if n not in scope.dummies and n not in scope.common
                      and scope.resolve(n) is None and n not in scope.alias.values())

    # -- statements ----------------------------------------------------------------------------
    def _block(self, items: list, end_line: int, default_line: int = 0) -> list[AAU]:
        """A statement list (closed by the statement at ``end_line``) as an AAU list."""
        out: list[AAU] = []
        saved = self._cluster
        self._cluster = None
        loop_top, self._loop_top = self._loop_top, False
        exits_to_next(items)  # GO TO the statement after a loop, from inside it: EXIT (gotos.py)
        k = 0
        while k < len(items):
            stmt = items[k]
            if loop_top and self._cycle_on_data(stmt):
                # IF (data) CYCLE; rest  ->  IF (.NOT. data) THEN; rest; END IF (control.py)
                self._without_cycle(stmt, items[k + 1:], out, end_line)
                break
            if isinstance(stmt, T.DO_STMTS):
                # DO loops sharing a terminal label: the rest of the list is this loop's body.
                self._statement_at(stmt, out, items[k + 1:], default_line)
                break
            after = self._goto_form(items, k, out, end_line, default_line)  # gotos.py
            if after is not None:
                k = after
                continue
            self._statement_at(stmt, out, None, default_line)
            k += 1
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
        shift = self._take("shift")
        if shift is not None:
            raise FrontendError("'!$interp shift' is read in C programs only so far (docs/annotations.md); in "
                                "Fortran write the shift as one MPI_Sendrecv to rank+1 from rank-1, which is "
                                "recognized without an annotation", self.file, shift.line)
        cost, work = self._take("cost"), self._take("work")
        if cost is not None or work is not None:
            self._annotated(stmt, out, cost, work, first, last)
            return
        size = self._take("size")
        if size is not None and (rest is not None or name not in ("Call_Stmt", "Assignment_Stmt")):
            raise FrontendError("'!$interp size(...)' applies to the message call on the next line; put "
                                "it just above that CALL", self.file, size.line)
        if rest is not None:
            self._do(stmt, rest, out, first, last)
            return
        handler = self._io_call if name in _IO_CALLS else getattr(self, f"_s_{name}", None)
        if handler is None:
            if name in _JUMPS:
                self.problem("unsupported", f"{_JUMPS[name]} is not modelled (interp needs structured control "
                             f"flow): '{T.label(stmt)}'", first)
            else:
                if name.endswith("_Construct"):
                    what = name[: -len("_Construct")].replace("_", " ").upper() + " construct"
                else:
                    what = name.replace("_Stmt", "").replace("_", " ").upper() + " statement"
                self.problem("unsupported", f"{what} is not modelled: '{T.label(stmt)}'", first)
            return
        if size is not None:
            self._size = size
        try:
            handler(stmt, out, first, last)
        except ZeroDivisionError:  # a constant expression divides by zero (sympy folds it here)
            raise FrontendError(f"division by zero in '{T.label(stmt)}'", self.file, first) from None
        if size is not None and self._size is not None:  # no message call consumed it
            self._size = None
            raise FrontendError("'!$interp size(...)' is not followed by a send, receive or collective "
                                "CALL: put it just above the call whose count comes from data", self.file, size.line)
        for name in sorted(self.ex.undeclared):
            self.problem("unsupported", f"{name} has no type (IMPLICIT NONE is in force and it is not "
                         "declared): its accesses are not counted", first)
        self.ex.undeclared.clear()

    def _annotated(self, stmt, out, cost, work, first, last) -> None:
        """A statement, call or construct whose cost the user gives (a user interpretation function)."""
        if any(calls.is_comm_call(n) for n in T.called_names(stmt)):
            raise FrontendError("cost()/work() cannot replace a statement that communicates; annotate the "
                                "computation around it instead", self.file, (cost or work).line)
        self._flush(out)
        if cost is not None and isinstance(stmt, F.Call_Stmt) and self.scope.ref_kind(str(stmt.items[0])) == "user":
            out.append(self._new(Call, first, last, callee=str(stmt.items[0]).lower(), label=T.label(stmt),
                                 cost=cost.value, args=[self.ex.sym(a) for a in args_of(stmt)]))
            return
        seq = self._new(Seq, first, last, label=T.label(stmt))
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
            c = Seq(loc=Loc(self.file, first, last), region=region, function=self.fn_name, label=T.label(stmt))
            self._cluster = c
        else:
            c.loc = Loc(self.file, c.loc.first, max(c.loc.last, last))
            if not c.label.endswith("..."):
                c.label = (c.label + "; ...")[:48]
        return c


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


def level1(src: FSource, granularity: str = "cluster", program: str | None = None, others: tuple = ()) -> AAG:
    return FLevel1(src, granularity, program, others).build()


def has_main_program(src: FSource) -> bool:
    """Does the file hold a main program (PROGRAM, or statements outside any unit)?"""
    return any(isinstance(u, F.Main_Program) or type(u).__name__ == "Main_Program0" for u, _ in T.units(src.ast))


def _assigned(name: str, definitions) -> bool:
    """Is the variable (or one of its components, f.n of f) assigned anywhere?"""
    return name in definitions or any(root(d) == name for d in definitions)
