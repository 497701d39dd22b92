/*
 * lcg_histogram_mpi.c - each rank draws M numbers from its own linear congruential generator and
 * counts them in B bins (an increment at a computed index), repeated R times; the histograms are
 * summed on rank 0 with MPI_Reduce.
 *
 * Usage: mpiexec -n P lcg_histogram_mpi M B R
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
    if (argc != 4) {
        if (rank == 0)
            fprintf(stderr, "usage: %s M B R\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    long m = atol(argv[1]);
    int bins = atoi(argv[2]);
    int rounds = atoi(argv[3]);
    long *hist = calloc(bins, sizeof(long));
    long *total = calloc(bins, sizeof(long));
    unsigned long x = 12345 + 1000003UL * rank;
    for (int r = 0; r < rounds; r++) {
        for (long i = 0; i < m / size; i++) {
            x = x * 6364136223846793005UL + 1442695040888963407UL;
            hist[(x >> 33) % bins]++;
        }
    }
    MPI_Reduce(hist, total, bins, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("bin 0: %ld of %ld\n", total[0], m * rounds);
    free(hist);
    free(total);
    MPI_Finalize();
    return 0;
}
