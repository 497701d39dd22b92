"""The loop nests array syntax is rewritten into (sections.py, matmul.py): the section dimension of
an operand (Dim), DO statements over section dimensions (nest), the reductions' accumulations."""
from __future__ import annotations

import re

from fparser.two import Fortran2003 as F

from .bound_text import fortran_text, written
from .module_arrays import why_open

# Reductions: intrinsic -> (initial value, update of the accumulator ACC with the element E).
REDUCTIONS = {"SUM": ("0", "ACC + E"), "PRODUCT": ("1", "ACC * E"), "MAXVAL": ("-huge(ACC)", "max(ACC, E)"),
              "MINVAL": ("huge(ACC)", "min(ACC, E)"), "DOT_PRODUCT": ("0", "ACC + E"),
              "COUNT": ("0", "ACC + merge(1, 0, E)"), "NORM2": ("0", "ACC + E**2")}
_COMPONENT = re.compile(r"\b([A-Za-z_]\w*)\.(?=[A-Za-z_])")


class NotRewritten(Exception):
    """The statement's array syntax has a form the rewrite does not cover (the message says which)."""


def open_extent(rw, node) -> str:
    """The refusal for an operand ``node`` whose extent gives a loop but is not known: what is not
    known, and why (a component array's ALLOCATE elsewhere, a module array's shape)."""
    if isinstance(node, F.Data_Ref):
        return rw.ex.components.why_open(node)
    why = why_open(rw.scope, str(node)) if isinstance(node, F.Name) else ""
    return f"the extent of {node} is not known from the declarations" + (f"; {why}" if why else "")


def _text(expr) -> str:
    """Fortran text of a sympy bound from the declarations (integers, arithmetic, integer division
    and the intrinsics bound_text.py writes)."""
    s = fortran_text(expr)
    if s is None:
        raise NotRewritten(f"a bound ({written(expr)}) that is not simple arithmetic")
    # A component's value is named f.n (derived.py): in Fortran text it is f%n (ALLOCATE(v(prm%n))).
    return _COMPONENT.sub(r"\1%", s)


class Dim:
    """One section dimension of an operand: the element index it takes at loop position ``v``."""

    def __init__(self, lo: str, hi: str | None, stride: str | None, vector: str | None = None):
        self.lo, self.hi, self.stride, self.vector = lo, hi, stride, vector

    def index(self, v: str, target: "Dim", sym) -> str:
        """The loop variable ``v`` runs over the target's section ``target.lo : hi : stride``."""
        if self.stride == target.stride:  # the same step: a fixed offset, as a written-out loop has
            off = sym(f"({self.lo}) - ({target.lo})")
            if off is not None and off.is_Integer:
                pos = v if off == 0 else f"{v} {'+' if off > 0 else '-'} {abs(int(off))}"
            else:
                pos = f"{v} + (({self.lo}) - ({target.lo}))"
        elif target.stride is None:  # the target steps by 1, this operand by its stride
            pos = f"({self.lo}) + ({v} - ({target.lo})) * ({self.stride})"
        else:  # the count of the target's steps so far, times this operand's stride
            pos = f"({self.lo}) + ({v} - ({target.lo})) / ({target.stride}) * ({self.stride or 1})"
        return f"{self.vector}({pos})" if self.vector else pos


def nest(loop: list[str], dims: list[Dim], body: str) -> list[str]:
    """DO statements over ``dims`` (first dimension innermost) around ``body``."""
    heads = []
    for v, d in zip(loop, dims):
        heads.append(f"do {v} = {d.lo}, {d.hi}" + (f", {d.stride}" if d.stride else ""))
    return list(reversed(heads)) + [body] + ["end do"] * len(dims)
