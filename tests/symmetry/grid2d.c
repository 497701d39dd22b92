/* A non-periodic 2-D halo on a side x side grid of ranks (row-major): MPI_PROC_NULL beyond the
   grid's edges, so corner, edge and interior ranks exchange with 2, 3 and 4 neighbours. */
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, i, iters = atoi(argv[1]), n = atoi(argv[2]), side = atoi(argv[3]);
    double *u = malloc((n + 4) * sizeof(double));
    MPI_Request req[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int col = rank % side, row = rank / side;
    int east = col < side - 1 ? rank + 1 : MPI_PROC_NULL, west = col > 0 ? rank - 1 : MPI_PROC_NULL;
    int north = row < side - 1 ? rank + side : MPI_PROC_NULL, south = row > 0 ? rank - side : MPI_PROC_NULL;
    for (it = 0; it < iters; it++) {
        MPI_Irecv(&u[0], n, MPI_DOUBLE, west, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(&u[1], n, MPI_DOUBLE, east, 1, MPI_COMM_WORLD, &req[1]);
        MPI_Irecv(&u[2], n, MPI_DOUBLE, south, 2, MPI_COMM_WORLD, &req[2]);
        MPI_Irecv(&u[3], n, MPI_DOUBLE, north, 3, MPI_COMM_WORLD, &req[3]);
        MPI_Isend(&u[4], n, MPI_DOUBLE, east, 0, MPI_COMM_WORLD, &req[4]);
        MPI_Isend(&u[4], n, MPI_DOUBLE, west, 1, MPI_COMM_WORLD, &req[5]);
        MPI_Isend(&u[4], n, MPI_DOUBLE, north, 2, MPI_COMM_WORLD, &req[6]);
        MPI_Isend(&u[4], n, MPI_DOUBLE, south, 3, MPI_COMM_WORLD, &req[7]);
        MPI_Waitall(8, req, MPI_STATUSES_IGNORE);
        for (i = 0; i < n * 10; i++)
            u[i % n] = 0.25 * (u[(i + 1) % n] + u[(i + 2) % n]);
    }
    MPI_Finalize();
    return 0;
}
