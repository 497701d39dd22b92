"""A loop with no count that cannot end (issue 14): found at its first iterations, not after the
prediction's budget (mixed into chain.Chain)."""
from __future__ import annotations

import sympy

from frontends.aag import Iter
from frontends.aag import symexpr as S
from frontends.aag.bodies import calls_may_leave, root

from interp.engine import forecast
from interp.errors import InputError

ITER_STEP = 4096  # interpreted iterations between two looks at the prediction budget


class Endless:
    """Chain's check, at each iteration of a loop with no count, that it can still end."""

    def _endless(self, a: Iter, k: int, last_state):
        """Stop a loop with no count that cannot end (issue 14), else return this iteration's
        state for the next call: the condition holds at iteration k and nothing can change it."""
        if k and not k & (ITER_STEP - 1):  # or that would run past the budget (engine/forecast.py)
            forecast.check(self, a, k, ITER_STEP)
        directive = self.directive
        if k == 1 and a.cond_fixed and not calls_may_leave(a.body, self.aag.functions,
                                                            {root(n) for n in S.free_names(a.cond)}):
            names = ", ".join(sorted(S.free_names(a.cond)))
            raise InputError(f"{a.loc}: this loop never ends as written: its condition holds and "
                             f"nothing in its body changes {names} (what the condition reads) "
                             "or leaves the loop; if data the source does not show ends it, give "
                             f"its trip count with '{directive} iters(N)' above line {a.loc.first}")
        # A loop with no count ends only when its state changes: the same state at two
        # iteration starts repeats for ever (nothing else decides its control flow).
        state = (dict(self.frames[-1]), dict(self.globals),
                 [(k, f and f.version) for k, f in self.flag_arrays.items()])  # flag arrays change in place
        if state == last_state and self.engine.stall_visible(a, self):
            raise InputError(f"{a.loc}: this loop never ends as written: on {self.label} "
                             f"iteration {k + 1} starts with every variable as iteration {k} did, "
                             f"so its condition{'' if a.cond is not None else ' (none)'} and every "
                             f"branch in it repeat{self._reads_in(a)}; if data the source does not show "
                             f"ends it, give its trip count with '{directive} iters(N)' above line {a.loc.first}")
        return state

    def _reads_in(self, a: Iter) -> str:
        """The inputs the loop reads again on every pass (scanf): interp gives each one value."""
        reads = sorted((i.line, i.name) for i in self.aag.inputs.values()
                       if i.how == "scanf" and a.loc is not None and a.loc.first <= i.line <= a.loc.last)
        if not reads:
            return ""
        said = ", ".join(f"{name} (line {line})" for line, name in reads)
        return (f" (it reads {said} with scanf on every pass, and interp gives each input one value, "
                "the -D one, at every read)")


SEND_OPS = ("send", "isend", "send_init")  # their buffer is read, never written


def stall_roots(loop, track_payloads: bool):
    """The roots of the broadcasts in ``loop`` that deliver values (a process that is the root
    of each of them receives nothing), or None when something else in the loop delivers values
    into a process's variables (Engine.stall_visible)."""
    roots = []
    for x in loop.walk():
        if x.cls not in ("Comm", "SyncSeq"):
            continue
        if getattr(x, "results", None) or getattr(x, "status", None) or getattr(x, "status_names", None):
            return None
        if not track_payloads or not (getattr(x, "buffer", None) or getattr(x, "recv_buffer", None)):
            continue
        if x.cls == "Comm" and x.op in SEND_OPS and not x.recv_buffer:
            continue
        if x.cls == "SyncSeq" and x.op == "bcast" and x.comm is None:
            roots.append(x.root if x.root is not None else sympy.Integer(0))
            continue
        return None
    return tuple(roots)
