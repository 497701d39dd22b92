/*
 * pipeline_mpi.c - seed 004 section 3.1, pipelining, as a packet-switched communication pipeline
 * (one of the paper's own examples of an M unit pipeline): rank 0 sends one message of L bytes to
 * rank M. On the T800 mesh (interp --machine t800) the message is N = ceil(L/120) packets and
 * every hop of its route is a pipeline stage u_m: tau_m = max(181, 108) us for a hop into a node
 * that forwards, 108 us for the hop into rank M. interp bound gives the paper's
 * T^l = max(sum tau_m, N max tau_m).
 *
 * Usage: mpiexec -n P ./pipeline_mpi M L     (1 <= M < P)
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#pragma interp input L = 1000000

int main(int argc, char **argv)
{
    int rank, size, M, L;
    char *buf;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 3) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n P %s M L\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    M = atoi(argv[1]);
    L = atoi(argv[2]);
    if (M < 1 || M >= size || L < 1) {
        if (rank == 0)
            fprintf(stderr, "need 1 <= M < P and L >= 1\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    buf = malloc((size_t) L);
    if (rank == 0)
        MPI_Send(buf, L, MPI_BYTE, M, 0, MPI_COMM_WORLD);
    else if (rank == M)
        MPI_Recv(buf, L, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank == M)
        printf("%d bytes over %d hops received\n", L, M);
    free(buf);
    MPI_Finalize();
    return 0;
}
