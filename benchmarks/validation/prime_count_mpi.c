/*
 * prime_count_mpi.c - counts the primes up to N, each rank testing every size-th number by
 * dividing it by every smaller number until a divisor turns up (the tutorial form), the counts
 * summed with MPI_Reduce.
 *
 * Usage: mpiexec -n P prime_count_mpi N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

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
    int n = atoi(argv[1]);
    int mine = 0, total = 0;
    for (int i = 2 + rank; i <= n; i += size) {
        int prime = 1;
        for (int j = 2; j < i; j++) {
            if (i % j == 0) {
                prime = 0;
                break;
            }
        }
        mine += prime;
    }
    MPI_Reduce(&mine, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d primes up to %d\n", total, n);
    MPI_Finalize();
    return 0;
}
