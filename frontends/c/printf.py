"""The values of C strings for the level-1 parse: string literals, ``strlen`` and the length
``sprintf`` / ``snprintf`` format (the followed lengths themselves: frontends/aag/cstrings.py).

A string is a char array or a char pointer, named by its access path (``message``, ``job.name``).
``strlen`` of one is its followed length, the tracked name ``message.#len``; of a literal, the
literal's length. A printf format is read conversion by conversion (C11 7.21.6.1): the text
between conversions counts its characters; ``%d %i %u %o %x %X`` and ``%f %F %e %E %g %G`` of a
value the parse knows (flags, a width and a precision, ``*`` ones from the arguments, length
modifiers) are ``FormatLen`` of it, ``%c`` its width or 1, ``%s`` the argument's length within
its precision and width, ``%%`` one. Anything else (``%p``, ``%n``, ``%a``, a value from data, a
``%s`` of a string the parse does not follow) has no value, and the reason is given.
"""
from __future__ import annotations

import codecs
import re

import sympy
from pycparser import c_ast

from ..aag import symexpr as S
from ..aag.cstrings import FLAGS, INTEGER_CONVERSIONS, LONG, REAL_CONVERSIONS, FormatLen, length_name
from .expr import field_path
from .types import CType
from . import tree as T

_CONVERSION = re.compile(r"%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?(hh|h|ll|l|j|z|t|L|q)?(.?)", re.S)
_LONG_MODIFIERS = ("l", "ll", "j", "z", "t", "q")

# The calls whose value is a string's length: strlen(s), and what sprintf / snprintf return (the
# characters of the whole formatted text, also when snprintf's bound cuts what it stores).
VALUED = frozenset({"strlen", "sprintf", "snprintf"})


def is_string(t: CType | None) -> bool:
    """A char array (one dimension) or a pointer to char."""
    if t is None:
        return False
    if t.is_array:
        return t.kind == "int" and t.size == 1 and len(t.dims) <= 1
    return t.kind == "ptr" and t.pointee is not None and t.pointee.kind == "int" and t.pointee.size == 1 \
        and not t.pointee.is_array


def literal(node) -> str | None:
    """The text of a string literal as C stores it (escapes decoded, one character a byte, up to
    the first NUL); None when ``node`` is not one."""
    while isinstance(node, c_ast.Cast):
        node = node.expr
    if not (isinstance(node, c_ast.Constant) and node.type == "string"):
        return None
    body = node.value
    if body.startswith("u8"):
        body = body[2:]
    if not body.startswith('"'):  # a wide literal (L"..", u"..", U".."): not a char string
        return None
    body = body[1:-1]
    try:
        text = codecs.escape_decode(body.encode("utf-8"))[0].decode("latin-1")
    except (ValueError, UnicodeDecodeError):
        return None
    return text.split("\0", 1)[0]


def string_path(ctx, node) -> str | None:
    """The access path of a string argument (``message``, ``(char *) buf``, ``job.name``), or None
    for anything else (a literal, an offset into a string, an element of an array of strings)."""
    while isinstance(node, c_ast.Cast):
        node = node.expr
    if not isinstance(node, (c_ast.ID, c_ast.StructRef)) or not is_string(ctx.ctype(node)):
        return None
    return field_path(node)


def written_path(ctx, node) -> str | None:
    """The string a pointer argument lets a call write into: the string itself, or one at an offset
    (``buf + n``, ``&buf[k]``)."""
    while isinstance(node, c_ast.Cast):
        node = node.expr
    if isinstance(node, c_ast.UnaryOp) and node.op == "&" and isinstance(node.expr, c_ast.ArrayRef):
        node = node.expr.name
    elif isinstance(node, c_ast.BinaryOp) and node.op in "+-":
        node = node.left
    return string_path(ctx, node)


def length_of(ctx, node):
    """The value of ``strlen(node)``: a literal's length, a string's followed length, else None."""
    text = literal(node)
    if text is not None:
        return sympy.Integer(len(text))
    path = string_path(ctx, node)
    return S.var(length_name(path)) if path is not None else None


def value(ctx, name: str, args: list):
    """The value of a call of ``strlen``, ``sprintf`` or ``snprintf``, or None."""
    if name == "strlen" and args:
        return length_of(ctx, args[0])
    at = {"sprintf": 1, "snprintf": 2}.get(name)
    if at is None or len(args) <= at:
        return None
    return format_length(ctx, args[at], args[at + 1:])[0]


def format_length(ctx, fmt_node, args: list):
    """(the characters printf writes for ``fmt_node`` with ``args``, None; or None, why not)."""
    fmt = literal(fmt_node)
    if fmt is None:
        return None, f"its format '{T.label(fmt_node, 30)}' is not a string literal"
    args = list(args)
    total, pos = sympy.Integer(0), 0
    for m in _CONVERSION.finditer(fmt):
        total += m.start() - pos
        pos = m.end()
        piece, why = _conversion(ctx, m, args)
        if piece is None:
            return None, why
        total += piece
    return total + len(fmt) - pos, ""


def _conversion(ctx, m, args: list):
    """(the characters of one conversion, ""), taking its arguments from ``args``; (None, why)."""
    flags, width, prec, modifier, conv = m.groups()
    spec = m.group(0)
    if conv == "%":
        return sympy.Integer(1), ""
    w = sympy.Integer(int(width)) if width and width != "*" else sympy.Integer(0)
    p = sympy.Integer(-1) if prec is None else sympy.Integer(int(prec or 0)) if prec != "*" else None
    for star in ("w", "p") if width == "*" else ("p",):
        if star == "p" and prec != "*":
            continue
        if not args:
            return None, f"the format has more conversions than arguments ({spec})"
        v = ctx.sym(args.pop(0))
        if v is None:
            return None, f"the {'width' if star == 'w' else 'precision'} of {spec} is not known"
        if star == "w":
            w = sympy.Abs(v)
        else:
            p = v
    if conv not in "cs" + INTEGER_CONVERSIONS + REAL_CONVERSIONS or not conv:
        return None, f"a {spec} conversion, whose length interp does not follow"
    if not args:
        return None, f"the format has more conversions than arguments ({spec})"
    arg = args.pop(0)
    if conv == "c":
        return sympy.Max(w, 1), ""
    if conv == "s":
        length = length_of(ctx, arg)
        if length is None:
            return None, f"{spec} of '{T.label(arg, 30)}', a string interp does not follow"
        if p.is_number:
            length = length if p < 0 else sympy.Min(length, p)
        else:
            length = sympy.Piecewise((length, p < 0), (sympy.Min(length, p), True))
        return sympy.Max(w, length), ""
    v = ctx.sym(arg)
    if v is None:
        return None, f"{spec} of '{T.label(arg, 30)}', a value the parse cannot know"
    bits = sum(1 << k for k, f in enumerate(FLAGS) if f in flags) | (LONG if modifier in _LONG_MODIFIERS else 0)
    return FormatLen(sympy.Integer(ord(conv)), sympy.Integer(bits), w, p, v), ""
