"""Writing the calibrated machine file: YAML text with each value a [min, max] range over the runs
and its median as a comment, so a reader sees the spread and the central figure together."""
from __future__ import annotations

from dataclasses import dataclass, field

from interp.calibrate import collectives
from interp.calibrate.fit import (FETCH_PLACEMENTS, LIB_ARGS, LIB_THROUGHPUT, TIMER_ARGS, Stat, fetch_window, per_byte_expr,
                                  wider_fetch_times)


def fmt_time(seconds: float) -> str:
    s = abs(seconds)
    if s == 0:
        return "0 ns"
    for unit, scale in (("ns", 1e-9), ("us", 1e-6), ("ms", 1e-3)):
        if s < 1000 * scale:
            return f"{seconds / scale:.4g} {unit}"
    return f"{seconds:.4g} s"


def fmt_size(nbytes: float) -> str:
    n = int(round(nbytes))
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} B"


def fmt_rate(bps: float) -> str:
    return f"{bps / 1e9:.4g} GB/s"


def fmt_range(stat: Stat, fmt) -> str:
    """``[min, max]  # median X, N runs``: a single value when every run agreed."""
    lo, hi = fmt(stat.lo), fmt(stat.hi)
    value = lo if lo == hi else f"[{lo}, {hi}]"
    if stat.ends is not None:
        return (f"{value}    # 1-bit quotient: median {fmt(stat.ends[0])}; 30-bit: median "
                f"{fmt(stat.ends[1])}; {stat.runs} runs (the divider's time grows with the quotient)")
    return f"{value}    # median {fmt(stat.median)}, {stat.runs} runs"


@dataclass
class HostInfo:
    hostname: str
    date: str
    cc: str
    cflags: str
    cpus: int
    model: str = "CPU"
    mhz: float | None = None                       # /proc/cpuinfo "cpu MHz"
    caches: dict = field(default_factory=dict)     # "L1d", "L1i", "L2", "L3" -> {size, block, assoc}
    mem_total: int | None = None
    page: int | None = None
    mpi: str | None = None                         # MPI implementation, None = comm not measured
    notes: list = field(default_factory=list)
    cache_source: str | None = None                # where ``caches`` come from (hostinfo.os_caches)
    cpu: str | None = None                         # the compiler's -march=native (llvm-mca's -mcpu)
    mca_cpu: str | None = None                     # llvm-mca's model closest to node_bench (mca_cpu.choose)
    mca_note: str | None = None                    # why that one (mca_cpu.describe)


