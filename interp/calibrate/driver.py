"""The ``interp calibrate`` command: compile, run, fit, write, check."""
from __future__ import annotations

import datetime
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import click

from interp.errors import InputError
from interp.calibrate import collectives
from interp.calibrate import fit
from interp.calibrate import hostinfo
from interp.calibrate import levels
from interp.calibrate import mca_cpu
from interp.calibrate import tools
from interp.calibrate.writer import HostInfo, render


def _progress(total: int):
    """A rich progress bar on a terminal; silent in a pipe."""
    if not sys.stderr.isatty():
        return None
    from rich.progress import Progress

    progress = Progress(transient=True, console=__import__("rich.console").console.Console(stderr=True))
    task = progress.add_task("calibrating", total=total)
    return progress, task


def calibrate(out: str, cc: str = "gcc", cflags: str = "-O2", quick: bool = False,
              runs: int | None = None, mpi: bool = True, log=click.echo, cache_levels: int | None = None,
              line_size: int | None = None) -> str:
    """Measure this machine and write ``out``; returns the YAML text."""
    runs = runs or (3 if quick else 5)
    scale = 0.3 if quick else 1.0
    info = HostInfo(socket.gethostname(), datetime.date.today().isoformat(), cc, cflags,
                    os.cpu_count() or 1)
    info.model, info.mhz = hostinfo.cpuinfo()
    info.cpu = hostinfo.march(cc)
    info.caches, info.cache_source = hostinfo.os_caches()
    info.mem_total, info.page = hostinfo.mem_total(), hostinfo.page_size()
    mpitools = tools.mpi_tools() if mpi else None
    if mpi and mpitools is None:
        log("interp calibrate: mpicc/mpiexec not found: communication is not measured, comm_sync is "
            "left void (pip install 'interp[mpi]' for MPICH)", err=True)
    if mpitools and info.cpus < 2:
        log("interp calibrate: one core only: the MPI benchmarks need 2 ranks; comm_sync left void", err=True)
        mpitools = None
    flags = cflags.split()
    bar = _progress(runs * (2 if mpitools else 1) + 1)
    node_runs, comm_runs = [], []
    with tempfile.TemporaryDirectory(prefix="interp-cal-") as tmp:
        exe = tools.compile_c(cc, [tools.bench_source("node_bench.c")], Path(tmp) / "node_bench", flags)
        fexe = tools.compile_c(cc, [tools.bench_source("fetch_bench.c")], Path(tmp) / "fetch_bench", flags)
        if not info.caches or cache_levels is not None:
            line_size = line_size or next((c["block"] for c in info.caches.values() if c.get("block")), None)
            if line_size is None:
                raise InputError("the operating system lists no caches (/sys, getconf -a, sysctl hw): give "
                                 "--line-size (64 on x86-64 and most ARM cores, 128 on Apple M and POWER) and "
                                 "optionally --cache-levels; the levels' sizes are then measured")
            info.caches = _measure_caches(exe, scale, cache_levels, line_size)
            info.cache_source = "measured: bandwidth sweep plateaus (docs/calibrate.md)"
            found = ", ".join(f"{k} {c['size'] // 1024} KiB" for k, c in info.caches.items())
            log(f"interp calibrate: cache levels measured: {found or 'none found'}; "
                + ("as --cache-levels asked" if cache_levels is not None else
                   "give --cache-levels K if the machine has another number of levels"), err=True)
        llc = max((c["size"] for c in info.caches.values()), default=32 << 20)
        l1 = info.caches.get("L1d", {}).get("size", 32 << 10)
        # cache.bandwidth is measured in half of the level below the last (L2), or of L1d.
        mid = info.caches.get("L2", {}).get("size", 4 * l1)
        mexe = None
        if mpitools:
            mexe = tools.compile_c(mpitools[0], [tools.bench_source("mpi_bench.c")], Path(tmp) / "mpi_bench",
                                   flags, libs=())
            info.mpi = _mpi_name(mpitools[1])
        ctx = bar[0] if bar else _Null()
        with ctx:
            _step(bar)
            for _ in range(runs):
                run = _node_run(exe, scale, llc, l1, mid, info.caches)
                run |= fit.fetch_values(fit.parse_lines(tools.run([fexe, scale], timeout=120)))
                run |= _shared_sweep(exe, scale, llc, info.cpus, run)
                node_runs.append(run | _main_stream(exe, llc, info.cpus))
                _step(bar)
                if mexe:
                    text = tools.run(tools.mpiexec_cmd(mpitools[1], 2, mexe, [scale]), timeout=300)
                    values = fit.comm_values(fit.parse_mpi(text))
                    for procs in collectives.counts(info.cpus):
                        text = tools.run(tools.mpiexec_cmd(mpitools[1], procs, mexe, [scale, "coll"]), timeout=300)
                        values |= collectives.values(fit.parse_mpi(text, pingpong=False), procs)
                    comm_runs.append(values)
                    _step(bar)
    node = fit.over_runs(node_runs)
    if info.cpu and "ops.double_add" in node:
        info.mca_cpu, fits = mca_cpu.choose({k: v.median for k, v in node.items()}, info.cpu)
        info.mca_note = mca_cpu.describe(info.mca_cpu, info.cpu, fits)
    comm = fit.over_runs(comm_runs) if comm_runs else None
    text = render(info, node, comm)
    _check(text, out)
    from interp.output.atomic import write_text

    write_text(out, text)
    return text


