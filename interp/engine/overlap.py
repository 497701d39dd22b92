"""Interpreted iterations whose statements overlap (mixed into ``chain.Chain``).

Where the node model says a loop's interpreted iterations overlap (``NodeModel.overlaps``: the
roofline model's rule, interp/models/overlap.py), each iteration opens a window: the loop's
overhead and test, every Seq and every branch test of the iteration add their parts (pipelined
operations, divider, memory) to the window's sums, and each is charged what it adds to the max of
the three sums. An iteration then costs max(ops, divider, memory) over all of its statements, as a
straight-line loop body does in closed form (roofline.iterd), and the statements' charges still
add up to it: the first statements of an iteration are charged their own time, a later one only
what it adds beyond what the others keep busy.

Anything else charged inside the iteration (a closed-form loop or branch, a call's overhead) is
opaque: it adds its whole time, which shifts the three sums alike and so changes nothing in the
window's arithmetic; it need not be recorded. A nested loop opens windows of its own and the outer
iteration's window resumes after it.
"""
from __future__ import annotations

from frontends.aag import Iter, Seq
from frontends.aag.aau import SYNC_CLASSES
from frontends.aag.bodies import found_inside

CALL_DEPTH = 8  # how deep calls are followed when looking for communication in a loop


class Window:
    """One iteration's sums of pipelined-operation, divider and memory time, over a floor (the
    loop-carried chain's latency, which the first statement charged meets)."""

    __slots__ = ("alu", "div", "mem", "floor", "charged")

    def __init__(self, floor: float = 0.0):
        self.alu = self.div = self.mem = self.charged = 0.0
        self.floor = floor

    def add(self, alu: float, div: float, mem: float) -> float:
        """Add a statement's parts; returns the time it adds to the iteration."""
        self.alu += alu
        self.div += div
        self.mem += mem
        now = max(self.alu, self.div, self.mem, self.floor)
        added, self.charged = now - self.charged, now
        return added


class Overlap:
    """Windows over interpreted iterations (see the module doc)."""

    window: Window | None = None  # the current iteration's, when its loop overlaps

    def windows(self, a: Iter) -> bool:
        """Do ``a``'s interpreted iterations open windows? Not a loop that communicates (in its
        body or in a function it calls): its iterations wait for messages, which the window does
        not see."""
        return not self.communicates(a) and self.model.overlaps(a)

    def communicates(self, a: Iter) -> bool:
        """Does ``a`` (a loop, an if) communicate or synchronise, in its body or a function it calls?"""
        key = ("communicates", a.id)
        memo = self.engine._inner
        if key not in memo:
            memo[key] = found_inside([a], self.aag.functions, CALL_DEPTH, lambda x: x.cls in SYNC_CLASSES)
        return memo[key]

    def iteration_window(self, a: Iter, per: float) -> float:
        """Open the window of a new iteration of ``a`` and return what its overhead ``per`` and
        its condition add (the condition's divisions by their known quotients' widths)."""
        self.window = Window(self.model.chain_floor(a))
        if a.cond is None:
            return self.window.add(per, 0.0, 0.0)
        alu, div = self.model.window_counts(a.cond_counts)
        return self.window.add(per + alu, div + self._widths(a.cond_counts), 0.0)

    def window_seq(self, a: Seq) -> float | None:
        """What Seq ``a`` adds to the current window (before its defs: the quotients' operands);
        None when the model gives no parts (the Seq is then charged as usual)."""
        parts = self.model.window_seq(a)
        if parts is None:
            return None
        alu, div, mem = parts
        return self.window.add(alu, div + self._widths(a.counts), mem)

    def window_tests(self, fixed: float, tested: list) -> float:
        """What a branch's tests add to the current window: ``fixed`` (per-condition and taken
        costs) on the pipelined ports, and the operations of each condition ``tested``."""
        alu, div = fixed, 0.0
        for counts in tested:
            c_alu, c_div = self.model.window_counts(counts)
            alu += c_alu
            div += c_div + self._widths(counts)
        return self.window.add(alu, div, 0.0)

    def _widths(self, counts) -> float:
        """The known quotients' divider time less the mid's (0: none known, or no divider)."""
        if not counts.quotients or not self.model.widths_known():
            return 0.0
        return self.model.divider_extra(self.quotient_values(counts))

