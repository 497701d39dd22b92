#include <mpi.h>
#define N 100000
int main(int argc, char **argv)
{
    int rank, other;
    static double out[N], in[N];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    other = 1 - rank;
    MPI_Ssend(out, N, MPI_DOUBLE, other, 0, MPI_COMM_WORLD);
    MPI_Recv(in, N, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
