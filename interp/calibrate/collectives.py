"""Collectives against the number of processes and the message size: which counts to measure,
and the machine-file expressions that go through the measurements.

``mpi_bench`` measures barrier, bcast and allreduce on 2 ranks in its main run, and on P ranks with
``mpi_bench SCALE coll`` for P = 4, 8, ... and the number of cores (never more ranks than cores:
ranks that busy-poll on a shared core measure the scheduler's time slices, milliseconds per call).
Each collective is measured at sizes from 8 B to 2 MiB, a factor 8 apart. The written cost goes
through the measurements: linear in the size m between two measured sizes (the last segment's
slope beyond the largest, held flat if it is negative; the smallest size's time below it), and
linear in log2(n) between the measured counts, through 0 at n = 1 (one process communicates with
nobody), the last segment's slope beyond the largest count (held flat if negative). One line
``a + b*m`` fitted over all sizes is not what a collective costs: MPICH changes algorithm with the
size and the largest sizes leave the caches, so the line fitted through 8 B .. 2 MiB put an
8 KB allreduce at 10.3 us where 4 KB and 32 KB measured 3.6 and 25 us (Zen 3 VM, 2026-12-02;
docs/calibrate.md). With 2 ranks only, the cost is ``f(m)*log2(n)``: a tree, assumed beyond n =
2, and said so.
"""
from __future__ import annotations

import math

from sag.expr import MAX_LENGTH

from interp.calibrate.fit import Stat, between, size_times

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
    """One ``coll`` run on ``procs`` ranks: ``coll.<name>.<procs>.<bytes>`` (s) and
    ``coll.barrier.<procs>`` (s)."""
    v = {}
    for name in NAMES:
        v |= size_times(r, name, f"coll.{name}.{procs}")
    if r.get("barrier"):
        v[f"coll.barrier.{procs}"] = r["barrier"][0][1]
    return v


def measured(comm: dict[str, Stat], name: str) -> dict[int, dict[int, Stat] | Stat]:
    """Process count -> {bytes: time} of one collective (the barrier: count -> time); n = 2 from
    the main run."""
    out: dict = {}
    if name == "barrier":
        if "sync" in comm:
            out[2] = comm["sync"]
    for key, stat in comm.items():
        parts = key.split(".")
        if name == "barrier":
            if parts[:2] == ["coll", "barrier"]:
                out[int(parts[2])] = stat
        elif parts[:2] == ["collectives", name] and len(parts) == 3 and parts[2].isdigit():
            out.setdefault(2, {})[int(parts[2])] = stat
        elif parts[:2] == ["coll", name] and len(parts) == 4 and parts[3].isdigit():
            out.setdefault(int(parts[2]), {})[int(parts[3])] = stat
    return dict(sorted(out.items()))


def expression(points: dict[int, dict[int, float]]) -> str:
    """The cost in us through the measured times [s] per process count and size: one term per
    segment between two measured sizes, with coefficients piecewise linear in log2(n). Sizes not
    measured at every count are left out; when the text would pass the loader's longest
    expression, the interior size whose removal changes the curves least is dropped, one at a
    time."""
    common = sorted(set.intersection(*(set(p) for p in points.values())))
    curves = {n: [(m, points[n][m] * 1e6) for m in common] for n in points}
    while True:
        text = _expression(curves)
        if len(text) <= MAX_LENGTH or len(common) <= 2:
            return text
        k = min(range(1, len(common) - 1), key=lambda j: max(
            abs(between(c[j - 1], c[j + 1], c[j][0]) - c[j][1]) / max(c[j][1], 1e-12) for c in curves.values()))
        common.pop(k)
        curves = {n: c[:k] + c[k + 1:] for n, c in curves.items()}


def _expression(curves: dict[int, list[tuple[float, float]]]) -> str:
    knots = [int(m) for m, _ in next(iter(curves.values()))]
    coefs = {n: _size_coefficients(c) for n, c in curves.items()}
    # One term per segment between two sizes, each bounded by its segment (no large terms that
    # cancel far beyond the knots), and the last slope beyond the largest size.
    bases = (["1"] + [f"max(0,min(m,{b})-{a})" for a, b in zip(knots, knots[1:])]
             + [f"max(0,m-{knots[-1]})"])
    if list(curves) == [2]:
        terms = [(c, b) for c, b in zip(coefs[2], bases) if c]
        body = " + ".join(_num(c) if b == "1" else f"{_num(c)}*{b}" for c, b in terms).replace("+ -", "- ")
        return f"({body or '0'})*log2(n) us"
    xs = [0.0] + [math.log2(n) for n in curves]
    terms = []
    for i, b in enumerate(bases):
        ys = [0.0] + [coefs[n][i] for n in curves]
        if any(ys):
            part = _piecewise(xs, ys)
            terms.append(f"({part})" if b == "1" else f"({part})*{b}")
    return f"{' + '.join(terms) or '0'} us"


def _size_coefficients(curve: list[tuple[float, float]]) -> list[float]:
    """Coefficients of 1, each segment's ``max(0,min(m,m_k+1)-m_k)`` and ``max(0,m-m_last)`` for
    the curve through ``curve`` [(bytes, us)]: flat below the first size, the last slope beyond
    the last (flat if negative)."""
    m = [p[0] for p in curve]
    y = [p[1] for p in curve]
    slopes = [(y[k + 1] - y[k]) / (m[k + 1] - m[k]) for k in range(len(m) - 1)]
    return [y[0], *slopes, max(0.0, slopes[-1]) if slopes else 0.0]


def barrier_expression(points: dict[int, float]) -> str:
    """The barrier in us through the measured times [s] per process count."""
    if list(points) == [2]:
        return f"{_num(points[2] * 1e6)}*log2(n) us"
    xs = [0.0] + [math.log2(n) for n in points]
    return f"{_piecewise(xs, [0.0] + [t * 1e6 for t in points.values()])} us"


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
    return f"{x:.6g}"


def _size(m: int) -> str:
    for unit, b in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if m >= b and m % b == 0:
            return f"{m // b} {unit}"
    return f"{m} B"


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
        if name == "barrier":
            lo = barrier_expression({n: t.lo for n, t in pts.items()})
            hi = barrier_expression({n: t.hi for n, t in pts.items()})
            out.append(f'{ind}    {name}: ["{lo}", "{hi}"]')
            continue
        lo = expression({n: {m: t.lo for m, t in ts.items()} for n, ts in pts.items()})
        hi = expression({n: {m: t.hi for m, t in ts.items()} for n, ts in pts.items()})
        med = "; ".join(f"n = {n}: " + ", ".join(f"{_size(m)} {t.median * 1e6:.4g}" for m, t in sorted(ts.items()))
                        + " us" for n, ts in pts.items())
        out.append(f'{ind}    {name}: ["{lo}", "{hi}"]    # median {med}')
    if not out:
        return []
    seen = sorted(counts_seen)
    if seen == [2]:
        head = "measured at n = 2 only (the cores available); log2(n) is an assumed tree, not a measurement"
    else:
        head = (f"measured at n = {', '.join(map(str, seen))}: linear in log2(n) between them, the last "
                f"slope beyond n = {seen[-1]}")
    head += "; linear in the size m between the measured sizes (docs/calibrate.md)"
    return [f"{ind}  collectives:    # {head}", *out]
