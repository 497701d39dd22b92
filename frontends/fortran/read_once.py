"""Reductions in a value read once (part of the level-1 parse, see level1.py): an IF's test
(``if (maxval(abs(r)) < tol) exit``), an item of PRINT / WRITE (``print *, sum(x)``) and a DO
WHILE's test are computed first by the reduction's loops (sections.py's rewrite of ``v =
<value>``) into a scalar of their own, as the compiler evaluates them; the statement then reads
the scalar.
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F

from .sections import reductions_in


class ReadOnce:
    """Mixin of FLevel1 (with SectionLoops): a value with reductions, computed before it is read."""

    def _reduced(self, node, stmt, out, first, last, name: str | None = None):
        """``node``, a value read once (an IF's test, an item of PRINT), with its reductions (SUM,
        MAXVAL, ...) computed first by their loops into a scalar of its own (``interp_v1``), as
        the compiler evaluates them; ``node`` itself when it has none, or when the rewrite does
        not cover it (reported)."""
        if node is None or not reductions_in(self.ex, node) or getattr(self, "_rewriting", False):
            return node
        k = 1
        while name is None and f"interp_v{k}" in self.scope.types:
            k += 1
        name = name or f"interp_v{k}"  # a DO WHILE's test: the same scalar before the loop and in it
        self.scope.types[name] = self.ex.ftype(node).with_dims(())
        self._flush(out)
        why = self._section_loops(stmt, F.Name(name), node, out, first, last)
        if why is not None:
            self.problem("unsupported", f"array syntax (a reduction) is not modelled here ({why}): write the "
                         "loop out", first)
            return node
        self._flush(out)
        return F.Name(name)