def render(info: HostInfo, node: dict[str, Stat], comm: dict[str, Stat] | None) -> str:
    src = f"calibration run on {info.hostname}, {info.date}, {info.cc} {info.cflags}".strip()
    lines = [
        f"# Written by `interp calibrate` on {info.hostname}, {info.date} (docs/calibrate.md).",
        "# Each value is the range [min, max] over repeated runs; the comment gives the median.",
        *[f"# Note: {n}" for n in info.notes],
        f"name: {_q(info.hostname + ' (calibrated)')}",
        f"source: {_q(src)}",
        "sag:",
        "  id: SAU-0",
        f"  name: {_q(info.hostname)}",
        "  processing: compound",
        "  children:",
        "    - id: SAU-00",
        f"      name: {_q(info.model)}",
        "      role: compute",
        f"      count: {info.cpus}        # os.cpu_count(): one process per core",
        "      processing:",
        *_processing(info, node, comm, "        "),
        "      memory: compound",
        *_comm(comm, info, "      "),
        "      io: void",
        "      children:",
        "        - id: SAU-000",
        "          name: cache hierarchy",
        "          role: part",
        "          memory:",
        *_cache(info, node, "            "),
        "        - id: SAU-001",
        "          name: main memory",
        "          role: part",
        "          memory:",
        "            main:",
        *([f"              size: {fmt_size(info.mem_total)}    # /proc/meminfo MemTotal"] if info.mem_total else []),
        *([f"              page: {fmt_size(info.page)}"] if info.page else []),
        f"              fetch: {fmt_range(node['fetch_miss'], fmt_time)}    # latency beyond the LLC: "
        "the fetch_miss chase",
        f"              bandwidth: {fmt_range(node['main.bandwidth'], fmt_rate)}    # streaming read: "
        "one buffer of 4 x the last level read for a second (node_bench stream)",
        *([f"              write_bandwidth: {fmt_range(node['main.write_bandwidth'], fmt_rate)}    "
           "# streaming write: the same buffer written for a second"] if "main.write_bandwidth" in node else []),
        *([f"              gather: {fmt_range(node['main.gather'], fmt_time)}    # {_gather_note(node.get('gather.main'))}"]
          if "main.gather" in node else []),
        *([f"              first_touch: {fmt_range(node['main.first_touch'], fmt_time)}    # per page: one byte "
           "written to each page of a fresh 64 MiB allocation (node_bench touch): the kernel maps it on first touch"]
          if "main.first_touch" in node else []),
        *([f"              gather_span: {fmt_size(node['gather.main'].median)}    # the buffer main.gather was "
           "measured in (median over runs): the gather model grows log-linearly up to it from the last level"]
          if "main.gather" in node and "gather.main" in node else []),
        *([f"              shared_bandwidth: {fmt_range(node['main.shared_bandwidth'], fmt_rate)}    "
           f"# per core, every core streaming reads at once: the mean of {info.cpus} "
           "copies of node_bench stream started together (levels.stream_rates)",
           f"              shared_write_bandwidth: {fmt_range(node['main.shared_write_bandwidth'], fmt_rate)}    "
           "# per core, every core streaming writes at once (the same, for writes)"] if "main.shared_bandwidth" in node else []),
        "    # The host of a host-node (NX/2) program runs as one more process on the same cores",
        "    # (interp validate's NX/2-on-MPI shim); it has the compute units' processing costs.",
        "    - id: SAU-01",
        f"      name: {_q(info.hostname + ' host process')}",
        "      role: host",
        "      count: 1",
        "      processing:",
        *_processing(info, node, comm, "        "),
        "    - id: SAU-02",
        "      name: host-node path (same shared memory)",
        "      role: link",
        "      connects: [SAU-00, SAU-01]",
        "      # No timing of its own: host-node messages are costed with SAU-00's comm_sync.",
        "      comm_sync: {routing: direct}",
    ]
    return "\n".join(lines) + "\n"


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', "'") + '"'


def _issue_share(node: dict[str, Stat], ind: str) -> list[str]:
    """compiled.issue_share from node_bench share (fit.share_values)."""
    stat = node.get("compiled.issue_share")
    if stat is None:
        return []
    return [f"{ind}issue_share: {fmt_range(stat, lambda v: f'{v:.3g}')}    # node_bench share: an L1 triad's "
            "time alone (1st percentile of 1 ms chunks, over a dependent add chain's) over its mean time "
            "for seconds: the share of the core's ports this process gets when the core's other hardware "
            "thread runs another tenant (docs/calibrate.md)"]


def _fetch(node: dict[str, Stat], ind: str) -> list[str]:
    """compiled.fetch_window and fetch_time from fetch_bench (fit.fetch_window), with the placement
    times that decided them; a comment when nothing was measured or no placement was slower."""
    if "fetch.inside" not in node:
        return [f"{ind}# fetch_window: not measured (fetch_bench has no experiment for this instruction set)"]
    times = ", ".join([f"{fmt_time(node['fetch.inside'].median)} inside one 64 B block",
                       *(f"{fmt_time(node[f'fetch.cross{w}'].median)} across {w} B" for w in FETCH_PLACEMENTS)])
    found = fetch_window(node)
    if found is None:
        return [f"{ind}# fetch_window: not written: no placement of fetch_bench's 17-byte loop was slower ({times})"]
    window, per = found
    return [f"{ind}fetch_window: {window} B    # fetch_bench, 17-byte loop, median a pass: {times}",
            f"{ind}fetch_time: {fmt_range(per, fmt_time)}    # per fetch window a loop's pass spans: half "
            f"the loop's time across {window} B (docs/calibrate.md)",
            *(f"{ind}fetch_time_{w}: {fmt_range(t, fmt_time)}    # per {w} B block a loop's pass spans: half "
              f"the loop's time across {w} B" for w, t in wider_fetch_times(node, window))]


