/*
 * halo_evenodd_send_recv.c - periodic 1-D halo exchange with blocking
 * MPI_Send / MPI_Recv, ordered the textbook way to avoid deadlock: even
 * ranks send first, odd ranks receive first.  Rows of NX doubles (8 KiB);
 * every rank owns the same block and does the same work (cost()).
 *
 * Usage: mpiexec -n P ./halo_evenodd_send_recv STEPS   (P even)
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NX 1024

int main(int argc, char **argv)
{
    int rank, size, it, steps, left, right;
    double *u;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    steps = atoi(argv[1]);
    u = calloc(NX * 10, sizeof(double));
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;

    for (it = 0; it < steps; it++) {
        if (rank % 2 == 0) {
            MPI_Send(u + 8 * NX, NX, MPI_DOUBLE, right, 0, MPI_COMM_WORLD);
            MPI_Recv(u, NX, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &st);
            MPI_Send(u + NX, NX, MPI_DOUBLE, left, 1, MPI_COMM_WORLD);
            MPI_Recv(u + 9 * NX, NX, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &st);
        } else {
            MPI_Recv(u, NX, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &st);
            MPI_Send(u + 8 * NX, NX, MPI_DOUBLE, right, 0, MPI_COMM_WORLD);
            MPI_Recv(u + 9 * NX, NX, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &st);
            MPI_Send(u + NX, NX, MPI_DOUBLE, left, 1, MPI_COMM_WORLD);
        }
#pragma interp cost(1 ms)
        u[NX] = 0.5 * (u[0] + u[2 * NX]);
    }
    if (rank == 0)
        printf("%d steps\n", steps);
    free(u);
    MPI_Finalize();
    return 0;
}
