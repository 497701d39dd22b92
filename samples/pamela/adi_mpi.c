/*
 * adi_mpi.c - seed 004 section 3.6 (data partitioning): the vertical relaxation phase of ADI,
 *     for (i = 1:N-2) forall (j = 0:N-1) update(i, j)
 * where update(i, j) reads a[i-1][j] and costs tau_u seconds (#pragma interp cost), with an N x N
 * matrix block-partitioned over P processes (owner computes, B = N/P).
 *   AXIS = 0: on the j axis, mu(i, j) = j / B: every process sweeps its own columns; no messages.
 *   AXIS = 1: on the i axis, mu(i, j) = i / B: process p needs row pB-1 from p-1 before its rows,
 *             so the sweep runs through the processes one after the other.
 * interp bound gives T^l = (N-2) N/P tau_u for AXIS = 0 (linear speedup) and (N-2) N tau_u plus
 * the P-1 row messages for AXIS = 1 (no speedup), the paper's comparison.
 *
 * Usage: mpiexec -n P ./adi_mpi N AXIS TAU_U     (P divides N)
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, N, AXIS, B, i, j, lo, hi;
    double tau_u, *a, *row;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 4) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n P %s N AXIS TAU_U\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    N = atoi(argv[1]);
    AXIS = atoi(argv[2]);
    tau_u = atof(argv[3]);
    if (N < 3 || N % size != 0 || (AXIS != 0 && AXIS != 1) || tau_u < 0) {
        if (rank == 0)
            fprintf(stderr, "need N >= 3 divisible by P, AXIS 0 or 1, TAU_U >= 0\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    B = N / size;
    a = calloc((size_t) N * B, sizeof(double));
    row = calloc((size_t) N, sizeof(double));
    if (AXIS == 0) {
        for (i = 1; i <= N - 2; i++)
            for (j = 0; j < B; j++) {
#pragma interp cost(tau_u)
                a[i * B + j] = 0.5 * (a[(i - 1) * B + j] + a[i * B + j]);
            }
    } else {
        lo = rank * B;
        if (lo < 1)
            lo = 1;
        hi = rank * B + B - 1;
        if (hi > N - 2)
            hi = N - 2;
        if (rank > 0)
            MPI_Recv(row, N, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = lo; i <= hi; i++)
            for (j = 0; j < N; j++) {
#pragma interp cost(tau_u)
                a[(i - rank * B) * N + j] = 0.5 * (row[j] + a[(i - rank * B) * N + j]);
            }
        if (rank < size - 1)
            MPI_Send(row, N, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf("sweep of %d rows done\n", N - 2);
    free(a);
    free(row);
    MPI_Finalize();
    return 0;
}
