/* A dot product reduced by MPI_Allreduce every iteration: every rank alike, no partner chosen by rank. */
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, i, iters = atoi(argv[1]), n = atoi(argv[2]);
    double *u = malloc(n * sizeof(double)), local, global;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (it = 0; it < iters; it++) {
        local = 0.0;
        for (i = 0; i < n; i++)
            local += u[i] * u[i];
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
