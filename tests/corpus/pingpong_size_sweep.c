/* Ping-pong bandwidth sweep: message sizes 1, 2, 4, ... MAXBYTES bytes, REPS round trips each,
 * rank 0 prints the time per round trip and the bandwidth. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

#define MAXBYTES 4096
#define REPS 10

int main(int argc, char *argv[])
{
    int rank, nprocs, bytes, r;
    char *buf;
    double t0, t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (nprocs != 2) {
        if (rank == 0)
            printf("pingpong needs exactly 2 processes\n");
        MPI_Finalize();
        return 1;
    }
    buf = malloc(MAXBYTES);
    memset(buf, 0, MAXBYTES);
    for (bytes = 1; bytes <= MAXBYTES; bytes *= 2) {
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        for (r = 0; r < REPS; r++) {
            if (rank == 0) {
                MPI_Send(buf, bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(buf, bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
            }
        }
        t = (MPI_Wtime() - t0) / REPS;
        if (rank == 0)
            printf("%8d bytes %10.2f us %8.2f MB/s\n", bytes, t * 1e6, 2.0 * bytes / t / 1e6);
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
