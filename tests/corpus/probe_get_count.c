/*
 * probe_get_count.c - every worker sends rank 0 a result vector whose length
 * depends on its rank (10 * rank doubles); rank 0 learns each length with
 * MPI_Probe and MPI_Get_count, allocates, and receives.
 *
 * Run: mpiexec -n 3 ./probe_get_count
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, src, n, len;
    double *vec;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        for (src = 1; src < size; src++) {
            MPI_Probe(src, 0, MPI_COMM_WORLD, &status);
            MPI_Get_count(&status, MPI_DOUBLE, &len);
            vec = malloc(len * sizeof(double));
            MPI_Recv(vec, len, MPI_DOUBLE, src, 0, MPI_COMM_WORLD, &status);
            printf("from %d: %d values\n", src, len);
            free(vec);
        }
    } else {
        n = 10 * rank;
        vec = calloc(n, sizeof(double));
        MPI_Send(vec, n, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
        free(vec);
    }
    MPI_Finalize();
    return 0;
}
