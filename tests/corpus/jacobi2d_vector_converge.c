/* 2-D Jacobi on a P x 1 column decomposition of an N x N grid (a block of columns per rank):
 * the halo columns go as one MPI_Type_vector each; convergence is checked every iteration
 * with MPI_Allreduce, but the run stops after ITMAX iterations at most. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

#define N 64
#define ITMAX 30
#define TOL 1e-8

int main(int argc, char **argv)
{
    int rank, size, nloc, i, j, it, left, right;
    double *u, *unew, diff, gdiff;
    MPI_Datatype column;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    nloc = N / size;
    left = (rank == 0) ? MPI_PROC_NULL : rank - 1;
    right = (rank == size - 1) ? MPI_PROC_NULL : rank + 1;
    /* rows of nloc + 2 columns: column j of row i is u[i * (nloc + 2) + j] */
    u = calloc(N * (nloc + 2), sizeof(double));
    unew = calloc(N * (nloc + 2), sizeof(double));
    MPI_Type_vector(N, 1, nloc + 2, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    for (i = 0; i < N; i++)
        u[i * (nloc + 2)] = (rank == 0) ? 1.0 : 0.0;
    for (it = 0; it < ITMAX; it++) {
        MPI_Sendrecv(&u[nloc], 1, column, right, 0, &u[0], 1, column, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1], 1, column, left, 1, &u[nloc + 1], 1, column, right, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        diff = 0.0;
        for (i = 1; i < N - 1; i++)
            for (j = 1; j <= nloc; j++) {
                int k = i * (nloc + 2) + j;
                unew[k] = 0.25 * (u[k - 1] + u[k + 1] + u[k - nloc - 2] + u[k + nloc + 2]);
                diff += fabs(unew[k] - u[k]);
            }
        for (i = 1; i < N - 1; i++)
            for (j = 1; j <= nloc; j++)
                u[i * (nloc + 2) + j] = unew[i * (nloc + 2) + j];
        MPI_Allreduce(&diff, &gdiff, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (gdiff < TOL)
            break;
    }
    if (rank == 0)
        printf("%d iterations, diff %g\n", it, gdiff);
    MPI_Type_free(&column);
    free(u); free(unew);
    MPI_Finalize();
    return 0;
}
