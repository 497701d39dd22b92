"""Sweep throughput (points per second) of the trapezoid sample on the iPSC/860 (issue 19):
serial, ``--jobs 2``, a Dask LocalCluster of 2 worker processes, and ``--symbolic n`` (closed
forms on the grid), on grids of 10^2 ... 10^6 points.

The grid: samples/trapezoid_mpi.c with reps = 2, n = 1000, 1001, ... (half the points) and
procs 4 and 16: ``--symbolic n`` derives two closed forms (one per process count) and checks each
against the engine at its corners and 3 random points. Every mode is timed from the points to
their outcomes, as ``interp sweep`` runs them (programs parsed once, studies/shipped.py), without
writing the table; for --symbolic the CPU time of this process is printed too (on a machine
shared with other work the wall time can be several times longer), and then the time to write
the --format csv output from those outcomes (studies/sweep_columns.py, sweep_table.render_csv). The LocalCluster is started before the timing (its start-up is printed apart).
The engine modes interpret every point, so they run only up to --engine-max points (default 1000);
larger grids print "-".

    python benchmarks/sweep_scale.py [--max 1000000] [--engine-max 1000] [--no-cluster]
"""
import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interp.studies.closed_grid import run_closed_forms  # noqa: E402
from interp.studies.sweep import Settings, grid, run_points  # noqa: E402
from interp.studies.sweep_columns import SweepTable  # noqa: E402
from interp.studies.sweep_table import render_csv  # noqa: E402

SETTINGS = Settings((str(ROOT / "samples" / "trapezoid_mpi.c"),), "ipsc860")
PROCS = [4, 16]


def defines(size: int):
    return [("n", [float(1000 + k) for k in range(size // len(PROCS))]), ("reps", [2.0])]


def points_of(size: int):
    return grid(defines(size), PROCS)


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max", type=int, default=1_000_000, help="largest grid (a power of 10)")
    ap.add_argument("--engine-max", type=int, default=1000, help="largest grid the engine modes run")
    ap.add_argument("--no-cluster", action="store_true", help="leave out the Dask LocalCluster")
    args = ap.parse_args()
    address, cluster = None, None
    if not args.no_cluster:
        import distributed

        started, cluster = timed(lambda: distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=50))
        address = cluster.scheduler_address
        print(f"LocalCluster of 2 worker processes started in {started:.1f} s (not counted below)", flush=True)
    print(f"{'points':>9} {'serial':>9} {'jobs 2':>9} {'cluster 2':>10} {'symbolic':>10}   (points/s); closed forms",
          flush=True)
    size = 100
    while size <= args.max:
        points = points_of(size)
        cells = []
        for mode in ("serial", "jobs", "cluster"):
            if size > args.engine_max or (mode == "cluster" and address is None):
                cells.append("-")
                continue
            jobs = 2 if mode == "jobs" else 1
            seconds, _ = timed(lambda: run_points(SETTINGS, points, jobs, cluster=address if mode == "cluster" else None))
            cells.append(f"{len(points) / seconds:.1f}")
        cpu = time.process_time()
        seconds, (outcomes, report) = timed(lambda: run_closed_forms(SETTINGS, points, ["n"]))
        cpu = time.process_time() - cpu
        cpu_csv = time.process_time()
        csv_seconds, text = timed(lambda: render_csv(SweepTable(points, outcomes), defines(size), None, report))
        cpu_csv = time.process_time() - cpu_csv
        print(f"{len(points):>9} {cells[0]:>9} {cells[1]:>9} {cells[2]:>10} {len(points) / seconds:>10.0f}   "
              f"{seconds:.2f} s ({cpu:.2f} s of CPU): {report.from_form} from {len(report.forms)} forms, "
              f"{report.from_engine} from the engine; CSV ({len(text) / 1e6:.0f} MB) written in {csv_seconds:.2f} s "
              f"({cpu_csv:.2f} s of CPU)", flush=True)
        size *= 10
    if cluster is not None:
        cluster.close()


if __name__ == "__main__":
    main()
