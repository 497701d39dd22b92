"""interp against SimGrid SMPI on issue 16's stencil: whole-process wall time and peak memory.

The program is issue 16's 1-D stencil (PROGRAM below, as benchmarks/stencil_steady.py's: two
``MPI_Sendrecv`` halo exchanges a step with the ring neighbours, a sweep over n/P points, an
``MPI_Allreduce`` every 10 steps through ``if (step % 10 == 0)``; n and the step count from argv).
Both tools predict it on the same platform:

- SMPI (``smpirun``) runs the compiled program for real, every rank a user-level context of one process, and
  charges the measured computation to a simulated host; the platform is a SimGrid ``<cluster>``
  of P hosts, each with its own link (latency LINK_LAT, bandwidth LINK_BW) to the cluster's
  router, no backbone: a message crosses the sender's link and the receiver's, 2 x LINK_LAT +
  m / LINK_BW under SimGrid's CM02 model (no SMPI correction factors, no cross-traffic).
- interp predicts it on a machine file written from the same numbers: a crossbar of P nodes
  (every pair one hop apart, a link per pair) with ``startup`` = 2 x LINK_LAT and ``per_byte`` =
  1 / LINK_BW, and the node of ``interp calibrate`` on this computer (the computer SMPI measures
  the computation on; SMPI's host speed equals ``smpi/host-speed``, so a simulated second of
  computation is a measured second here).

Every point is run ``--repeat`` times (default 3) in the order SMPI, interp, interp --exact,
SMPI, ... so that the machine's load falls on every tool alike; each run is a fresh process
whose wall time and peak RSS (of its process tree: ``getrusage(RUSAGE_CHILDREN)`` in a wrapper
process of its own) are taken; the table gives the medians. Without ``smpirun`` on PATH the
script prints "skipped: smpirun not installed" and exits 0 (CI has no SimGrid).

    python benchmarks/vs_smpi.py [--quick] [--repeat K] [--json] [--node host.yaml] [--keep DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

# Issue 16's stencil. Unlike benchmarks/stencil_steady.py's copy it writes both arrays before the
# steps: SMPI runs the sweep for real, and the never-written pages of a fresh malloc all map the
# kernel's one zero page, so reading them would hit in cache and SMPI would measure a sweep of no
# memory traffic (0.88 ns a point at n = 4e7, P = 16, against 1.4 ns predicted from this
# computer's memory bandwidth). The allreduce sums a value the sweep wrote, so the sweep is live.
PROGRAM = r"""
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, step, i, n = atoi(argv[1]), steps = atoi(argv[2]);
    double *u, *v, local = 0.0, global;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int m = n / size;
    u = malloc((m + 2) * sizeof(double));
    v = malloc((m + 2) * sizeof(double));
    for (i = 0; i < m + 2; i++) {
        u[i] = 1.0;
        v[i] = 0.0;
    }
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (step = 0; step < steps; step++) {
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[m + 1], 1, MPI_DOUBLE, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[m], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 1; i <= m; i++)
            v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        if (step % 10 == 0) {
            local = v[m / 2];
            MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
"""

# The platform, in SimGrid's units (the interp machine is derived from the same two strings).
# A 10 Gbit/s Ethernet-class cluster: 1.25 GB/s and 2.5 us per link (a choice, docs/performance.md
# "interp against SMPI"); the messages of this stencil are 8 bytes, so the latency dominates.
LINK_LAT = "2.5us"
LINK_BW = "1.25GBps"
# SMPI's host speed and the simulating computer's speed (smpi/host-speed) are set equal: SMPI
# then charges each measured burst of computation at its measured length.
HOST_SPEED = "1Gf"
STEPS = 100
POINTS = [(16, 4_000_000), (16, 40_000_000), (256, 4_000_000), (1024, 4_000_000)]
QUICK = [(16, 4_000_000), (256, 4_000_000)]
# Issue 16's goals for the interp/SMPI wall-time ratio (interp default).
GOALS = {(16, 40_000_000): 14.0, (1024, 4_000_000): 10.0}

# SimGrid's unit suffixes (SimGrid's xbt_parse_units tables) for the two we write.
_SECONDS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}
_BYTES_PER_S = {"Bps": 1.0, "kBps": 1e3, "MBps": 1e6, "GBps": 1e9}

# The options of every smpirun: the network model without SMPI's piecewise correction factors
# (CM02: latency + size / bandwidth, the model interp's machine file states), no modelled TCP
# acknowledgements on the reverse path, the recursive-doubling allreduce interp uses for
# MPI_Allreduce without a fitted expression (docs/model.md), the host speed above, and the
# simulated time printed. Everything else is SMPI's default (privatization on, computation
# measured and simulated, smpi/cpu-threshold 1e-6 s).
SMPI_CFG = ["--cfg=network/model:CM02", "--cfg=network/crosstraffic:0", "--cfg=smpi/allreduce:rdb",
            f"--cfg=smpi/host-speed:{HOST_SPEED}", "--cfg=smpi/display-timing:1"]

# Runs a command in a process of its own and reports its wall time and the peak RSS of its
# process tree (RUSAGE_CHILDREN of a fresh process covers exactly that command's descendants).
MEASURE = r"""
import json, resource, subprocess, sys, time
t0 = time.perf_counter()
p = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - t0
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": p.returncode, "wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "rss_mb": ru.ru_maxrss / 1024,
                  "stdout": p.stdout, "stderr": p.stderr}))
