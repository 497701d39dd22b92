/* A halo message still on the wire while an MPI_Allreduce runs: two symmetries on a crossbar at once. */
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, iters = atoi(argv[1]), n = atoi(argv[2]);
    double *u = malloc((n + 2) * sizeof(double)), local = 0.0, global;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (it = 0; it < iters; it++) {
        MPI_Isend(&u[1], n, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &req);
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Recv(&u[0], n, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
