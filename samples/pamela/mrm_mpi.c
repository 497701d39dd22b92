/*
 * mrm_mpi.c - seed 004 section 2.1, the Machine Repair Model: P clients each N times spend tau_l
 * on local processing, then request service tau_s from a single server s:
 *     L = par (p = 1, P) seq (i = 1, N) { delay(tau_l); use(s, tau_s) }
 * Here the clients are ranks 1..P and the server is the shared medium of the machine
 * samples/pamela/mrm_bus.yaml: a request of TAU_S bytes occupies it TAU_S seconds (1 s per byte),
 * one request at a time. Rank 0 only collects the requests (it costs nothing on that machine).
 * interp bound gives the paper's T^l = N max(P tau_s, tau_l + tau_s).
 *
 * Usage: mpiexec -n P+1 ./mrm_mpi N TAU_L TAU_S
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, N, tau_s, i;
    double tau_l, work = 0.0;
    char *request;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 4 || size < 2) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n P+1 %s N TAU_L TAU_S\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    N = atoi(argv[1]);
    tau_l = atof(argv[2]);
    tau_s = atoi(argv[3]);
    if (N < 1 || tau_l < 0 || tau_s < 1) {
        if (rank == 0)
            fprintf(stderr, "need N >= 1, TAU_L >= 0, TAU_S >= 1\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    request = calloc((size_t) tau_s, 1);
    if (rank == 0) {
        for (i = 0; i < N * (size - 1); i++)
            MPI_Recv(request, tau_s, MPI_BYTE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("%d requests served\n", N * (size - 1));
    } else {
        for (i = 0; i < N; i++) {
#pragma interp cost(tau_l)
            work = work + 1.0;
            MPI_Send(request, tau_s, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        }
    }
    free(request);
    MPI_Finalize();
    return 0;
}