"""


def unit_value(text: str, units: dict[str, float]) -> float:
    """A SimGrid quantity such as "2.5us" or "1.25GBps" in base units (s, B/s)."""
    m = re.fullmatch(r"([0-9.]+(?:[eE][-+]?[0-9]+)?)([A-Za-z]+)", text)
    if not m or m.group(2) not in units:
        raise ValueError(f"{text!r}: expected a number followed by one of {', '.join(units)}")
    return float(m.group(1)) * units[m.group(2)]


def platform_xml(procs: int) -> str:
    """SimGrid platform: P hosts named node-0..node-(P-1), each on its own link to the cluster's
    router (no backbone), so a route is the sender's link then the receiver's."""
    return ("<?xml version='1.0'?>\n"
            '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n'
            '<platform version="4.1">\n'
            f'  <cluster id="stencil" prefix="node-" radical="0-{procs - 1}" suffix="" '
            f'speed="{HOST_SPEED}" bw="{LINK_BW}" lat="{LINK_LAT}"/>\n'
            "</platform>\n")


def hostfile(procs: int) -> str:
    """One rank per host, rank i on node-i (interp places process i on node i)."""
    return "".join(f"node-{i}\n" for i in range(procs))


def interp_machine(procs: int, node: dict) -> dict:
    """The interp machine of the same platform: the calibrated node ``node`` (a machine file
    written by ``interp calibrate``, read as YAML), P of them on a crossbar whose one-hop message
    costs 2 x LINK_LAT + m / LINK_BW, the time of the SimGrid route through two links."""
    data = {k: v for k, v in node.items() if k != "sag"}
    compute = next(c for c in node["sag"]["children"] if c.get("role") == "compute")
    compute = dict(compute, count=procs)
    if "max_procs" in compute.get("processing", {}):
        compute["processing"] = dict(compute["processing"], max_procs=procs)
    lat = unit_value(LINK_LAT, _SECONDS)
    bw = unit_value(LINK_BW, _BYTES_PER_S)
    compute["comm_sync"] = {
        "source": f"SMPI platform of benchmarks/vs_smpi.py: <cluster> links lat={LINK_LAT}, bw={LINK_BW}; "
                  "a message crosses two links (sender's, receiver's): startup = 2 x lat, per_byte = 1/bw",
        "topology": "crossbar",
        "static": {"startup": f"{2 * lat * 1e6:.12g} us", "per_byte": f"{1e9 / bw:.12g} ns"},
    }
    data["name"] = f"{node.get('name', 'calibrated node')} x {procs} on the SMPI platform's crossbar"
    data["sag"] = dict(node["sag"], children=[compute])
    return data


def write_inputs(directory: Path, procs: int, node: dict) -> tuple[Path, Path, Path]:
    """The SMPI platform, its host file and the interp machine for P processes."""
    plat, hosts = directory / f"platform{procs}.xml", directory / f"hosts{procs}"
    machine = directory / f"machine{procs}.yaml"
    plat.write_text(platform_xml(procs))
    hosts.write_text(hostfile(procs))
    machine.write_text(yaml.safe_dump(interp_machine(procs, node), sort_keys=False))
    return plat, hosts, machine


def measure(cmd: list[str], cwd: Path) -> dict:
    """Wall time and peak RSS of ``cmd`` run in a fresh wrapper process. interp runs as an
    installed interp does: its ``.pyc`` files written (this machine's shells set
    PYTHONDONTWRITEBYTECODE, which would recompile about 300 modules on every run, docs/
    performance.md) and its caches (parse, llvm-mca) in the run's own directory."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env["INTERP_CACHE_DIR"] = str(cwd / "cache")
    out = subprocess.run([sys.executable, "-c", MEASURE, *cmd], capture_output=True, text=True,
                         cwd=cwd, env=env, check=True)
    run = json.loads(out.stdout)
    if run["rc"] != 0:
        raise SystemExit(f"vs_smpi: {' '.join(cmd)} failed (exit {run['rc']}):\n{run['stderr'][-2000:]}")
    return run


