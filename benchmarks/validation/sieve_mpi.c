/*
 * sieve_mpi.c - a segmented sieve of Eratosthenes: the numbers 2..N are split into P blocks,
 * every rank crosses out the multiples of each prime up to sqrt(N) in its block (the small
 * primes found by a sieve of their own), counts what is left, and the counts are summed.
 *
 * Usage: mpiexec -n P sieve_mpi N
 *
 * Integer and branch-heavy: byte stores at a stride of p, a test per candidate.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 2) {
        if (rank == 0)
            fprintf(stderr, "usage: %s N\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n = atoi(argv[1]);
    int root = (int) sqrt((double) n);

    /* the primes up to sqrt(N), on every rank */
    char *small = calloc(root + 1, 1);
    for (int p = 2; p * p <= root; p++)
        if (!small[p])
            for (int m = p * p; m <= root; m += p)
                small[m] = 1;

    /* this rank's block [lo, hi) of 2..N */
    int lo = 2 + (int) ((long) rank * (n - 1) / size);
    int hi = 2 + (int) ((long) (rank + 1) * (n - 1) / size);
    char *marked = calloc(hi - lo, 1);
    for (int p = 2; p <= root; p++) {
        if (!small[p]) {
            int start = p * p;
            if (start < lo)
                start = lo + (p - lo % p) % p;
            for (int m = start; m < hi; m += p)
                marked[m - lo] = 1;
        }
    }
    int count = 0;
    for (int k = 0; k < hi - lo; k++)
        if (!marked[k])
            count++;

    int total = 0;
    MPI_Reduce(&count, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("primes up to %d: %d\n", n, total);
    free(small);
    free(marked);
    MPI_Finalize();
    return 0;
}
