"""Prediction speed and memory for a halo-exchange loop: processes 16 ... 4096, iterations growing.

The machine is the iPSC/860 of paper 001 (Tables 1-3) grown to 4096 nodes (a what-if: the same
node and network parameters, a 12-dimensional hypercube). The program exchanges one value with
both ring neighbours each iteration (two MPI_Sendrecv) and computes between exchanges.

Two tables, each point in a fresh process (so the peak RSS is that point's own):

1. Interpretation speed (``--exact``: every iteration interpreted): 20 iterations on 16 ... 4096
   processes. "events" are the operations the engine takes in global-time order (a sendrecv is a
   send, a receive and a wait: 6 per process and iteration); events/s = events / run time of the
   engine (parsing and loading the machine, about 0.3 s, are not included).
2. Iterations growing, with steady-state extrapolation (the default of ``interp run``): the run
   time stops growing once the loop has settled; "represented" counts the events of the skipped
   iterations too.
3. Rank symmetry (interp/engine/symmetry.py), 1,000 iterations at 1,024 ... 65,536 processes, on
   two machines. The iPSC/860 hypercube (e-cube routes): ring neighbours are 1 to 12 hops apart
   depending on the rank, so the processes do not behave alike and every one is interpreted (XOR
   symmetry classes are tried, split as the ranks' times diverge, and given up at the bound:
   docs/performance.md, "Classes on a hypercube"). The same iPSC/860 nodes and message
   costs with a ring of exactly P nodes (a what-if): every ring neighbour is one hop away and the
   ring looks the same from every node, so rank 0 is interpreted for all. "represented" counts
   the events of every process and iteration; "symmetry only" interprets every iteration
   (steady states off), "default" extrapolates steady states too.
4. ``--nonperiodic``: the halo without wrap-around (``NONPERIODIC``, tests/symmetry/nonperiodic.c:
   MPI_PROC_NULL beyond ranks 0 and P-1), 1,000 iterations on a crossbar and a ring of P nodes:
   three symmetry classes (rank 0, ranks 1..P-2, rank P-1; interp/engine/symmetry_classes.py),
   one representative each; "classes only" interprets every iteration (steady states off),
   "default" extrapolates steady states too.

    python benchmarks/halo_scaling.py [--max-procs 4096] [--quick] [--symmetry-only] [--big] [--nonperiodic]
"""
import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sag.catalog import MACHINES_DIR  # noqa: E402

PROGRAM = r"""
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, i, iters = atoi(argv[1]), n = atoi(argv[2]);
    double *u = malloc((n + 2) * sizeof(double));
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (it = 0; it < iters; it++) {
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 1; i <= n; i++)
            u[i] = 0.5 * (u[i - 1] + u[i + 1]);
    }
    MPI_Finalize();
    return 0;
}
"""


# the same halo without wrap-around: tests/symmetry/nonperiodic.c
NONPERIODIC = PROGRAM.replace(
    "int left = (rank + size - 1) % size, right = (rank + 1) % size;",
    "int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;\n"
    "    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;")
assert NONPERIODIC != PROGRAM
PROGRAMS = {"halo": PROGRAM, "nonperiodic": NONPERIODIC}


def big_ipsc(nodes: int, directory: Path, topology: str = "hypercube") -> str:
    """Paper 001's iPSC/860 (Tables 1-3 unchanged) with ``nodes`` nodes; ``topology`` ring: its
    nodes and message costs on a ring of ``nodes`` nodes instead of the e-cube hypercube."""
    data = yaml.safe_load((MACHINES_DIR / "ipsc860.yaml").read_text())
    data["name"] = f"iPSC/860 grown to {nodes} nodes (what-if)"
    cube = data["sag"]["children"][0]
    cube["count"] = nodes
    cube["processing"]["max_procs"] = nodes
    if topology != "hypercube":
        data["name"] = f"iPSC/860 nodes on a {topology} of {nodes} (what-if)"
        cube["comm_sync"]["topology"] = topology
        cube["comm_sync"].pop("routing", None)  # e-cube is the hypercube's
    path = directory / f"ipsc{nodes}_{topology}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)