def _divider(node: dict[str, Stat], ind: str) -> list[str]:
    """processing.divider: the two ends of throughput.int_div (fit.divider_span) as single values,
    the quotient widths node_bench divides (1000000007 / 1 and 1 / 1): the compiled and roofline
    models cost a division whose operands the engine knows by its quotient's width."""
    stat = node.get("throughput.int_div")
    if stat is None or stat.ends is None:
        return []
    return [f"{ind}divider:    # independent divisions by quotient width, linear in the bits (interp/models/divider.py)",
            f"{ind}  narrow: {fmt_time(stat.ends[0])}    # node_bench int_div_narrow (1 / 1), median of {stat.runs} runs",
            f"{ind}  wide: {fmt_time(stat.ends[1])}    # node_bench int_div (1000000007 / 1), median of {stat.runs} runs",
            f"{ind}  narrow_bits: 1",
            f"{ind}  wide_bits: 30"] + _chained_divider(node.get("ops.int_div"), ind)


def _chained_divider(stat: Stat | None, ind: str) -> list[str]:
    """The two ends of ops.int_div: a division waiting for the one before it (Euclid's loop)
    pays the divider's latency, which a partly pipelined divider makes longer than its issue
    interval (interp/models/divider.py)."""
    if stat is None or stat.ends is None:
        return []
    return [f"{ind}  latency_narrow: {fmt_time(stat.ends[0])}    # node_bench int_div_narrow chain, median of {stat.runs} runs",
            f"{ind}  latency_wide: {fmt_time(stat.ends[1])}    # node_bench int_div chain, median of {stat.runs} runs"]


