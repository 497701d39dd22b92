"""From recorded micro-benchmark outputs to machine parameters, each a range over repeated runs.

Every run of a benchmark program gives one value per parameter; the parameter is written as the
range [min, max] over the runs with the median as a comment (paper 001 section 3.2.2: parameters
are ranges). Values are in seconds (times), bytes (sizes) or bytes per second (bandwidths).
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass

from sag.expr import MAX_LENGTH

from interp.errors import InputError
from interp.calibrate import levels


@dataclass(frozen=True)
class Stat:
    """One parameter over the runs."""

    lo: float
    hi: float
    median: float
    runs: int
    # A parameter that spans operand values rather than runs (the integer divider): the medians
    # of its two ends, written as the comment instead of one median.
    ends: tuple[float, float] | None = None

    @classmethod
    def of(cls, values) -> "Stat":
        values = [float(v) for v in values]
        if not values:
            raise ValueError("no values")
        return cls(min(values), max(values), statistics.median(values), len(values))


# -- parsing the programs' outputs -----------------------------------------------------------------

def parse_lines(text: str) -> dict[str, float]:
    """Lines of a name and a number; any other line is skipped."""
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2:
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                continue
    return out


def parse_node(text: str) -> dict[str, float]:
    """node_bench output: "name value" lines."""
    out = parse_lines(text)
    if "int_add" not in out:
        raise InputError("node benchmark printed no results:\n" + text[-500:])
    return out


def parse_chase(text: str) -> dict[int, float]:
    """``node_bench chase`` output: "chase_<bytes> seconds" lines -> bytes -> seconds per load."""
    out = {}
    for name, value in parse_lines(text).items():
        if name.startswith("chase_") and name[6:].isdigit():
            out[int(name[6:])] = value
    return out


def parse_gather(text: str) -> dict[int, float]:
    """``node_bench gather`` output: "gather_<bytes> seconds" lines -> bytes -> seconds per load."""
    return {int(name[7:]): value for name, value in parse_lines(text).items()
            if name.startswith("gather_") and name[7:].isdigit()}


def parse_touch(text: str) -> dict[str, float]:
    """``node_bench touch`` output: "touch_<bytes> seconds" (per page) -> ``main.first_touch``."""
    found = [value for name, value in parse_lines(text).items() if name.startswith("touch_") and value > 0]
    return {"main.first_touch": found[0]} if found else {}


def parse_mpi(text: str, pingpong: bool = True) -> dict[str, list[tuple[float, float]]]:
    """mpi_bench output: "kind bytes seconds" lines -> kind -> [(bytes, seconds), ...]; a run
    without ``pingpong`` lines (``mpi_bench SCALE coll``) must have the collectives."""
    out: dict[str, list[tuple[float, float]]] = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 3:
            try:
                out.setdefault(parts[0], []).append((float(parts[1]), float(parts[2])))
            except ValueError:
                continue
    need = "pingpong" if pingpong else "barrier"
    if need not in out:
        raise InputError(f"MPI benchmark printed no {need} results:\n" + text[-500:])
    return out


# -- the node: operations, loops, branches, calls, library, memory --------------------------------

# Library functions and how many arguments the model charges call.per_arg for.
LIB_ARGS = {"sqrt": 1, "exp": 1, "log": 1, "sin": 1, "cos": 1, "pow": 2, "fabs": 1, "rand": 0}
LIB_THROUGHPUT = ("exp", "log", "sin", "cos", "pow")
# Timer functions (lib.* too), measured as a loop of calls (node_bench "timer_<name>").
TIMER_ARGS = {"clock_gettime": 2, "gettimeofday": 2, "time": 1, "clock": 0}


def node_values(r: dict[str, float], cache_levels: list[str] = ()) -> dict[str, float]:
    """One run's parameters (key = path in the machine file). Differences of two timings that
    come out negative (the out-of-order core hid the extra work) are taken as 0. ``cache_levels``
    names the data caches, smallest first, that the bandwidth sweep is split into (levels.py)."""
    pos = lambda v: max(0.0, v)  # noqa: E731
    v = {f"ops.{k}": pos(r[k]) for k in
         ("int_add", "int_mul", "int_div", "real_add", "real_mul", "real_div",
          "double_add", "double_mul", "double_div")}
    if "int_div_narrow" in r:  # older node_bench outputs time the 30-bit quotient only
        v["ops.int_div_narrow"] = pos(r["int_div_narrow"])
    if "tput_int_div_narrow" in r:
        v["throughput.int_div_narrow"] = pos(r["tput_int_div_narrow"])
    if "long_div" in r:  # 64-bit operands, the 30-bit quotient (shifted onto int_div's span below)
        v["ops.long_div_wide"] = pos(r["long_div"])
    if "tput_long_div" in r:
        v["throughput.long_div_wide"] = pos(r["tput_long_div"])
    # One chain does int -> float -> int; the two conversions are not separable, split evenly.
    v["ops.int_to_real"] = v["ops.real_to_int"] = pos(r["conv_roundtrip"]) / 2
    v["iter.per_iter"] = pos(r["iter_per"])
    v["iter.per_iter_step"] = pos(r["iter_per_step"])
    # A 1-trip inner loop costs fixed + one iteration, plus the outer loop's own iteration.
    v["iter.fixed"] = pos(r["iter_inner1"] - 2 * r["iter_per"])
    v["iter.fixed_step"] = pos(r["iter_inner1_step"] - 2 * r["iter_per_step"])
    v["cond.per_condition"] = pos(r["cond_never"] - r["iter_per"])
    v["cond.branch_taken"] = pos(r["cond_always"] - r["cond_never"])
    if "branch_random" in r:  # half the random bits are mispredicted: the penalty is twice the difference
        v["cond.mispredict"] = pos(2 * (r["branch_random"] - r["branch_pattern"]))
    v["call.per_call"] = pos(r["call1"] - r["call0"])
    v["call.per_arg"] = pos((r["call4"] - r["call1"]) / 3)
    # The model charges a library call lib.X + call.per_call + nargs * call.per_arg; lib.X is the
    # rest of the measured time.
    for name, nargs in LIB_ARGS.items():
        v[f"lib.{name}"] = pos(r[f"lib_{name}"] - v["call.per_call"] - nargs * v["call.per_arg"])
    # independent calls (throughput), call included: the compiled model's loops (docs/calibrate.md)
    for name in LIB_THROUGHPUT:
        if f"lib_tput_{name}" in r:
            v[f"lib_throughput.{name}"] = pos(r[f"lib_tput_{name}"])
    for name, nargs in TIMER_ARGS.items():
        if f"timer_{name}" in r:
            v[f"lib.{name}"] = pos(r[f"timer_{name}"] - v["call.per_call"] - nargs * v["call.per_arg"])
    # CLOCK_MONOTONIC's resolution (clock_getres) and smallest step seen: comments, not parameters.
    for key in ("timer_res", "timer_step"):
        if key in r:
            v[key] = r[key]
    v["fetch"] = pos(r["fetch_hit"])
    v["fetch_miss"] = pos(r["fetch_miss"])
    v["store"] = pos(r["store_hit"])
    v["store_miss"] = pos(r["store_miss"])
    v["main.bandwidth"] = r["stream_bw"]
    # Throughput form (8 independent accumulators) for the roofline model.
    for k in ("int_add", "int_mul", "int_div", "real_add", "real_mul", "real_div",
              "double_add", "double_mul", "double_div"):
        if f"tput_{k}" in r:
            v[f"throughput.{k}"] = pos(r[f"tput_{k}"])
    if "tput_double_sqrt" in r:
        v["throughput.double_sqrt"] = pos(r["tput_double_sqrt"])
    if "tput_conv" in r:
        v["throughput.int_to_real"] = v["throughput.real_to_int"] = pos(r["tput_conv"])
    if "tput_iter" in r:
        v["throughput.per_iter"] = v["throughput.per_iter_step"] = pos(r["tput_iter"])
    if "cache_bw" in r:
        v["cache.bandwidth"] = r["cache_bw"]
    if cache_levels:
        v.update(levels.levels(levels.parse_sweep(r), list(cache_levels), levels.vector_reads(r)))
    # The clock the core really runs at: an integer add is one cycle on every current core.
    v["clock_measured"] = 1.0 / r["int_add"] if r["int_add"] > 0 else 0.0
    return v


def over_runs(runs: list[dict[str, float]]) -> dict[str, Stat]:
    keys = runs[0].keys()
    stats = {k: Stat.of([run[k] for run in runs if k in run]) for k in keys}
    divider_span(stats)
    return stats


def divider_span(stats: dict[str, Stat]) -> None:
    """An integer division takes longer the wider its quotient: x86 dividers (AMD Zen, Intel
    before Ice Lake) retire a few quotient bits per cycle. Measured here (Zen 2, 2026-11-23):
    4.18 ns for a 1-bit quotient, 6.27 ns for 16 bits, 8.66 ns for 30, linear in between. A
    program's quotients are data the model does not see, so ``int_div`` spans the narrowest
    quotient (node_bench's ``int_div_narrow``, best) to the widest a 32-bit int gives (``int_div``,
    worst); mid, their middle, is a quotient of about 16 bits (docs/calibrate.md)."""
    for key in ("ops.int_div", "throughput.int_div"):
        narrow = stats.pop(key + "_narrow", None)
        wide = stats.get(key)
        long_wide = stats.pop(key.replace("int_div", "long_div_wide"), None)
        if narrow is None or wide is None:
            continue
        stats[key] = span = Stat(min(narrow.lo, wide.lo), max(narrow.hi, wide.hi),
                                 (narrow.median + wide.median) / 2, min(narrow.runs, wide.runs),
                                 ends=(narrow.median, wide.median))
        if long_wide is not None:  # 64-bit operands: the int span moved by the difference at 30 bits
            shift = long_wide.median - wide.median
            stats[key.replace("int_div", "long_div")] = Stat(
                max(0.0, span.lo + shift), span.hi + shift, span.median + shift, min(span.runs, long_wide.runs),
                ends=(span.ends[0] + shift, span.ends[1] + shift))


# -- the core's issue slots, shared with another hardware thread -----------------------------------
def share_values(r: dict[str, float]) -> dict[str, float]:
    """``node_bench share``: the port-bound triad's time over the dependent chain's, chunk by chunk;
    ``compiled.issue_share`` is the 1st percentile of the ratios (the triad alone on the core) over
    their mean (what a program running for seconds averages): the share of the core's issue slots
    this process gets, sustained (docs/calibrate.md, "The core's issue slots"). At most 1; nothing
    when the run gave no ratios."""
    mean, low = r.get("share_mean", 0.0), r.get("share_low", 0.0)
    if mean <= 0 or low <= 0:
        return {}
    return {"compiled.issue_share": min(1.0, low / mean)}


# -- the front end: fetch windows ---------------------------------------------------------------
FETCH_PLACEMENTS = (16, 32, 64)   # fetch_bench's boundaries, each crossed by one placement alone
FETCH_SLOWER = 1.2                # a placement this much slower than the loop inside one block


def fetch_values(r: dict[str, float]) -> dict[str, float]:
    """fetch_bench's times per pass (none on an instruction set it has no experiment for)."""
    names = ["inside", *(f"cross{w}" for w in FETCH_PLACEMENTS)]
    if not all(f"fetch_{n}" in r for n in names):
        return {}
    return {f"fetch.{n}": r[f"fetch_{n}"] for n in names}


