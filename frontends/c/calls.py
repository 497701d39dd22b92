"""The C side of the message-passing calls: reading a C call's arguments for the shared table.

What each NX/2 and MPI call is (its AAU class of paper Table 4, its operation, which argument is
the buffer, the count, the partner, ...) is declared once, for both languages, in
frontends/msgpass.py. This module only says how a C argument is read: a value (``ctx.sym``), a
plain name (``MPI_DOUBLE``, ``MPI_SUM``, ``MPI_COMM_WORLD``), a buffer (``&x``, ``(char *)buf``),
a request (``&req``, ``&reqs[k]``) or a string literal (a ``load``'s program).
"""
from __future__ import annotations

from pycparser import c_ast

from ..aag import Loc
from ..msgpass import CallArgs, build
from .critical import target_name
from .expr import ExprContext, buffer_name


def _id(node) -> str | None:
    return node.name if isinstance(node, c_ast.ID) else None


def _request(node) -> str | None:
    """``&req`` -> "req"; ``&reqs[k]`` -> "reqs[]" (one request of an array of them)."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "&":
        node = node.expr
    if isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ID):
        return f"{node.name.name}[]"
    return _id(node)


def _subscript(node, ctx: ExprContext):
    """``&reqs[k]`` -> the value of k (None for a request that is no element of an array)."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "&":
        node = node.expr
    return subscript_value(ctx, node.subscript) if isinstance(node, c_ast.ArrayRef) else None


def subscript_value(ctx, node):
    """The value of a subscript, ``ranks[nev++] = i`` and ``&reqs[nreq++]`` included: the index
    is nev before the increment (the increment's own def follows the store's, or the call's, in
    the Seq after it), ++nev's is nev + 1."""
    if isinstance(node, c_ast.UnaryOp) and node.op in ("p++", "p--", "++", "--"):
        inner = ctx.sym(node.expr)
        if inner is None or node.op.startswith("p"):
            return inner
        return inner + (1 if node.op == "++" else -1)
    return ctx.sym(node)


def _buffer(node, ctx: ExprContext, pointed) -> str | None:
    """A buffer's tracked name: a pointer ``n_p`` to a caller's variable (``MPI_Bcast(n_p, ...)``
    in a Get_input helper: ``pointed("*n_p")``) is ``*n_p``, the variable it points to; any other
    pointer is the base of its elements (``params`` for ``params[0]``)."""
    inner = node.expr if isinstance(node, c_ast.Cast) else node
    if isinstance(inner, c_ast.ID):
        t = ctx.ctype(inner)
        if t.kind == "ptr" and not t.is_array and pointed(f"*{inner.name}"):
            return f"*{inner.name}"
    return buffer_name(node)


def _string(node) -> str | None:
    return node.value.strip('"') if isinstance(node, c_ast.Constant) else None


def c_call_args(args: list, ctx: ExprContext, lp64: bool, creates_comms: bool = True,
                cart_ndims: int | None = None, pointed=lambda name: False) -> CallArgs:
    """The actual arguments of a C call, as the shared builder reads them."""
    return CallArgs(len(args), value=lambda i: ctx.sym(args[i]), name=lambda i: _id(args[i]),
                    buffer=lambda i: _buffer(args[i], ctx, pointed), request=lambda i: _request(args[i]),
                    string=lambda i: _string(args[i]), language="c",
                    int_bytes=8 if lp64 else 4,  # NX/2 integers are C longs
                    creates_comms=creates_comms, cart_ndims=cart_ndims,
                    subscript=lambda i: _subscript(args[i], ctx),
                    target=lambda i: target_name(args[i].expr if isinstance(args[i], c_ast.UnaryOp)
                                                 and args[i].op == "&" else args[i]))


def build_call(name: str, args: list, ctx: ExprContext, loc: Loc, assigned_to: str | None, lp64: bool,
               creates_comms: bool = True, cart_ndims: int | None = None, count=None,
               pointed=lambda name: False):
    """The AAU of the C message-passing call ``name(args)`` (or msgpass.CallError); ``count``: the
    value of its count arguments stated by ``#pragma interp size(EXPR)``; ``pointed`` says which
    ``*p`` are tracked (a pointer parameter to a caller's variable)."""
    call_args = c_call_args(args, ctx, lp64, creates_comms, cart_ndims, pointed)
    call_args.count = count
    return build(name, name, call_args, loc, assigned_to)
