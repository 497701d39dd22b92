/*
 * prime_count_cond_call.c - count the primes in [11, LIMIT] with a naive
 * trial-division test, numbers dealt out cyclically over the ranks, partial
 * counts summed with MPI_Reduce.  The test is called inside the if
 * condition, as in most course versions of this exercise.
 *
 * Usage: mpiexec -n P ./prime_count_cond_call LIMIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

/* 1 if n is prime.  Deliberately naive: tries every divisor below n. */
static int isprime(int n)
{
    int d, prime = 1;
    for (d = 2; d < n; d++)
        if (n % d == 0)
            prime = 0;
    return prime;
}

int main(int argc, char **argv)
{
    int rank, nprocs, limit, n;
    int found = 0, total = 0;
    double t0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    limit = (int) strtol(argv[1], NULL, 10);

    t0 = MPI_Wtime();
    for (n = 11 + rank; n <= limit; n += nprocs)
        if (isprime(n))
            found++;
    MPI_Reduce(&found, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);

    if (rank == 0)
        printf("%d primes in [11, %d], %.3f s\n", total, limit, MPI_Wtime() - t0);
    MPI_Finalize();
    return 0;
}
