"""Seed inputs of the fuzzer: the shipped samples and machines, and small programs written here.

A seed is a valid input that ``interp`` handles cleanly; the mutators start from it. Samples and
machines are read from the repository the harness lives in (not the checkout under test), so a
case re-created from (kind, seed, index) is the same whichever checkout it runs against.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

HARNESS_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class ProgramSeed:
    """One program (or a host and node pair): its files in order, -D inputs, process counts."""
    name: str
    files: tuple[tuple[str, str], ...]          # (file name, source text)
    defines: tuple[tuple[str, str], ...] = ()   # (-D name, value)
    procs: tuple[int, ...] = (1, 2, 4)
    extra: tuple[str, ...] = field(default=())  # extra options (e.g. --form)


# ---- small MPI programs in C (each predicts cleanly on the iPSC/860 with no -D) -----------------

C_HALO = r"""#include <mpi.h>
#include <stdlib.h>
#pragma interp input n = 1000
#pragma interp input steps = 20

int main(int argc, char **argv)
{
    int rank, size, step, i;
    int n = atoi(argv[1]);
    int steps = atoi(argv[2]);
    double *u, *v, left_ghost = 0.0, right_ghost = 0.0, norm = 0.0, gnorm;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    u = malloc(n * sizeof(double));
    v = malloc(n * sizeof(double));
    for (i = 0; i < n; i++)
        u[i] = 0.0;
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (step = 0; step < steps; step++) {
        MPI_Sendrecv(&u[n - 1], 1, MPI_DOUBLE, right, 1, &left_ghost, 1, MPI_DOUBLE, left, 1,
                     MPI_COMM_WORLD, &st);
        MPI_Sendrecv(&u[0], 1, MPI_DOUBLE, left, 2, &right_ghost, 1, MPI_DOUBLE, right, 2,
                     MPI_COMM_WORLD, &st);
        for (i = 1; i < n - 1; i++)
            v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        norm = 0.0;
        for (i = 0; i < n; i++) {
            norm += v[i] * v[i];
            u[i] = v[i];
        }
        MPI_Allreduce(&norm, &gnorm, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    free(u);
    free(v);
    MPI_Finalize();
    return 0;
}
"""

C_MASTER = r"""#include <mpi.h>
#include <stdio.h>
#pragma interp input tasks = 64
#pragma interp input len = 256

double work_on(double *buf, int len);

int main(int argc, char **argv)
{
    int rank, size, t, tasks = 64, len = 256;
    double buf[4096], result = 0.0, total = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Bcast(&tasks, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (t = rank; t < tasks; t += size) {
#pragma interp cost(len * 2 us)
        result = work_on(buf, len);
#pragma interp prob(0.25)
        if (result > 0.5) {
            total += result;
        } else {
            total -= result;
        }
    }
    MPI_Reduce(&result, &total, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%f\n", total);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""

C_WHILE = r"""#include <mpi.h>
#include <math.h>
#include <stdlib.h>
#pragma interp input n = 500

static double step(double x)
{
    return x * 0.5 + 1.0 / (x + 1.0);
}

int main(int argc, char **argv)
{
    int rank, size, k = 0, n = atoi(argv[1]);
    double x = 1.0, err = 1.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
#pragma interp region solve
#pragma interp iters(n / 10 + 1)
    while (err > 1e-9) {
        double y = step(x);
        err = fabs(y - x) / n;
        x = y;
        k++;
    }
#pragma interp end region
#pragma interp work(flops=4*n, loads=2*n, stores=n)
    x = sqrt(x);
    MPI_Allreduce(&x, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""

C_NONBLOCKING = r"""#include <mpi.h>
#pragma interp input m = 128
#pragma interp input reps = 8

int main(int argc, char **argv)
{
    int rank, size, r, m = 128, reps = 8;
    char sbuf[1 << 16], rbuf[1 << 16];
    MPI_Request req[2];
    MPI_Status st[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (r = 0; r < reps; r++) {
        MPI_Irecv(rbuf, m, MPI_CHAR, (rank + size - 1) % size, r, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(sbuf, m, MPI_CHAR, (rank + 1) % size, r, MPI_COMM_WORLD, &req[1]);
        MPI_Waitall(2, req, st);
    }
    MPI_Finalize();
    return 0;
}
"""

C_COLLECTIVES = r"""#include <mpi.h>
#include <stdlib.h>
#pragma interp input n = 64

int main(int argc, char **argv)
{
    int rank, size, i, j, n = 64;
    double a[1024], b[65536], s = 0.0, g = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (i = 0; i < n; i++)
        for (j = 0; j <= i; j++)
            s += a[j] * (double) (i - j);
    MPI_Scatter(b, n, MPI_DOUBLE, a, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Gather(a, n, MPI_DOUBLE, b, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Allgather(a, n, MPI_DOUBLE, b, n, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoall(b, 1, MPI_DOUBLE, a, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Allreduce(&s, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    switch (rank % 3) {
    case 0:
        s = s * 2.0;
        break;
    case 1:
        s = s / 3.0;
        break;
    default:
        s = -s;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""

C_CALLS = r"""#include <mpi.h>
#include <stdlib.h>
#pragma interp input n = 200

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

static double kernel(int n, double x)
{
    int i;
    double acc = 0.0;
    for (i = 0; i < n; i++)
        acc += x * i / (i + 1);
    return acc;
}

int main(int argc, char **argv)
{
    int rank, size, n = atoi(argv[1]), k, lo;
    double x = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    k = n / size + 1;
    lo = clamp(rank, 1, 1000);
    x = kernel(k, 1.5) + lo;
    if (rank == 0) {
        MPI_Send(&x, 1, MPI_DOUBLE, size - 1, 7, MPI_COMM_WORLD);
    }
    if (rank == size - 1) {
        MPI_Recv(&x, 1, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""

C_SEEDS_INLINE = (
    ProgramSeed("halo.c", (("halo.c", C_HALO),), procs=(1, 2, 4, 8)),
    ProgramSeed("master.c", (("master.c", C_MASTER),), procs=(1, 3, 4)),
    ProgramSeed("while.c", (("while.c", C_WHILE),), procs=(1, 2)),
    ProgramSeed("nonblocking.c", (("nonblocking.c", C_NONBLOCKING),), procs=(2, 4)),
    ProgramSeed("collectives.c", (("collectives.c", C_COLLECTIVES),), procs=(1, 4, 16)),
    ProgramSeed("calls.c", (("calls.c", C_CALLS),), procs=(1, 2, 5)),
)

# ---- small MPI programs in Fortran ------------------------------------------------------------

F_RING = r"""C     ring.f - a token around the ring (FORTRAN 77, MPI, fixed form)
      PROGRAM RING
      INCLUDE 'mpif.h'
      INTEGER RANK, NP, IERR, R, REPS, M, I
      INTEGER STATUS(MPI_STATUS_SIZE)
      DOUBLE PRECISION BUF(1000), S
C$interp input reps = 10
      READ (*, *) REPS
      M = 100
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NP, IERR)
      S = 0.0D0
      DO 20 R = 1, REPS
         DO 10 I = 1, M
            S = S + BUF(I) * 2.0D0
   10    CONTINUE
         IF (RANK .EQ. 0) THEN
            CALL MPI_SEND(BUF, M, MPI_DOUBLE_PRECISION, MOD(RANK + 1, NP),
     &                    1, MPI_COMM_WORLD, IERR)
            CALL MPI_RECV(BUF, M, MPI_DOUBLE_PRECISION, NP - 1, 1,
     &                    MPI_COMM_WORLD, STATUS, IERR)
         ELSE
            CALL MPI_RECV(BUF, M, MPI_DOUBLE_PRECISION, RANK - 1, 1,
     &                    MPI_COMM_WORLD, STATUS, IERR)
            CALL MPI_SEND(BUF, M, MPI_DOUBLE_PRECISION, MOD(RANK + 1, NP),
     &                    1, MPI_COMM_WORLD, IERR)
         END IF
   20 CONTINUE
      CALL MPI_FINALIZE(IERR)
      END
"""

F_PSUM = r"""! reduce.f90 - a parallel sum with an annotated data-dependent loop (free form, MPI)
program psum
  use mpi
  implicit none
  integer :: rank, nprocs, ierr, i, n, k
  double precision :: x, local, total
  !$interp input n = 1000
  read (*, *) n
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  local = 0.0d0
  do i = rank + 1, n, nprocs
     x = dble(i) / n
     local = local + 4.0d0 / (1.0d0 + x * x)
  end do
  k = 0
  !$interp iters(n / 100 + 1)
  do while (local > 1.0d0)
     local = local / 2.0d0 + n
     k = k + 1
  end do
  !$interp prob(0.3)
  if (local > 0.5d0) then
     local = sqrt(local)
  end if
  call MPI_Reduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program psum
"""

F_SEEDS_INLINE = (
    ProgramSeed("ring.f", (("ring.f", F_RING),), procs=(2, 4)),
    ProgramSeed("psum.f90", (("psum.f90", F_PSUM),), procs=(1, 4)),
)

# ---- samples shipped with interp: file(s), inputs, process counts ------------------------------

C_SAMPLES = (
    ("trapezoid_mpi", ("trapezoid_mpi.c",), (("n", "1000"), ("reps", "2")), (1, 4, 8)),
    ("jacobi2d_mpi", ("jacobi2d_mpi.c",), (("n", "34"), ("iters", "5")), (1, 2, 4)),
    ("ring_mpi", ("ring_mpi.c",), (("params[0]", "64"), ("params[1]", "3")), (2, 4)),
    ("pingpong_mpi", ("pingpong_mpi.c",), (("m", "64"), ("reps", "4")), (2,)),
    ("matmul", ("matmul_master_worker_mpi.c",), (("n", "16"),), (2, 4)),
    ("trapezoid_nx", ("trapezoid_host.c", "trapezoid_node.c"), (("n", "1000"), ("reps", "2")),
     (2, 4)),
    ("sum_tree", ("skeletons/sum_tree_mpi.c",), (), (1, 4, 16)),
    ("sum_ring", ("skeletons/sum_ring_mpi.c",), (), (1, 4)),
    ("mismatch_tag", ("broken/mismatch_tag.c",), (), (2,)),
    ("deadlock", ("broken/deadlock_head_to_head.c",), (), (4,)),
    ("skipped_collective", ("broken/skipped_collective.c",), (), (4,)),
)

F_SAMPLES = (
    ("trapezoid_f77", ("fortran/trapezoid_host.f", "fortran/trapezoid_node.f"),
     (("n", "1000"), ("reps", "2")), (2, 4)),
    ("jacobi_f90", ("fortran/jacobi2d_mpi.f90",), (("n", "34"), ("iters", "5")), (1, 2, 4)),
)


def _sample_seed(name, paths, defines, procs) -> ProgramSeed:
    files = tuple((Path(p).name, (HARNESS_ROOT / "samples" / p).read_text()) for p in paths)
    return ProgramSeed(name, files, tuple(defines), tuple(procs))


@lru_cache(maxsize=None)
def c_seeds() -> tuple[ProgramSeed, ...]:
    return tuple(_sample_seed(*s) for s in C_SAMPLES) + C_SEEDS_INLINE


@lru_cache(maxsize=None)
def fortran_seeds() -> tuple[ProgramSeed, ...]:
    return tuple(_sample_seed(*s) for s in F_SAMPLES) + F_SEEDS_INLINE


@lru_cache(maxsize=None)
def machine_seeds() -> tuple[tuple[str, str], ...]:
    """(file name, text) of every shipped machine file."""
    folder = HARNESS_ROOT / "sag" / "machines"
    return tuple((p.name, p.read_text()) for p in sorted(folder.glob("*.yaml")))
