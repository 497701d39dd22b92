/*
 * jacobi2d_mpi.c - Jacobi iteration for Laplace's equation on an N x N grid.
 *
 * Usage: mpiexec -n P jacobi2d_mpi N ITERS
 *   N      grid points per side, boundary included (N >= P + 2)
 *   ITERS  number of Jacobi sweeps (fixed count: no convergence test,
 *          so the amount of work is known before the run)
 *
 * The top edge is held at 1, the other edges at 0. Rows are split in
 * contiguous blocks; each sweep exchanges one halo row with the rank
 * above and below and computes the global residual with MPI_Allreduce.
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank, size, n = 0, iters = 0;
    double resid = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        if (argc != 3) {
            fprintf(stderr, "usage: %s N ITERS\n", argv[0]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        n = atoi(argv[1]);
        iters = atoi(argv[2]);
        if (n < size + 2 || iters < 1) {
            fprintf(stderr, "need N >= P + 2 and ITERS >= 1\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(&iters, 1, MPI_INT, 0, MPI_COMM_WORLD);

    /* Block of rows: the first N % P ranks take one extra row. */
    int rows = n / size + (rank < n % size ? 1 : 0);

    /* Local rows 1..rows are owned; rows 0 and rows+1 are halos. */
    double *u = calloc((size_t) (rows + 2) * n, sizeof(double));
    double *unew = calloc((size_t) (rows + 2) * n, sizeof(double));
    if (u == NULL || unew == NULL) {
        fprintf(stderr, "rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0)
        for (int j = 0; j < n; j++)
            u[1 * n + j] = unew[1 * n + j] = 1.0;    /* global row 0 */

    /* Global boundary rows are owned but never updated. */
    int ilo = (rank == 0) ? 2 : 1;
    int ihi = (rank == size - 1) ? rows - 1 : rows;
    /* MPI_PROC_NULL turns the exchanges at the ends into no-ops. */
    int up = (rank == 0) ? MPI_PROC_NULL : rank - 1;
    int down = (rank == size - 1) ? MPI_PROC_NULL : rank + 1;

    double t0 = MPI_Wtime();
    for (int it = 0; it < iters; it++) {
        /* Sendrecv pairs each send with a receive, so the chain of
           neighbours cannot deadlock whatever the message size. */
        MPI_Sendrecv(&u[1 * n], n, MPI_DOUBLE, up, 0,
                     &u[(rows + 1) * n], n, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[rows * n], n, MPI_DOUBLE, down, 1,
                     &u[0], n, MPI_DOUBLE, up, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);

        double local = 0.0;
        for (int i = ilo; i <= ihi; i++) {
            for (int j = 1; j < n - 1; j++) {
                unew[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j]
                                          + u[i * n + j - 1] + u[i * n + j + 1]);
                double d = unew[i * n + j] - u[i * n + j];
                local += d * d;
            }
        }
        MPI_Allreduce(&local, &resid, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        resid = sqrt(resid);

        double *tmp = u;    /* swap instead of copying the grid back */
        u = unew;
        unew = tmp;
    }
    double t1 = MPI_Wtime();

    /* Checksum of the owned interior, to compare runs with different P. */
    double sum = 0.0, total = 0.0;
    for (int i = 1; i <= rows; i++)
        for (int j = 0; j < n; j++)
            sum += u[i * n + j];
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);

    if (rank == 0) {
        printf("N = %d, ITERS = %d, P = %d\n", n, iters, size);
        printf("residual = %.10e, sum(u) = %.10f\n", resid, total);
        printf("time = %.6f s, %.6f s per iteration\n", t1 - t0, (t1 - t0) / iters);
    }

    free(u);
    free(unew);
    MPI_Finalize();
    return 0;
}
