"""GO TO in the two shapes structured code is written with in FORTRAN 77 (part of the level-1
parse, see level1.py).

- A forward jump within one statement list, ``IF (c) GO TO 100; A; 100 CONTINUE``, skips A: it
  is ``IF (.NOT. (c)) THEN; A; END IF`` (an unconditional ``GO TO 100`` skips A always: A is
  never run). The error exit ``IF (IERR .NE. 0) GO TO 999`` is the common case. With A ending in
  ``GO TO 200`` and ``100 B; 200 CONTINUE`` after it, the IF-ELSE of FORTRAN 66: ``IF (.NOT.
  (c)) THEN; A; ELSE; B; END IF``.
- A backward jump to a label earlier in the same list, ``10 CONTINUE; A; IF (c) GO TO 10``, is
  a loop tested after each pass: ``DO; A; IF (.NOT. (c)) EXIT; END DO`` (C's do-while), whose
  condition is decided as a DO WHILE's (on data it needs ``!$interp iters(N)`` above the
  labelled statement).

- A jump from inside a DO construct (at any depth in it) to the label of the statement right
  after the loop's end, ``DO 100 ...; IF (ERR .LT. TOL) GO TO 200; 100 CONTINUE; 200 ...``, the
  FORTRAN 77 early exit, leaves the loop: it is ``EXIT`` naming that loop (exits_to_next), so a
  jump from an inner loop leaves both, as named_exits.py lowers it.

Anything else (another jump into or out of a construct, a target another jump also reaches from
inside the skipped or repeated statements, a computed or assigned GO TO) stays refused at its
line: interp needs structured control flow.
"""
from __future__ import annotations

import dataclasses

from fparser.two import Fortran2003 as F

from . import tree as T


def jump(stmt):
    """(condition or None, target label) of ``GO TO L`` / ``IF (c) GO TO L``, else None."""
    if isinstance(stmt, F.Goto_Stmt):
        return None, str(stmt.items[0])
    if isinstance(stmt, F.If_Stmt) and isinstance(stmt.items[1], F.Goto_Stmt):
        return stmt.items[0], str(stmt.items[1].items[0])
    return None


_JUMP_KINDS = ("Goto_Stmt", "Computed_Goto_Stmt", "Assigned_Goto_Stmt", "Arithmetic_If_Stmt")


def _jumps_inside(items) -> bool:
    return any(type(n).__name__ in _JUMP_KINDS for item in items for n in T.walk_all(item))


def forward(items: list, k: int):
    """The forward jump at ``items[k]`` within the same list: (j, None) when it skips
    ``items[k + 1:j]`` (its target at j), (j, m) when those end with an unconditional ``GO TO``
    past ``items[j:m]`` (the IF-ELSE of FORTRAN 66: its ELSE part is ``items[j:m]``); None when
    the target is elsewhere or the statements hold other jumps."""
    found = jump(items[k])
    if found is None:
        return None
    j = _target(items, k + 1, found[1])
    if j is None:
        return None
    last = jump(items[j - 1]) if j > k + 1 else None
    if found[0] is not None and last is not None and last[0] is None:
        m = _target(items, j, last[1])
        if m is not None and not _jumps_inside(items[k + 1:j - 1] + items[j:m]):
            return j, m
    return None if _jumps_inside(items[k + 1:j]) else (j, None)


def _target(items: list, start: int, label: str):
    return next((j for j in range(start, len(items)) if T.label_of(items[j]) == label), None)


def backward(items: list, j: int):
    """(position of the ``IF (c) GO TO L`` that jumps back to ``items[j]``'s label L, c) when the
    statements it repeats hold no other jump; else None."""
    label = T.label_of(items[j])
    if label is None:
        return None
    for k in range(j + 1, len(items)):
        found = jump(items[k])
        if found is not None and found[1] == label:
            if found[0] is None or _jumps_inside(items[j:k]):
                return None  # GO TO L without a condition never leaves (unless by a jump inside)
            return k, found[0]
    return None


def exits_to_next(items: list) -> None:
    """Rewrite, in place, every GO TO from inside a DO construct of ``items`` to the label of the
    statement right after it as an EXIT naming that loop. An unnamed loop gets the name
    ``interp_goto_L`` (the DO statement's construct name, which control.py reads)."""
    for k in range(len(items) - 1):
        label = T.label_of(items[k + 1])
        if label is None or not isinstance(items[k], T.DO_CONSTRUCTS):
            continue
        header = next((c for c in T.content(items[k]) if isinstance(c, T.DO_STMTS)), None)
        item = getattr(header, "item", None)
        if item is None:
            continue
        found = list(_jumps_to(items[k], label))
        if not found:
            continue
        if not getattr(item, "name", None):
            item.name = f"interp_goto_{label}"
        for parent, pos, stmt in found:
            leave = F.Exit_Stmt(f"EXIT {item.name}")
            leave.item = getattr(stmt, "item", None)  # its source line, for reports
            if isinstance(parent, F.If_Stmt):  # IF (c) GO TO L: the IF's action
                parent.items = (parent.items[0], leave)
            else:
                parent.content[pos] = leave


def _jumps_to(node, label: str):
    """(parent, position in its content, statement) of each ``GO TO label`` below ``node``: a
    statement of a block, or the action of a logical IF."""
    for pos, c in enumerate(T.content(node)):
        if isinstance(c, F.Goto_Stmt) and str(c.items[0]) == label:
            yield node, pos, c
        elif isinstance(c, F.If_Stmt) and isinstance(c.items[1], F.Goto_Stmt) \
                and str(c.items[1].items[0]) == label:
            yield c, 1, c.items[1]
        else:
            yield from _jumps_to(c, label)


class GotoForms:
    """Mixin of FLevel1: the structured GO TO forms, at their place in a statement list."""

    def _goto_form(self, items: list, k: int, out, end_line: int, default_line: int) -> int | None:
        """Interpret the GO TO form that starts at ``items[k]``; the position to go on from, or
        None when ``items[k]`` starts none."""
        back = backward(items, k)
        if back is not None:
            last_k, cond_node = back
            first, last = T.line(items[k]) or default_line, T.last_line(items[last_k])
            self._flush(out)
            self._drain(first)
            iters_ann = self._take("iters")
            body = self._loop_body(items[k:last_k], None, last)
            self._while(None, cond_node, body, iters_ann, out, first, last, kind="do")
            return last_k + 1
        found = forward(items, k)
        if found is None:
            return None
        j, m = found
        cond_node = jump(items[k])[0]
        first = T.line(items[k]) or default_line
        self._flush(out)
        if cond_node is None:
            return j  # the statements up to the target are never run
        self._drain(first)
        prob = self._if_prob(items[k], first)
        if prob is not None and len(prob.value) == 1:  # prob(p) of c: the skipped part runs 1 - p
            prob = dataclasses.replace(prob, value=[1.0 - prob.value[0]])
        negated = F.Expr(f".NOT. ({cond_node})")
        then = items[k + 1:j] if m is None else items[k + 1:j - 1]  # without the GO TO past the ELSE
        end = m if m is not None else j
        last = max([T.last_line(x) for x in items[k + 1:end]] + [first])
        branches = [self._branch(negated, then, T.line(items[j]) or last, 1, default_line=first)]
        if m is not None:
            branches.append(self._branch(None, items[j:m], T.line(items[m]) or last, 1, default_line=first))
        self._branch_probs(branches, prob, first)
        out.append(self._condt(items[k], branches, first, last, negated))
        return end