def fetch_window(stats: dict[str, Stat]) -> tuple[int, Stat] | None:
    """(window bytes, time per window) of the core's front end, or None when no placement slows
    the loop (no fetch bound measured). The window is the smallest boundary whose crossing alone
    slows the 17-byte loop by FETCH_SLOWER (medians over the runs); the loop then spans two
    windows, so one window costs half its time per pass (docs/calibrate.md, "Fetch windows")."""
    inside = stats.get("fetch.inside")
    if inside is None:
        return None
    for w in FETCH_PLACEMENTS:
        cross = stats.get(f"fetch.cross{w}")
        if cross is not None and cross.median > FETCH_SLOWER * inside.median:
            return w, Stat(cross.lo / 2, cross.hi / 2, cross.median / 2, cross.runs)
    return None


def wider_fetch_times(stats: dict[str, Stat], window: int) -> list[tuple[int, Stat]]:
    """Each boundary wider than ``window`` whose crossing alone also slows the 17-byte loop by
    FETCH_SLOWER, with half its time per pass: on the Zen 3 VM crossing 32 B made the loop 1.23
    times slower and crossing 64 B 2.3 times (0.535, 0.656, 1.241 ns), so the smallest window's
    time alone understated a loop across a 64 B line by half (docs/calibrate.md)."""
    inside = stats.get("fetch.inside")
    out = []
    for w in FETCH_PLACEMENTS:
        cross = stats.get(f"fetch.cross{w}")
        if w > window and inside is not None and cross is not None and cross.median > FETCH_SLOWER * inside.median:
            out.append((w, Stat(cross.lo / 2, cross.hi / 2, cross.median / 2, cross.runs)))
    return out