SHARE_SECONDS = 2.0   # node_bench share: port-bound and dependent chunks alternated this long per run
TOUCH_BYTES = 64 << 20   # a fresh allocation's pages are written once (node_bench touch): main.first_touch


def _node_run(exe, scale: float, llc: int, l1: int, mid: int, caches: dict) -> dict[str, float]:
    """One run of node_bench, then its chase and its gather in each cache level at the sizes its
    sweep found (and the gather beyond the caches)."""
    parsed = fit.parse_node(tools.run([exe, scale, llc, l1, mid], timeout=300))
    values = fit.node_values(parsed, levels.cache_names(caches)) | {"chase_bytes": parsed["chase_bytes"]}
    sizes = levels.chase_sizes(values, caches, parsed["chase_bytes"])
    if sizes:
        chase = fit.parse_chase(tools.run([exe, "chase", scale, *sizes.values()], timeout=300))
        values |= levels.latencies(chase, sizes)
    spans = levels.gather_sizes(values, caches, parsed["chase_bytes"])
    gathered = fit.parse_gather(tools.run([exe, "gather", scale, *sorted(set(spans.values()))], timeout=300))
    touched = fit.parse_touch(tools.run([exe, "touch", scale, TOUCH_BYTES], timeout=300))
    shared = fit.share_values(fit.parse_lines(tools.run([exe, "share", scale, SHARE_SECONDS * scale], timeout=120)))
    return values | levels.gathers(gathered, spans, values, caches) | touched | shared


def _shared_sweep(exe, scale: float, llc: int, cpus: int, values: dict[str, float]) -> dict[str, float]:
    """Each level's and main memory's bandwidth per core when every core streams at once:
    ``node_bench sweep`` on each core together (the same sizes as the main run's sweep, up to 4 x
    the last level as there), the copies' rates averaged per size, each level's the median over the
    sizes of its plateau as this run found it (levels.shared). The roofline and compiled models
    give each of k processes on a node min(alone, cores x this / k) (docs/model.md, "Processes
    sharing a node")."""
    if cpus < 2:
        return {}
    top = 4 * llc if llc < (256 << 20) else (512 << 20)
    runs = _on_every_core([str(c) for c in (exe, "sweep", scale, top)], cpus, 600)
    return levels.shared(runs, values)


STREAM_SECONDS = 1.0  # each of node_bench stream's read and write phases


def _main_stream(exe, llc: int, cpus: int) -> dict[str, float]:
    """main.bandwidth, main.write_bandwidth and their shared_* from ``node_bench stream`` over 4 x
    the last level (at least 64 MiB): alone, then on every core at once (levels.stream_rates; they
    replace the sweep's figures for main memory)."""
    cmd = [str(c) for c in (exe, "stream", max(4 * llc, 64 << 20), STREAM_SECONDS)]
    alone = fit.parse_lines(tools.run(cmd, timeout=120))
    return levels.stream_rates(alone, _on_every_core(cmd, cpus, 120) if cpus >= 2 else [])


def _on_every_core(cmd: list[str], cpus: int, timeout: int) -> list[dict[str, float]]:
    """``cmd`` started once per core at the same moment; each copy's printed figures."""
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(cpus)]
    runs = []
    for p in procs:
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            raise InputError(f"{' '.join(cmd)}: no result after {timeout} s") from None
        if p.returncode != 0:
            raise InputError(f"{' '.join(cmd)} failed (exit {p.returncode}): {err.strip()[-500:]}")
        runs.append(fit.parse_lines(out))
    return runs


def _measure_caches(exe, scale: float, count: int | None, line: int) -> dict[str, dict]:
    """The data caches when the operating system lists none (or ``--cache-levels`` asks): ``count``
    levels, or as many as the bandwidth sweep has plateaus (each added level must halve the misfit),
    each as large as its plateau; the line size is the user's (a stride benchmark on the VM of
    docs/calibrate.md could not tell 64 from 128 B)."""
    sweep = levels.parse_sweep(fit.parse_node(tools.run([exe, scale], timeout=300)))
    count = levels.count_levels(sweep) if count is None else count
    found = levels.levels(sweep, [f"L{k}" for k in range(1, count + 1)])
    sizes = [int(found[f"levels.L{k}.size"]) for k in range(1, count + 1) if f"levels.L{k}.size" in found]
    return {("L1d" if k == 0 else f"L{k + 1}"): {"size": size, "block": line} for k, size in enumerate(sizes)}


def _check(text: str, out: str) -> None:
    """The written file must load: a calibration that writes a broken file is a bug."""
    from sag import loads

    loads(text, out)


def _mpi_name(mpiexec: str) -> str:
    import subprocess

    try:
        text = subprocess.run([mpiexec, "--version"], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "MPI"
    for line in text.splitlines():
        if "Version" in line or "Open MPI" in line:
            return ("MPICH " if "HYDRA" in text else "") + line.split(":")[-1].strip()
    return "MPI"


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _step(bar):
    if bar:
        bar[0].advance(bar[1])
