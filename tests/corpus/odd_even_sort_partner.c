/* Odd-even transposition sort of N ints over P ranks: local qsort, then P phases of
 * exchange-and-merge with the phase's partner (MPI_PROC_NULL at the ends). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define N 256

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* keep the smaller (keep_low) or larger half of mine + theirs in mine */
static void merge_split(int *mine, const int *theirs, int *scratch, int n, int keep_low)
{
    int i, a, b;
    if (keep_low) {
        a = b = 0;
        for (i = 0; i < n; i++)
            scratch[i] = (mine[a] <= theirs[b]) ? mine[a++] : theirs[b++];
    } else {
        a = b = n - 1;
        for (i = n - 1; i >= 0; i--)
            scratch[i] = (mine[a] >= theirs[b]) ? mine[a--] : theirs[b--];
    }
    for (i = 0; i < n; i++)
        mine[i] = scratch[i];
}

static int partner_of(int phase, int rank, int size)
{
    int p;
    if (phase % 2 == 0)
        p = (rank % 2 == 0) ? rank + 1 : rank - 1;
    else
        p = (rank % 2 == 0) ? rank - 1 : rank + 1;
    if (p < 0 || p >= size)
        p = MPI_PROC_NULL;
    return p;
}

int main(int argc, char **argv)
{
    int rank, size, n, i, phase, partner;
    int *keys, *recv, *scratch;
    double t0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = N / size;
    keys = malloc(n * sizeof(int));
    recv = malloc(n * sizeof(int));
    scratch = malloc(n * sizeof(int));
    srand(rank + 1);
    for (i = 0; i < n; i++)
        keys[i] = rand() % 1000;
    t0 = MPI_Wtime();
    qsort(keys, n, sizeof(int), cmp_int);
    for (phase = 0; phase < size; phase++) {
        partner = partner_of(phase, rank, size);
        if (partner == MPI_PROC_NULL)
            continue;
        MPI_Sendrecv(keys, n, MPI_INT, partner, 0, recv, n, MPI_INT, partner, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        merge_split(keys, recv, scratch, n, rank < partner);
    }
    if (rank == 0)
        printf("sorted in %f s, smallest %d\n", MPI_Wtime() - t0, keys[0]);
    free(keys); free(recv); free(scratch);
    MPI_Finalize();
    return 0;
}
