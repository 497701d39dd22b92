/*
 * pair_exchange_chained_dest.c - two ranks swap a small buffer REPS times;
 * the partner is set with "dest = src = ...", as in many first exercises.
 *
 * Usage: mpiexec -n 2 ./pair_exchange_chained_dest REPS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, dest, src, reps, i;
    float mine[16], theirs[16];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    reps = atoi(argv[1]);

    dest = src = (rank + 1) % size;
    for (i = 0; i < 16; i++)
        mine[i] = rank + 0.5f * i;

    for (i = 0; i < reps; i++) {
        if (rank == 0) {
            MPI_Send(mine, 16, MPI_FLOAT, dest, i, MPI_COMM_WORLD);
            MPI_Recv(theirs, 16, MPI_FLOAT, src, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(theirs, 16, MPI_FLOAT, src, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(mine, 16, MPI_FLOAT, dest, i, MPI_COMM_WORLD);
        }
    }
    if (rank == 0)
        printf("last value from %d: %f\n", src, theirs[15]);
    MPI_Finalize();
    return 0;
}
