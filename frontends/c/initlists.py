"""C initializer lists of arrays: how many elements they give an array declared without its
length (``double c[] = {...}``, ``char s[] = "abc"``), and which element each value initializes
(``sizes[3]``, ``t[1][0]``), for file-scope tables as for local ones.

C rules followed: positional values fill elements in order, a designator ``[k] = v`` moves the
position to k, a braced sub-list fills one row of a 2-D array, scalars without inner braces fill
rows in row-major order (brace elision), and a string literal gives its characters and the
terminating NUL. Elements an initializer leaves out are zero (the caller's business).
"""
from __future__ import annotations

import re
from typing import Callable

from pycparser import c_ast

# One character of a C string literal's text: an escape (\n, \\, \", octal \012, hex \x41) or any
# other character.
_CHAR = re.compile(r"\\(?:[0-7]{1,3}|x[0-9a-fA-F]+|.)|.", re.S)


def string_length(node) -> int | None:
    """The elements a string literal initializes: its characters (escapes counted as one) plus
    the terminating NUL; None when ``node`` is not a string literal."""
    if not (isinstance(node, c_ast.Constant) and node.type == "string"):
        return None
    text = node.value
    text = text[text.index('"') + 1:text.rindex('"')]  # L"..", u8"..": the prefix is no character
    return len(_CHAR.findall(text)) + 1


def _is_row(node, inner_is_array: bool) -> bool:
    """Does this initializer give one whole row (a braced list, or a string for a row of chars)?"""
    return isinstance(node, c_ast.InitList) or (inner_is_array and string_length(node) is not None)


def length(init, inner_is_array: bool, inner_len: int | None, const: Callable) -> int | None:
    """The outermost length of an array declared ``T a[] = init``: the positions the list fills
    (after its designators), or for scalars filling rows of ``inner_len`` elements the rows they
    take. ``const`` evaluates a designator's index. None when it cannot be told."""
    if init is None:
        return None
    if not isinstance(init, c_ast.InitList):
        return None if inner_is_array else string_length(init)
    exprs = init.exprs
    if not inner_is_array and len(exprs) == 1 and string_length(exprs[0]) is not None:
        return string_length(exprs[0])  # char s[] = {"abc"}
    values = [e.expr if isinstance(e, c_ast.NamedInitializer) else e for e in exprs]
    if inner_is_array and not any(_is_row(v, True) for v in values):
        if any(isinstance(e, c_ast.NamedInitializer) for e in exprs) or not inner_len:
            return None
        return -(-len(values) // inner_len)  # brace elision: int t[][3] = {1, 2, 3, 4} is 2 rows
    if inner_is_array and not all(_is_row(v, True) for v in values):
        return None  # rows mixed with elided scalars: not followed
    pos = end = 0
    for e in exprs:
        if isinstance(e, c_ast.NamedInitializer):
            pos = _designator(e, const)
            if pos is None:
                return None
        pos += 1
        end = max(end, pos)
    return end


def _designator(e: c_ast.NamedInitializer, const: Callable) -> int | None:
    """The index of a designator ``[k] = v`` (None: a member name or a nested designator)."""
    if len(e.name) != 1 or isinstance(e.name[0], c_ast.ID):
        return None
    k = const(e.name[0])
    return k if k is not None and k >= 0 else None


def elements(name: str, init: c_ast.InitList, dims: tuple, const: Callable) -> list[tuple[str, object]] | None:
    """(element name, initializer expression) of each element ``init`` gives an array of
    dimensions ``dims`` (outermost first; None where not known): ``sizes[0]``, ``t[1][2]``. None
    when the list has a part the rules above do not cover (a member designator, rows mixed with
    elided scalars): then no element is known from it."""
    out: list[tuple[str, object]] = []
    exprs = init.exprs
    inner = tuple(dims[1:])
    values = [e.expr if isinstance(e, c_ast.NamedInitializer) else e for e in exprs]
    if inner and not any(isinstance(v, c_ast.InitList) for v in values):
        return _elided(name, exprs, inner)
    pos = 0
    for e in exprs:
        if isinstance(e, c_ast.NamedInitializer):
            pos = _designator(e, const)
            if pos is None:
                return None
            e = e.expr
        if isinstance(e, c_ast.InitList) != bool(inner):
            return None  # a braced scalar, or an elided row among braced ones
        if inner:
            row = elements(f"{name}[{pos}]", e, inner, const)
            if row is None:
                return None
            out.extend(row)
        else:
            out.append((f"{name}[{pos}]", e))
        pos += 1
    return out


def _elided(name: str, exprs: list, inner: tuple) -> list[tuple[str, object]] | None:
    """Scalars filling a multi-dimensional array row by row (``int t[2][3] = {1, 2, 3, 4}``)."""
    if any(d is None for d in inner):
        return None
    out = []
    for k, e in enumerate(exprs):
        if isinstance(e, c_ast.NamedInitializer) or isinstance(e, c_ast.Constant) and e.type == "string":
            return None
        index, rest = [], k
        for d in reversed(inner):
            index.append(rest % d)
            rest //= d
        out.append((name + f"[{rest}]" + "".join(f"[{i}]" for i in reversed(index)), e))
    return out
