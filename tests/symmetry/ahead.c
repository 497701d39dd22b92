/* A non-periodic one-way shift in two phases, then a barrier. Rank 0 receives nothing
   (MPI_PROC_NULL), so it sends its second message earlier than the others do: rank 1 hears rank 0
   at other times than rank 2 hears rank 1 (rank 1 waits in the MPI_Wait where rank 2 waits in the
   second receive) and sends at the same times as rank 2; the barrier brings every rank together
   again. The class of ranks 1..P-2 splits into 1 and 2..P-2 and stays so. */
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, iters = atoi(argv[1]);
    double u[4];
    MPI_Request req[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    for (it = 0; it < iters; it++) {
        MPI_Isend(&u[0], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Recv(&u[1], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Isend(&u[2], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &req[1]);
        MPI_Recv(&u[3], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