def _processing(info: HostInfo, node: dict[str, Stat], comm: dict[str, Stat] | None, ind: str) -> list[str]:
    measured = node.get("clock_measured")
    out = []
    if info.mhz:
        out.append(f"{ind}clock: {info.mhz:.0f} MHz    # /proc/cpuinfo 'cpu MHz'"
                   + (f"; measured (1 / int add chain): {measured.median / 1e6:.0f} MHz" if measured else ""))
    elif measured:
        out.append(f"{ind}clock: [{measured.lo / 1e6:.0f} MHz, {measured.hi / 1e6:.0f} MHz]    "
                   f"# measured as 1 / (int add chain), median {measured.median / 1e6:.0f} MHz")
    tput = [k for k in node if k.startswith("throughput.")]
    # The compiled model (interp/models/compiled.py) needs the CPU's name for llvm-mca and falls
    # back to the roofline model, which uses the throughput values; the latency values (ops) stay
    # for the opcount model (set model: opcount to use it).
    compiled = bool(tput and info.cpu and "ops.int_add" in node)
    out.append(f"{ind}model: {'compiled' if compiled else 'roofline' if tput else 'opcount'}")
    if compiled:
        out += [f"{ind}compiled:    # build the program as validate does, llvm-mca per loop (docs/model.md)",
                f"{ind}  cc: {_q(info.cc)}",
                f"{ind}  cflags: {_q(info.cflags)}",
                f"{ind}  cpu: {_q(info.cpu)}    # {info.cc} -march=native -Q --help=target",
                *([f"{ind}  mca_cpu: {_q(info.mca_cpu)}    # {info.mca_note}"]
                  if info.mca_cpu and info.mca_cpu != info.cpu else
                  [f"{ind}  # mca_cpu: not written; {info.mca_note}"] if info.mca_note else []),
                f"{ind}  # cycle: not written; the model takes ops.double_add over llvm-mca's cycles for a "
                "dependent addsd (docs/model.md)",
                *_fetch(node, ind + "  "),
                *_issue_share(node, ind + "  ")]
    out.append(f"{ind}ops:    # one operation of a dependent chain")
    for key in ("int_add", "int_mul", "int_div", "long_div", "real_add", "real_mul", "real_div", "double_add",
                "double_mul", "double_div", "int_to_real", "real_to_int"):
        if "ops." + key not in node:  # long_div: older node_bench outputs
            continue
        note = ("  (int->float->int chain, halved)" if key in ("int_to_real", "real_to_int") else
                "  (64-bit operands: int_div's span moved by the difference at a 30-bit quotient)"
                if key == "long_div" else "")
        out.append(f"{ind}  {key}: {fmt_range(node['ops.' + key], fmt_time)}{note}")
    if tput:
        out.append(f"{ind}throughput:    # independent operations (8 accumulators), roofline model")
        for key in ("int_add", "int_mul", "int_div", "long_div", "real_add", "real_mul", "real_div", "double_add",
                    "double_mul", "double_div", "double_sqrt", "int_to_real", "real_to_int", "per_iter", "per_iter_step"):
            if f"throughput.{key}" in node:
                note = ("  (int->double of independent values)" if key in ("int_to_real", "real_to_int")
                        else "  (8 independent sqrt(a) + 1 chains: the divide/square-root unit)" if key == "double_sqrt"
                        else "  (16 vs 8 busy adds per trip)" if key.startswith("per_iter") else "")
                out.append(f"{ind}  {key}: {fmt_range(node['throughput.' + key], fmt_time)}{note}")
    out += _divider(node, ind)
    for group, keys in (("iter", ("fixed", "per_iter", "fixed_step", "per_iter_step")),
                        ("cond", ("per_condition", "branch_taken", "mispredict")),
                        ("call", ("per_call", "per_arg")),
                        ("lib", tuple(LIB_ARGS) + tuple(k for k in TIMER_ARGS if f"lib.{k}" in node))):
        out.append(f"{ind}{group}:" + ("    # the time beyond call.per_call + args * call.per_arg"
                                       if group == "lib" else ""))
        for key in keys:
            if f"{group}.{key}" not in node:  # cond.mispredict: node_bench outputs before it
                continue
            out.append(f"{ind}  {key}: {fmt_range(node[f'{group}.{key}'], fmt_time)}"
                       + (_resolution(node) if key == "clock_gettime" else "")
                       + ("    # if on random bits against alternating ones, x 2 (half are missed)"
                          if key == "mispredict" else ""))
    tput = [k for k in LIB_THROUGHPUT if f"lib_throughput.{k}" in node]
    if tput:
        out.append(f"{ind}lib_throughput:    # independent calls y = f(x[i]), call included (compiled model's loops)")
        out += [f"{ind}  {k}: {fmt_range(node[f'lib_throughput.{k}'], fmt_time)}" for k in tput]
    return out + _machine_calls(comm, ind)


def _resolution(node: dict[str, Stat]) -> str:
    """CLOCK_MONOTONIC's resolution as a comment: what a program can time, not a cost."""
    parts = []
    if "timer_res" in node:
        parts.append(f"resolution {fmt_time(node['timer_res'].median)} (clock_getres)")
    if "timer_step" in node:
        parts.append(f"smallest step seen {fmt_time(node['timer_step'].lo)}")
    return ("; " + ", ".join(parts)) if parts else ""


def _machine_calls(comm: dict[str, Stat] | None, ind: str) -> list[str]:
    """machine.* (whole cost of the call, paper Table 1): the timers measured by mpi_bench. Without
    MPI nothing is written; a missing machine.* value is costed 0 with a note."""
    if not comm or "wtime" not in comm:
        return []
    tick = f"; MPI_Wtick {comm['wtick'].median:g} s" if "wtick" in comm else ""
    out = [f"{ind}machine:    # whole cost of one call (mpi_bench){tick}",
           f"{ind}  MPI_Wtime: {fmt_range(comm['wtime'], fmt_time)}"]
    if "dclock" in comm:
        out.append(f"{ind}  dclock: {fmt_range(comm['dclock'], fmt_time)}; "
                   "the NX/2 shim's dclock, a function returning MPI_Wtime()")
    return out


