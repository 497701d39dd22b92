/*
 * bsearch_bins.c - a histogram with uneven bins: every rank draws its samples and finds each
 * one's bin in the sorted bin edges with a binary search (two moving bounds, the textbook
 * 'while (lo <= hi)' with an early exit when a sample sits on an edge); the counts are summed
 * on rank 0 with MPI_Reduce.
 *
 * Usage: mpiexec -n P ./bsearch_bins NSAMPLES NBINS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int find_bin(const double *edge, int nbins, double v)
{
    int lo = 0, hi = nbins - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (edge[mid] == v)
            return mid;
        if (edge[mid] < v)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return hi;
}

int main(int argc, char **argv)
{
    int rank, size, n, nbins, i, b;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = atoi(argv[1]);
    nbins = atoi(argv[2]);
    double *edge = malloc(nbins * sizeof(double));
    int *count = calloc(nbins, sizeof(int));
    int *all = calloc(nbins, sizeof(int));
    for (b = 0; b < nbins; b++)
        edge[b] = (double) b * b / ((double) nbins * nbins);
    srand(rank + 1);
    for (i = 0; i < n / size; i++) {
        double v = (double) rand() / RAND_MAX;
        count[find_bin(edge, nbins, v)]++;
    }
    MPI_Reduce(count, all, nbins, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("first bin %d, last bin %d\n", all[0], all[nbins - 1]);
    free(edge);
    free(count);
    free(all);
    MPI_Finalize();
    return 0;
}
