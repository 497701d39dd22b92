"""Level-1 parse of C (paper 3.3.2): statements into AAUs, clustered, with critical variables,
external inputs and the augmented symbol table.

Statements are classified into the AAU classes of Table 4. Contiguous statements of one class are
clustered into one AAU by default ("the default is to generate the largest cluster possible");
granularity ``statement`` gives one AAU per statement. The statements are handled by kind in
mixins: statements.py (simple statements), callstmts.py (expressions, calls, message passing),
control.py (if, switch, loops).
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from .. import annotations as ann_mod
from ..aag import AAG, AAU, Call, Comm, End, ExternalInput, Function, Loc, Problem, Seq, Start
from ..aag import symexpr as S
from ..aag.bodies import flat, root
from ..errors import FrontendError
from ..level1_common import AnnotatedParse, foreign_pragma
from ..memory import symbol_table
from ..probes import mark_probes
from ..msgpass import NX_NAMES, is_comm_call
from . import tree as T
from .allocations import Extents
from .callstmts import CallStatements
from .control import ControlFlow
from .cparse import CSource
from .critical import CriticalInfo, analyse
from . import fnhandles, fnpointers, gotos
from .returns import ReturnValues
from .expr import ExprContext
from .statements import SimpleStatements
from .strings import StringStatements
from .strcalls import aliased_strings, declared_strings, needed_strings, written_params
from . import printf
from .types import OTHER, CType, TypeTable


class _Scope:
    def __init__(self, parent: "_Scope | None" = None):
        self.vars: dict[str, CType] = {}
        self.parent = parent

    def lookup(self, name: str) -> CType | None:
        s = self
        while s is not None:
            if name in s.vars:
                return s.vars[name]
            s = s.parent
        return None


def _once(ext: list, headers: set[str]) -> list:
    """The file-scope items of the program's files, those of a header that several of its files
    include taken once (its `static inline` helper is one function of the program, at one line of
    the header, not "defined twice")."""
    seen, out = set(), []
    for e in ext:
        name = e.decl.name if isinstance(e, c_ast.FuncDef) else getattr(e, "name", None)
        where = (e.coord.file, e.coord.line, e.coord.column, type(e).__name__, name) if e.coord is not None else None
        if where is not None and where[0] in headers:
            if where in seen:
                continue
            seen.add(where)
        out.append(e)
    return out


def _reached(fundefs: dict, ext: list, headers: set[str]) -> dict:
    """The functions of the program's files, and those of its headers that they call or name
    (at any depth). A header of helpers is included whole, and a function of it the program never
    calls must not refuse the prediction (a goto in it, a loop on data): it is left out, as the
    shipped headers' functions are. A name in a file-scope initializer (a table of function
    pointers) counts as a use."""
    def names(node):
        return {n.name for n in T.walk(node) if isinstance(n, c_ast.ID) and n.name in fundefs}

    todo = [name for name, fd in fundefs.items() if fd.coord.file not in headers]
    for e in ext:
        if not isinstance(e, c_ast.FuncDef) and e.coord is not None and getattr(e, "init", None) is not None:
            todo.extend(names(e.init))
    reached = set()
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(names(fundefs[name].body) - reached)
    return {name: fd for name, fd in fundefs.items() if name in reached}


class CLevel1(SimpleStatements, CallStatements, StringStatements, ControlFlow, AnnotatedParse):
    """The level-1 parse of one C file (statements by kind in the mixins)."""

    def __init__(self, src: CSource, granularity: str = "cluster", program: str | None = None,
                 others: tuple = ()):
        self.src = src
        self.file = src.file
        self.extents = Extents()  # arrays' allocations (the gather model's extents)
        # ``others``: the program's other files (helper functions, no main): one program of several
        # translation units, as `mpicc main.c solver.c` builds it (issue 13, defect 12).
        self.files = {src.file} | {o.file for o in others}
        # The program's own headers too (cparse.CSource.headers): a function a header defines is
        # the program's, not an unknown external call (its loops and MPI calls were dropped and
        # the note said it was defined nowhere). interp's shipped headers stay declarations.
        self.files |= {h for s in (src, *others) for h in s.headers}
        self.granularity = granularity
        self.problems: list[Problem] = []
        self.inputs: dict[str, ExternalInput] = {}
        self.input_targets: dict[str, set[str]] = {}  # input -> the variables it is read into (*n_p, *p.nx)
        self.regions: dict[str, Loc] = {}
        self.name = program or src.file.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        self.uses_nx = self.uses_mpi = False
        ext = _once(list(src.ast.ext) + [e for o in others for e in o.ast.ext], self.files - {src.file} - {o.file for o in others})
        # forward gotos to a cleanup label: structured copies (gotos.py)
        ext = [gotos.rewritten(e) if isinstance(e, c_ast.FuncDef) else e for e in ext]
        self.fundefs = {}
        for e in ext:
            if isinstance(e, c_ast.FuncDef) and self._mine(e):
                if e.decl.name in self.fundefs:
                    raise FrontendError(f"{e.decl.name}() is defined twice (also at "
                                        f"{self.fundefs[e.decl.name].coord.file}:{self.fundefs[e.decl.name].coord.line}): "
                                        "give each function of the program once", e.coord.file, e.coord.line)
                self.fundefs[e.decl.name] = e
        self.fundefs = _reached(self.fundefs, ext, self.files - {src.file} - {o.file for o in others})
        fnpointers.resolve(ext)  # calls through a pointer that holds one function: direct calls
        # the others: function pointers as handles the engine follows (fnhandles.py, dispatch.py)
        ext, self.fn_handles = fnhandles.rewrite(ext, self.fundefs, self._mine)
        self.fundefs = {e.decl.name: e for e in ext if isinstance(e, c_ast.FuncDef) and e.decl.name in self.fundefs}
        self._scan_apis()
        self._complex_types(ext)
        self.constants: dict[str, int] = {}  # enumerators (array dimensions read them too)
        self.types = TypeTable(lp64=not self.uses_nx, constants=self.constants)
        self.globals = _Scope()
        self.types.lookup = lambda name: getattr(self, "scope", self.globals).lookup(name)
        self.global_decls: list[c_ast.Decl] = []
        for e in ext:
            self.file = e.coord.file if e.coord is not None and e.coord.file in self.files else src.file
            self._global(e)
        self.file = src.file
        everything = list(self.fundefs.values()) + self.global_decls
        strings = declared_strings(ext)  # (struct members too) the lengths strings.py follows
        self.string_needed = needed_strings(self.fundefs, everything, strings)
        self.string_aliases = aliased_strings(everything, strings)
        self.critical: CriticalInfo = analyse(self.fundefs, self.global_decls, self.types, self.string_needed)
        self.string_params = written_params(self.fundefs, self.string_aliases)  # the strings a callee may write
        self.string_sources: dict[str, list] = {}  # string -> (line, how its contents are set)
        self._returns = ReturnValues(self.fundefs, self._function_context)
        self._data = frozenset(self.critical.data)
        self._elements = frozenset(self.critical.elements)
        self.argv_max = 0
        self._argc_guards = 0  # depth of ifs on argc around the statement (callstmts._input_value)
        self._pending: dict[str, ann_mod.Annotation] = {}
        self._region: list[str] = []
        self._loop_vars: list[tuple] = []  # (index variable, step value) of the enclosing loops
        self._loop_top = False  # the next _sub_block is a loop body (its if-continue is rewritten)
        self._found_probs: dict[int, list] = {}  # ifs of binary searches that leave when the key is found
        self._inserted_next: set[int] = set()  # loop updates copied before a continue (control.py)
        self.returned_from: dict[str, str] = {}  # name -> function whose return value it was not given

    def _mine(self, node) -> bool:
        return node.coord is not None and node.coord.file in self.files

    def _scan_apis(self):
        for fn in self.fundefs.values():
            for node in T.walk(fn):
                if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
                    if node.name.name in NX_NAMES:
                        self.uses_nx = True
                    elif node.name.name.startswith("MPI_"):
                        self.uses_mpi = True

    def _global(self, e):
        if isinstance(e, c_ast.Typedef):
            self.types.typedefs[e.name] = e.type
            self._enums(e.type)
        elif isinstance(e, c_ast.Decl):
            self._enums(e.type)
            if isinstance(e.type, (c_ast.Struct, c_ast.Union)) and e.type.decls is not None:
                self.types.struct_size(e.type)
            if e.name and not isinstance(e.type, c_ast.FuncDecl):
                mine = self._mine(e)
                self.globals.vars[e.name] = self.types.of(e) if mine else OTHER
                if mine and "extern" not in (e.storage or []):  # defined in another file
                    self.global_decls.append(e)
        elif isinstance(e, c_ast.Pragma) and self._mine(e):
            self._pragma(e)

    def _enums(self, node):
        for n in T.walk(node):
            if isinstance(n, c_ast.Enum) and n.values is not None:
                value = -1
                for en in n.values.enumerators:
                    if en.value is not None:
                        v = ExprContext(self.types, lambda _: None, self.constants, set(), self.file).sym(en.value)
                        value = int(v) if v is not None and v.is_Integer else value + 1
                    else:
                        value += 1
                    self.constants[en.name] = value

    # -- problems and annotations ------------------------------------------------------------
    def _complex_types(self, ext) -> None:
        """C99 complex numbers (``double complex``, <complex.h>): refused at their first line, where
        a prediction would cost their arithmetic as real arithmetic (a quarter of a multiply)."""
        lines = sorted({n.coord.line for e in ext if e.coord is None or e.coord.file in self.files
                        for n in T.walk(e) if isinstance(n, c_ast.IdentifierType) and "_Complex" in n.names
                        and n.coord is not None})
        if lines:
            self.problem("unsupported", "C99 complex numbers (_Complex, <complex.h>) are not modelled: their "
                         "arithmetic would be costed as real arithmetic (a complex multiply is 4 multiplies and "
                         "2 adds); keep real and imaginary parts as separate doubles", lines[0])

    def problem(self, kind: str, message: str, node_or_line) -> None:
        line = node_or_line if isinstance(node_or_line, int) else (
            node_or_line.coord.line if getattr(node_or_line, "coord", None) else 0)
        self.problems.append(Problem(kind, message, self.file, line))

    def _pragma(self, node: c_ast.Pragma) -> None:
        line = node.coord.line if node.coord else 0
        a = ann_mod.parse(node.string, self.file, line)
        if a is None:
            self.problem("ignored-pragma", foreign_pragma(f"#pragma {node.string.strip()}"), node)
            return
        self.apply_annotation(a, line)

    # -- the AAG -----------------------------------------------------------------------------
    def build(self) -> AAG:
        functions = {}
        for name, fd in self.fundefs.items():
            self.file = fd.coord.file  # a helper's AAUs name its own file
            functions[name] = self._function(fd)
        self.file = self.src.file
        if "main" not in functions:
            raise FrontendError("no main() function: interp predicts whole programs "
                                "(a skeleton needs at least main)", self.file, 1)
        self._check_functions(functions, "main")
        main = functions["main"]
        main.body.insert(0, Start(loc=Loc(main.loc.file, main.loc.first, main.loc.first), label="main", function="main"))
        main.body.append(End(loc=Loc(main.loc.file, main.loc.last, main.loc.last), label="end of main", function="main"))
        if "argc" in self.critical.control:
            self.inputs.setdefault("argc", ExternalInput("argc", main.loc.first, "argv", self.argv_max + 1))
        for name, inp in self.inputs.items():
            inp.critical = any(self.critical.is_critical(n) for n in {name} | self.input_targets.get(name, set()))
        global_inits = self._global_inits()
        api = "nx" if self.uses_nx else "mpi" if self.uses_mpi else "none"
        role = "spmd"
        if self.uses_nx:
            has_load = any(a.cls == "Spawn" for fn in functions.values() for a in flat(fn.body))
            role = "host" if has_load else "node"
        aag = AAG(name=self.name, file=self.file, language="c", entry="main", functions=functions,
                  inputs=self.inputs, critical=dict(self.critical.definitions), problems=self.problems,
                  returned_from=dict(self.returned_from), strings=dict(self.string_sources),
                  api=api, role=role, regions=self.regions, global_inits=global_inits,
                  flag_arrays=frozenset(self.critical.flags),
                  zeroed_flags=frozenset(d.name for d in self.global_decls if isinstance(d, c_ast.Decl)
                                         and d.name in self.critical.flags and d.init is None))
        mark_probes(aag)
        extents = self.extents.known(self.critical.is_tracked, {f.name: f.params for f in functions.values()})
        aag.symbols = symbol_table(aag, self._symbol_types, extents, self.globals.vars)
        return aag

    def _global_inits(self) -> dict:
        """The initial values of the tracked globals: their initializers (a table's elements one by
        one, ``sizes[3]``), else an external input for one never assigned."""
        global_inits = {}
        self.scope = self.globals
        for d in self.global_decls:
            if not self.critical.is_tracked(d.name):
                continue
            string = self._string_global(d)  # char greeting[] = "hello": its length (strings.py)
            global_inits.update(string)
            if d.init is not None:
                global_inits[d.name] = self.ctx.sym(d.init)
                if isinstance(d.init, c_ast.InitList) and self.globals.vars[d.name].is_array:
                    global_inits.update(self._array_init(d.name, d.init))  # static const int sizes[] = {..}
            elif self.critical.is_critical(d.name) and not string and not any(
                    k == d.name or root(k) == d.name for k in self.critical.definitions):  # g or g.n
                # C zero-initialises globals; one never assigned is an external input (default 0).
                line = d.coord.line if d.coord else 0
                self.inputs.setdefault(d.name, ExternalInput(d.name, line, "uninitialized-global", 0.0))
                global_inits[d.name] = sympy.Symbol(f"input:{d.name}", real=True)
            else:
                global_inits[d.name] = None  # assigned before use; known program-wide
        return global_inits

    def _function(self, fd: c_ast.FuncDef) -> Function:
        self.scope = _Scope(self.globals)
        self._symbol_types = getattr(self, "_symbol_types", {})
        self._shadows: set[str] = set()
        self.fn_name = fd.decl.name
        params = []
        self._param_types: dict[str, CType] = {}
        if fd.decl.type.args is not None:
            for p in fd.decl.type.args.params:
                if isinstance(p, c_ast.Decl) and p.name:
                    t = self._param_types[p.name] = self.types.of(p)
                    self.scope.vars[p.name] = t
                    self._symbol_types[p.name] = t
                    params.append(p.name)
        first, last = T.lines(fd)
        body = self._block(fd.body.block_items or [])
        return Function(fd.decl.name, params, body, Loc(self.file, first, last),
                        shadows=sorted(self._shadows - set(params)))

    def _function_context(self, fd: c_ast.FuncDef):
        """An ExprContext for ``fd``'s own names (its parameters; ``declare`` adds its locals), for
        the value it returns (returns.py)."""
        scope = _Scope(self.globals)
        for p in fd.decl.type.args.params if fd.decl.type.args is not None else []:
            if isinstance(p, c_ast.Decl) and p.name:
                scope.vars[p.name] = self.types.of(p)
        ctx = ExprContext(self.types, scope.lookup, self.constants, set(self.fundefs), self.file)
        ctx.returned = self._returns
        ctx.string_value = lambda name, args: printf.value(ctx, name, args)
        return ctx, lambda d: scope.vars.__setitem__(d.name, self.types.of(d))

    @property
    def ctx(self) -> ExprContext:
        ctx = ExprContext(self.types, self.scope.lookup, self.constants, set(self.fundefs), self.file)
        ctx.returned = self._returns
        ctx.loop_var, ctx.loop_step = self._loop_vars[-1] if self._loop_vars else (None, None)
        ctx.data = self._data
        ctx.elements = self._elements
        ctx.string_value = lambda name, args: printf.value(ctx, name, args)
        fn = self.fn_name
        ctx.row_bytes = lambda name: self.extents.row_bytes(fn, name)
        ctx.params = getattr(self, "_param_types", {})
        return ctx

    # -- statements --------------------------------------------------------------------------
    def _block(self, items: list) -> list[AAU]:
        out: list[AAU] = []
        saved = getattr(self, "_cluster", None)
        self._cluster = None
        for stmt in items:
            self._statement(stmt, out)
        self._flush(out)
        self._cluster = saved
        return out

    def _sub_block(self, stmt) -> list[AAU]:
        """A nested statement (a branch, a loop body): its own scope and its own clusters."""
        if stmt is None:
            return []
        saved_cluster, saved_scope = self._cluster, self.scope
        self.scope = _Scope(self.scope)
        self._cluster = None
        out: list[AAU] = []
        items = stmt.block_items or [] if isinstance(stmt, c_ast.Compound) else [stmt]
        loop_top, self._loop_top = self._loop_top, False
        for k, s in enumerate(items):
            if loop_top and self._continue_on_data(s):
                # if (data) continue; rest  ->  if (!data) { rest } (control.py, docs/model.md)
                self._statement(self._without_continue(s, items[k + 1:]), out)
                break
            self._statement(s, out)
        self._flush(out)
        self.scope = saved_scope
        self._cluster = saved_cluster
        return out

    def _new(self, cls, node, **kw) -> AAU:
        first, last = T.lines(node)
        return cls(loc=Loc(self.file, first, last), region=self._region[-1] if self._region else None,
                   function=self.fn_name, **kw)

    def _flush(self, out: list[AAU]) -> None:
        if self._cluster is not None:
            out.append(self._cluster)
            self._cluster = None

    def _seq_for(self, node, out: list[AAU]) -> Seq:
        """The Seq cluster a simple statement joins (a new one at statement granularity)."""
        first, last = T.lines(node)
        region = self._region[-1] if self._region else None
        c = self._cluster
        if c is None or self.granularity == "statement" or c.region != region or c.control:
            self._flush(out)
            c = Seq(loc=Loc(self.file, first, last), region=region, function=self.fn_name, label=T.label(node))
            self._cluster = c
        else:
            c.loc = Loc(self.file, c.loc.first, max(c.loc.last, last))
            if not c.label.endswith("..."):
                c.label = (c.label + "; ...")[:48]
        return c

    def _statement(self, stmt, out: list[AAU]) -> None:
        if isinstance(stmt, c_ast.Pragma):
            self._pragma(stmt)
            return
        if self._mine(stmt) is False and stmt.coord is not None:
            return
        shift = self._take("shift")
        if shift is not None:
            self._shifted(stmt, out, shift)
            return
        cost = self._take("cost")
        work = self._take("work")
        if cost is not None or work is not None:
            self._annotated(stmt, out, cost, work)
            return
        handler = getattr(self, f"_s_{type(stmt).__name__}", None)
        if handler is None:
            self.problem("unsupported", f"{type(stmt).__name__} statement is not modelled", stmt)
            return
        size = self._take("size")
        if size is not None:
            self._sized_statement(stmt, out, size, handler)
            return
        handler(stmt, out)

    def _sized_statement(self, stmt, out, size, handler) -> None:
        """A statement under ``#pragma interp size(EXPR)``: its message call takes the count."""
        if not isinstance(stmt, (c_ast.FuncCall, c_ast.Assignment, c_ast.Decl, c_ast.DeclList)):
            raise FrontendError("'#pragma interp size(...)' applies to the message call on the next line; "
                                f"put it just above that call, not above {type(stmt).__name__.lower()} "
                                "statement", self.file, size.line)
        self._size = size
        handler(stmt, out)
        if self._size is not None:  # no message call consumed it
            self._size = None
            raise FrontendError("'#pragma interp size(...)' is not followed by a send, receive or collective "
                                "call: put it just above the call whose count comes from data",
                                self.file, size.line)

    def _annotated(self, stmt, out, cost, work) -> None:
        """A statement, call or block whose cost the user gives (paper: user interpretation function)."""
        if any(isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and is_comm_call(n.name.name)
               for n in T.walk(stmt)):
            raise FrontendError("cost()/work() cannot replace a statement that communicates; annotate the "
                                "computation around it instead", self.file, (cost or work).line)
        self._declare(stmt)
        self._flush(out)
        if (cost is not None and isinstance(stmt, c_ast.FuncCall) and isinstance(stmt.name, c_ast.ID)
                and stmt.name.name in self.fundefs):
            out.append(self._new(Call, stmt, callee=stmt.name.name, label=T.label(stmt), cost=cost.value,
                                 args=[self.ctx.sym(a) for a in (stmt.args.exprs if stmt.args else [])]))
            return
        seq = self._new(Seq, stmt, label=T.label(stmt))
        seq.cost = cost.value if cost is not None else None
        seq.work = work.value if work is not None else None
        out.append(seq)

    def _shifted(self, stmt, out, shift) -> None:
        """``shift(bytes=EXPR)``: the statement or block is a ring shift, one MPI_Sendrecv to rank+1
        from rank-1 (mod n), which the engine costs with the machine's fitted ``circular_shift``
        when it has one (seed 003 section 3.3.3) and as two messages otherwise."""
        if not any(isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and is_comm_call(n.name.name)
                   for n in T.walk(stmt)):
            raise FrontendError("shift() names the communication of a ring shift: the statement or block "
                                "after it must communicate", self.file, shift.line)
        self._declare(stmt)
        self._flush(out)
        rank, n = S.RANK, S.NPROCS
        out.append(self._new(Comm, stmt, op="sendrecv", size=shift.value, recv_size=shift.value,
                             partner=sympy.Mod(rank + 1, n), recv_partner=sympy.Mod(rank + n - 1, n),
                             label=f"ring shift (annotated): {T.label(stmt)}"[:60]))

    def _declare(self, stmt) -> None:
        for n in T.walk(stmt):
            if isinstance(n, c_ast.Decl) and n.name and not isinstance(n.type, c_ast.FuncDecl):
                self._local(n)

    def _local(self, decl: c_ast.Decl) -> None:
        """A declaration in the current scope (a block's, a for's, the file's)."""
        t = self.types.of(decl)
        if self.scope is not self.globals and decl.name in self.globals.vars and \
                "extern" not in (decl.storage or []):
            self._shadows.add(decl.name)  # a local of a global's name (Function.shadows)
        self.scope.vars[decl.name] = t
        self._symbol_types[decl.name] = t


def level1(src: CSource, granularity: str = "cluster", program: str | None = None, others: tuple = ()) -> AAG:
    return CLevel1(src, granularity, program, others).build()
