/* The non-periodic halo written with branches on the rank instead of MPI_PROC_NULL: rank 0 has
   no left neighbour, rank P-1 no right one. */
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, i, iters = atoi(argv[1]), n = atoi(argv[2]);
    double *u = malloc((n + 2) * sizeof(double));
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (it = 0; it < iters; it++) {
        if (rank > 0)
            MPI_Send(&u[1], 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD);
        if (rank < size - 1)
            MPI_Recv(&u[n + 1], 1, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (rank < size - 1)
            MPI_Send(&u[n], 1, MPI_DOUBLE, rank + 1, 1, MPI_COMM_WORLD);
        if (rank > 0)
            MPI_Recv(&u[0], 1, MPI_DOUBLE, rank - 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 1; i <= n; i++)
            u[i] = 0.5 * (u[i - 1] + u[i + 1]);
    }
    MPI_Finalize();
    return 0;
}
