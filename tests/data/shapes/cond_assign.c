#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int rank, size, n = 0, i;
    double sum = 0.0;
    MPI_Init(&argc, &argv);
    if (MPI_Comm_rank(MPI_COMM_WORLD, &rank) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if ((n = atoi(argv[1])) <= 0) n = 10;
    for (i = rank; i < n; i += size)
        sum += i * 0.5;
    MPI_Finalize();
    return 0;
}
