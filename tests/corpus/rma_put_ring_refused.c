/* One-sided ring shift: each rank puts its block into its right neighbour's window between
 * two fences (MPI_Win_create, MPI_Win_fence, MPI_Put). */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, buf[100], win_buf[100];
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(win_buf, 100 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Put(buf, 100, MPI_INT, (rank + 1) % size, 0, 100, MPI_INT, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
