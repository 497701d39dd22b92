"""Events interpreted per second and peak memory for a halo-exchange loop, 16 ... 4096 processes.

The machine is the iPSC/860 of paper 001 (Tables 1-3) grown to 4096 nodes (a what-if: the same
node and network parameters, a 12-dimensional hypercube). The program exchanges one row with both
ring neighbours each iteration (MPI_Sendrecv) and computes between exchanges.

    python benchmarks/halo_scaling.py [--max-procs 4096] [--iters 20]
"""
import argparse
import resource
import tempfile
import time
from pathlib import Path

import yaml

from interp.pipeline import predict
from sag.catalog import MACHINES_DIR

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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-procs", type=int, default=4096)
    ap.add_argument("--iters", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        prog = tmp / "halo.c"
        prog.write_text(PROGRAM)
        machine = big_ipsc(args.max_procs, tmp)
        print(f"{'procs':>6} {'iters':>6} {'events':>9} {'wall (s)':>9} {'events/s':>10} {'peak RSS (MB)':>14}")
        p = 16
        while p <= args.max_procs:
            t0 = time.perf_counter()
            r = predict([str(prog)], machine, p, [f"iters={args.iters}", "n=1000"], interactive=False).result
            wall = time.perf_counter() - t0
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"{p:>6} {args.iters:>6} {r.events:>9} {wall:>9.2f} {r.events / wall:>10.0f} {rss:>14.0f}")
            p *= 4


if __name__ == "__main__":
    main()
