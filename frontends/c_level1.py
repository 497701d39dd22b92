"""Level-1 parse of C (paper 3.3.2): statements into AAUs, clustered, with critical variables,
external inputs and the augmented symbol table.

Statements are classified into the AAU classes of Table 4. Contiguous statements of one class are
clustered into one AAU by default ("the default is to generate the largest cluster possible");
granularity ``statement`` gives one AAU per statement.
"""
from __future__ import annotations

import sympy
from pycparser import c_ast, c_generator

from . import annotations as ann_mod
from .aag import symexpr as S
from .aag import (AAG, AAU, Branch, Call, Condt, End, ExternalInput, Function, Iter, Loc,
                  Problem, Seq, Start)
from .c_calls import (LIBRARY_CALLS, MACHINE_CALLS, NX_NAMES, COMM_FREE, CallError, build as build_call,
                      is_comm_call)
from .aag.bodies import flat, has_jump
from .c_critical import CriticalInfo, analyse, target_name as _target_name
from .c_expr import ExprContext
from .c_types import OTHER, CType, TypeTable
from .cparse import CSource
from .errors import FrontendError
from .level1_common import AnnotatedParse
from .memory import annotate_loop_accesses, symbol_table

_GEN = c_generator.CGenerator()
_READERS = {"atoi": "argv", "atol": "argv", "atof": "argv", "strtol": "argv", "strtod": "argv",
            "strtoul": "argv"}


def _label(node, limit: int = 48) -> str:
    try:
        text = " ".join(_GEN.visit(node).split())
    except Exception:  # a label is cosmetic; never fail a parse on it
        text = type(node).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _lines(node) -> tuple[int, int]:
    first = node.coord.line if getattr(node, "coord", None) else 0
    last = first

    class V(c_ast.NodeVisitor):
        def generic_visit(self, n):
            nonlocal last
            if getattr(n, "coord", None) and n.coord.line > last:
                last = n.coord.line
            super().generic_visit(n)

    V().visit(node)
    return first, last


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


