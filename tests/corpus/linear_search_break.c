/* Parallel linear search: every rank scans its own block of a table for a key and stops at the
 * first match (break); MPI_Allreduce with MPI_MIN gives the first position in the whole table,
 * or N when no rank found the key. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define N 4096

int main(int argc, char **argv)
{
    int rank, size, nlocal, i, key = 4242, found, first;
    int table[N];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    nlocal = N / size;
    srand(rank + 1);
    for (i = 0; i < nlocal; i++)
        table[i] = rand() % 10000;

    found = N;
    for (i = 0; i < nlocal; i++) {
        if (table[i] == key) {
            found = rank * nlocal + i;
            break;
        }
    }
    MPI_Allreduce(&found, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rank == 0)
        printf("first %d at position %d\n", key, first);
    MPI_Finalize();
    return 0;
}
