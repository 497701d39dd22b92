/*
 * householder_mpi.c - skeleton of the parallel Householder triangularization
 * that seed paper 003 (section 3.5, Eq. 7-10) shows NOT to pay on the SP2.
 *
 * Usage: mpiexec -n N householder_mpi P Q    (APT: P = 32, Q = 320)
 *
 * The matrix is split into N chunks of Q/N columns. Eq. 7:
 *   T_n = 16 p^2 q T_flop / n + p^2 R(n),
 * p^2 steps, each 16 q / n flops on every process (at 72 Mflop/s, Table 2's
 * HT speed) and one reduction over the N processes (R(n) = 20 log n + 23 us,
 * Table 5, in sag/machines/sp2.yaml). Against householder_seq.c, Eq. 8 gives
 * S_n = n / (2 + n R(n) / (8 q T_flop)) < 1 for every n.
 */
#include <stdlib.h>
#include <mpi.h>

#pragma interp input rows = 32
#pragma interp input cols = 320

void reflect_part(double *norm, int columns);   /* not written */

int main(int argc, char *argv[])
{
    int rank, size;
    double part = 0.0, norm = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rows = atoi(argv[1]);
    int cols = atoi(argv[2]);

    for (int k = 0; k < rows * rows; k++) {
#pragma interp cost(16 * cols / (72e6 * size) s)
#pragma interp work(flops=16 * cols / size)
        reflect_part(&part, cols / size);
        MPI_Reduce(&part, &norm, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
