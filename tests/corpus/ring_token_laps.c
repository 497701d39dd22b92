/* Ring: a token starts at rank 0 and goes around the ring NLAPS times; each rank adds its rank. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NLAPS 3

int main(int argc, char *argv[])
{
    int rank, size, token, lap, next, prev;
    double t0, t1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) {
        fprintf(stderr, "need at least two processes\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    next = (rank + 1) % size;
    prev = (rank - 1 + size) % size;
    t0 = MPI_Wtime();
    for (lap = 0; lap < NLAPS; lap++) {
        if (rank == 0) {
            token = (lap == 0) ? 0 : token;
            MPI_Send(&token, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&token, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            token += rank;
            MPI_Send(&token, 1, MPI_INT, next, 0, MPI_COMM_WORLD);
        }
    }
    t1 = MPI_Wtime();
    if (rank == 0)
        printf("token %d after %d laps, %f s\n", token, NLAPS, t1 - t0);
    MPI_Finalize();
    return 0;
}
