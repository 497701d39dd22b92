#include <stdio.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int done = 0, n, rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    while (!done) {
        if (rank == 0)
            scanf("%d", &n);
        MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (n == 0)
            done = 1;
    }
    MPI_Finalize();
    return 0;
}