class CLevel1(AnnotatedParse):
    def __init__(self, src: CSource, granularity: str = "cluster", program: str | None = None):
        self.src = src
        self.file = src.file
        self.granularity = granularity
        self.problems: list[Problem] = []
        self.inputs: dict[str, ExternalInput] = {}
        self.regions: dict[str, Loc] = {}
        self.name = program or src.file.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        self.uses_nx = self.uses_mpi = False
        ext = src.ast.ext
        self.fundefs = {e.decl.name: e for e in ext
                        if isinstance(e, c_ast.FuncDef) and self._mine(e)}
        self._scan_apis()
        self.types = TypeTable(lp64=not self.uses_nx)
        self.constants: dict[str, int] = {}
        self.globals = _Scope()
        self.global_decls: list[c_ast.Decl] = []
        for e in ext:
            self._global(e)
        self.critical: CriticalInfo = analyse(self.fundefs, self.global_decls)
        self.argv_max = 0
        self._pending: dict[str, ann_mod.Annotation] = {}
        self._region: list[str] = []
        self._loop_vars: list[tuple] = []  # (index variable, step value) of the enclosing loops

    def _mine(self, node) -> bool:
        return node.coord is not None and node.coord.file == self.file

    def _scan_apis(self):
        for fn in self.fundefs.values():
            for node in _walk(fn):
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
                if mine:
                    self.global_decls.append(e)
        elif isinstance(e, c_ast.Pragma) and self._mine(e):
            self._pragma(e)

    def _enums(self, node):
        for n in _walk(node):
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
    def problem(self, kind: str, message: str, node_or_line) -> None:
        line = node_or_line if isinstance(node_or_line, int) else (
            node_or_line.coord.line if getattr(node_or_line, "coord", None) else 0)
        self.problems.append(Problem(kind, message, self.file, line))

    def _pragma(self, node: c_ast.Pragma) -> None:
        line = node.coord.line if node.coord else 0
        a = ann_mod.parse(node.string, self.file, line)
        if a is None:
            self.problem("ignored-pragma", f"'#pragma {node.string.strip()}' is not an interp annotation; "
                         "it is not modelled", node)
            return
        self.apply_annotation(a, line)

    # -- the AAG -----------------------------------------------------------------------------
    def build(self) -> AAG:
        functions = {}
        for name, fd in self.fundefs.items():
            functions[name] = self._function(fd)
        if "main" not in functions:
            raise FrontendError("no main() function: interp predicts whole programs "
                                "(a skeleton needs at least main)", self.file, 1)
        self._check_functions(functions)
        main = functions["main"]
        main.body.insert(0, Start(loc=Loc(self.file, main.loc.first, main.loc.first), label="main", function="main"))
        main.body.append(End(loc=Loc(self.file, main.loc.last, main.loc.last), label="end of main", function="main"))
        if "argc" in self.critical.control:
            self.inputs.setdefault("argc", ExternalInput("argc", main.loc.first, "argv", self.argv_max + 1))
        for name, inp in self.inputs.items():
            inp.critical = self.critical.is_critical(name)
        global_inits = {}
        self.scope = self.globals
        for d in self.global_decls:
            if not self.critical.is_tracked(d.name):
                continue
            if d.init is not None:
                global_inits[d.name] = self.ctx.sym(d.init)
            elif self.critical.is_critical(d.name) and d.name not in self.critical.definitions:
                # C zero-initialises globals; one never assigned is an external input (default 0).
                line = d.coord.line if d.coord else 0
                self.inputs.setdefault(d.name, ExternalInput(d.name, line, "uninitialized-global", 0.0))
                global_inits[d.name] = sympy.Symbol(f"input:{d.name}", real=True)
            else:
                global_inits[d.name] = None  # assigned before use; known program-wide
        api = "nx" if self.uses_nx else "mpi" if self.uses_mpi else "none"
        role = "spmd"
        if self.uses_nx:
            has_load = any(a.cls == "Spawn" for fn in functions.values() for a in flat(fn.body))
            role = "host" if has_load else "node"
        aag = AAG(name=self.name, file=self.file, language="c", entry="main", functions=functions,
                  inputs=self.inputs, critical=dict(self.critical.definitions), problems=self.problems,
                  api=api, role=role, regions=self.regions, global_inits=global_inits)
        aag.symbols = symbol_table(aag, self._symbol_types)
        return aag

    def _function(self, fd: c_ast.FuncDef) -> Function:
        self.scope = _Scope(self.globals)
        self._symbol_types = getattr(self, "_symbol_types", {})
        self.fn_name = fd.decl.name
        params = []
        if fd.decl.type.args is not None:
            for p in fd.decl.type.args.params:
                if isinstance(p, c_ast.Decl) and p.name:
                    t = self.types.of(p)
                    self.scope.vars[p.name] = t
                    self._symbol_types[p.name] = t
                    params.append(p.name)
        first, last = _lines(fd)
        body = self._block(fd.body.block_items or [])
        return Function(fd.decl.name, params, body, Loc(self.file, first, last))

    @property
    def ctx(self) -> ExprContext:
        ctx = ExprContext(self.types, self.scope.lookup, self.constants, set(self.fundefs), self.file)
        ctx.loop_var, ctx.loop_step = self._loop_vars[-1] if self._loop_vars else (None, None)
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

    def _new(self, cls, node, **kw) -> AAU:
        first, last = _lines(node)
        return cls(loc=Loc(self.file, first, last), region=self._region[-1] if self._region else None,
                   function=self.fn_name, **kw)

    def _flush(self, out: list[AAU]) -> None:
        if self._cluster is not None:
            out.append(self._cluster)
            self._cluster = None

    def _seq_for(self, node, out: list[AAU]) -> Seq:
        """The Seq cluster a simple statement joins (a new one at statement granularity)."""
        first, last = _lines(node)
        region = self._region[-1] if self._region else None
        c = self._cluster
        if c is None or self.granularity == "statement" or c.region != region or c.control:
            self._flush(out)
            c = Seq(loc=Loc(self.file, first, last), region=region, function=self.fn_name, label=_label(node))
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
        cost = self._take("cost")
        work = self._take("work")
        if cost is not None or work is not None:
            self._annotated(stmt, out, cost, work)
            return
        handler = getattr(self, f"_s_{type(stmt).__name__}", None)
        if handler is None:
            self.problem("unsupported", f"{type(stmt).__name__} statement is not modelled", stmt)
            return
        handler(stmt, out)

    def _annotated(self, stmt, out, cost, work) -> None:
        """A statement, call or block whose cost the user gives (paper: user interpretation function)."""
        if any(isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and is_comm_call(n.name.name)
               for n in _walk(stmt)):
            raise FrontendError("cost()/work() cannot replace a statement that communicates; annotate the "
                                "computation around it instead", self.file, (cost or work).line)
        self._declare(stmt)
        self._flush(out)
        if (cost is not None and isinstance(stmt, c_ast.FuncCall) and isinstance(stmt.name, c_ast.ID)
                and stmt.name.name in self.fundefs):
            out.append(self._new(Call, stmt, callee=stmt.name.name, label=_label(stmt), cost=cost.value,
                                 args=[self.ctx.sym(a) for a in (stmt.args.exprs if stmt.args else [])]))
            return
        seq = self._new(Seq, stmt, label=_label(stmt))
        seq.cost = cost.value if cost is not None else None
        seq.work = work.value if work is not None else None
        out.append(seq)

    def _declare(self, stmt) -> None:
        for n in _walk(stmt):
            if isinstance(n, c_ast.Decl) and n.name and not isinstance(n.type, c_ast.FuncDecl):
                t = self.types.of(n)
                self.scope.vars[n.name] = t
                self._symbol_types[n.name] = t

    def _s_Compound(self, stmt, out):
        for item in stmt.block_items or []:
            self._statement(item, out)

    def _s_EmptyStatement(self, stmt, out):
        pass

    def _s_Typedef(self, stmt, out):
        self.types.typedefs[stmt.name] = stmt.type

    def _s_DeclList(self, stmt, out):
        for d in stmt.decls:
            self._s_Decl(d, out)

    def _s_Decl(self, stmt: c_ast.Decl, out):
        if isinstance(stmt.type, c_ast.FuncDecl) or not stmt.name:
            if isinstance(stmt.type, (c_ast.Struct, c_ast.Union)) and stmt.type.decls is not None:
                self.types.struct_size(stmt.type)
            return
        t = self.types.of(stmt)
        self.scope.vars[stmt.name] = t
        self._symbol_types[stmt.name] = t
        if stmt.init is None:
            return
        if "static" in (stmt.storage or []):
            # A static local is initialised once, at program start; it is not a per-call statement.
            return
        assign = c_ast.Assignment("=", c_ast.ID(stmt.name, stmt.coord), stmt.init, stmt.coord)
        if isinstance(stmt.init, c_ast.InitList):
            seq = self._seq_for(stmt, out)
            self.ctx.count(stmt.init, seq.counts, seq.accesses)
            if self.critical.is_tracked(stmt.name):
                for i, e in enumerate(stmt.init.exprs):
                    seq.defs.append((f"{stmt.name}[{i}]", self.ctx.sym(e)))
            return
        self._expression(assign, out, stmt)

    def _s_Assignment(self, stmt, out):
        self._expression(stmt, out, stmt)

    def _s_UnaryOp(self, stmt, out):
        self._expression(stmt, out, stmt)

    def _s_FuncCall(self, stmt, out):
        self._expression(stmt, out, stmt)

    def _s_ExprList(self, stmt, out):
        for e in stmt.exprs:
            self._expression(e, out, e)

    def _s_Cast(self, stmt, out):
        self._expression(stmt.expr, out, stmt)

    def _s_BinaryOp(self, stmt, out):
        self._expression(stmt, out, stmt)

    def _s_ID(self, stmt, out):
        pass

    def _s_Constant(self, stmt, out):
        pass

    def _s_Return(self, stmt, out):
        if stmt.expr is not None:
            self._calls_first(stmt.expr, out)
        seq = self._seq_for(stmt, out)
        if stmt.expr is not None:
            self.ctx.count(stmt.expr, seq.counts, seq.accesses)
            self._note_calls(stmt.expr, seq)
        seq.control = "return"
        self._flush(out)

    def _s_Break(self, stmt, out):
        seq = self._seq_for(stmt, out)
        seq.control = "break"
        self._flush(out)

    def _s_Continue(self, stmt, out):
        seq = self._seq_for(stmt, out)
        seq.control = "continue"
        self._flush(out)

    def _s_Goto(self, stmt, out):
        self.problem("unsupported", f"goto {stmt.name} is not modelled (interp needs structured control flow)", stmt)

    def _s_Label(self, stmt, out):
        self.problem("unsupported", f"label {stmt.name}: jumps are not modelled; the labelled statement is "
                     "interpreted in sequence", stmt)
        self._statement(stmt.stmt, out)

    # -- expressions and calls ---------------------------------------------------------------
    def _expression(self, expr, out: list[AAU], node) -> None:
        """An expression statement: a communication AAU, Call AAUs and/or a Seq part."""
        call, target = _top_call(expr)
        if call is not None and isinstance(call.name, c_ast.ID) and is_comm_call(call.name.name):
            self._comm(call, target, out, node)
            return
        for n in _walk(expr):
            if (isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and is_comm_call(n.name.name)
                    and n is not call):
                self.problem("unsupported", f"{n.name.name} inside an expression is not modelled; "
                             "call it as a statement", n)
        self._calls_first(expr, out)
        seq = self._seq_for(node, out)
        self.ctx.count(expr, seq.counts, seq.accesses)
        self._note_calls(expr, seq)
        self._defs(expr, seq)

    def _calls_first(self, expr, out: list[AAU]) -> None:
        """User-function calls inside an expression become Call AAUs ahead of the Seq part."""
        for n in _walk(expr):
            if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and n.name.name in self.fundefs:
                self._flush(out)
                args = n.args.exprs if n.args else []
                params = self._params_of(n.name.name)
                refs = {params[i]: a.expr.name for i, a in enumerate(args)
                        if i < len(params) and isinstance(a, c_ast.UnaryOp) and a.op == "&"
                        and isinstance(a.expr, c_ast.ID) and self.critical.is_tracked(a.expr.name)}
                out.append(self._new(Call, n, callee=n.name.name, label=_label(n),
                                     args=[self.ctx.sym(a) for a in args], refs=refs))

    def _params_of(self, name: str) -> list[str]:
        fd = self.fundefs[name]
        return [p.name for p in (fd.decl.type.args.params if fd.decl.type.args else [])
                if isinstance(p, c_ast.Decl) and p.name]

    def _note_calls(self, expr, seq: Seq) -> None:
        for n in _walk(expr):
            if not (isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID)):
                if isinstance(n, c_ast.FuncCall):
                    self.problem("unsupported", "call through a function pointer is not modelled", n)
                continue
            name = n.name.name
            if name in self.fundefs or name in LIBRARY_CALLS or name in MACHINE_CALLS or name in COMM_FREE:
                continue
            if self.scope.lookup(name) is not None and self.scope.lookup(name).kind == "ptr":
                self.problem("unsupported", f"call through function pointer {name} is not modelled", n)
                continue
            seq.unmodelled.append(name)
            self.problem("unmodelled-call", f"call to {name}() is not modelled: it is neither defined in the "
                         "program nor a known library, MPI or NX/2 call (its time is not predicted; "
                         "annotate it with '#pragma interp cost(EXPR)')", n)

    def _defs(self, expr, seq: Seq) -> None:
        """Record assignments to tracked (critical) variables, in order, with their values."""
        ctx = self.ctx
        for n in _walk(expr):
            if isinstance(n, c_ast.Assignment):
                target = _target_name(n.lvalue)
                if target is None or not self.critical.is_tracked(target):
                    continue
                if "[" not in target and isinstance(n.lvalue, c_ast.ArrayRef):
                    continue  # a variable index into a buffer: its elements keep their values
                value = self._input_value(n.rvalue, target) or ctx.sym(n.rvalue)
                if value is not None and n.op != "=":
                    op = n.op[:-1]
                    cur = S.var(target)
                    value = {"+": cur + value, "-": cur - value, "*": cur * value}.get(op)
                    if op == "/" and value is None:
                        value = S.CDiv(cur, ctx.sym(n.rvalue)) if ctx.ctype(n.lvalue).kind == "int" else cur / ctx.sym(n.rvalue)
                if value is not None and ctx.ctype(n.lvalue).kind == "int" and ctx.ctype(n.rvalue).kind in ("real", "double"):
                    value = S.CTrunc(value)
                seq.defs.append((target, value))
            elif isinstance(n, c_ast.UnaryOp) and n.op in ("p++", "p--", "++", "--"):
                target = _target_name(n.expr)
                if target and self.critical.is_tracked(target):
                    delta = 1 if "+" in n.op else -1
                    seq.defs.append((target, S.var(target) + delta))
            elif isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID):
                self._call_defs(n, seq)

    def _input_value(self, rhs, target: str):
        """``n = atoi(argv[1])``: the value is the external input ``n``."""
        inner = rhs.expr if isinstance(rhs, c_ast.Cast) else rhs
        if isinstance(inner, c_ast.FuncCall) and isinstance(inner.name, c_ast.ID) and inner.name.name in _READERS:
            args = inner.args.exprs if inner.args else []
            if args and isinstance(args[0], c_ast.ArrayRef) and isinstance(args[0].name, c_ast.ID) \
                    and args[0].name.name == "argv":
                idx = self.ctx.sym(args[0].subscript)
                if idx is not None and idx.is_Integer:
                    self.argv_max = max(self.argv_max, int(idx))
                self._register_input(target, inner, "argv")
                return sympy.Symbol(f"input:{target}", real=True)
        return None

    def _register_input(self, name: str, node, how: str) -> None:
        line = node.coord.line if node.coord else 0
        inp = self.inputs.get(name)
        if inp is None:
            self.inputs[name] = ExternalInput(name, line, how)
        elif inp.how == "annotation":
            inp.how, inp.line = how, line

    def _call_defs(self, call: c_ast.FuncCall, seq: Seq) -> None:
        name = call.name.name
        args = call.args.exprs if call.args else []
        if name in ("MPI_Comm_rank", "MPI_Comm_size") and len(args) == 2:
            target = _target_name(args[1].expr if isinstance(args[1], c_ast.UnaryOp) else args[1])
            if target:
                seq.defs.append((target, S.RANK if name.endswith("rank") else S.NPROCS))
        elif name in ("scanf", "sscanf", "fscanf"):
            for a in args[1 if name == "scanf" else 2:]:
                if isinstance(a, c_ast.UnaryOp) and a.op == "&":
                    target = _target_name(a.expr)
                    if target and self.critical.is_tracked(target):
                        self._register_input(target, call, name)
                        seq.defs.append((target, sympy.Symbol(f"input:{target}", real=True)))

    def _comm(self, call: c_ast.FuncCall, target, out, node) -> None:
        name = call.name.name
        args = call.args.exprs if call.args else []
        self._flush(out)
        loc = Loc(self.file, *_lines(node))
        try:
            aau = build_call(name, args, self.ctx, loc, target, self.types.lp64)
        except CallError as exc:
            self.problem("unsupported", str(exc), call)
            return
        aau.region = self._region[-1] if self._region else None
        aau.function = self.fn_name
        aau.label = _label(call)
        needed = []
        if aau.cls == "Comm" and aau.op in ("send", "isend", "recv", "irecv", "sendrecv"):
            needed = ["size", "partner"]
        elif aau.cls == "Comm" and aau.op == "probe":
            needed = ["partner"]
        elif aau.cls == "SyncSeq":
            needed = ["size"]
        for attr in needed:
            if getattr(aau, attr) is None:
                self.problem("data-dependent", f"{name}: the message {attr} depends on data the parse cannot "
                             "know; it must come from inputs, the rank and constants", call)
        out.append(aau)

    # -- control flow ------------------------------------------------------------------------
    def _s_If(self, stmt, out):
        self._flush(out)
        prob = self._take("prob")
        branches, node = [], stmt
        ctx = self.ctx
        while True:
            cond = ctx.condition(node.cond)
            body = self._sub_block(node.iftrue)
            branch = Branch(cond, body, data_dependent=cond is None, nconds=len(branches) + 1)
            ctx.count(node.cond, branch.cond_counts, [])
            branches.append(branch)
            if isinstance(node.iffalse, c_ast.If):
                node = node.iffalse
                continue
            if node.iffalse is not None:
                branches.append(Branch(None, self._sub_block(node.iffalse), nconds=len(branches)))
            break
        self._branch_probs(branches, prob, stmt.cond if hasattr(stmt, "cond") else stmt)
        out.append(self._condt(stmt, branches))

    def _condt(self, stmt, branches) -> Condt:
        c = self._new(Condt, stmt, branches=branches, label=f"if ({_label(stmt.cond, 40)})")
        c.cls = "CondtSync" if c.has_sync() else "CondtD"
        if c.cls == "CondtSync" and any(b.data_dependent for b in branches):
            self.problem("unsupported", "communication under a condition on data the parse cannot know: "
                         "interp cannot tell which processes communicate (make the condition depend on "
                         "inputs, the rank and constants)", stmt)
        return c

    def _sub_block(self, stmt) -> list[AAU]:
        if stmt is None:
            return []
        saved_cluster, saved_scope = self._cluster, self.scope
        self.scope = _Scope(self.scope)
        self._cluster = None
        out: list[AAU] = []
        items = stmt.block_items or [] if isinstance(stmt, c_ast.Compound) else [stmt]
        for s in items:
            self._statement(s, out)
        self._flush(out)
        self.scope = saved_scope
        self._cluster = saved_cluster
        return out

    def _s_Switch(self, stmt, out):
        self._flush(out)
        prob = self._take("prob")
        items = stmt.stmt.block_items if isinstance(stmt.stmt, c_ast.Compound) else [stmt.stmt]
        value = self.ctx.sym(stmt.cond)
        cases: list[tuple[object, list]] = []
        for item in items or []:
            if isinstance(item, (c_ast.Case, c_ast.Default)):
                cases.append((item, list(item.stmts or [])))
            elif cases:
                cases[-1][1].append(item)
        branches = []
        default_body = None
        for i, (case, _) in enumerate(cases):
            # C fall-through: a case runs into the following ones until a break.
            stmts = []
            for _, body in cases[i:]:
                cut = next((k for k, s in enumerate(body) if isinstance(s, c_ast.Break)), None)
                stmts.extend(body if cut is None else body[:cut])
                if cut is not None:
                    break
            block = self._sub_block(c_ast.Compound(stmts, case.coord))
            if isinstance(case, c_ast.Default):
                default_body = block
                continue
            cv = self.ctx.sym(case.expr)
            cond = sympy.Eq(value, cv) if value is not None and cv is not None else None
            branches.append(Branch(cond, block, data_dependent=cond is None, nconds=len(branches) + 1))
        if default_body is not None:
            branches.append(Branch(None, default_body, nconds=len(branches)))
        self._branch_probs(branches, prob, stmt.cond if hasattr(stmt, "cond") else stmt)
        out.append(self._condt(stmt, branches))

    def _s_For(self, stmt, out):
        self._flush(out)
        iters_ann = self._take("iters")
        if isinstance(stmt.init, c_ast.DeclList):
            for d in stmt.init.decls:
                t = self.types.of(d)
                self.scope.vars[d.name] = t
                self._symbol_types[d.name] = t
        canon = _canonical_for(stmt, self.ctx)
        if canon is None:
            # Not "for (i = lo; i < hi; i += s)": init, then a while loop whose body ends with next.
            if stmt.init is not None:
                self._statement(stmt.init if not isinstance(stmt.init, c_ast.DeclList) else stmt.init, out)
                self._flush(out)
            body = self._loop_body(stmt.stmt, None)
            if stmt.next is not None:
                saved = self._cluster
                self._cluster = None
                self._expression(stmt.next, body, stmt.next)
                self._flush(body)
                self._cluster = saved
            self._while(stmt, stmt.cond, body, iters_ann, out, kind="for")
            return
        var, lo, hi_node, op, step, has_step = canon
        ctx = self.ctx
        lo_s, step_s = ctx.sym(lo), ctx.sym(step)
        cond = ctx.condition(stmt.cond)
        body = self._loop_body(stmt.stmt, var, step_s)
        loop = self._new(Iter, stmt, var=var, lo=lo_s, step=step_s, cond=cond, body=body,
                         limit_type="step" if has_step else "nostep", label=f"for ({_label(stmt.cond, 40)})")
        hi_s = ctx.sym(hi_node)
        if lo_s is not None and hi_s is not None and step_s is not None:
            loop.num_iters = _trip_count(lo_s, hi_s, step_s, op)
        assigned = _assigned_names(stmt.stmt)
        limit_names = S.free_names(hi_s) | S.free_names(step_s) if hi_s is not None and step_s is not None else set()
        deterministic = (loop.num_iters is not None and var not in assigned and not (limit_names & assigned)
                         and not has_jump(body))
        if iters_ann is not None:
            loop.iters_annotation = iters_ann.value
            if loop.num_iters is None:
                loop.num_iters = iters_ann.value
                deterministic = not has_jump(body) and var not in assigned
        self._classify_loop(loop, var, deterministic, iters_ann, hi_s is not None and lo_s is not None, stmt)
        annotate_loop_accesses(loop)
        out.append(loop)

    def _loop_body(self, stmt, var, step=None) -> list[AAU]:
        self._loop_vars.append((var, step))
        try:
            return self._sub_block(stmt)
        finally:
            self._loop_vars.pop()

    def _s_While(self, stmt, out):
        self._flush(out)
        iters_ann = self._take("iters")
        body = self._loop_body(stmt.stmt, None)
        self._while(stmt, stmt.cond, body, iters_ann, out, kind="while")

    def _s_DoWhile(self, stmt, out):
        self._flush(out)
        iters_ann = self._take("iters")
        body = self._loop_body(stmt.stmt, None)
        self._while(stmt, stmt.cond, body, iters_ann, out, kind="do")

    def _while(self, stmt, cond_node, body, iters_ann, out, kind: str) -> None:
        cond = self.ctx.condition(cond_node) if cond_node is not None else sympy.true
        loop = self._new(Iter, stmt, cond=cond, body=body, kind=kind, limit_type="nostep",
                         label=f"{kind} ({_label(cond_node, 40) if cond_node is not None else ''})")
        if cond_node is not None:
            self.ctx.count(cond_node, loop.cond_counts, [])
        self._classify_while(loop, iters_ann, stmt)
        annotate_loop_accesses(loop)
        out.append(loop)


