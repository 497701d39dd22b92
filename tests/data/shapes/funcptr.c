#include <mpi.h>
static double square(double v) { return v * v; }
static double twice(double v) { return v + v; }
int main(int argc, char **argv)
{
    int rank, i;
    double s = 0.0;
    double (*op)(double);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    op = (rank % 2) ? square : twice;
    for (i = 0; i < 1000; i++) s += op(i);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
