#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
static void die(const char *msg) { fprintf(stderr, "%s\n", msg); MPI_Finalize(); exit(1); }
int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) die("need two processes");
    if (rank == 0) MPI_Send(&rank, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(&size, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
