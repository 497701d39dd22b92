"""The memory hierarchy from a bandwidth sweep: which buffer sizes each level serves, and at what rate.

node_bench streams buffers of growing size (a factor sqrt(2) apart) and prints the read and write
bandwidth of each (``bwr_<bytes>``, ``bww_<bytes>``). Bandwidth is a step function of the size:
flat while the buffer fits a level, lower past it. The sweep is split into as many contiguous
plateaus as the machine lists data caches plus one (main memory), choosing the split points that
minimise the squared deviation of log(read bandwidth) from each plateau's mean (the eager /
rendezvous split of ``fit_pingpong`` is the same idea with two lines). A level's ``size`` is the
largest buffer of its plateau, the capacity that really delivers its bandwidth (a virtual
machine's share of a shared last-level cache can be far smaller than the size /sys reports);
``bandwidth`` / ``write_bandwidth`` are the plateau's medians.
"""
from __future__ import annotations

import math
import statistics


def parse_sweep(r: dict[str, float]) -> list[tuple[float, float, float]]:
    """(bytes, read B/s, write B/s) of every swept size, ascending: the scalar read stream
    (``bwr_``), which marks the levels' capacities, and the vector write stream (``bvw_``; the
    scalar ``bww_`` of older node_bench output)."""
    out = []
    for key, read in r.items():
        if key.startswith("bwr_"):
            size = key[4:]
            write = r.get(f"bvw_{size}", r.get(f"bww_{size}"))
            if write is not None and read > 0 and write > 0:
                out.append((float(size), read, write))
    return sorted(out)


def vector_reads(r: dict[str, float]) -> dict[float, float]:
    """bytes -> the vector read stream's B/s (``bvr_``): what a level delivers."""
    return {float(k[4:]): v for k, v in r.items() if k.startswith("bvr_") and v > 0}