def _cache(info: HostInfo, node: dict[str, Stat], ind: str) -> list[str]:
    out = []
    # The model's cache is one level: an access hits below its working-set window and costs
    # fetch_miss above it. fetch_miss is measured beyond the last level, so the window is the last
    # level's (the levels between are not modelled; their sizes are listed here as comments).
    llc = next((info.caches[k] for k in ("L3", "L2", "L1d") if k in info.caches), None)
    for k, c in sorted(info.caches.items()):
        ways = f", {c['assoc']}-way" if c.get("assoc") else ""
        out.append(f"{ind}# {k}: {fmt_size(c['size'])}, {c.get('block', '?')} B lines{ways}  "
                   f"({info.cache_source or 'the operating system'})")
    if llc:
        parts = [f"size: {fmt_size(llc['size'])}"]
        if llc.get("block"):
            parts.append(f"block: {llc['block']} B")
        if llc.get("assoc"):
            parts.append(f"assoc: {llc['assoc']}")
        out.append(f"{ind}cache:    # the last level (see comment above)")
        out += [f"{ind}  {p}" for p in parts]
        if "cache.bandwidth" in node:
            out.append(f"{ind}  bandwidth: {fmt_range(node['cache.bandwidth'], fmt_rate)}    "
                       "# streaming read of half of L2 (roofline model)")
    out += _levels(info, node, ind)
    l1i = info.caches.get("L1i")
    if l1i:
        out.append(f"{ind}icache: {{size: {fmt_size(l1i['size'])}, block: {l1i.get('block', 64)} B"
                   + (f", assoc: {l1i['assoc']}" if l1i.get("assoc") else "") + "}")
    out += [
        f"{ind}fetch: {fmt_range(node['fetch'], fmt_time)}    # pointer chase within L1",
        f"{ind}fetch_miss: {fmt_range(node['fetch_miss'], fmt_time)}    # pointer chase beyond the LLC "
        f"({fmt_size(node['chase_bytes'].median) if 'chase_bytes' in node else '?'})",
        f"{ind}store: {fmt_range(node['store'], fmt_time)}    # random-line stores within L1, per store",
        f"{ind}store_miss: {fmt_range(node['store_miss'], fmt_time)}    # random-line stores beyond the LLC",
    ]
    return out


def _levels(info: HostInfo, node: dict[str, Stat], ind: str) -> list[str]:
    """memory.levels: each cache level's capacity and bandwidths (the sweep) and latency (a
    chase). A level without a sweep result keeps its latency; the roofline model skips it."""
    names = sorted({k.split(".")[1] for k in node if k.startswith("levels.")})
    out = [f"{ind}levels:    # bandwidth sweep split into plateaus (roofline model), pointer-chase "
           "latency (searches), random gathers (indirect access); docs/calibrate.md"] if names else []
    for name in names:
        sys_size = info.caches.get(name, info.caches.get(name + "d", {})).get("size")
        out.append(f"{ind}  {name}:")
        for key, fmt, note in (
                ("size", fmt_size, "delivers the bandwidth below; listed: "
                 + (fmt_size(sys_size) if sys_size else "?")),
                ("bandwidth", fmt_rate, "streaming read"),
                ("write_bandwidth", fmt_rate, "streaming write"),
                ("shared_bandwidth", fmt_rate, "per core, every core streaming reads at once (its plateau's sizes)"),
                ("shared_write_bandwidth", fmt_rate, "per core, every core streaming writes at once"),
                ("latency", fmt_time, _chase_note(node.get(f"chase.{name}"))),
                ("gather", fmt_time, _gather_note(node.get(f"gather.{name}"))),
                ("random_size", fmt_size, "capacity for random lines (gather model): the listed size, "
                 "at most half the size above")):
            if f"levels.{name}.{key}" in node:
                out.append(f"{ind}    {key}: {fmt_range(node[f'levels.{name}.{key}'], fmt)}    # {note}")
    return out


