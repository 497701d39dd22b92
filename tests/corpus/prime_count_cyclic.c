/* Count the primes below N: rank r tests r*2+1, ... in a cyclic distribution (odd numbers only). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#ifndef N
#define N 2000
#endif

int is_prime(int n)
{
    int d;
    if (n < 2)
        return 0;
    if (n % 2 == 0)
        return n == 2;
    for (d = 3; d * d <= n; d += 2)
        if (n % d == 0)
            return 0;
    return 1;
}

int main(int argc, char *argv[])
{
    int rank, size, k, local = 0, total = 0;
    double start, elapsed;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    start = MPI_Wtime();
    for (k = 2 * rank + 1; k < N; k += 2 * size)
        local += is_prime(k);
    if (rank == 0)
        local++;    /* 2 */
    MPI_Reduce(&local, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    elapsed = MPI_Wtime() - start;
    if (rank == 0)
        printf("%d primes below %d (%.4f s)\n", total, N, elapsed);
    MPI_Finalize();
    return 0;
}
