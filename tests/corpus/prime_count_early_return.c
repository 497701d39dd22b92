/*
 * prime_count_early_return.c - the faster prime counter: the test stops at
 * the first divisor (an early return from inside the loop) and only tries
 * divisors up to sqrt(k); its 0/1 result is added to the count.  Blocks of
 * consecutive numbers per rank, MPI_Allreduce at the end.
 *
 * Usage: mpiexec -n P ./prime_count_early_return N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int is_prime(int k)
{
    int f;
    if (k < 2)
        return 0;
    for (f = 2; f * f <= k; f++)
        if (k % f == 0)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    int me, np, n, per, lo, hi, k;
    int count = 0, all = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    n = atoi(argv[1]);

    per = n / np;
    lo = me * per;
    hi = lo + per;
    for (k = lo; k < hi; k++)
        count += is_prime(k);
    MPI_Allreduce(&count, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

    if (me == 0)
        printf("primes below %d: %d\n", n, all);
    MPI_Finalize();
    return 0;
}
