/*
 * allreduce_loop_mpi.c - ITERS rounds of: update a local vector of M doubles, then sum it over
 * all ranks with MPI_Allreduce (the shape of a gradient-averaging loop).
 *
 * Usage: mpiexec -n P allreduce_loop_mpi M ITERS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 3) {
        if (rank == 0)
            fprintf(stderr, "usage: %s M ITERS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int m = atoi(argv[1]);
    int iters = atoi(argv[2]);
    double *grad = malloc(m * sizeof(double));
    double *sum = malloc(m * sizeof(double));
    for (int i = 0; i < m; i++)
        sum[i] = 0.0;

    for (int it = 0; it < iters; it++) {
        for (int i = 0; i < m; i++)
            grad[i] = 0.5 * sum[i] / size + (rank + 1) * 1e-3;
        MPI_Allreduce(grad, sum, m, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf("sum[0] = %.9f\n", sum[0]);
    free(grad);
    free(sum);
    MPI_Finalize();
    return 0;
}
