/* Histogram: each rank generates NPER values in [0, MAXV), bins them, and the bins are summed on
 * rank 0 with one MPI_Reduce of the whole array. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NBINS 16
#define NPER 1000
#define MAXV 100.0

static int bin_of(double v, double lo, double width)
{
    int b = (int)((v - lo) / width);
    if (b >= NBINS)
        b = NBINS - 1;
    return b;
}

int main(int argc, char *argv[])
{
    int rank, size, i, local[NBINS], global[NBINS];
    double *data, width = MAXV / NBINS;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    data = (double *)malloc(NPER * sizeof(double));
    if (data == NULL) {
        fprintf(stderr, "rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    srand(17 * rank + 3);
    for (i = 0; i < NPER; i++)
        data[i] = MAXV * rand() / ((double)RAND_MAX + 1.0);
    for (i = 0; i < NBINS; i++)
        local[i] = 0;
    for (i = 0; i < NPER; i++)
        local[bin_of(data[i], 0.0, width)]++;
    MPI_Reduce(local, global, NBINS, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < NBINS; i++)
            printf("[%5.1f, %5.1f): %d\n", i * width, (i + 1) * width, global[i]);
    }
    free(data);
    MPI_Finalize();
    return 0;
}
