#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, other, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    other = 1 - rank;
    MPI_Recv(&v, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&v, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
