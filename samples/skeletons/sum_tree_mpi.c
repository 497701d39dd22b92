/*
 * sum_tree_mpi.c - skeleton, design (a) of a global vector sum: a binomial tree.
 *
 * Usage: mpiexec -n P sum_tree_mpi N
 *   N  length of each process's vector of doubles (interp default: 1024)
 *
 * Every process owns a vector of N doubles; rank 0 must end with their
 * element-wise sum over all P processes. At step d (mask = 2^d) a rank whose
 * remainder modulo 2*mask is mask sends its partial sum to rank - mask and is
 * done; a rank whose remainder is 0 receives from rank + mask and adds. That
 * takes ceil(log2 P) steps, each one N-double message and N additions on the
 * critical path. Compare with sum_ring_mpi.c (P-1 steps):
 *   interp compare samples/skeletons/sum_tree_mpi.c samples/skeletons/sum_ring_mpi.c --procs 1,4,16 -D n=1000
 *
 * A skeleton: the computation is not written yet. produce_local() and
 * add_into() are only declared (the program compiles but does not link), and
 * each call site states its cost with `#pragma interp work(...)`, which
 * interp turns into time on the machine model (docs/annotations.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#pragma interp input n = 1024

/* Not written yet: fills x with this process's n values (about 2 flops each). */
void produce_local(double *x, int n, int rank);
/* Not written yet: acc[i] += in[i] for i < n. */
void add_into(double *acc, const double *in, int n);

int main(int argc, char *argv[])
{
    int rank, size;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int n = atoi(argv[1]);
    double *acc = malloc((size_t) n * sizeof(double));
    double *in = malloc((size_t) n * sizeof(double));

    double t0 = MPI_Wtime();
#pragma interp work(flops=2*n, loads=n, stores=n)
    produce_local(acc, n, rank);

    for (int mask = 1; mask < size; mask *= 2) {
        if (rank % (2 * mask) == mask) {
            MPI_Send(acc, n, MPI_DOUBLE, rank - mask, 0, MPI_COMM_WORLD);
        } else if (rank % (2 * mask) == 0 && rank + mask < size) {
            MPI_Recv(in, n, MPI_DOUBLE, rank + mask, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma interp work(flops=n, loads=2*n, stores=n)
            add_into(acc, in, n);
        }
    }

    if (rank == 0)
        printf("tree sum of %d doubles over %d processes: %.6f s\n", n, size, MPI_Wtime() - t0);
    free(acc);
    free(in);
    MPI_Finalize();
    return 0;
}
