"""The integer divider by the width of the quotient it produces.

x86 dividers (AMD Zen 1-3, Intel before Ice Lake) produce a few quotient bits per cycle, so a
division takes longer the wider its quotient. ``interp calibrate`` times independent divisions of
a 1-bit and a 30-bit quotient (node_bench's ``int_div_narrow`` and ``int_div``) and writes them as
``processing.divider`` (narrow, wide, narrow_bits, wide_bits); in between and beyond, the time is
linear in the bits (measured on the Zen 2 VM of docs/calibrate.md: 4.18, 5.07, 6.27, 7.45 and
8.66 ns for 1, 8, 16, 24 and 30 bits; Agner Fog's tables give Zen 2's 64-bit DIV 14-46 cycles,
which the same line reaches at 63 bits).

Where a division's operands are program variables whose values the engine knows when it
interprets the statement (trial division's ``k % d``; ``OpCounts.quotients``), it costs the
divider's time at that quotient's width in place of ``throughput.int_div``'s mid (a quotient of
about 16 bits). Measured: ``k % j`` for j = 2 .. k-1 (quotients of 1-2 bits) 4.29 ns a pass, this
line 4.28; ``k % d`` for odd d up to sqrt(k), k = 2,000,003 (about 12 bits) 5.83 ns, this line
5.79. Divisions in closed-form loops keep the mid: their operands change with the loop variable
and the closed form has one time per iteration (docs/model.md, "The divider").

A division that waits for an earlier one of its loop (Euclid's ``t = a % b; a = b; b = t``:
overlap.divider_chain) pays the divider's latency, not its throughput. Where the two differ (a
partly pipelined divider: on the Zen 3 VM a 32-bit division issues every 2.09 ns at any width,
while a chain of them takes 3.06 ns a step at a 1-bit quotient and 4.02 at 30 bits), such
divisions cost ``ops.int_div`` (the chain's mid) and, at known quotients, the chain's time by
width (``divider.latency_narrow``, ``latency_wide``: node_bench's ``int_div_narrow`` and
``int_div`` chains). Measured: the gcd sum to 4,000 (52,455,466 Euclid steps) ran 4.06 ns a step
with its exit misses, 3.03 ns without; the throughput gave 2.25 ns.
"""
from __future__ import annotations

from dataclasses import dataclass

KEYS = ("divider.narrow", "divider.wide", "divider.narrow_bits", "divider.wide_bits")
LATENCY_KEYS = ("divider.latency_narrow", "divider.latency_wide", "divider.narrow_bits", "divider.wide_bits")


@dataclass(frozen=True)
class Divider:
    narrow: float       # s per division of a quotient of narrow_bits
    wide: float         # s per division of a quotient of wide_bits
    narrow_bits: float
    wide_bits: float

    def time(self, dividend: float, divisor: float) -> float | None:
        """Seconds for one division ``dividend / divisor`` (C's truncation: the quotient's width
        is that of |dividend| // |divisor|; a quotient of 0 or 1 is one bit); None for a divisor
        of 0 or values that are no whole numbers (the mid then stands)."""
        if not (float(dividend).is_integer() and float(divisor).is_integer()) or divisor == 0:
            return None
        bits = max(1, (abs(int(dividend)) // abs(int(divisor))).bit_length())
        slope = (self.wide - self.narrow) / (self.wide_bits - self.narrow_bits)
        return max(0.0, self.narrow + slope * (bits - self.narrow_bits))


def divider_of(model, keys: tuple[str, ...] = KEYS) -> Divider | None:
    """The machine's divider (``processing.divider``; with ``LATENCY_KEYS`` its dependent
    divisions), or None when the file gives none (the paper's machines, files written before
    it existed): then every division costs its mid."""
    if not all(model.has(k) for k in keys):
        return None
    narrow, wide, lo, hi = (model.t(k) for k in keys)
    if hi <= lo:
        return None
    return Divider(narrow, wide, lo, hi)


def extra_time(divider: Divider, mid: float, values: list[tuple[float, float]]) -> float:
    """What the known quotients add to (or take from) the divider's busy time at ``mid`` each.
    A repeated pair (``a / b`` and ``a % b`` of one statement) is one division: compilers take
    both from one ``idiv``."""
    extra, seen = 0.0, set()
    for pair in values:
        if pair in seen:
            extra -= mid
            continue
        seen.add(pair)
        t = divider.time(*pair)
        if t is not None:
            extra += t - mid
    return extra


def chained_counts(loop) -> list:
    """The operation counts (Seqs', conditions') within ``loop`` whose divisions wait for each
    other when overlap.divider_chain finds the loop's divisions chained."""
    from frontends.aag import Condt, Iter, Seq
    out = [loop.cond_counts]
    for a in loop.body:
        for x in a.walk():
            if isinstance(x, Seq):
                out.append(x.counts)
            elif isinstance(x, Condt):
                out.extend(b.cond_counts for b in x.branches)
            elif isinstance(x, Iter):
                out.append(x.cond_counts)
    return out