def smpi_run(exe: Path, plat: Path, hosts: Path, procs: int, n: int, cwd: Path) -> dict:
    run = measure(["smpirun", "-np", str(procs), "-platform", str(plat), "-hostfile", str(hosts),
                   str(exe), *SMPI_CFG, str(n), str(STEPS)], cwd)
    found = re.search(r"Simulated time: ([0-9.eE+-]+) seconds", run["stderr"])
    if not found:
        raise SystemExit(f"vs_smpi: smpirun printed no simulated time:\n{run['stderr'][-2000:]}")
    return {"wall": run["wall"], "cpu": run["cpu"], "rss_mb": run["rss_mb"], "predicted": float(found.group(1))}


# The lines of interp's default text report (interp/output/report.py) the table reads.
_PREDICTED = re.compile(r"^predicted time: ([0-9.eE+-]+) (s|ms|us|ns)$", re.M)
_EVENTS = re.compile(r"events interpreted: ([0-9,]+)(?: \((.*)\))?$", re.M)


def read_report(text: str) -> dict:
    """The predicted time and the events (interpreted; represented: with those of extrapolated
    iterations and of the processes rank 0 stood for) of interp's text report."""
    total, events = _PREDICTED.search(text), _EVENTS.search(text)
    if not total or not events:
        raise SystemExit(f"vs_smpi: no predicted time or event count in interp's report:\n{text[:2000]}")
    interpreted = int(events.group(1).replace(",", ""))
    more = sum(int(x.replace(",", "")) for x in re.findall(r"\+ ([0-9,]+)", events.group(2) or ""))
    return {"predicted": unit_value(total.group(1) + total.group(2), _SECONDS), "shown": total.group(0),
            "events": interpreted, "represented": interpreted + more}


def interp_run(prog: Path, machine: Path, procs: int, n: int, exact: bool, cwd: Path) -> dict:
    """``interp run`` as a user runs it: the default text report (its JSON report, every AAU of
    every process, costs more than the prediction at 1,024 processes: docs/performance.md)."""
    cmd = [sys.executable, "-m", "interp.cli", "run", str(prog), "-m", str(machine), "-p", str(procs),
           "-D", f"n={n}", "-D", f"steps={STEPS}"] + (["--exact"] if exact else [])
    run = measure(cmd, cwd)
    return {"wall": run["wall"], "cpu": run["cpu"], "rss_mb": run["rss_mb"], **read_report(run["stdout"])}


def medians(runs: list[dict]) -> dict:
    """The median of every figure (a text figure must be the same in every run)."""
    out = {}
    for k, v in runs[0].items():
        if isinstance(v, str):
            assert all(r[k] == v for r in runs), (k, [r[k] for r in runs])
            out[k] = v
        else:
            out[k] = statistics.median(r[k] for r in runs)
    return out


def _step(what: str, cmd: list[str], cwd: Path, env=None) -> None:
    """Run a preparation step; its failure is one message with the tool's own output."""
    try:
        out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    except OSError as exc:
        raise SystemExit(f"vs_smpi: {what}: {exc}")
    if out.returncode != 0:
        raise SystemExit(f"vs_smpi: {what} failed (exit {out.returncode}): {' '.join(cmd)}\n"
                         f"{(out.stderr or out.stdout)[-2000:]}")


