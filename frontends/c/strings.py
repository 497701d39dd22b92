"""The statements that set a C string's contents, as defs of its followed length (the tracked name
``message.#len``, frontends/aag/cstrings.py; values from printf.py).

- ``sprintf(s, fmt, ...)``: the formatted length; ``snprintf(s, n, fmt, ...)`` that cut to n - 1
  (nothing stored for n = 0); ``strcpy(s, t)``: t's length; ``strcat(s, t)`` and ``strncat(s, t,
  n)``: s's plus t's (at most n of it); a string literal assigned or given as the initializer.
- A char stored into the string (``s[k] = c``): ``'\\0'`` at a known k ends it there (the smaller
  of its length and k); any other store, and any call that may write into it (``fgets``, ``scanf``,
  ``strncpy``, ``memcpy``, a function of the program it is passed to, a receive, a gather), makes its
  length unknown, with the reason kept for the refusal (AAG.strings).
- A string whose address is kept in another pointer (``char *p = message``) could change through
  it: its lengths are not followed (unknown), nor are the pointer's.
- An automatic array declared without an initializer holds no string yet (unknown); a file-scope
  one is all zeros (length 0).
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from ..aag import Seq
from ..aag import symexpr as S
from ..aag.cstrings import length_name, string_of
from ..msgpass import CALLS
from .printf import format_length, is_string, length_of, literal, string_path, written_path
from .strcalls import SETTERS, writes
from . import tree as T


def offset_of(ctx, node):
    """Where a string argument points into its string: 0 for the string itself, k for ``s + k``
    and ``&s[k]``; None when that is not known."""
    while isinstance(node, c_ast.Cast):
        node = node.expr
    if isinstance(node, c_ast.UnaryOp) and node.op == "&" and isinstance(node.expr, c_ast.ArrayRef):
        return ctx.sym(node.expr.subscript)
    if isinstance(node, c_ast.BinaryOp) and node.op == "+":
        return ctx.sym(node.right)
    return sympy.Integer(0) if isinstance(node, (c_ast.ID, c_ast.StructRef)) else None


def setter_value(ctx, name: str, args: list, path: str, offset):
    """(the length ``name(args)`` leaves in the string ``path``, how) or (None, why not).
    ``offset``: where the first argument points into the string (``sprintf(buf + n, ...)``): the
    text written there follows the first n characters when they are all in the string."""
    old = S.var(length_name(path))
    if offset is None:
        return None, f"{name}() at an offset into it that the parse cannot know"
    if name in ("strcat", "strncat"):
        if offset != 0:
            return None, f"{name}() at an offset into it"
        source = length_of(ctx, args[1]) if len(args) >= 2 else None
        bound = ctx.sym(args[2]) if name == "strncat" and len(args) >= 3 else None
        if source is None or (name == "strncat" and bound is None):
            return None, f"{name}() of '{T.label(args[1], 30) if len(args) > 1 else '?'}', not followed"
        return old + (source if name == "strcat" else sympy.Min(source, bound)), f"{name}()"
    if name == "sprintf" and len(args) >= 2:
        value, why = format_length(ctx, args[1], args[2:])
    elif name == "snprintf" and len(args) >= 3:
        value, why = format_length(ctx, args[2], args[3:])
        bound = ctx.sym(args[1])
        if value is not None and bound is None:
            value, why = None, "a bound the parse cannot know"
    else:  # strcpy
        value = length_of(ctx, args[1]) if len(args) >= 2 else None
        why = f"'{T.label(args[1], 30) if len(args) > 1 else '?'}', a string interp does not follow"
    if value is None:
        return None, f"{name}() with {why}"
    if name == "snprintf":  # n - 1 characters at most, and nothing at all stored for n = 0
        value = sympy.Min(value, bound - 1)
    written = value if offset == 0 else sympy.Piecewise(  # (at 0: what it held is not read)
        (value, sympy.Eq(offset, 0)), (offset + value, offset <= old), (old, True))
    if name == "snprintf":
        written = sympy.Piecewise((old, bound <= 0), (written, True))
    return written, f"{name}()"


class StringStatements:
    """Mixin of CLevel1: the defs of the followed lengths of strings (``string_sources``: for the
    AAG, how each string's contents are set, the reason where they are not known)."""

    def _string_def(self, seq: Seq, path: str, value, line: int, how: str) -> None:
        name = length_name(path)
        if path not in self.string_needed or not self.critical.is_tracked(name):
            return
        if path in self.string_aliases:
            value, how = None, (f"{how}, but its address is kept in another pointer at line "
                                f"{self.string_aliases[path]} (interp does not follow writes through pointers)")
        seq.defs.append((name, value))
        reads = sorted({string_of(s.name) for s in getattr(value, "free_symbols", ())} - {None})
        self.string_sources.setdefault(path, []).append((line, how, tuple(reads)))

    def _string_call(self, call: c_ast.FuncCall, seq: Seq) -> None:
        """A call in a Seq's statement that sets a string, or may write one (then: unknown)."""
        if not self.string_needed:  # (most programs: no strlen)
            return
        name = call.name.name
        args = call.args.exprs if call.args else []
        line = call.coord.line if call.coord else 0
        user = name in self.fundefs
        if name in CALLS or not args:
            return
        ctx = self.ctx
        for i, a in enumerate(args):
            written = i in self.string_params.get(name, ()) or i >= len(self._params_of(name)) if user \
                else writes(name, i)
            path = written_path(ctx, a) if written else None
            if path is None:
                continue
            if name in SETTERS and i == 0 and not user:
                value, how = setter_value(ctx, name, args, path, offset_of(ctx, a))
            else:
                value, how = None, (f"{name}(), a function of the program (interp does not follow strings into "
                                    "functions)" if user else f"{name}(), which interp does not follow into a string")
            self._string_def(seq, path, value, line, how)

    def _string_store(self, lvalue, rvalue, op: str, seq: Seq) -> None:
        """``s = "text"`` (a literal's length), ``p = anything else`` (unknown), ``s[k] = '\\0'``
        (ends it at k), any other store into it (unknown)."""
        if not self.string_needed:
            return
        line = lvalue.coord.line if lvalue.coord else 0
        ctx = self.ctx
        path = string_path(ctx, lvalue)
        if path is not None:
            if path not in self.string_needed:
                return
            text = literal(rvalue) if op == "=" else None
            value = sympy.Integer(len(text)) if text is not None else None
            given = f"'{T.label(lvalue, 20)} {op} {T.label(rvalue, 30) if rvalue is not None else ''}'".strip()
            self._string_def(seq, path, value, line, "a string literal" if text is not None else given)
            return
        if isinstance(lvalue, c_ast.ArrayRef):
            path = string_path(ctx, lvalue.name)
            index = ctx.sym(lvalue.subscript) if path is not None else None
        elif isinstance(lvalue, c_ast.UnaryOp) and lvalue.op == "*":
            path, index = string_path(ctx, lvalue.expr), sympy.Integer(0)
        else:
            return
        if path is None or path not in self.string_needed or not self.critical.is_tracked(length_name(path)):
            return
        ends = op == "=" and rvalue is not None and index is not None and ctx.sym(rvalue) == 0
        value = sympy.Min(S.var(length_name(path)), index) if ends else None
        self._string_def(seq, path, value, line, "a '\\0' stored into it" if ends else
                         f"a character stored into it ('{T.label(lvalue, 30)} {op} ...'; interp follows only a "
                         "'\\0' stored at a known place)")

    def _string_copies(self, args: list, params: list) -> dict:
        """A string passed to a function of the program: the callee's ``strlen(s)`` is the length
        of the caller's string (Call.copies: its followed names, renamed to the parameter's)."""
        ctx = self.ctx
        return {params[i]: path for i, a in enumerate(args[:len(params)])
                if params[i] in self.string_needed and (path := string_path(ctx, a)) is not None
                and self.critical.is_tracked(length_name(params[i]))}

    def _string_declared(self, decl: c_ast.Decl, out: list) -> None:
        """An automatic array declared without an initializer: no string in it yet."""
        if decl.name not in self.string_needed:
            return
        t = self.ctx.ctype(c_ast.ID(decl.name))
        if not (t.is_array and is_string(t)) or not self.critical.is_tracked(length_name(decl.name)):
            return
        if "static" in (decl.storage or []):
            return  # zeroed once, at the start: not each time the declaration is passed
        line = decl.coord.line if decl.coord else 0
        self._string_def(self._seq_for(decl, out), decl.name, None, line,
                         "its declaration, without an initializer (no string is stored in it yet)")

    def _string_received(self, call: c_ast.FuncCall, out: list, node) -> None:
        """A receive, or a collective's result, into a string: unknown until the message arrives
        (a point-to-point message or a broadcast carries the sender's length with the buffer)."""
        if not self.string_needed:
            return
        row = CALLS.get(call.name.name)
        pos = row.recv_buffer() if row is not None and row.op != "bcast" else None
        args = call.args.exprs if call.args else []
        path = written_path(self.ctx, args[pos]) if pos is not None and pos < len(args) else None
        if path is not None and self.critical.is_tracked(length_name(path)):
            self._string_def(self._seq_for(node, out), path, None, call.coord.line if call.coord else 0,
                             f"{call.name.name}() (the message carries the sender's length where the sender knows it)")

    def _string_global(self, decl: c_ast.Decl) -> list:
        """The initial length of a file-scope string: its literal's, else 0 (C zeroes it)."""
        t = self.globals.vars.get(decl.name)
        if not is_string(t) or decl.name not in self.string_needed or decl.name in self.string_aliases \
                or not self.critical.is_tracked(length_name(decl.name)):
            return []
        text = literal(decl.init) if decl.init is not None else ("" if t.is_array else None)
        return [(length_name(decl.name), sympy.Integer(len(text)) if text is not None else None)]
