/*
 * divisor_sum_mpi.c - finds the perfect and abundant numbers up to N: each rank sums the proper
 * divisors of every size-th number by trial division up to its square root, the counts reduced
 * to rank 0 with MPI_Reduce.
 *
 * Usage: mpiexec -n P divisor_sum_mpi N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static long divisor_sum(long k)
{
    long s = 1;
    for (long d = 2; d * d <= k; d++) {
        if (k % d == 0) {
            s += d;
            if (d * d != k)
                s += k / d;
        }
    }
    return s;
}

int main(int argc, char **argv)
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
    long n = atol(argv[1]);
    long counts[2] = {0, 0}, totals[2];
    for (long k = 2 + rank; k <= n; k += size) {
        long s = divisor_sum(k);
        if (s == k)
            counts[0]++;
        else if (s > k)
            counts[1]++;
    }
    MPI_Reduce(counts, totals, 2, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%ld perfect, %ld abundant up to %ld\n", totals[0], totals[1], n);
    MPI_Finalize();
    return 0;
}
