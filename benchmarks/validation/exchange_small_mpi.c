/*
 * exchange_small_mpi.c - small-message exchange: ranks paired (0-1, 2-3, ...) swap a buffer of
 * M bytes with MPI_Sendrecv REPS times, adding one byte of what they received into a counter
 * between exchanges (a latency-bound loop, as in a fine-grained solver's boundary swap).
 *
 * Usage: mpiexec -n P exchange_small_mpi M REPS      (P even)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 3 || size % 2 != 0) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n <even P> %s M REPS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int m = atoi(argv[1]);
    int reps = atoi(argv[2]);
    int partner = rank ^ 1;
    char *out = malloc(m);
    char *in = malloc(m);
    memset(out, rank + 1, m);

    long seen = 0;
    for (int r = 0; r < reps; r++) {
        MPI_Sendrecv(out, m, MPI_CHAR, partner, 7, in, m, MPI_CHAR, partner, 7,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        seen += in[r % m];
    }
    if (rank == 0)
        printf("%d exchanges of %d bytes, checksum %ld\n", reps, m, seen);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
