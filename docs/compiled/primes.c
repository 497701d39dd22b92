/* Trial-division prime count, the test called in a condition (issue 15, example 5). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int is_prime(int m)
{
    int d;
    if (m < 2)
        return 0;
    for (d = 2; d * d <= m; d++)
        if (m % d == 0)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int rank, i, count = 0, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 2; i < n; i++)
        if (is_prime(i))
            count++;
    MPI_Reduce(&count, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("primes %d\n", total);
    MPI_Finalize();
    return 0;
}
