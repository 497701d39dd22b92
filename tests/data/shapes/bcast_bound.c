#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, size, n = 0, i;
    double sum = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        if (scanf("%d", &n) != 1) n = 100;
    }
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (i = rank; i < n; i += size)
        sum += i * 0.5;
    MPI_Finalize();
    return 0;
}
