/*
 * divisor_sum_call_expr.c - number-theory exercise: the total number of
 * divisors of 1..N, the numbers in contiguous blocks per rank.  The count
 * for one number comes from a helper used inside a compound assignment
 * ("total += count_divisors(k)"), the shape of most "sum of f(k)" loops.
 *
 * Usage: mpiexec -n P ./divisor_sum_call_expr N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int count_divisors(int k)
{
    int d, c = 0;
    for (d = 1; d <= k; d++)
        if (k % d == 0)
            c++;
    return c;
}

int main(int argc, char **argv)
{
    int rank, size, n, first, last, k;
    long total = 0, grand = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = atoi(argv[1]);

    first = 1 + rank * (n / size);
    last = first + n / size - 1;
    for (k = first; k <= last; k++)
        total += count_divisors(k);
    MPI_Reduce(&total, &grand, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("sum of d(k), k = 1..%d: %ld\n", n, grand);
    MPI_Finalize();
    return 0;
}
