#include <mpi.h>
static int counter(void) { static int calls = 0; calls++; return calls; }
int main(int argc, char **argv)
{
    int rank, i, c = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 50; i++) c = counter();
    if (c == 50) MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