# -- helpers ---------------------------------------------------------------------------------

def _walk(node):
    """Every node below ``node`` in evaluation-ish order (children before parents is not needed)."""
    if node is None:
        return
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed([c for _, c in n.children()]))


def _top_call(expr):
    """``f(...)`` or ``x = f(...)`` (possibly cast): the call and the assigned variable."""
    if isinstance(expr, c_ast.FuncCall):
        return expr, None
    if isinstance(expr, c_ast.Assignment) and expr.op == "=":
        rhs = expr.rvalue.expr if isinstance(expr.rvalue, c_ast.Cast) else expr.rvalue
        if isinstance(rhs, c_ast.FuncCall):
            return rhs, _target_name(expr.lvalue)
    return None, None


def _assigned_names(stmt) -> set[str]:
    out = set()
    for n in _walk(stmt):
        if isinstance(n, c_ast.Assignment):
            t = _target_name(n.lvalue)
            if t:
                out.add(t)
        elif isinstance(n, c_ast.UnaryOp) and n.op in ("p++", "p--", "++", "--"):
            t = _target_name(n.expr)
            if t:
                out.add(t)
    return out


def _canonical_for(stmt: c_ast.For, ctx: ExprContext):
    """Recognise ``for (i = lo; i OP hi; i += s)``; returns (var, lo, hi, op, step, has_step)."""
    init = stmt.init
    if isinstance(init, c_ast.DeclList) and len(init.decls) == 1 and init.decls[0].init is not None:
        var, lo = init.decls[0].name, init.decls[0].init
    elif isinstance(init, c_ast.Assignment) and init.op == "=" and isinstance(init.lvalue, c_ast.ID):
        var, lo = init.lvalue.name, init.rvalue
    else:
        return None
    cond = stmt.cond
    if not isinstance(cond, c_ast.BinaryOp) or cond.op not in ("<", "<=", ">", ">=", "!="):
        return None
    if isinstance(cond.left, c_ast.ID) and cond.left.name == var:
        op, hi = cond.op, cond.right
    elif isinstance(cond.right, c_ast.ID) and cond.right.name == var:
        op, hi = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "!=": "!="}[cond.op], cond.left
    else:
        return None
    nxt = stmt.next
    one = c_ast.Constant("int", "1")
    if isinstance(nxt, c_ast.UnaryOp) and isinstance(nxt.expr, c_ast.ID) and nxt.expr.name == var:
        if nxt.op in ("p++", "++"):
            return var, lo, hi, op, one, False
        if nxt.op in ("p--", "--"):
            return var, lo, hi, op, c_ast.Constant("int", "-1"), False
        return None
    if isinstance(nxt, c_ast.Assignment) and isinstance(nxt.lvalue, c_ast.ID) and nxt.lvalue.name == var:
        if nxt.op in ("+=", "-="):
            step = nxt.rvalue if nxt.op == "+=" else c_ast.UnaryOp("-", nxt.rvalue)
            literal_one = isinstance(nxt.rvalue, c_ast.Constant) and nxt.rvalue.value == "1"
            return var, lo, hi, op, step, not literal_one
        if nxt.op == "=" and isinstance(nxt.rvalue, c_ast.BinaryOp) and nxt.rvalue.op in "+-" \
                and isinstance(nxt.rvalue.left, c_ast.ID) and nxt.rvalue.left.name == var:
            step = nxt.rvalue.right if nxt.rvalue.op == "+" else c_ast.UnaryOp("-", nxt.rvalue.right)
            return var, lo, hi, op, step, True
    return None


def _trip_count(lo, hi, step, op: str):
    """Iterations of ``for (i = lo; i OP hi; i += step)`` as a closed form."""
    if op == "<":
        n = sympy.ceiling((hi - lo) / step)
    elif op == "<=":
        n = sympy.floor((hi - lo) / step) + 1
    elif op == ">":
        n = sympy.ceiling((lo - hi) / (-step))
    elif op == ">=":
        n = sympy.floor((lo - hi) / (-step)) + 1
    else:  # !=
        n = (hi - lo) / step
    return sympy.Max(0, n)


def level1(src: CSource, granularity: str = "cluster", program: str | None = None) -> AAG:
    return CLevel1(src, granularity, program).build()
