"""Collectives against the number of processes: which counts to measure, and the machine-file
expressions that go through the measurements.

``mpi_bench`` measures barrier, bcast and allreduce on 2 ranks in its main run, and on P ranks with
``mpi_bench SCALE coll`` for P = 4, 8, ... and the number of cores (never more ranks than cores:
ranks that busy-poll on a shared core measure the scheduler's time slices, milliseconds per call).
Each collective at each count is fitted as ``a + b*m``; the written cost is ``A(n) + B(n)*m``,
with A and B linear in log2(n) between the measured counts and through 0 at n = 1 (one process
communicates with nobody), extended beyond the largest count with the last segment's slope (held flat if that slope is
negative). With
2 ranks only, that is ``(a + b*m)*log2(n)``: a tree, assumed beyond n = 2, and said so.
"""
from __future__ import annotations

import math

from interp.calibrate.fit import Stat, nonnegative_fit, linear_fit

NAMES = ("bcast", "allreduce")


def counts(cpus: int) -> list[int]:
    """Process counts measured beyond the main run's 2: powers of two up to ``cpus``, and ``cpus``."""
    out, p = [], 4
    while p <= cpus:
        out.append(p)
        p *= 2
    if cpus > 2 and cpus not in out:
        out.append(cpus)
    return out


def values(r: dict[str, list], procs: int) -> dict[str, float]:
    """One ``coll`` run on ``procs`` ranks: ``coll.<name>.<procs>.a`` / ``.b`` (s, s/B) and
    ``coll.barrier.<procs>`` (s)."""
    v = {}
    for name in NAMES:
        if r.get(name):
            v[f"coll.{name}.{procs}.a"], v[f"coll.{name}.{procs}.b"] = nonnegative_fit(linear_fit(r[name]))
    if r.get("barrier"):
        v[f"coll.barrier.{procs}"] = r["barrier"][0][1]
    return v


def measured(comm: dict[str, Stat], name: str) -> dict[int, tuple[Stat, Stat | None]]:
    """Process count -> (a, b) of one collective (b None for the barrier), n = 2 from the main run."""
    out = {}
    if name == "barrier":
        if "sync" in comm:
            out[2] = (comm["sync"], None)
    elif f"collectives.{name}.a" in comm and f"collectives.{name}.b" in comm:
        out[2] = (comm[f"collectives.{name}.a"], comm[f"collectives.{name}.b"])
    for key in comm:
        parts = key.split(".")
        if parts[0] != "coll" or parts[1] != name:
            continue
        n = int(parts[2])
        if name == "barrier":
            out[n] = (comm[key], None)
        elif parts[3] == "a" and f"coll.{name}.{n}.b" in comm:
            out[n] = (comm[key], comm[f"coll.{name}.{n}.b"])
    return dict(sorted(out.items()))


def expression(points: dict[int, tuple[float, float]]) -> str:
    """``A(n) + B(n)*m`` in us through the measured (a, b) [s, s/B] per process count."""
    if list(points) == [2]:
        a, b = points[2]
        return f"({_num(a * 1e6)} + {_num(b * 1e6)}*m)*log2(n) us" if b else f"{_num(a * 1e6)}*log2(n) us"
    xs = [0.0] + [math.log2(n) for n in points]
    a_part = _piecewise(xs, [0.0] + [a * 1e6 for a, _ in points.values()])
    if all(b == 0 for _, b in points.values()):
        return f"{a_part} us"
    b_part = _piecewise(xs, [0.0] + [b * 1e6 for _, b in points.values()])
    return f"({a_part}) + ({b_part})*m us"


def _piecewise(xs: list[float], ys: list[float]) -> str:
    """y(log2(n)) linear between the knots (xs[0] = 0, ys[0] = 0), the last slope beyond them, as
    hinge terms ``max(0,log2(n)-x_k)`` that machine-file expressions accept."""
    slopes = [(ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]) for i in range(len(xs) - 1)]
    knots = list(xs[:-1])
    if slopes[-1] < 0:
        # A time that fell between the two largest counts (noise) is held beyond them, not
        # extrapolated down towards negative times.
        slopes.append(0.0)
        knots.append(xs[-1])
    terms = [f"{_num(slopes[0])}*log2(n)"]
    for i in range(1, len(slopes)):
        change = slopes[i] - slopes[i - 1]
        if change:
            terms.append(f"{'+' if change > 0 else '-'} {_num(abs(change))}*max(0,log2(n)-{_num(knots[i])})")
    return " ".join(terms)


def _num(x: float) -> str:
    return f"{x:.4g}"


def lines(comm: dict[str, Stat], ind: str) -> list[str]:
    """The ``collectives:`` group of the machine file: [lo, hi] expressions and a comment on what
    was measured."""
    out = []
    counts_seen: set[int] = set()
    for name in (*NAMES, "barrier"):
        pts = measured(comm, name)
        if not pts:
            continue
        counts_seen |= set(pts)
        lo = expression({n: (a.lo, b.lo if b else 0.0) for n, (a, b) in pts.items()})
        hi = expression({n: (a.hi, b.hi if b else 0.0) for n, (a, b) in pts.items()})
        med = ", ".join(f"n = {n}: {_num(a.median * 1e6)}" + (f" + {_num(b.median * 1e6)}*m" if b else "") + " us"
                        for n, (a, b) in pts.items())
        out.append(f'{ind}    {name}: ["{lo}", "{hi}"]' + (f"    # median {med}" if name != "barrier" else ""))
    if not out:
        return []
    seen = sorted(counts_seen)
    if seen == [2]:
        head = "measured at n = 2 only (the cores available); log2(n) is an assumed tree, not a measurement"
    else:
        head = (f"measured at n = {', '.join(map(str, seen))}: linear in log2(n) between them, the last "
                f"slope beyond n = {seen[-1]}")
    return [f"{ind}  collectives:    # {head}", *out]
