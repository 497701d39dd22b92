/* One MPI_Sendrecv of a double round a ring per iteration, nothing else: times by hand. */
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, iters = atoi(argv[1]);
    double a = 0.0, b = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (it = 0; it < iters; it++)
        MPI_Sendrecv(&a, 1, MPI_DOUBLE, right, 0, &b, 1, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