def split(values: list[float], parts: int, min_len: int = 2) -> list[tuple[int, int]]:
    """Contiguous [start, end) ranges, ``parts`` of them (fewer if too few values), each at least
    ``min_len`` long, minimising the summed squared deviation from each range's mean."""
    n = len(values)
    parts = max(1, min(parts, n // min_len))
    pre, pre2 = [0.0], [0.0]
    for v in values:
        pre.append(pre[-1] + v)
        pre2.append(pre2[-1] + v * v)

    def sse(i, j):
        s, s2, m = pre[j] - pre[i], pre2[j] - pre2[i], j - i
        return s2 - s * s / m

    inf = float("inf")
    # best[k][j]: cost of splitting values[:j] into k ranges; back[k][j]: start of the last one
    best = [[inf] * (n + 1) for _ in range(parts + 1)]
    back = [[0] * (n + 1) for _ in range(parts + 1)]
    best[0][0] = 0.0
    for k in range(1, parts + 1):
        for j in range(k * min_len, n + 1):
            for i in range((k - 1) * min_len, j - min_len + 1):
                c = best[k - 1][i] + sse(i, j)
                if c < best[k][j]:
                    best[k][j], back[k][j] = c, i
    ranges, j = [], n
    for k in range(parts, 0, -1):
        i = back[k][j]
        ranges.append((i, j))
        j = i
    return ranges[::-1]


def levels(sweep: list[tuple[float, float, float]], names: list[str],
           delivered: dict[float, float] | None = None) -> dict[str, float]:
    """Machine-file values ``levels.<name>.size|bandwidth|write_bandwidth`` for the cache levels
    ``names`` (smallest first) and ``main.write_bandwidth`` from the last plateau. The plateaus
    are found in the sweep's (scalar) read rates; a level's ``bandwidth`` is the median of the
    vector reads over its plateau (``delivered``, by size) when the sweep has them."""
    if len(sweep) < 2 * (len(names) + 1):
        return {}
    ranges = split([math.log(r) for _, r, _ in sweep], len(names) + 1)
    if len(ranges) != len(names) + 1:
        return {}
    out = {}
    for k, (name, (i, j)) in enumerate(zip(names, ranges)):
        part = sweep[i:j]
        out[f"levels.{name}.size"] = capacity(sweep, (i, j), ranges[k + 1])
        reads = [delivered[b] for b, _, _ in part if delivered and b in delivered] or [r for _, r, _ in part]
        out[f"levels.{name}.bandwidth"] = statistics.median(reads)
        out[f"levels.{name}.write_bandwidth"] = statistics.median(w for _, _, w in part)
    i, j = ranges[-1]
    out["main.write_bandwidth"] = statistics.median(w for _, _, w in sweep[i:j])
    return out


def shared(runs: list[dict[str, float]], values: dict[str, float]) -> dict[str, float]:
    """``levels.<name>.shared_bandwidth`` / ``shared_write_bandwidth`` and ``main.shared_*`` from
    concurrent sweeps (one per core, ``runs``): per size the mean over the copies of the vector
    read (``bvr_``) and write (``bvw_``) rates; per level the median over the sizes of its plateau
    in ``values`` (the single-core run's ``levels.<name>.size``: the sizes above the level below,
    up to its own), main memory's over the sizes beyond the last level."""
    sizes = sorted({float(k[4:]) for r in runs for k in r if k.startswith("bvr_")})
    rates = {}
    for size in sizes:
        key = f"{int(size)}"
        got = [(r[f"bvr_{key}"], r[f"bvw_{key}"]) for r in runs if f"bvr_{key}" in r and f"bvw_{key}" in r]
        if len(got) == len(runs):
            rates[size] = (statistics.mean(g[0] for g in got), statistics.mean(g[1] for g in got))
    bounds = sorted((v, k.split(".")[1]) for k, v in values.items()
                    if k.startswith("levels.") and k.endswith(".size") and "random" not in k)
    out, below = {}, 0.0
    for top, name in [*bounds, (float("inf"), None)]:
        part = [rw for size, rw in rates.items() if below < size <= top]
        if part:
            prefix = f"levels.{name}" if name else "main"
            out[f"{prefix}.shared_bandwidth"] = statistics.median(r for r, _ in part)
            out[f"{prefix}.shared_write_bandwidth"] = statistics.median(w for _, w in part)
        below = top
    return out


def stream_rates(alone: dict[str, float], copies: list[dict[str, float]]) -> dict[str, float]:
    """Main memory's rates from ``node_bench stream``, which reads (then writes) one buffer far
    beyond the last cache for a second: ``main.bandwidth`` / ``main.write_bandwidth`` from one copy
    alone (``alone``: its bvr_/bvw_ rates), ``main.shared_bandwidth`` /
    ``main.shared_write_bandwidth`` from one copy per core at once (``copies``: their mean, at most
    the rate alone). One buffer streamed for a second is what the models divide a stream's bytes by;
    the sweep's main-memory plateau (and the scalar ``stream_bw``, one pass) read 8.3 GB/s on the
    Zen 1 VM where one core streams 14-17 GB/s, and the sweep's copies passed their cache-sized
    buffers at their own pace, so they did not stream main memory at the same moment (0.88-0.90 of
    one core's rate where kernels measured 0.73-0.82; docs/validation.md, "Session 14")."""
    out = {}
    for prefix, key in (("bvr_", "bandwidth"), ("bvw_", "write_bandwidth")):
        one = next((v for k, v in alone.items() if k.startswith(prefix) and v > 0), None)
        if one is None:
            continue
        out[f"main.{key}"] = one
        each = [v for c in copies for k, v in c.items() if k.startswith(prefix)]
        if copies and len(each) == len(copies):
            out[f"main.shared_{key}"] = min(one, statistics.mean(each))
    return out


def capacity(sweep: list[tuple[float, float, float]], level: tuple[int, int], beyond: tuple[int, int]) -> float:
    """A level's capacity: the largest buffer, from its plateau on, that still reads at least
    the geometric mean of the plateau's rate and the next plateau's (half the level's advantage,
    in log terms, kept). A last-level cache loses its rate gradually (a virtual machine's share
    of a shared L3, a replacement policy that keeps part of a working set a little too large):
    on the Zen 2 VM the scalar reads fell from 46 GB/s at 4 MiB to 23 GB/s at 11.3 MiB and 11
    GB/s beyond 23 MiB; the plateau's last buffer, 5.7 MiB, sent a triad of 14 MiB to main
    memory at a third of the rate it ran at. A sharp step keeps the plateau's last buffer."""
    i, j = level
    here = statistics.median(r for _, r, _ in sweep[i:j])
    there = statistics.median(r for _, r, _ in sweep[beyond[0]:beyond[1]])
    cut = math.sqrt(here * there)
    k = j - 1
    while k + 1 < beyond[1] and sweep[k + 1][1] >= cut:
        k += 1
    return sweep[k][0]


def count_levels(sweep: list[tuple[float, float, float]], most: int = 4, gain: float = 2.0) -> int:
    """How many cache levels a sweep shows when the operating system does not say: each added
    level (one more plateau) must cut the squared misfit of log(read bandwidth) by ``gain``, the
    rule that finds the eager/rendezvous switch in the ping-pong (``fit.fit_pingpong``)."""
    logs = [math.log(r) for _, r, _ in sweep]

    def misfit(parts: int) -> float:
        total = 0.0
        for i, j in split(logs, parts):
            mean = sum(logs[i:j]) / (j - i)
            total += sum((v - mean) ** 2 for v in logs[i:j])
        return total

    k, previous = 0, misfit(1)
    while k < most and len(logs) >= 2 * (k + 2):
        current = misfit(k + 2)
        if current * gain >= previous:
            break
        k, previous = k + 1, current
    return k


def cache_names(caches: dict[str, dict]) -> list[str]:
    """Data and unified cache levels from /sys ("L1d", "L2", "L3") as level names L1, L2, L3."""
    names = sorted(k for k in caches if not k.endswith("i"))
    return [k.rstrip("d") for k in names]


def chase_sizes(values: dict[str, float], caches: dict[str, dict], chase_bytes: float) -> dict[str, int]:
    """The buffer (bytes, a multiple of 64) pointer-chased for the latency of each data cache level:
    a quarter of the capacity that delivered the level's bandwidth in the same run's sweep
    (``levels.<name>.size``, at most the /sys size). The sweep's capacity, not /sys, because a
    virtual machine's /sys reports the host's shared last level (300 MiB on the VM of
    docs/calibrate.md) while the guest's share is 16-32 MiB. A quarter, not half: the streaming
    plateau overstates the capacity that serves random lines (prefetching hides a stream's
    partial misses); on that VM the chase stays at 37-45 ns up to 8 MiB and reaches main memory's
    120 ns at 16 MiB, half of the plateau. Without a sweep result for the level: the /sys size, at
    most the sweep's top (a quarter of the chase buffer). Never below twice the level beneath (if
    the level is that large), so that the level beneath cannot hold most of the lines."""
    out, below = {}, 0
    for key in sorted(k for k in caches if not k.endswith("i")):
        name, size = key.rstrip("d"), caches[key]["size"]
        found = values.get(f"levels.{name}.size")
        capacity = min(size, found if found else chase_bytes / 4)
        out[name] = int(max(capacity / 4, min(2 * below, size))) // 64 * 64
        below = size
    return out


def latencies(chase: dict[int, float], sizes: dict[str, int]) -> dict[str, float]:
    """``levels.<name>.latency`` from the chase times, and ``chase.<name>`` (bytes, a comment)."""
    out = {}
    for name, size in sizes.items():
        if size in chase:
            out[f"levels.{name}.latency"] = max(0.0, chase[size])
            out[f"chase.{name}"] = float(size)
    return out


def random_capacity(name: str, values: dict[str, float], caches: dict[str, dict]) -> float | None:
    """The capacity of a cache level for random lines (a gather's, ``levels.<name>.random_size``):
    the size /sys lists, at most half the capacity that delivered the level's streaming bandwidth
    in the sweep. Half, because a stream's prefetching hides partial misses that random lines pay
    (chase_sizes): on the Zen 2 VM of docs/calibrate.md random loads ran at 2.6 ns up to 4 MiB,
    7.9 ns at 8 MiB and 14-19 ns at 16 MiB, where the sweep's plateau ended at 16 MiB; a linear
    mix of 2.6 ns and main memory's 28 ns gives 14 ns at 16 MiB for a capacity of 8 MiB. The
    smaller levels' plateaus run far past their /sys sizes (prefetching from the next level
    keeps a stream at L1 rates up to several MiB), so there the /sys size decides."""
    listed = caches.get(f"{name}d", caches.get(name, {})).get("size")
    found = values.get(f"levels.{name}.size")
    sizes = [s for s in (listed, found / 2 if found else None) if s]
    return float(min(sizes)) if sizes else None


def gather_sizes(values: dict[str, float], caches: dict[str, dict], chase_bytes: float) -> dict[str, int]:
    """The buffer (bytes, a power of two) in which node_bench gathers for each cache level, half
    its random-line capacity (most lines hit there, few conflict), and for main memory (key
    ``main``): at least the chase buffer and 32 x the last level's capacity, rounded up to a power
    of two, so that at most 1/32 of the lines hit a cache and a random line's page misses the TLB
    as it does in a large table (on the Zen 2 VM, 4 KiB pages: 14.7 ns a load within 64 MiB,
    16 ns within 128 MiB, 18.7 ns within 256 MiB; a gather over a 256 MB table ran at 19 ns)."""
    out, top = {}, 0.0
    for key in sorted(k for k in caches if not k.endswith("i")):
        name = key.rstrip("d")
        cap = random_capacity(name, values, caches)
        if cap:
            out[name] = _pow2_below(cap / 2)
            top = max(top, cap)
    out["main"] = _pow2_below(max(chase_bytes, 32 * top) * 2 - 1)
    return out


def _pow2_below(nbytes: float) -> int:
    """The largest power of two (at least 128) not above ``nbytes``: node_bench's gather rounds
    its buffer so (its line indices are masked), so the sizes asked are the sizes measured."""
    p = 128
    while 2 * p <= nbytes:
        p *= 2
    return p


def gathers(times: dict[int, float], sizes: dict[str, int], values: dict[str, float],
            caches: dict[str, dict]) -> dict[str, float]:
    """``levels.<name>.gather``, ``levels.<name>.random_size``, ``main.gather`` from the gather
    times, and ``gather.<name>`` (bytes, for the comment)."""
    out = {}
    for name, size in sizes.items():
        if size not in times or times[size] <= 0:
            continue
        key = "main" if name == "main" else f"levels.{name}"
        out[f"{key}.gather"] = times[size]
        out[f"gather.{name}"] = float(size)
        if name != "main":
            out[f"{key}.random_size"] = random_capacity(name, values, caches)
    return out
