"""The lengths of C strings the parse follows, shared by the C frontend and the engine.

A char array (or pointer) whose ``strlen`` decides something the engine needs (a message count
``strlen(message) + 1``, a loop limit) has its length followed as a value of its own, the tracked
name ``message.#len`` (``length_name``): a name under the array, so it travels with the array in a
message (engine/chain_comm.py payloads) and is tracked when the array is. The statements that set
the contents define it (frontends/c/strings.py): a string literal, ``strcpy``, ``strcat``,
``sprintf`` and ``snprintf``, whose formatted length is C's printf formatting of the arguments'
values: ``FormatLen`` below, one conversion (``%5.2f``, ``%d``, ``%x``) of a value the engine
knows. Python's ``%`` operator formats these conversions as C does; the few places where it does
not (``%#o``, ``%#x`` of 0, a zero precision of 0, unsigned wrap-around) are written out.
"""
from __future__ import annotations

import sympy

STRLEN = ".#len"  # the suffix of a string's followed length: ``message.#len``

# printf flags, one bit each in FormatLen's ``flags`` (bit 5: a long argument, for %u of a negative)
FLAGS = "-+ #0"
LONG = 1 << 5
INTEGER_CONVERSIONS = "diouxX"
REAL_CONVERSIONS = "fFeEgG"


def length_name(path: str) -> str:
    """The tracked name of the length of the string ``path`` holds: ``message.#len``."""
    return path + STRLEN


def string_of(name: str) -> str | None:
    """The string whose length a tracked name is (``message`` for ``message.#len``), else None."""
    return name[:-len(STRLEN)] if name.endswith(STRLEN) else None


def format_len_num(conv, flags, width, prec, value) -> int:
    """The characters C's printf writes for one conversion: ``conv`` the conversion's character
    code (``ord('d')``), ``flags`` the bits of FLAGS (and LONG), ``width`` the field width (0:
    none; a negative ``*`` width is a left-justified one of its magnitude), ``prec`` the precision
    (negative: none), ``value`` the argument."""
    c, bits = chr(int(conv)), int(flags)
    w, p = abs(int(width)), int(prec)
    spec = "".join(f for k, f in enumerate(FLAGS) if bits >> k & 1)
    if c in INTEGER_CONVERSIONS:
        v = int(value)
        if c in "ouxX" and v < 0:  # unsigned: the two's complement of the argument's width
            v += 2 ** (64 if bits & LONG else 32)
        if p == 0 and v == 0:  # C: no digits for 0 at precision 0 (but %#o writes its 0)
            body = "0" if c == "o" and "#" in spec else ""
        else:
            signs = "".join(f for f in spec if f in "+ ") if c in "di" else ""  # no sign for unsigned
            body = ("%" + signs + (f".{p}" if p >= 0 else "") + ("d" if c in "diu" else c)) % v
            if "#" in spec and c == "o" and not body.lstrip("+ ").startswith("0"):
                body = "0" + body  # C's alternate octal form is a leading 0, Python's 0o
            elif "#" in spec and c in "xX" and v != 0:
                body = "0x" + body
        return max(w, len(body))
    text = ("%" + spec + (f".{p}" if p >= 0 else "") + c) % float(value)
    return max(w, len(text))


def _number(x) -> bool:
    return isinstance(x, sympy.Number) and x.is_finite is not False


class FormatLen(sympy.Function):
    """FormatLen(conv, flags, width, prec, value): the characters printf writes for one
    conversion of ``value`` (format_len_num); a number once every argument is one."""

    nargs = 5

    @classmethod
    def eval(cls, conv, flags, width, prec, value):
        if all(_number(x) for x in (conv, flags, width, prec, value)):
            return sympy.Integer(format_len_num(conv, flags, width, prec, value))

    def _eval_is_integer(self):
        return True

    def _eval_is_nonnegative(self):
        return True


def explain(string: str, sources: dict, before: int, depth: int = 0) -> str:
    """How ``string``'s contents came to be, for an error: the last statement that sets them
    before line ``before`` (AAG.strings: string -> (line, how, strings its length reads)), and
    the same for the strings that one reads."""
    found = sources.get(string, [])
    earlier = [s for s in found if s[0] <= before]
    if not found:
        return f"{string} is set by no statement interp follows"
    line, how, reads = max(earlier or found, key=lambda s: s[0])
    text = f"{string} is set at line {line} by {how}"
    for other in reads if depth < 3 else ():
        text += "; " + explain(other, sources, line - 1 if other == string else line, depth + 1)
    return text


def unknown_length(string: str, sources: dict, what: str, line: int) -> str:
    """Why the ``what`` (a message size, a loop's trip count) at ``line`` has no value: it is
    computed from ``strlen(string)``, and the string's contents are not known."""
    return (f"the {what} comes from strlen({string}), the length of a string whose contents are not "
            f"known ({explain(string, sources, line)})")