def _chase_note(size: Stat | None) -> str:
    if size is None:
        return "pointer chase"
    span = _approx_size(size.lo) + ("" if size.lo == size.hi else f" to {_approx_size(size.hi)}")
    return f"pointer chase within {span}, random 64 B lines, 2 MiB pages if granted"


def _gather_note(size: Stat | None) -> str:
    if size is None:
        return "independent random-line loads"
    span = _approx_size(size.lo) + ("" if size.lo == size.hi else f" to {_approx_size(size.hi)}")
    return f"independent loads of random 64 B lines within {span} (node_bench gather), 4 KiB pages, per load"


def _approx_size(nbytes: float) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if nbytes >= scale:
            return f"{nbytes / scale:.3g} {unit}"
    return f"{nbytes:.0f} B"


def _class_cost(comm: dict[str, Stat], cls: str, member, ind: str) -> list[str]:
    """startup and per_byte of one buffer class. per_byte goes through the class's measured
    one-way times (per size, min and max over the runs); the startup is then the fitted
    intercept or the class's smallest measured time, whichever is lower, so the per-byte part is
    never negative. Without the per-size times, the fitted line."""
    line, startup = comm[f"{cls}.per_byte"], comm[f"{cls}.startup"]
    sizes = sorted(int(k.split(".")[1]) for k in comm
                   if k.startswith("pingpong.") and member(int(k.split(".")[1])))
    if len(sizes) < 2:
        return [f"{ind}    startup: {fmt_range(startup, fmt_time)}",
                f"{ind}    per_byte: {fmt_range(line, fmt_time)}"]
    times = [comm[f"pingpong.{m}"] for m in sizes]
    start = Stat(min([startup.lo] + [t.lo for t in times]), min([startup.hi] + [t.hi for t in times]),
                 min([startup.median] + [t.median for t in times]), startup.runs)
    lo = per_byte_expr([(m, t.lo) for m, t in zip(sizes, times)], start.lo)
    hi = per_byte_expr([(m, t.hi) for m, t in zip(sizes, times)], start.hi)
    return [f"{ind}    startup: {fmt_range(start, fmt_time)}    # fitted intercept or smallest time",
            f'{ind}    per_byte: ["{lo}", "{hi}"]    # through the measured one-way times of '
            f"{len(sizes)} sizes (min, max over runs); fitted line: {fmt_time(line.median)}/B"]


def _comm(comm: dict[str, Stat] | None, info: HostInfo, ind: str) -> list[str]:
    if not comm:
        # The loader requires a simple component to export a parameter; with nothing measured the
        # component is void rather than invented.
        return [f"{ind}comm_sync: void    # not measured: no mpicc/mpiexec (pip install 'interp[mpi]')"]
    switch = comm["static_buffer"].median if "dynamic.startup" in comm else None
    out = [f"{ind}comm_sync:    # MPI ping-pong between 2 ranks ({info.mpi}); one-way time = startup + per_byte*m",
           f"{ind}  topology: crossbar    # shared memory: every pair one hop apart",
           f"{ind}  static:    # eager protocol (small messages)",
           *_class_cost(comm, "static", lambda m: switch is None or m <= switch, ind)]
    if "dynamic.startup" in comm:
        out += [f"{ind}  dynamic:    # rendezvous protocol (large messages)",
                *_class_cost(comm, "dynamic", lambda m: m > switch, ind),
                f"{ind}  static_buffer: {fmt_size(comm['static_buffer'].median)}    "
                f"# eager/rendezvous switch found in the fit, range over runs "
                f"[{fmt_size(comm['static_buffer'].lo)}, {fmt_size(comm['static_buffer'].hi)}]"]
    if "sync" in comm:
        out.append(f"{ind}  sync: {fmt_range(comm['sync'], fmt_time)}    # MPI_Barrier, 2 ranks")
    out += collectives.lines(comm, ind)
    return out