# -- communication: ping-pong fit, eager/rendezvous switch, collectives ---------------------------

def linear_fit(points) -> tuple[float, float]:
    """t = a + b*m by least squares on relative residuals (weights 1/t^2), so that the small
    messages, whose times are tiny, weigh as much as the large ones."""
    pts = [(m, t) for m, t in points if t > 0]
    if len(pts) < 2:
        (m, t), = pts or [(0.0, 0.0)]
        return t, 0.0
    w = [1.0 / t ** 2 for _, t in pts]
    sw = sum(w)
    mx = sum(wi * m for wi, (m, _) in zip(w, pts)) / sw
    my = sum(wi * t for wi, (_, t) in zip(w, pts)) / sw
    sxx = sum(wi * (m - mx) ** 2 for wi, (m, _) in zip(w, pts))
    sxy = sum(wi * (m - mx) * (t - my) for wi, (m, t) in zip(w, pts))
    b = sxy / sxx if sxx > 0 else 0.0
    return my - b * mx, b


def _rel_sse(points, a, b) -> float:
    return sum(((a + b * m) - t) ** 2 / t ** 2 for m, t in points if t > 0)


@dataclass(frozen=True)
class CommFit:
    static: tuple[float, float]          # startup (s), per_byte (s/B) up to the switch
    dynamic: tuple[float, float] | None  # above the switch; None when no switch was found
    switch: float | None                 # largest message size sent eagerly (bytes)


