/* A butterfly (partners rank XOR 1, 2, 4, ...) cut at `limit` ranks: a partner at or beyond it is
   MPI_PROC_NULL (both ways). On a hypercube the ranks fall into XOR classes (tests/test_symmetry_xor.py). */
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, k, p, iters = atoi(argv[1]), limit = atoi(argv[2]);
    double a = 1.0, b;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (it = 0; it < iters; it++) {
        for (k = 1; k < size; k *= 2) {
            p = rank < limit && (rank ^ k) < limit ? (rank ^ k) : MPI_PROC_NULL;
            MPI_Sendrecv(&a, 1, MPI_DOUBLE, p, 0, &b, 1, MPI_DOUBLE, p, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    MPI_Finalize();
    return 0;
}
