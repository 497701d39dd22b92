/*
 * sum_ring_mpi.c - skeleton, design (b) of a global vector sum: a ring.
 *
 * Usage: mpiexec -n P sum_ring_mpi N
 *   N  length of each process's vector of doubles (interp default: 1024)
 *
 * The same problem as sum_tree_mpi.c: every process owns a vector of N
 * doubles and rank 0 must end with their element-wise sum. Here the partial
 * sum travels once around the ring 1 -> 2 -> ... -> P-1 -> 0: rank 1 starts
 * it, every other rank receives from its left neighbour, adds its own vector
 * and (unless it is rank 0) passes it to its right neighbour. That is P-1
 * steps, each one N-double message and N additions, all on the critical path.
 *
 * A skeleton: the computation is not written yet. produce_local() and
 * add_into() are only declared (the program compiles but does not link), and
 * each call site states its cost with `#pragma interp work(...)`.
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
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    double t0 = MPI_Wtime();
#pragma interp work(flops=2*n, loads=n, stores=n)
    produce_local(acc, n, rank);

    if (size > 1) {
        if (rank == 1) {
            MPI_Send(acc, n, MPI_DOUBLE, right, 0, MPI_COMM_WORLD);
        } else {
            MPI_Recv(in, n, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma interp work(flops=n, loads=2*n, stores=n)
            add_into(acc, in, n);
            if (rank != 0)
                MPI_Send(acc, n, MPI_DOUBLE, right, 0, MPI_COMM_WORLD);
        }
    }

    if (rank == 0)
        printf("ring sum of %d doubles over %d processes: %.6f s\n", n, size, MPI_Wtime() - t0);
    free(acc);
    free(in);
    MPI_Finalize();
    return 0;
}
