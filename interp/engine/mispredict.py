"""Mispredicted branches of what the engine interprets (mixed into ``chain.Chain``).

A loop's back branch is predicted taken, and its exit is predicted only where the trip count
repeats. A loop whose count changes from one execution to the next (Euclid's loop in a gcd of
varying pairs, a divisor search, a Collatz count) misses its exit about once per execution, and a
miss costs ``cond.mispredict`` (interp calibrate: node_bench's branch on random bits against the
same branch on alternating bits, doubled, since half the random ones are missed).

- ``--bound mid``: an interpreted loop's execution whose trip count differs from the previous
  execution's of the same loop on the process (or the first) is charged one miss when it ends,
  however it ends (its test, or a break or return under an if: either is the exit branch). An
  ``if`` inside an iteration is not charged: a compiler turns a small one into a conditional
  move (Collatz's ``x % 2 ? 3 * x + 1 : x / 2`` ran at 1.7 ns a step, no miss in it), and which
  ones it keeps as branches is what the source does not say.
- ``--bound worst``: every interpreted branch (each loop test, continue or leave, and each if's
  outcome) goes through a predictor that repeats the branch's last outcome; each change is a miss.
- ``--bound best``: no miss.

Only where the machine gives ``cond.mispredict`` (the paper's machines do not: Algorithm 3 has no
such cost), and only for loops and ifs that do not communicate (a closed-form loop or branch is
costed by its closed form; its outcomes are not known one by one).
"""
from __future__ import annotations

CONTINUE, LEAVE = 0, 1  # a loop test's outcomes


class Mispredict:
    """The misses of interpreted branches (see the module doc)."""

    _mode = None  # "exits" (mid), "every" (worst) or "" (none), read at the first branch

    def _mispredict_mode(self) -> str:
        if self._mode is None:
            kind = self.model.bound.kind
            self._mode = ("" if not self.model.has("cond.mispredict") or kind in ("best", "min")
                          else "every" if kind in ("worst", "max") else "exits")
            self._miss = self.model.t("cond.mispredict") if self._mode else 0.0
            self._last: dict[int, int] = {}  # loop id -> its last trip count; branch id -> last outcome
        return self._mode

    def predicted_branches(self, a) -> bool:
        """Does every outcome of ``a`` (a loop's test, an if) go through the predictor (worst)?"""
        return self._mispredict_mode() == "every" and not self.communicates(a)

    def outcome(self, aau_id: int, outcome: int) -> float:
        """One outcome of a branch at worst: a miss when it differs from the branch's last."""
        last = self._last.get(aau_id)
        self._last[aau_id] = outcome
        return self._miss if last is not None and last != outcome else 0.0

    def exits(self, a, trips: int, left_by_test: bool) -> float:
        """The misses charged when an execution of loop ``a`` ends: at worst its test's leave
        (when the test ended it), at mid its exit (loop_exit)."""
        return (self.outcome(a.id, LEAVE) if left_by_test else 0.0) + self.loop_exit(a, trips)

    def loop_exit(self, a, trips: int) -> float:
        """At mid, what the end of an execution of ``trips`` iterations of loop ``a`` costs."""
        if self._mispredict_mode() != "exits" or self.communicates(a):
            return 0.0
        last = self._last.get(a.id)
        self._last[a.id] = trips
        return self._miss if last != trips else 0.0
