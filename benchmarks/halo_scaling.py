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

    python benchmarks/halo_scaling.py [--max-procs 4096] [--quick]
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


def big_ipsc(nodes: int, directory: Path) -> str:
    data = yaml.safe_load((MACHINES_DIR / "ipsc860.yaml").read_text())
    data["name"] = f"iPSC/860 grown to {nodes} nodes (what-if)"
    cube = data["sag"]["children"][0]
    cube["count"] = nodes
    cube["processing"]["max_procs"] = nodes
    path = directory / f"ipsc{nodes}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)


def point(procs: int, iters: int, exact: bool, max_procs: int) -> dict:
    """One prediction, timed; run in its own process by main()."""
    from interp import pipeline
    from interp.engine.algorithm import Engine
    from interp.engine.options import EngineOptions
    from sag.parameter import Bound

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        prog = tmp / "halo.c"
        prog.write_text(PROGRAM)
        machine = big_ipsc(max_procs, tmp)
        t0 = time.perf_counter()
        values = pipeline.parse_defines([f"iters={iters}", "n=1000"])
        programs = pipeline.load_programs([str(prog)], "cluster", (), values, None)
        sag = pipeline.load_machine(machine, (), ())
        inputs = pipeline.resolve_inputs(programs, values, False, pipeline.macro_names([str(prog)], values))
        engine = Engine(programs, sag, procs, inputs,
                        EngineOptions(bound=Bound.parse("mid"), messages=False, extrapolate=not exact))
        t1 = time.perf_counter()
        r = engine.run()
        t2 = time.perf_counter()
    return {"procs": procs, "iters": iters, "events": r.events, "skipped": r.extrapolated_events,
            "setup": t1 - t0, "run": t2 - t1, "predicted": r.total,
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def measure(procs: int, iters: int, exact: bool, max_procs: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--point", str(procs), str(iters), str(int(exact)),
                          str(max_procs)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-procs", type=int, default=4096)
    ap.add_argument("--quick", action="store_true", help="up to 256 processes and 2,000 iterations")
    ap.add_argument("--point", nargs=4, type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.point:
        print(json.dumps(point(args.point[0], args.point[1], bool(args.point[2]), args.point[3])))
        return
    max_procs = min(args.max_procs, 256) if args.quick else args.max_procs
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


if __name__ == "__main__":
    main()
