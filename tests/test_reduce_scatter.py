"""MPI_Reduce_scatter and MPI_Reduce_scatter_block (C and Fortran, and the non-blocking twins).

Neither the paper nor the machine file gives a reduce-scatter algorithm, so interp costs each as
the two collectives it models that a program would write in its place (docs/model.md), as it
costs an allreduce on a number of processes that is no power of two as reduce + broadcast:
MPI_Reduce of the whole vector to rank 0 (binomial tree, combining at each receive), then
MPI_Scatterv of each rank's block (linear, MPICH's) or, for _block, MPI_Scatter (binomial).

Hand derivations on the shipped iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Tables 1 and 3):
a message of m > 100 bytes takes 175 us + 0.36 us/B * m + 33 us per hop; a double add 1 clock at
40 MHz (25 ns; Table 1's Real Add). At P = 4, ranks 0-3 on the hypercube: 1 -> 0, 3 -> 2, 2 -> 0
are one hop each, 0 -> 3 two.

n = 1003 doubles, counts = 251, 251, 251, 250 (blocks of 2008, 2008, 2008, 2000 B):
  reduce, 8024 B a message: 175 + 2888.64 + 33 = 3096.64 us; combining 1003 adds: 25.075 us.
  1 -> 0 and 3 -> 2 together, both combine, then 2 -> 0 and rank 0 combines:
  2 * (3096.64 + 25.075) = 6243.43 us.
  scatterv from rank 0 in rank order: 0 -> 1 (2008 B, 1 hop) 930.88 us, 0 -> 2 930.88 us,
  0 -> 3 (2000 B, 2 hops) 175 + 720 + 66 = 961 us: 2822.76 us. Total 9066.19 us.
"""
import pytest

from interp.pipeline import predict

US = 1e-6

PROGRAM = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, i, n = 1003;
    int *counts, *displs;
    double *all, *sum, *mine;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts = malloc(size * sizeof(int));
    displs = malloc(size * sizeof(int));
    for (i = 0; i < size; i++) {
        counts[i] = n / size + (i < n % size ? 1 : 0);
        displs[i] = i == 0 ? 0 : displs[i-1] + counts[i-1];
    }
    all = malloc(n * sizeof(double));
    sum = malloc(n * sizeof(double));
    mine = malloc(counts[rank] * sizeof(double));
    MPI_Barrier(MPI_COMM_WORLD);
    CALLS
    MPI_Finalize();
    return 0;
}
"""

FORTRAN = """\
program rs
  use mpi
  implicit none
  integer, parameter :: n = 1003
  integer :: ierr, rank, np, i, counts(0:3)
  double precision :: all(n), mine(251)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  do i = 0, np - 1
     counts(i) = n / np
     if (i < mod(n, np)) counts(i) = counts(i) + 1
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Reduce_scatter(all, mine, counts, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program rs
"""

REDUCE_SCATTER = "MPI_Reduce_scatter(all, mine, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);"
EXPECTED = [(0, 1, 2008), (0, 2, 2008), (0, 3, 2000), (1, 0, 8024), (2, 0, 8024), (3, 2, 8024)]


def run(tmp_path, text, name="rs.c", procs=4):
    path = tmp_path / name
    path.write_text(text)
    return predict([str(path)], "ipsc860", procs, interactive=False).result


def messages(r):
    return sorted((m.src, m.dst, m.size) for m in r.messages if m.internal and m.size > 100)


def after_barrier(r):
    return r.total - min(m.send_time for m in r.messages if m.size > 100)


def test_reduce_scatter_is_a_reduce_to_rank_0_then_a_scatterv_of_the_counts(tmp_path):
    r = run(tmp_path, PROGRAM.replace("CALLS", REDUCE_SCATTER))
    assert messages(r) == EXPECTED
    assert after_barrier(r) == pytest.approx(9066.19 * US, rel=1e-6)


def test_reduce_scatter_costs_what_the_reduce_and_scatterv_written_out_cost(tmp_path):
    written = run(tmp_path, PROGRAM.replace("CALLS", "MPI_Reduce(all, sum, n, MPI_DOUBLE, MPI_SUM, 0, "
                                                     "MPI_COMM_WORLD);\n    MPI_Scatterv(sum, counts, displs, "
                                                     "MPI_DOUBLE, mine, counts[rank], MPI_DOUBLE, 0, MPI_COMM_WORLD);"),
                  "written.c")
    assert messages(written) == EXPECTED
    assert after_barrier(written) == pytest.approx(9066.19 * US, rel=1e-6)


def test_fortran_reduce_scatter(tmp_path):
    r = run(tmp_path, FORTRAN, "rs.f90")
    assert messages(r) == EXPECTED
    assert after_barrier(r) == pytest.approx(9066.19 * US, rel=1e-6)


def test_ireduce_scatter_then_wait(tmp_path):
    r = run(tmp_path, PROGRAM.replace("CALLS", "MPI_Ireduce_scatter(all, mine, counts, MPI_DOUBLE, MPI_SUM, "
                                               "MPI_COMM_WORLD, &req);\n    MPI_Wait(&req, MPI_STATUS_IGNORE);"))
    assert messages(r) == EXPECTED
    assert after_barrier(r) == pytest.approx(9066.19 * US, rel=1e-6)


def test_reduce_scatter_block_is_a_reduce_then_a_binomial_scatter(tmp_path):
    r = run(tmp_path, PROGRAM.replace("CALLS", "MPI_Reduce_scatter_block(all, mine, 250, MPI_DOUBLE, MPI_SUM, "
                                               "MPI_COMM_WORLD);"))
    # reduce of 4 blocks of 250 doubles (8000 B): 175 + 2880 + 33 = 3088 us a step, 1000 adds
    # (25 us) after each; scatter from rank 0: rank 2's half (4000 B: 175 + 1440 + 33 = 1648 us),
    # then 0 -> 1 and 2 -> 3 at once (2000 B: 928 us). 2 * 3113 + 1648 + 928 = 8802 us.
    assert messages(r) == [(0, 1, 2000), (0, 2, 4000), (1, 0, 8000), (2, 0, 8000), (2, 3, 2000), (3, 2, 8000)]
    assert after_barrier(r) == pytest.approx(8802 * US, rel=1e-6)
