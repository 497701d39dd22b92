"""EXIT and CYCLE naming an outer DO construct (part of the level-1 parse, see level1.py).

``outer: do j ... inner: do i ... if (c) exit outer`` leaves both loops. The AAG's ``break``
and ``continue`` act on the innermost loop (frontends/aag/bodies.py), so the jump is written
as a compiler lowers it, with a flag of its own (``interp_exit_outer``):

- the jump sets the flag to 1 and leaves the innermost loop (``break``);
- each loop between, once built, is preceded by ``flag = 0`` (for the outermost of them: the
  flag is clear each time it starts) and followed by ``IF (flag /= 0)`` whose branch leaves the
  loop around it (``break``) or, right inside the named loop, goes on with its next iteration
  (``continue``) for CYCLE, or leaves it (``break``) for EXIT.

The engine follows the flag as any variable: on a condition it decides, the nest runs exactly
as the program does; on data the innermost loop's exit is weighed by the early-exit rule and the
flag's test after it is then on data too (refused where that loop communicates or is not
counted, as any exit on data there is).
"""
from __future__ import annotations

import sympy
from fparser.two import Fortran2003 as F

from ..aag import Branch, Seq
from ..aag import symexpr as S


class NamedExits:
    """Mixin of FLevel1: EXIT / CYCLE naming an outer loop."""

    def _named_jump(self, stmt, out, first, last, control: str, target: int) -> None:
        """``EXIT name`` / ``CYCLE name`` (``control`` break / continue) inside the loop at depth
        len(_loop_names) - 1, naming the loop at depth ``target``."""
        name = self._loop_names[target]
        flag = f"interp_{'exit' if control == 'break' else 'cycle'}_{name}"
        seq = self._seq_for(stmt, first, last, out)
        seq.defs.append((flag, sympy.Integer(1)))
        seq.control = "break"
        self._flush(out)
        pending = self.__dict__.setdefault("_after_loops", {})
        for depth in range(target + 1, len(self._loop_names)):
            pending.setdefault(depth, []).append((flag, target, control))

    def _after_named(self, out) -> None:
        """The loop just built (``out[-1]``, at depth len(_loop_names) - 1) holds a jump to an
        outer loop: its flag's reset before it and its test after it."""
        depth = len(self._loop_names) - 1
        checks = self.__dict__.get("_after_loops", {}).pop(depth, [])
        loop = out[-1] if out else None
        for flag, target, control in checks:
            first, last = loop.loc.first, loop.loc.last
            if depth == target + 1:  # the outermost loop between: clear the flag as it starts
                reset = self._new(Seq, first, first, label=f"{flag} = 0")
                reset.defs.append((flag, sympy.Integer(0)))
                out.insert(len(out) - 1, reset)
            leave = self._new(Seq, last, last, label=f"leave for {flag}")
            leave.control = control if depth == target + 1 else "break"
            branch = Branch(sympy.Ne(S.var(flag), 0), [leave])
            out.append(self._condt(None, [branch], last, last, F.Name(flag)))
