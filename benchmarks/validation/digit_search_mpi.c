/*
 * digit_search_mpi.c - for each target digit sum t = 1..T, the smallest number at or above a
 * start whose decimal digits sum to t; the ranks split the targets cyclically, and the largest
 * answer is found with MPI_Allreduce (MPI_MAX).
 *
 * Usage: mpiexec -n P digit_search_mpi START T
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int digit_sum(long x)
{
    int s = 0;
    while (x > 0) {
        s += x % 10;
        x /= 10;
    }
    return s;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 3) {
        if (rank == 0)
            fprintf(stderr, "usage: %s START T\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    long start = atol(argv[1]);
    int targets = atoi(argv[2]);
    long largest = 0, overall;
    for (int t = 1 + rank; t <= targets; t += size) {
        long x = start;
        while (digit_sum(x) != t)
            x++;
        if (x > largest)
            largest = x;
    }
    MPI_Allreduce(&largest, &overall, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
        printf("largest first number: %ld\n", overall);
    MPI_Finalize();
    return 0;
}
