/*
 * ring_mpi.c - a token of M bytes travels around a ring of P ranks R times.
 *
 * Usage: mpiexec -n P ring_mpi M R      (P >= 2)
 *   M  token size in bytes (>= 1)
 *   R  number of trips around the ring
 *
 * Every hop is on the critical path, so the time per trip is P times the
 * one-way cost of an M-byte message. Each rank adds 1 to the first byte,
 * so after R trips rank 0 must see R*P mod 256.
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank, size, params[2] = {0, 0};    /* M, R */

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        if (argc != 3 || size < 2) {
            fprintf(stderr, "usage: mpiexec -n P %s M R   (P >= 2)\n", argv[0]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        params[0] = atoi(argv[1]);
        params[1] = atoi(argv[2]);
        if (params[0] < 1 || params[1] < 1) {
            fprintf(stderr, "M and R must be positive\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    MPI_Bcast(params, 2, MPI_INT, 0, MPI_COMM_WORLD);
    int m = params[0], reps = params[1];

    unsigned char *token = calloc((size_t) m, 1);
    if (token == NULL) {
        fprintf(stderr, "rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int right = (rank + 1) % size;
    int left = (rank + size - 1) % size;

    MPI_Barrier(MPI_COMM_WORLD);    /* start the clock with everyone ready */
    double t0 = MPI_Wtime();
    for (int r = 0; r < reps; r++) {
        /* Rank 0 injects the token; the others must receive before they
           send, otherwise every rank would wait on its left neighbour. */
        if (rank == 0) {
            token[0]++;
            MPI_Send(token, m, MPI_BYTE, right, 0, MPI_COMM_WORLD);
            MPI_Recv(token, m, MPI_BYTE, left, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(token, m, MPI_BYTE, left, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            token[0]++;
            MPI_Send(token, m, MPI_BYTE, right, 0, MPI_COMM_WORLD);
        }
    }
    double t1 = MPI_Wtime();

    if (rank == 0) {
        printf("M = %d bytes, R = %d, P = %d\n", m, reps, size);
        printf("token counter = %d (expected %d)\n",
               token[0], (reps * size) % 256);
        double trip = (t1 - t0) / reps;
        printf("time = %.6f s, %.3f us per trip, %.3f us per hop\n",
               t1 - t0, 1e6 * trip, 1e6 * trip / size);
    }

    free(token);
    MPI_Finalize();
    return 0;
}
