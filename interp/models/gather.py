"""The gather model: an indirect access ``x[idx[i]]`` touches random lines of ``x``.

The working-set rule (working_set.py) follows affine subscripts; a subscript that is loaded data
(``Access.gathered``) has no stride and no reuse distance, and costing it as a stream, as the
roofline model's miss-ratio rule does, takes a random line for the next element of a stream:
on the Zen 2 VM a gather over a 16 MB table ran at 6.6-7.6 ns an access and over 256 MB at
19-29 ns, where the stream's figures gave about 2 ns (docs/validation.md). Its loads do not depend on each other,
so the core keeps many misses in flight: the time per access is not the pointer chase's latency
but a throughput under memory-level parallelism, which ``interp calibrate`` measures per cache
level (``levels.<name>.gather``, ``main.gather``: node_bench's gather, independent loads of
random lines within a buffer the level holds).

Which level serves a random line depends on the array's extent E (``Access.extent``: its declared
size or its allocation, frontends/c/allocations.py) against each level's capacity for random
lines C (``levels.<name>.random_size``): with the levels smallest first, a random line is in
the levels up to k with probability min(1, C_k / E), so level k serves the fraction
min(1, C_k / E) - min(1, C_(k-1) / E) and main memory the rest, 1 - min(1, C_last / E).
The time of one access is the sum over the levels of fraction x gather time. A small table
(E <= C_1) costs the first level's gather; a table far larger than the last level costs
``main.gather``.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy


@dataclass(frozen=True)
class GatherLevel:
    name: str
    capacity: float    # bytes of random lines the level holds; inf for main memory
    time: float        # seconds per independent load of a random line served there


class Gathers:
    """Time of one random access into an array of a given extent."""

    def __init__(self, levels: list[GatherLevel]):
        self.levels = sorted(levels, key=lambda lv: lv.capacity)

    def fractions(self, extent) -> list[tuple[GatherLevel, sympy.Expr]]:
        """(level, fraction of random lines it serves) for an extent in bytes (a number or an
        expression of program variables)."""
        out, below = [], sympy.Integer(0)
        for lv in self.levels:
            if lv.capacity == float("inf"):
                held = sympy.Integer(1)
            else:
                held = sympy.Min(sympy.Integer(1), sympy.Float(lv.capacity) / sympy.Max(extent, 1))
            out.append((lv, held - below))
            below = held
        return out

    def time(self, extent) -> sympy.Expr:
        """Seconds per access: each level's share of random lines at its gather time."""
        return sum((f * sympy.Float(lv.time) for lv, f in self.fractions(extent)), sympy.Integer(0))


def gathers_of(model) -> tuple[Gathers | None, str]:
    """The machine's gather table from a node model's memory parameters, or None and what is
    missing (a calibration older than the gather benchmark, a machine of the paper)."""
    names = sorted({k.split(".")[1] for k in model.mem if k.startswith("levels.")})
    levels, missing = [], []
    for name in names:
        keys = (f"levels.{name}.random_size", f"levels.{name}.gather")
        if all(model.has(k, "memory") for k in keys):
            levels.append(GatherLevel(name, model.t(keys[0], "memory"), model.t(keys[1], "memory")))
        else:
            missing += [k for k in keys if not model.has(k, "memory")]
    if not model.has("main.gather", "memory"):
        missing.append("main.gather")
    if missing or not levels:
        return None, ", ".join(missing) or "memory.levels"
    levels.append(GatherLevel("main", float("inf"), model.t("main.gather", "memory")))
    return Gathers(levels), ""
