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
(E <= C_1) costs the first level's gather.

Beyond the last level's capacity the time keeps growing with the table, by about the same amount
for every doubling: with 4 KiB pages a random line's page misses the TLB, and the page walk's own
entries (in a virtual machine, two levels of tables) miss the caches more often the larger the
table. On the Zen 1 VM of 2026-11-24 (L3 8 MiB, random capacity 2.9 MB, 1.2 ns), independent
random loads within 8, 16, 32, 64, 128, 256 and 512 MB took 6.0, 9.4, 12.8, 16.2, 19.3, 23.1 and
26.5 ns (a probe of our own, the gather loop timed alone): 3.4 ns a doubling, where the mix of
the last level and one main-memory time gave 16 ns at 16 MB. So where the file says within which
span ``main.gather`` was measured (``main.gather_span``), a table larger than the last level's
capacity C costs the last level's time plus a constant amount per doubling of E / C, the amount
that takes it to ``main.gather`` at the span (3.3 ns a doubling there: 9.3 ns at 16 MB, 26.1 at
512 MB), at most ``main.fetch`` (a load that waits for nothing cannot take longer than one that
waits for the load before it). Without the span, ``main.gather`` serves the lines beyond the
caches whatever the table's size.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import sympy


@dataclass(frozen=True)
class GatherLevel:
    name: str
    capacity: float    # bytes of random lines the level holds; inf for main memory
    time: float        # seconds per independent load of a random line served there


class Gathers:
    """Time of one random access into an array of a given extent."""

    def __init__(self, levels: list[GatherLevel], span: float | None = None, ceiling: float | None = None):
        self.levels = sorted(levels, key=lambda lv: lv.capacity)
        self.span = span          # bytes within which main memory's gather time was measured
        self.ceiling = ceiling    # main.fetch: the dependent load's time, an upper bound

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
        """Seconds per access: each level's share of random lines at its gather time; beyond the
        last level, log-linear in the extent up to main memory's time at its span (above)."""
        mixed = sum((f * sympy.Float(lv.time) for lv, f in self.fractions(extent)), sympy.Integer(0))
        if not self.span or len(self.levels) < 2:
            return mixed
        last, main = self.levels[-2], self.levels[-1]
        if not (self.span > last.capacity and main.time > last.time):
            return mixed
        per_doubling = (main.time - last.time) / math.log2(self.span / last.capacity)
        beyond = last.time + per_doubling * sympy.log(sympy.Max(extent, 1) / sympy.Float(last.capacity), 2)
        if self.ceiling:
            beyond = sympy.Min(beyond, sympy.Float(max(self.ceiling, main.time)))
        return sympy.Piecewise((mixed, extent <= sympy.Float(last.capacity)), (beyond, True))


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
    span = model.t("main.gather_span", "memory") if model.has("main.gather_span", "memory") else None
    ceiling = model.t("main.fetch", "memory") if model.has("main.fetch", "memory") else None
    return Gathers(levels, span, ceiling), ""
