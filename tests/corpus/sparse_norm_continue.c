/*
 * sparse_norm_continue.c - the squared norm of a vector with many zero entries, each rank
 * over its own block: zeros are skipped with 'if (x[i] == 0.0) continue;' (the style of a
 * sparse-vector exercise), the nonzeros counted, and both summed with MPI_Allreduce.
 *
 * Usage: mpiexec -n P ./sparse_norm_continue N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, n, local, i;
    double s = 0.0, nnz = 0.0, sums[2], all[2];
    double *x;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = atoi(argv[1]);
    local = n / size;
    x = calloc(local, sizeof(double));
    srand(rank + 1);
    for (i = 0; i < local; i += 4)
        x[i] = (double) rand() / RAND_MAX;

    for (i = 0; i < local; i++) {
        if (x[i] == 0.0)
            continue;
        s += x[i] * x[i];
        nnz += 1.0;
    }
    sums[0] = s;
    sums[1] = nnz;
    MPI_Allreduce(sums, all, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("norm^2 %g over %g nonzeros\n", all[0], all[1]);
    free(x);
    MPI_Finalize();
    return 0;
}