def prepare(directory: Path, node_file: str | None) -> tuple[Path, Path, dict]:
    """The program's source, its SMPI build (smpicc -O2) and the calibrated node."""
    prog = directory / "stencil.c"
    prog.write_text(PROGRAM)
    exe = directory / "stencil"
    _step("building the program with smpicc", ["smpicc", "-O2", str(prog), "-o", str(exe)], directory)
    if node_file is None:
        node_file = str(directory / "host.yaml")
        print("calibrating this computer's node (interp calibrate --quick) ...", file=sys.stderr, flush=True)
        _step("interp calibrate", [sys.executable, "-m", "interp.cli", "calibrate", "--quick", "--out", node_file],
              directory, dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        node = yaml.safe_load(Path(node_file).read_text())
        next(c for c in node["sag"]["children"] if c.get("role") == "compute")
    except (OSError, yaml.YAMLError, TypeError, KeyError, AttributeError, StopIteration) as exc:
        raise SystemExit(f"vs_smpi: --node {node_file}: not a machine file with a compute SAU "
                         f"(write one with `interp calibrate --out FILE`): {type(exc).__name__}: {exc}")
    return prog, exe, node


def run_point(directory: Path, prog: Path, exe: Path, node: dict, procs: int, n: int, repeat: int) -> dict:
    """One (P, n) point: SMPI, interp, interp --exact, interleaved ``repeat`` times; medians."""
    plat, hosts, machine = write_inputs(directory, procs, node)
    runs = {"smpi": [], "interp": [], "exact": []}
    for _ in range(repeat):
        runs["smpi"].append(smpi_run(exe, plat, hosts, procs, n, directory))
        runs["interp"].append(interp_run(prog, machine, procs, n, False, directory))
        runs["exact"].append(interp_run(prog, machine, procs, n, True, directory))
    out = {"procs": procs, "n": n, "steps": STEPS, **{k: medians(v) for k, v in runs.items()}}
    out["ratio"] = out["smpi"]["wall"] / out["interp"]["wall"]
    out["ratio_exact"] = out["smpi"]["wall"] / out["exact"]["wall"]
    out["cpu_ratio"] = out["smpi"]["cpu"] / out["interp"]["cpu"]  # what the machine's load moves less
    out["goal"] = GOALS.get((procs, n))
    return out


def sci(n: int) -> str:
    """4000000 as 4e6, as the issue's table writes it."""
    return f"{n:.0e}".replace("e+0", "e").replace("e+", "e")


def print_row(r: dict) -> None:
    s, i, e = r["smpi"], r["interp"], r["exact"]
    goal = f">= {r['goal']:g}" if r["goal"] else ""
    print(f"| {r['procs']:,} | {sci(r['n'])} | {s['wall']:.2f} s, {s['rss_mb']:.0f} MB "
          f"| {i['wall']:.2f} s, {i['rss_mb']:.0f} MB | {e['wall']:.2f} s, {e['rss_mb']:.0f} MB "
          f"| {r['ratio']:.1f} {goal} | {r['ratio_exact']:.1f} | {i['events']:,} of {e['events']:,} "
          f"| {s['predicted'] * 1e3:.2f} | {i['predicted'] * 1e3:.2f} |", flush=True)


def print_summary(rows: list[dict]) -> None:
    rss = [r["interp"]["rss_mb"] for r in rows]
    print(f"\ninterp default peak RSS over the points: {min(rss):.0f}-{max(rss):.0f} MB "
          f"(max/min {max(rss) / min(rss):.2f}; SMPI {min(r['smpi']['rss_mb'] for r in rows):.0f}-"
          f"{max(r['smpi']['rss_mb'] for r in rows):.0f} MB)")
    for r in rows:
        # the printed figures (4 digits); tests/test_symmetry.py and test_steady.py compare to 1e-9
        same = r["interp"]["shown"] == r["exact"]["shown"]
        print(f"P={r['procs']}, n={sci(r['n'])}: predicted SMPI {r['smpi']['predicted'] * 1e3:.3f} ms, "
              f"interp {r['interp']['predicted'] * 1e3:.3f} ms (interp/SMPI "
              f"{r['interp']['predicted'] / r['smpi']['predicted']:.3f}; --exact "
              f"{'the same' if same else 'DIFFERENT: ' + r['exact']['shown']})")
        if r["goal"]:
            verdict = "met" if r["ratio"] >= r["goal"] else "NOT met"
            print(f"  issue 16 goal: wall ratio SMPI/interp >= {r['goal']:g}: {r['ratio']:.1f}, {verdict} "
                  f"(CPU time: SMPI {r['smpi']['cpu']:.2f} s, interp {r['interp']['cpu']:.2f} s, "
                  f"ratio {r['cpu_ratio']:.1f})")


# Where one interp run's time goes, in a fresh process (``--phases``): CPU time of each part of
# what ``interp run`` does (interp/cli/run.py), without a profiler's overhead.
PHASES = r"""
import json, sys, time
t = [time.process_time()]
import click, sympy  # noqa: F401
t.append(time.process_time())
from interp import pipeline
from interp.output.levels import Structure
from interp.output.report import render
import interp.engine.algorithm  # noqa: F401
t.append(time.process_time())
prog, machine, procs, n, steps, exact = sys.argv[1:7]
values = pipeline.parse_defines([f"n={n}", f"steps={steps}"])
programs = pipeline.load_programs([prog], "cluster", (), values, None)
t.append(time.process_time())
sag = pipeline.load_machine(machine)
t.append(time.process_time())
from interp.engine.algorithm import Engine
from interp.engine.options import EngineOptions
from sag.parameter import Bound
inputs = pipeline.resolve_inputs(programs, values, False, pipeline.macro_names([prog], values))
engine = Engine(programs, sag, int(procs), inputs, EngineOptions(
    bound=Bound.parse("mid"), messages=False, extrapolate=exact != "1", symmetry=exact != "1"))
t.append(time.process_time())
result = engine.run()
t.append(time.process_time())
text = render(result, 25, structure=Structure(programs))
t.append(time.process_time())
names = ["import click, sympy", "import interp (pipeline, engine, report)",
         "read the program (preprocess; parse tree from the cache; AAG)",
         "read the machine", "set up the engine", "engine.run()", "text report"]
print(json.dumps(dict(zip(names, [b - a for a, b in zip(t, t[1:])]))))
"""


def phases(directory: Path, prog: Path, node: dict, procs: int, n: int, exact: bool) -> dict:
    """CPU seconds of each part of one interp run (fresh process; caches warm from earlier runs),
    and of ``python -c pass`` (Python's own start)."""
    machine = write_inputs(directory, procs, node)[2]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(ROOT), INTERP_CACHE_DIR=str(directory / "cache"))
    args = [str(prog), str(machine), str(procs), str(n), str(STEPS), str(int(exact))]
    for _ in range(2):  # the first fills the caches
        out = subprocess.run([sys.executable, "-c", PHASES, *args], capture_output=True, text=True,
                             cwd=directory, env=env, check=True)
    start = measure([sys.executable, "-c", "pass"], directory)["wall"]
    return {"python -c pass (wall)": start, **json.loads(out.stdout)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--quick", action="store_true", help="P=16 and P=256 at n=4e6 only")
    ap.add_argument("--repeat", type=int, default=3, help="runs per tool and point (median; default 3)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    ap.add_argument("--node", help="a machine file of `interp calibrate` for the node (default: calibrate now)")
    ap.add_argument("--keep", help="write the program, platforms and machine files here and keep them")
    ap.add_argument("--phases", nargs=2, type=int, metavar=("P", "N"),
                    help="print where one interp run's CPU time goes at P processes, n = N (no SMPI run)")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    if shutil.which("smpirun") is None or shutil.which("smpicc") is None:
        print("skipped: smpirun not installed")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        directory = (Path(args.keep) if args.keep else Path(tmp)).resolve()
        directory.mkdir(parents=True, exist_ok=True)
        prog, exe, node = prepare(directory, args.node)
        if args.phases:
            for exact in (False, True):
                print(f"interp{' --exact' if exact else ''}, P={args.phases[0]}, n={sci(args.phases[1])}: CPU s")
                for k, v in phases(directory, prog, node, *args.phases, exact).items():
                    print(f"  {v:7.3f}  {k}")
            return 0
        points = QUICK if args.quick else POINTS
        # One untimed run first: it fills the caches a second run of the same program finds (the
        # parse cache, llvm-mca's results, the .pyc files), as SMPI's build happens before its runs.
        procs, n = points[0]
        cold = interp_run(prog, write_inputs(directory, procs, node)[2], procs, n, False, directory)
        if not args.json:
            print(f"stencil, {STEPS} steps; platform: cluster of P hosts, links {LINK_LAT}, {LINK_BW}; "
                  f"node: {node.get('name')}; wall time and peak RSS, medians of {args.repeat}")
            print(f"(interp's first run, empty caches, P={procs}: {cold['wall']:.2f} s; not in the table)")
            print("| P | n | SMPI | interp default | interp --exact | SMPI/interp | SMPI/exact "
                  "| events (default of --exact) | SMPI predicts (ms) | interp predicts (ms) |")
            print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        rows = []
        for procs, n in points:
            rows.append(run_point(directory, prog, exe, node, procs, n, args.repeat))
            if not args.json:
                print_row(rows[-1])
        if args.json:
            print(json.dumps({"platform": {"lat": LINK_LAT, "bw": LINK_BW, "host_speed": HOST_SPEED},
                              "node": node.get("name"), "repeat": args.repeat, "cold": cold, "points": rows},
                             indent=1))
        else:
            print_summary(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
