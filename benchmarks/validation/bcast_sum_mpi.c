/*
 * bcast_sum_mpi.c - rank 0 refreshes a buffer of M doubles and broadcasts it ROUNDS times; every
 * rank sums what it received; the sums are reduced at the end.
 *
 * Usage: mpiexec -n P bcast_sum_mpi M ROUNDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 3) {
        if (rank == 0)
            fprintf(stderr, "usage: %s M ROUNDS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int m = atoi(argv[1]);
    int rounds = atoi(argv[2]);
    double *buf = malloc(m * sizeof(double));

    double mine = 0.0;
    for (int r = 0; r < rounds; r++) {
        if (rank == 0)
            for (int i = 0; i < m; i++)
                buf[i] = r + i * 1e-6;
        MPI_Bcast(buf, m, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        for (int i = 0; i < m; i++)
            mine += buf[i];
    }
    double all = 0.0;
    MPI_Reduce(&mine, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("total over %d ranks: %.6e\n", size, all);
    free(buf);
    MPI_Finalize();
    return 0;
}
