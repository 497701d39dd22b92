"""The value a program's own function returns, as an expression of its parameters (and globals).

Real programs compute their decomposition in small helper functions:

    static int block_size(int n, int p, int r) { return n / p + (r < n % p ? 1 : 0); }
    ...
    int local = block_size(n, size, rank);
    for (int i = 0; i < local; i++) ...

The loop's trip count is the function's return value. Paper 3.3.2 keeps critical variables exact;
a value returned by a call used to have no value at all, and such a program was refused ("the loop
trip count depends on 'local' ... it depends on data"). Here the body of a function made of
straight-line statements is evaluated symbolically, once per function:

- declarations with an initial value and assignments (``=``, ``+=`` ..., ``++``) of scalar locals
  and parameters;
- ``if`` / ``else`` (the condition a value of the parameters, globals and locals): the names either
  branch assigns become a Piecewise of the condition; a ``return`` in a branch makes the function's
  value a Piecewise of that return and what the rest of the body returns;
- a final ``return EXPR``.

The value may read only the parameters (a global is looked up in the caller's frame, where a local
may hide it, so a function reading one has no value here).

A local declared without a value (``int p;``) has none until an assignment gives it one.
Anything else in the body (a loop, a call, a store through a pointer or into an array, a local read
before it has a value, a ``static`` local, whose value carries over from call to call) leaves the function's value unknown, as before. The value is then put in at each
call with the arguments' values (``ExprContext._sym_FuncCall``); the call is still costed as a call.
"""
from __future__ import annotations

import sympy
from pycparser import c_ast

from ..aag import symexpr as S

MAX_STATEMENTS = 64  # a helper computing a value is short; a long body is not evaluated symbolically


class _Unknown(Exception):
    """The body does something whose value this evaluation does not follow."""


class ReturnValues:
    """``returned(name)`` -> (parameter names, value expression) or None; computed once per name.
    ``context(fd)`` makes the ExprContext of a function (its parameters' and locals' types)."""

    def __init__(self, fundefs: dict[str, c_ast.FuncDef], context):
        self._fundefs = fundefs
        self._context = context
        self._values: dict[str, tuple | None] = {}

    def __call__(self, name: str):
        if name not in self._values:
            self._values[name] = None  # a recursive function has no value here
            self._values[name] = self._evaluate(self._fundefs.get(name))
        return self._values[name]

    def _evaluate(self, fd):
        if fd is None or fd.body is None:
            return None
        args = fd.decl.type.args.params if fd.decl.type.args is not None else []
        params = [p.name for p in args if isinstance(p, c_ast.Decl) and p.name]
        ctx, declare = self._context(fd)
        try:
            value = _Body(ctx, declare, params).run(fd.body.block_items or [])
        except (_Unknown, TypeError, ValueError, ZeroDivisionError, AttributeError, RecursionError):
            return None
        # Only the parameters may remain: a global read here would be looked up in the caller's
        # frame, where a local of the same name may hide it.
        if value is None or not value.free_symbols <= {S.var(p) for p in params}:
            return None
        return params, value


class _Body:
    def __init__(self, ctx, declare, params):
        self.ctx, self.declare = ctx, declare
        self.count = 0
        self.env: dict[str, sympy.Expr] = {S.var(p): S.var(p) for p in params}

    def run(self, items, env=None):
        """The value the statements ``items`` return (None: they fall off the end)."""
        if env is not None:
            self.env = env
        for k, stmt in enumerate(items):
            self.count += 1
            if self.count > MAX_STATEMENTS:
                raise _Unknown
            if isinstance(stmt, c_ast.Return):
                if stmt.expr is None:
                    raise _Unknown
                return self.value(stmt.expr)
            if isinstance(stmt, c_ast.If):
                cond = self.ctx.condition(stmt.cond)
                if cond is None:
                    raise _Unknown
                cond = cond.xreplace(self.env)
                rest = items[k + 1:]
                yes = self._branch(stmt.iftrue, rest)
                no = self._branch(stmt.iffalse, rest)
                if yes[0] is None and no[0] is None:  # neither returns: merge what they assign
                    self.env = _merge(cond, yes[1], no[1])
                    continue
                if yes[0] is None or no[0] is None:
                    raise _Unknown  # _branch ran the rest: both have values when either does
                return sympy.Piecewise((yes[0], cond), (no[0], True))
            self.statement(stmt)
        return None

    def _branch(self, stmt, rest):
        """(value returned, env) of a branch; a branch that returns takes its value, one that does
        not is followed by the rest of the body when the other branch returns."""
        saved = dict(self.env)
        items = [] if stmt is None else (stmt.block_items or [] if isinstance(stmt, c_ast.Compound) else [stmt])
        value = self.run(items, dict(saved))
        env = self.env
        if value is None and _returns(rest):
            value = self.run(rest, dict(env))
        self.env = saved
        return value, env

    def statement(self, stmt):
        if isinstance(stmt, c_ast.Decl):
            if isinstance(stmt.type, (c_ast.ArrayDecl, c_ast.PtrDecl, c_ast.FuncDecl)) \
                    or set(stmt.storage or ()) & {"static", "extern"}:
                raise _Unknown  # a static local keeps its value from call to call: not this call's
            self.declare(stmt)
            # ``int p;`` then ``if (..) p = ..; else p = ..;``: a local declared without a value
            # has an unknown one (a Dummy, never a parameter) until a statement assigns it; a
            # return that still reads it has no value here.
            self.env[S.var(stmt.name)] = sympy.Dummy(stmt.name) if stmt.init is None else self.value(stmt.init)
        elif isinstance(stmt, c_ast.DeclList):
            for d in stmt.decls:
                self.statement(d)
        elif isinstance(stmt, c_ast.Assignment) and isinstance(stmt.lvalue, c_ast.ID) \
                and S.var(stmt.lvalue.name) in self.env:
            rhs = stmt.rvalue if stmt.op == "=" else c_ast.BinaryOp(stmt.op[:-1], stmt.lvalue, stmt.rvalue)
            self.env[S.var(stmt.lvalue.name)] = self.value(rhs)
        elif isinstance(stmt, c_ast.UnaryOp) and stmt.op in ("p++", "++", "p--", "--") \
                and isinstance(stmt.expr, c_ast.ID) and S.var(stmt.expr.name) in self.env:
            sym = S.var(stmt.expr.name)
            self.env[sym] = self.env[sym] + (1 if "+" in stmt.op else -1)
        elif isinstance(stmt, c_ast.Compound):
            value = self.run(stmt.block_items or [])
            if value is not None:
                raise _Unknown
        elif not isinstance(stmt, c_ast.EmptyStatement):
            raise _Unknown

    def value(self, node):
        v = self.ctx.sym(node)
        if v is None:
            raise _Unknown
        return sympy.sympify(v).xreplace(self.env)


def _merge(cond, yes: dict, no: dict) -> dict:
    out = {}
    for sym in set(yes) | set(no):
        a, b = yes.get(sym), no.get(sym)
        if a is None or b is None:
            continue  # declared in one branch only: out of scope after the if
        out[sym] = a if a == b else sympy.Piecewise((a, cond), (b, True))
    return out


def _returns(items) -> bool:
    """Does any statement of ``items`` (at any depth) return?"""
    stack = list(items)
    while stack:
        node = stack.pop()
        if isinstance(node, c_ast.Return):
            return True
        stack.extend(child for _, child in node.children())
    return False
