"""Searches: the dependent probes of a binary search as a latency chain through memory.

A probe (``Access.probe``, frontends/probes.py) loads an address the comparison before it
decided, so no two probes of one search overlap: each costs the latency of the level its line
comes from. Over all searches of an array the probes at depth d = 0..D-1 (D = log2 of its
elements) touch at most 2^d distinct lines: the top of the implicit tree stays in the caches, the
deep probes miss. A probe at depth d costs the pointer-chase latency (``levels.<name>.latency``,
``main.fetch``) of the smallest level whose capacity for random lines (``random_size``: the
streaming ``size`` overstates it many times for L1 and L2) holds min(2^d, L) lines, L the lines
of the array. The model charges every probe the
mean over the D depths, so a search of D probes costs the whole chain: the search loop is
interpreted iteration by iteration, and its depth is not known at each probe (docs/model.md,
"Searches").
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy


@dataclass(frozen=True)
class LatencyLevel:
    name: str
    lines: float       # random lines the level holds; inf for main memory
    latency: float     # seconds per dependent load served there


def depths_within(lines: float, depth, array_lines):
    """How many of the depths 0..depth-1 touch at most ``lines`` distinct lines: all when the
    array's lines fit, else those with 2^d <= lines."""
    if lines == float("inf"):
        return depth
    fits = sympy.floor(sympy.log(sympy.Float(max(lines, 1.0)), 2)) + 1
    return sympy.Piecewise((depth, array_lines <= lines), (sympy.Min(depth, fits), True))


def mean_probe(levels: list[LatencyLevel], extent, elem_size: int, line: float):
    """Mean latency of one probe of a search over an array of ``extent`` bytes."""
    elements = sympy.Max(extent / elem_size, 2)
    depth = sympy.ceiling(sympy.log(elements, 2))
    array_lines = sympy.Max(extent / line, 1)
    total, below = sympy.Integer(0), sympy.Integer(0)
    for lv in sorted(levels, key=lambda lv: lv.lines):
        upto = depths_within(lv.lines, depth, array_lines)
        total += (upto - below) * sympy.Float(lv.latency)
        below = upto
    return total / depth


def latency_levels(model) -> tuple[list[LatencyLevel] | None, str]:
    """The cache levels' latencies and capacities in lines, and main memory's (``main.fetch``),
    from a node model's memory parameters; None and what is missing."""
    if not model.has("cache.block", "memory"):
        return None, "cache.block"
    line = model.t("cache.block", "memory")
    names = sorted({k.split(".")[1] for k in model.mem if k.startswith("levels.")})
    out, missing = [], []
    for name in names:
        keys = (f"levels.{name}.random_size", f"levels.{name}.latency")
        if not all(model.has(k, "memory") for k in keys):
            missing += [k for k in keys if not model.has(k, "memory")]
            continue
        out.append(LatencyLevel(name, model.t(keys[0], "memory") / line, model.t(keys[1], "memory")))
    if not model.has("main.fetch", "memory"):
        missing.append("main.fetch")
    if missing or not out:
        return None, ", ".join(missing) or "memory.levels"
    out.append(LatencyLevel("main", float("inf"), model.t("main.fetch", "memory")))
    return out, ""
