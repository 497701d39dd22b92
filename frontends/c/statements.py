"""Simple C statements -> Seq AAUs (part of the level-1 parse, see level1.py).

Declarations with initialisers, assignments, increments, expression statements, return / break /
continue: each joins the current Seq cluster with its operation counts and, for critical
variables, its definitions (callstmts.py). goto and labels are reported: interp needs structured
control flow.
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from ..aag import RETURN_VALUE
from ..aag import symexpr as S
from ..aag.bodies import root
from ..msgpass import is_comm_call
from . import initlists, libloops, packs, struct_init
from . import tree as T
from .expr import member_name


class SimpleStatements:
    """Mixin of CLevel1: the statements that become (part of) a Seq."""

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
        self._local(stmt)
        if stmt.init is None:
            self._string_declared(stmt, out)  # char message[100]; holds no string yet (strings.py)
            return
        if "static" in (stmt.storage or []) and not self._static_as_local(stmt):
            # A static local is initialised once, at program start; it is not a per-call statement.
            return
        assign = c_ast.Assignment("=", c_ast.ID(stmt.name, stmt.coord), stmt.init, stmt.coord)
        if isinstance(stmt.init, c_ast.InitList):
            seq = self._seq_for(stmt, out)
            self.ctx.count(stmt.init, seq.counts, seq.accesses)
            t = self.ctx.ctype(c_ast.ID(stmt.name))
            if t.kind == "struct" and not t.is_array:
                seq.defs.extend(self._struct_init(stmt.name, stmt.init))
            elif self.critical.is_tracked(stmt.name):
                seq.defs.extend(self._array_init(stmt.name, stmt.init))
            return
        self.extents.assigned(self.fn_name, assign, self.ctx.sym)
        self._expression(assign, out, stmt)

    def _static_as_local(self, stmt: c_ast.Decl) -> bool:
        """May a static local's initializer be read as a local's, run where it stands? When the
        value it gives is the value it keeps: it is const, or a critical scalar no statement
        assigns (``static const int sizes[] = {..}`` is a table like a global's). A static the
        program changes has its initial value only once: not followed."""
        if "const" in (stmt.quals or []):
            return True
        # its definitions (critical names only): the initializer alone, counted by entries, not by
        # lines (``static int b = 0; b += n;`` on one line is two)
        defined = sum(len(v) for k, v in self.critical.definitions.items() if root(k) == stmt.name)
        return (self.critical.is_critical(stmt.name) and defined <= 1
                and not self.ctx.ctype(c_ast.ID(stmt.name)).is_array)

    def _array_init(self, name: str, init: c_ast.InitList) -> list:
        """``int sizes[] = {1, 16, 128}``, ``int t[2][3] = {{..}, {..}}``: each element's value
        (``sizes[2]``, ``t[1][0]``; an MPI datatype its bytes), after the def that zeroes the
        elements a list shorter than the array leaves out, as C does (frontends/c/initlists.py)."""
        t = self.ctx.ctype(c_ast.ID(name))
        if t.is_array and t.kind == "struct":
            return self._struct_array_init(name, init)
        if not (t.is_array and t.arithmetic):  # a scalar in braces, an array of pointers
            return [(f"{name}[{i}]", self._value(e)) for i, e in enumerate(init.exprs)]
        given = initlists.elements(name, init, t.dims, self.types.const)
        if given is None:  # a list not followed: every element unknown (the def of them all)
            return [(name + S.ELEMENTS, None)]
        out = []
        if t.length is not None and len({e for e, _ in given}) < t.length:
            out.append((name + S.ELEMENTS, S.Filled(sympy.Integer(0))))
        for element, e in given:
            value = self._value(e)
            if value is not None and t.kind == "int" and self.ctx.ctype(e).kind in ("real", "double"):
                value = S.CTrunc(value)
            out.append((element, value))
        return out

    def _struct_init(self, name: str, init: c_ast.InitList, tag: str | None = None) -> list:
        """``struct cfg c = {4, 5}`` / ``{.n = 4, .m = 5}`` / ``{{8, 5}, 3}``: the members' values,
        members of members and member arrays' elements included, in declaration order with C's
        brace elision or by designator (the members a list leaves out are 0, as C zeroes them;
        struct_init.py). ``name`` may be an element of an array of structs (``lev[1]``: its
        members ``lev.n[1]``), of struct type ``tag``."""
        tag = tag or self.ctx.ctype(c_ast.ID(name)).tag
        given = struct_init.given_values(self.types, tag, init)
        element = name.endswith("]")
        out = []
        for path, _ in struct_init.leaves(self.types, tag):
            full = member_name(name, path[1:])
            if (element and "[" in path) or not self.critical.is_tracked(full):
                continue  # a member array of an element: not named (lev.dims[0][1])
            out.append((full, None if given is None else self._value(given[path]) if path in given
                        else sympy.Integer(0)))
        return out

    def _struct_array_init(self, name: str, init: c_ast.InitList) -> list:
        """``level_t lev[3] = {{64, 0.5}, {32}}``: each element's members (``lev.n[1]`` is 32,
        expr.member_element), after the defs that zero the members of the elements a list leaves
        out; a designated element (``[2] = {..}``) or one not in braces: every member unknown."""
        t = self.ctx.ctype(c_ast.ID(name))
        members = [m for m, mt in self.types.fields.get(t.tag or "", {}).items()
                   if mt.arithmetic and not mt.is_array and self.critical.is_tracked(f"{name}.{m}")]
        if not all(isinstance(e, c_ast.InitList) for e in init.exprs):
            return [(f"{name}.{m}" + S.ELEMENTS, None) for m in members]
        out = [(f"{name}.{m}" + S.ELEMENTS, S.Filled(sympy.Integer(0))) for m in members]
        for k, e in enumerate(init.exprs):
            out.extend(self._struct_init(f"{name}[{k}]", e, t.tag))
        return out

    def _s_Assignment(self, stmt, out):
        self.extents.assigned(self.fn_name, stmt, self.ctx.sym)
        self._expression(stmt, out, stmt)

    def _s_UnaryOp(self, stmt, out):
        self._expression(stmt, out, stmt)

    def _s_FuncCall(self, stmt, out):
        if not isinstance(stmt.name, c_ast.ID):  # (*f)(x): a call through a pointer (dispatch.py)
            self._expression(stmt, out, stmt)
            return
        packed = packs.as_loop(stmt, self.ctx.ctype, self._sizeof) if stmt.name.name not in self.fundefs else None
        if packed is not None:  # MPI_Pack: the copy loop, then the call (its position moves on)
            self.problem("assumption", packed[1], stmt)
            self._s_For(packed[0], out)
            self._expression(stmt, out, stmt)
            return
        as_loop = libloops.as_loop(stmt, self.ctx.ctype, self._sizeof, self.fundefs)
        if as_loop is not None and stmt.name.name not in self.fundefs:  # not the program's own memcpy
            loop, note = as_loop
            self.problem("assumption", note, stmt)
            before = len(out)
            self._s_For(loop, out)
            if len(out) > before:  # the loop and its body: named as the program wrote them
                out[-1].label = T.label(stmt)
                for a in getattr(out[-1], "body", None) or []:
                    a.label = T.label(stmt)
            return
        self._expression(stmt, out, stmt)

    def _sizeof(self, node) -> int | None:
        """The bytes of a ``sizeof`` expression, or None (libloops reads byte counts with it)."""
        if not (isinstance(node, c_ast.UnaryOp) and node.op == "sizeof"):
            return None
        v = self.ctx.sym(node)
        return int(v) if v is not None and v.is_number else None

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
        expr = stmt.expr
        if isinstance(expr, c_ast.FuncCall) and isinstance(expr.name, c_ast.ID) and is_comm_call(expr.name.name):
            # `return MPI_Send(...)` in a wrapper: the message is passed, then MPI_SUCCESS returned
            # (it cost nothing, reported as an unknown call)
            self._comm(expr, None, out, stmt)
            expr = None
        if expr is not None:
            # return check(MPI_Send(..)): the message is passed (it was dropped: a ring of such
            # sends hung), then the function runs on MPI_SUCCESS, in C's order (_calls_first)
            nested = [n for n in T.walk(expr) if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID)
                      and is_comm_call(n.name.name)]
            self._calls_first(expr, out, comms=nested, node=stmt)
            if nested:
                expr = T.rebuilt(expr, {id(n): c_ast.Constant("int", "0") for n in nested})  # MPI_SUCCESS
        seq = self._seq_for(stmt, out)
        if expr is not None:
            self.ctx.count(expr, seq.counts, seq.accesses)
            self._note_calls(expr, seq)
            if self._follows_return():  # a caller reads the value (returned.py): the engine keeps it
                seq.defs.append((RETURN_VALUE, self.ctx.sym(expr)))
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
