/*
 * pingpong_mpi.c - ranks 0 and 1 bounce an M-byte message R times.
 *
 * Usage: mpiexec -n P pingpong_mpi M R      (P >= 2; ranks >= 2 stay idle)
 *   M  message size in bytes (>= 1)
 *   R  number of round trips
 *
 * Half the round-trip time is the one-way cost of an M-byte message, the
 * quantity a machine model's startup and per-byte parameters describe.
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank, size, m = 0, reps = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        if (argc != 3 || size < 2) {
            fprintf(stderr, "usage: mpiexec -n P %s M R   (P >= 2)\n", argv[0]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        m = atoi(argv[1]);
        reps = atoi(argv[2]);
        if (m < 1 || reps < 1) {
            fprintf(stderr, "M and R must be positive\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    MPI_Bcast(&m, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(&reps, 1, MPI_INT, 0, MPI_COMM_WORLD);

    char *buf = calloc((size_t) m, 1);
    if (buf == NULL) {
        fprintf(stderr, "rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* Start both partners together so the first trip is not inflated. */
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (rank == 0) {
        for (int r = 0; r < reps; r++) {
            MPI_Send(buf, m, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(buf, m, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else if (rank == 1) {
        for (int r = 0; r < reps; r++) {
            MPI_Recv(buf, m, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, m, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        }
    }
    double t1 = MPI_Wtime();

    if (rank == 0) {
        double rtt = (t1 - t0) / reps;
        printf("M = %d bytes, R = %d, P = %d\n", m, reps, size);
        printf("round trip = %.3f us, one way = %.3f us, bandwidth = %.2f MB/s\n",
               1e6 * rtt, 0.5e6 * rtt, 2.0 * m / rtt / 1e6);
    }

    free(buf);
    MPI_Finalize();
    return 0;
}