def fit_pingpong(points, min_points: int = 3, gain: float = 2.0) -> CommFit:
    """Split the one-way times at the size where two lines fit much better than one (by a factor
    ``gain`` in relative squared error) and the time jumps up: the eager -> rendezvous switch."""
    pts = sorted(points)
    one = linear_fit(pts)
    best = None
    for k in range(min_points, len(pts) - min_points + 1):
        lo, hi = pts[:k], pts[k:]
        flo, fhi = linear_fit(lo), linear_fit(hi)
        m0 = hi[0][0]
        jumps = fhi[0] + fhi[1] * m0 > flo[0] + flo[1] * m0
        err = _rel_sse(lo, *flo) + _rel_sse(hi, *fhi)
        if jumps and (best is None or err < best[0]):
            best = (err, k, flo, fhi)
    if best is None or best[0] * gain > _rel_sse(pts, *one):
        return CommFit(nonnegative_fit(one), None, None)
    _, k, flo, fhi = best
    return CommFit(nonnegative_fit(flo), nonnegative_fit(fhi), pts[k - 1][0])


def nonnegative_fit(fit):
    """An (intercept, slope) fit with negative parts (noise around 0) set to 0."""
    a, b = fit
    return max(0.0, a), max(0.0, b)


def size_times(r: dict[str, list], name: str, prefix: str) -> dict[str, float]:
    """``<prefix>.<bytes>`` -> seconds: one collective's measured sizes in one MPI run."""
    return {f"{prefix}.{int(m)}": t for m, t in r.get(name, ()) if t > 0}


