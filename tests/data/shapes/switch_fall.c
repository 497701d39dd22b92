#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, i;
    double a = 0.0, b = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 100; i++) {
        switch (i % 4) {
        case 0:
            a += 1.0;
        case 1:
            b += 2.0;
            break;
        default:
            a -= 1.0;
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
