"""Periodic steady states on issue 16's stencil: two MPI_Sendrecv halo exchanges a step, a sweep
over n/P points, an MPI_Allreduce every 10 steps (``if (step % 10 == 0)``).

The loop's control flow repeats every 10 iterations, so its steady state has a period of 10
(interp/engine/steady.py; frontends/aag/analysis.py ``loop_period``). For each point the script
predicts the program twice in fresh processes, extrapolating (interp run's default) and with
``--exact`` (every iteration interpreted), and prints the events interpreted, the events the
extrapolation stands for, the engine's CPU time, and whether the two predicted times agree (they
must, to 1e-9 relative: tests/test_steady.py compares every figure).

The machine is the iPSC/860 of paper 001 grown to as many nodes as the largest point needs (the
same what-if as benchmarks/halo_scaling.py).

    python benchmarks/stencil_steady.py [--quick]
"""
import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from halo_scaling import big_ipsc  # noqa: E402

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
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (step = 0; step < steps; step++) {
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[m + 1], 1, MPI_DOUBLE, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[m], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 1; i <= m; i++)
            v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        if (step % 10 == 0)
            MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


def point(procs: int, n: int, steps: int, exact: bool, nodes: int) -> dict:
    """One prediction, the engine timed in CPU seconds; run in its own process by main()."""
    from interp import pipeline
    from interp.engine.algorithm import Engine
    from interp.engine.options import EngineOptions
    from sag.parameter import Bound

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        prog = tmp / "stencil.c"
        prog.write_text(PROGRAM)
        machine = big_ipsc(nodes, tmp)
        values = pipeline.parse_defines([f"n={n}", f"steps={steps}"])
        programs = pipeline.load_programs([str(prog)], "cluster", (), values, None)
        sag = pipeline.load_machine(machine, (), ())
        inputs = pipeline.resolve_inputs(programs, values, False, pipeline.macro_names([str(prog)], values))
        engine = Engine(programs, sag, procs, inputs,
                        EngineOptions(bound=Bound.parse("mid"), messages=False, extrapolate=not exact))
        t0 = time.process_time()
        r = engine.run()
        t1 = time.process_time()
    return {"events": r.events, "skipped": r.extrapolated_events, "cpu": t1 - t0, "predicted": r.total,
            "jumps": [n for n in r.notes if n.startswith("steady state:")]}


def measure(procs: int, n: int, steps: int, exact: bool, nodes: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--point", str(procs), str(n), str(steps), str(int(exact)),
                          str(nodes)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="16 and 64 processes only")
    ap.add_argument("--point", nargs=5, type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.point:
        procs, n, steps, exact, nodes = args.point
        print(json.dumps(point(procs, n, steps, bool(exact), nodes)))
        return
    points = [(16, 100), (16, 1000), (64, 100), (64, 1000)]
    if not args.quick:
        points += [(256, 1000)]
    nodes = max(p for p, _ in points)
    n = 4_000_000
    print(f"stencil, n = {n:,}, Allreduce every 10 steps; engine CPU seconds")
    print(f"{'procs':>6} {'steps':>6} {'events':>9} {'represented':>12} {'cpu (s)':>8} "
          f"{'exact events':>13} {'exact cpu (s)':>14} {'speed-up':>9} {'same time':>10}  period")
    for procs, steps in points:
        fast = measure(procs, n, steps, False, nodes)
        exact = measure(procs, n, steps, True, nodes)
        same = abs(fast["predicted"] - exact["predicted"]) <= 1e-9 * abs(exact["predicted"])
        period = fast["jumps"][0].split("repeats every ", 1)[1].split(" (", 1)[0] if fast["jumps"] else "-"
        print(f"{procs:>6} {steps:>6} {fast['events']:>9,} {fast['events'] + fast['skipped']:>12,} "
              f"{fast['cpu']:>8.2f} {exact['events']:>13,} {exact['cpu']:>14.2f} "
              f"{exact['cpu'] / fast['cpu']:>8.1f}x {'yes' if same else 'NO':>10}  {period}", flush=True)


if __name__ == "__main__":
    main()