def comm_values(r: dict[str, list]) -> dict[str, float]:
    """One MPI run's parameters; ``pingpong.<bytes>`` keeps every measured one-way time for the
    interpolated per-byte cost (``per_byte_expr``)."""
    f = fit_pingpong(r["pingpong"])
    v = {"static.startup": f.static[0], "static.per_byte": f.static[1]}
    for m, t in r["pingpong"]:
        v[f"pingpong.{int(m)}"] = t
    if f.dynamic is not None:
        v["dynamic.startup"], v["dynamic.per_byte"] = f.dynamic
        v["static_buffer"] = f.switch
    for name in ("bcast", "allreduce"):   # each measured size (interp/calibrate/collectives.py)
        v |= size_times(r, name, f"collectives.{name}")
    if r.get("barrier"):
        v["sync"] = r["barrier"][0][1]
    # Timer calls (processing machine.*) and MPI_Wtick (a comment): one "kind 0 value" line each.
    for name in ("wtime", "dclock", "wtick"):
        if r.get(name):
            v[name] = r[name][0][1]
    return v


# -- the per-byte cost through the measured points ---------------------------------------------------

def per_byte_expr(points, startup: float, limit: int = MAX_LENGTH) -> str | None:
    """``per_byte`` of one buffer class as an expression of m (ns) such that startup + per_byte*m
    is the linear interpolation of the measured one-way times ``points`` [(bytes, s)] (extended
    with the end slopes): the time of a message is the measurement at its size, not a line's
    compromise over sizes whose times are not linear in m. Written with hinge terms
    ``max(0,m-m_k)``, which the machine-file expressions accept; never below 0. When the text
    would pass ``limit`` characters (the loader's longest expression), the knot whose removal changes the
    curve least is dropped, one at a time."""
    pts = [(m, t * 1e9) for m, t in sorted(points)]
    if len(pts) < 2:
        return None
    while True:
        text = _hinges(pts, startup * 1e9)
        if len(text) <= limit or len(pts) <= 2:
            return text
        # the interior knot nearest the line through its neighbours (relative to its time)
        k = min(range(1, len(pts) - 1), key=lambda j: abs(between(pts[j - 1], pts[j + 1], pts[j][0])
                                                          - pts[j][1]) / max(pts[j][1], 1e-12))
        pts.pop(k)


def between(a, b, m):
    """The time at size m on the line through the points a and b [(bytes, time)]."""
    return a[1] + (b[1] - a[1]) * (m - a[0]) / (b[0] - a[0])


def _hinges(ns, startup_ns: float) -> str:
    slopes = [(t2 - t1) / (m2 - m1) for (m1, t1), (m2, t2) in zip(ns, ns[1:])]
    m0, t0 = ns[0]
    base = t0 - startup_ns
    terms = [f"{base:.4g}"] if base else []
    terms.append(f"{slopes[0]:.4g}*" + (f"(m-{m0:g})" if m0 else "m"))
    scale = max(abs(x) for x in slopes) or 1.0
    for (mk, _), before, after in zip(ns[1:], slopes, slopes[1:]):
        if abs(after - before) > 1e-9 * scale:  # not a floating-point rounding of one slope
            terms.append(f"{after - before:.4g}*max(0,m-{mk:g})")
    body = "+".join(terms).replace("+-", "-")
    return f"max(0,{body})/max(m,1) ns"
