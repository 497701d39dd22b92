"""The Fortran text of a bound the declarations give as a sympy value, for the loop nests array
syntax is rewritten into (loopnest.py, sections.py): ``allocate(u(n/np)); u = 0`` loops
``do i1 = 1, (n) / (np)``.

The text is parsed again by the Fortran frontend, so each function prints as the Fortran that
evaluates to it: C's truncating division and remainder (symexpr.CDiv, CMod) are Fortran's integer
``/`` and ``mod`` (both truncate toward zero), sympy's floor-remainder Mod is ``modulo``, CTrunc is
``int``. Any other function (an element picked at run time, a Piecewise) is refused, by the
caller, as not simple arithmetic.
"""
from __future__ import annotations

import re

from sympy.printing.str import StrPrinter

# The Fortran intrinsics the printer writes: a call to any other name is not a bound it can write.
_WRITTEN = {"max", "min", "mod", "modulo", "int", "floor", "ceiling", "abs"}
_CALL = re.compile(r"([A-Za-z_]\w*)\s*\(")
_TEXT = re.compile(r"[\w\s+\-*/().,]+")


class _FortranText(StrPrinter):
    def _call(self, name, e):
        return f"{name}(" + ", ".join(self._print(a) for a in e.args) + ")"

    def _print_CDiv(self, e):
        a, b = e.args
        return f"(({self._print(a)}) / ({self._print(b)}))"

    def _print_CMod(self, e):
        return self._call("mod", e)

    def _print_Mod(self, e):
        return self._call("modulo", e)

    def _print_CTrunc(self, e):
        return self._call("int", e)

    def _print_Max(self, e):
        return self._call("max", e)

    def _print_Min(self, e):
        return self._call("min", e)

    def _print_floor(self, e):
        return self._call("floor", e)

    def _print_ceiling(self, e):
        return self._call("ceiling", e)

    def _print_Abs(self, e):
        return self._call("abs", e)


def written(expr) -> str:
    """``expr`` as Fortran-like text, for messages (no internal names such as CDiv)."""
    return _FortranText().doprint(expr)


def fortran_text(expr) -> str | None:
    """The Fortran text of ``expr``, or None when it holds what Fortran text cannot say here."""
    s = written(expr)
    if not _TEXT.fullmatch(s) or any(m.group(1) not in _WRITTEN for m in _CALL.finditer(s)):
        return None
    return s
