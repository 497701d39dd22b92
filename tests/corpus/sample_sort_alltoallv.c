/* Sample sort: local sort, P-1 regular samples per rank gathered on rank 0, splitters broadcast,
 * bucket counts exchanged with MPI_Alltoall and the keys with MPI_Alltoallv. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NPER 128

static int by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int rank, size, i, b, total;
    int *keys, *samples, *all_samples = NULL, *splitters, *out;
    int *scount, *rcount, *sdisp, *rdisp;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    keys = malloc(NPER * sizeof(int));
    samples = malloc(size * sizeof(int));
    splitters = malloc(size * sizeof(int));
    scount = calloc(size, sizeof(int));
    rcount = malloc(size * sizeof(int));
    sdisp = malloc(size * sizeof(int));
    rdisp = malloc(size * sizeof(int));
    srand(99 + rank);
    for (i = 0; i < NPER; i++)
        keys[i] = rand() % 100000;
    qsort(keys, NPER, sizeof(int), by_value);
    for (i = 0; i < size - 1; i++)
        samples[i] = keys[(i + 1) * NPER / size];
    if (rank == 0)
        all_samples = malloc(size * (size - 1) * sizeof(int));
    MPI_Gather(samples, size - 1, MPI_INT, all_samples, size - 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        qsort(all_samples, size * (size - 1), sizeof(int), by_value);
        for (i = 0; i < size - 1; i++)
            splitters[i] = all_samples[(i + 1) * (size - 1)];
    }
    MPI_Bcast(splitters, size - 1, MPI_INT, 0, MPI_COMM_WORLD);
    b = 0;
    for (i = 0; i < NPER; i++) {
        while (b < size - 1 && keys[i] > splitters[b])
            b++;
        scount[b]++;
    }
    MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD);
    sdisp[0] = rdisp[0] = 0;
    for (i = 1; i < size; i++) {
        sdisp[i] = sdisp[i - 1] + scount[i - 1];
        rdisp[i] = rdisp[i - 1] + rcount[i - 1];
    }
    total = rdisp[size - 1] + rcount[size - 1];
    out = malloc(total * sizeof(int));
    MPI_Alltoallv(keys, scount, sdisp, MPI_INT, out, rcount, rdisp, MPI_INT, MPI_COMM_WORLD);
    qsort(out, total, sizeof(int), by_value);
    printf("rank %d holds %d keys\n", rank, total);
    MPI_Finalize();
    return 0;
}
