/* Prefix sums: each rank sums its block, MPI_Exscan gives the offset of the block, and the block's
 * running sums are fixed up locally. MPI_Scan checks the last value. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define BLOCK 500

static long block_total(const int *v, int n)
{
    long s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += v[i];
    return s;
}

int main(int argc, char **argv)
{
    int rank, size, i, *v;
    long mine, offset = 0, inclusive, *prefix;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    v = malloc(BLOCK * sizeof(int));
    prefix = malloc(BLOCK * sizeof(long));
    for (i = 0; i < BLOCK; i++)
        v[i] = rank * BLOCK + i;
    mine = block_total(v, BLOCK);
    MPI_Exscan(&mine, &offset, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        offset = 0;     /* Exscan leaves rank 0's buffer undefined */
    prefix[0] = offset + v[0];
    for (i = 1; i < BLOCK; i++)
        prefix[i] = prefix[i - 1] + v[i];
    MPI_Scan(&mine, &inclusive, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (prefix[BLOCK - 1] != inclusive)
        printf("rank %d: mismatch %ld vs %ld\n", rank, prefix[BLOCK - 1], inclusive);
    if (rank == size - 1)
        printf("grand total %ld\n", inclusive);
    free(v); free(prefix);
    MPI_Finalize();
    return 0;
}
