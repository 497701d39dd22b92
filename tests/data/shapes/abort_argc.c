#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int rank, n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc != 2) {
        if (rank == 0) fprintf(stderr, "usage: %s n\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    n = atoi(argv[1]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
