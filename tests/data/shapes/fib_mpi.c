#include <mpi.h>
int fib(int k) { if (k < 2) return k; return fib(k - 1) + fib(k - 2); }
int main(int argc, char **argv)
{
    int rank, size, local, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    local = fib(10 + rank);
    MPI_Reduce(&local, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
