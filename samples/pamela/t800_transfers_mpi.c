/*
 * t800_transfers_mpi.c - seed 004 (van Gemund, PAMELA) Table 1: concurrent transfers of L bytes
 * on the subtopology 0 - 1 - 2 of the T800 mesh. Rank 0 starts A transfers to rank 1 and B
 * transfers to rank 2 at once (non-blocking) and waits for them all; ranks 1 and 2 receive them.
 *
 * Usage: mpiexec -n 3 ./t800_transfers_mpi A B L    (A + B <= 16)
 *
 * Table 1's eight rows, with L = 1000000 (interp: interp bound ... --machine t800 --procs 3):
 *   (0,1): A=1 B=0   (0,2): A=0 B=1   (0,1)^2: A=2 B=0   (0,2)^2: A=0 B=2
 *   (0,1)||(0,2): A=1 B=1   (0,1)^2||(0,2): A=2 B=1   (0,1)||(0,2)^2: A=1 B=2
 *   (0,1)^3||(0,2)^3: A=3 B=3
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#pragma interp input L = 1000000

int main(int argc, char **argv)
{
    int rank, size, A, B, L, i;
    MPI_Request reqs[16];
    MPI_Status stats[16];
    char *buf;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 4 || size < 3) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n 3 %s A B L\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    A = atoi(argv[1]);
    B = atoi(argv[2]);
    L = atoi(argv[3]);
    if (A < 0 || B < 0 || A + B > 16 || L < 1) {
        if (rank == 0)
            fprintf(stderr, "need A, B >= 0, A + B <= 16, L >= 1\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    buf = malloc((size_t) L);
    if (rank == 0) {
        for (i = 0; i < A; i++)
            MPI_Isend(buf, L, MPI_BYTE, 1, i, MPI_COMM_WORLD, &reqs[i]);
        for (i = 0; i < B; i++)
            MPI_Isend(buf, L, MPI_BYTE, 2, i, MPI_COMM_WORLD, &reqs[A + i]);
        MPI_Waitall(A + B, reqs, stats);
    } else if (rank == 1) {
        for (i = 0; i < A; i++)
            MPI_Irecv(buf, L, MPI_BYTE, 0, i, MPI_COMM_WORLD, &reqs[i]);
        MPI_Waitall(A, reqs, stats);
    } else if (rank == 2) {
        for (i = 0; i < B; i++)
            MPI_Irecv(buf, L, MPI_BYTE, 0, i, MPI_COMM_WORLD, &reqs[i]);
        MPI_Waitall(B, reqs, stats);
    }
    if (rank == 0)
        printf("%d transfers to rank 1 and %d to rank 2 of %d bytes done\n", A, B, L);
    free(buf);
    MPI_Finalize();
    return 0;
}