def point(procs: int, iters: int, exact: bool, max_procs: int, topology: str = "hypercube",
          symmetry: bool = False, program: str = "halo") -> dict:
    """One prediction, timed; run in its own process by main()."""
    from interp import pipeline
    from interp.engine.algorithm import Engine
    from interp.engine.options import EngineOptions
    from sag.parameter import Bound

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        prog = tmp / "halo.c"
        prog.write_text(PROGRAMS[program])
        machine = big_ipsc(max_procs, tmp, topology)
        t0 = time.perf_counter()
        values = pipeline.parse_defines([f"iters={iters}", "n=1000"])
        programs = pipeline.load_programs([str(prog)], "cluster", (), values, None)
        sag = pipeline.load_machine(machine, (), ())
        inputs = pipeline.resolve_inputs(programs, values, False, pipeline.macro_names([str(prog)], values))
        engine = Engine(programs, sag, procs, inputs,
                        EngineOptions(bound=Bound.parse("mid"), messages=False, extrapolate=not exact,
                                      symmetry=symmetry))
        t1 = time.perf_counter()
        c1 = time.process_time()  # CPU time: the machine is shared (docs/performance.md)
        r = engine.run()
        c2 = time.process_time()
        t2 = time.perf_counter()
    return {"procs": procs, "iters": iters, "events": r.events, "skipped": r.extrapolated_events,
            "symmetric": r.symmetric_events, "setup": t1 - t0, "run": t2 - t1, "cpu": c2 - c1,
            "predicted": r.total, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def measure(procs: int, iters: int, exact: bool, max_procs: int, topology: str = "hypercube",
            symmetry: bool = False, program: str = "halo") -> dict:
    out = subprocess.run([sys.executable, __file__, "--point", str(procs), str(iters), str(int(exact)),
                          str(max_procs), topology, str(int(symmetry)), program],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def symmetry_table(sizes, program: str = "halo") -> None:
    print(f"\n{'4. non-periodic halo, symmetry classes' if program != 'halo' else '3. rank symmetry'} "
          "(engine CPU time)")
    print(f"{'machine':>9} {'procs':>6} {'iters':>6} {'mode':>14} {'events':>9} {'represented':>13} {'CPU (s)':>8} "
          f"{'interp./s':>10} {'repr./s':>12} {'RSS (MB)':>9} {'predicted (s)':>14}")
    for topology, p, iters, exact, label in sizes:
        m = measure(p, iters, exact, p, topology, True, program)
        rep = m["events"] + m["skipped"] + m["symmetric"]
        print(f"{topology:>9} {p:>6} {iters:>6,} {label:>14} {m['events']:>9,} {rep:>13,} {m['cpu']:>8.2f} "
              f"{m['events'] / m['cpu']:>10,.0f} {rep / m['cpu']:>12,.0f} {m['rss_mb']:>9.0f} "
              f"{m['predicted']:>14.10g}", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-procs", type=int, default=4096)
    ap.add_argument("--quick", action="store_true", help="up to 256 processes and 2,000 iterations")
    ap.add_argument("--symmetry-only", action="store_true", help="only table 3")
    ap.add_argument("--big", action="store_true", help="table 3 also at 65,536 processes")
    ap.add_argument("--nonperiodic", action="store_true", help="table 4: the non-periodic halo's symmetry classes")
    ap.add_argument("--point", nargs=7, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.point:
        a = args.point
        print(json.dumps(point(int(a[0]), int(a[1]), bool(int(a[2])), int(a[3]), a[4], bool(int(a[5])), a[6])))
        return
    if args.nonperiodic:
        symmetry_table([(topology, p, 1000, exact, label) for p in (1024, 4096, 65536)
                        for topology in ("crossbar", "ring")
                        for exact, label in ((True, "classes only"), (False, "default"))], "nonperiodic")
        return
    max_procs = min(args.max_procs, 256) if args.quick else args.max_procs
    sizes = [("ring", p, 1000, exact, label) for p in (1024, 4096) + ((65536,) if args.big else ())
             for exact, label in ((True, "symmetry only"), (False, "default"))]
    # the hypercube: XOR classes tried and given up; 100 iterations (every process is interpreted)
    sizes += [("hypercube", 1024, 100, False, "default")]
    if args.symmetry_only:
        symmetry_table(sizes)
        return
    print("1. interpretation speed, every iteration interpreted (--exact), 20 iterations")
    print(f"{'procs':>6} {'events':>9} {'run (s)':>8} {'events/s':>9} {'peak RSS (MB)':>14}")
    p = 16
    while p <= max_procs:
        m = measure(p, 20, True, max_procs)
        print(f"{p:>6} {m['events']:>9,} {m['run']:>8.2f} {m['events'] / m['run']:>9,.0f} {m['rss_mb']:>14.0f}",
              flush=True)
        p *= 4
    print("\n2. iterations growing, steady states extrapolated (interp run's default)")
    print(f"{'procs':>6} {'iters':>7} {'events':>9} {'represented':>12} {'run (s)':>8} "
          f"{'represented/s':>14} {'peak RSS (MB)':>14} {'predicted (s)':>14}")
    for p in [x for x in (64, 256) if x <= max_procs]:
        for iters in (200, 2_000) if args.quick else (200, 2_000, 20_000, 200_000):
            m = measure(p, iters, False, max_procs)
            rep = m["events"] + m["skipped"]
            print(f"{p:>6} {iters:>7,} {m['events']:>9,} {rep:>12,} {m['run']:>8.2f} {rep / m['run']:>14,.0f} "
                  f"{m['rss_mb']:>14.0f} {m['predicted']:>14.6g}", flush=True)
    symmetry_table(sizes)


if __name__ == "__main__":
    main()
