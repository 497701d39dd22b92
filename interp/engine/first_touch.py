"""The engine's side of models/first_touch.py: an allocating Seq is charged its pages' first touch
the first time a process executes it, with the sizes the engine knows then."""
from __future__ import annotations

from frontends.aag import Iter, Seq

from interp.engine.compiled import Unknown
from interp.models.first_touch import first_touch_time


class FirstTouch:
    """Mixin of Chain: ``touched`` holds the ids of the Seqs this process has charged."""

    def first_touch(self, a: Seq) -> float:
        touched = self.__dict__.setdefault("touched", set())
        if a.id in touched:
            return 0.0
        touched.add(a.id)
        total, pages = 0.0, 0
        for size in a.allocations:
            try:
                nbytes = float(self.eval(size, "allocation size"))
            except Unknown:
                continue
            t, p = first_touch_time(self.model, nbytes)
            total, pages = total + t, pages + p
        if total > 0:
            self.model.notes[("first_touch", a.id)] = (
                f"allocation at {a.loc}: {pages:,} pages, each written first at "
                f"{self.model.t('main.first_touch', 'memory') * 1e6:.3g} us (main.first_touch): "
                f"{total * 1e3:.3g} ms charged there, once per process (models/first_touch.py)")
        return total

    def first_touch_within(self, a: Iter) -> float:
        """A loop in closed form: the allocating Seqs in it, once each, if it runs at all (their
        sizes with the values before the loop; one that reads the loop's index is not charged)."""
        n = self.try_eval(a.num_iters) if a.num_iters is not None else None
        if n is not None and n <= 0:
            return 0.0
        return sum(self.first_touch(s) for s in a.walk() if isinstance(s, Seq) and s.allocations)
