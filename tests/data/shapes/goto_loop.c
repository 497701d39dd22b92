#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, i = 0;
    double x = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
again:
    x = x + 1.5;
    i++;
    if (i < 100) goto again;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
