/*
 * cart_2d_halo.c - a 2-D block decomposition on a periodic Cartesian process
 * grid: MPI_Dims_create picks the grid, MPI_Cart_create builds it,
 * MPI_Cart_coords and MPI_Cart_shift find the neighbours, and each step
 * exchanges one edge of NB doubles with each of the four neighbours
 * (MPI_Sendrecv), then updates the block (stated with cost()).
 *
 * Usage: mpiexec -n P ./cart_2d_halo STEPS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NB 64

int main(int argc, char **argv)
{
    int world_rank, nprocs, cart_rank, steps, s;
    int dims[2] = {0, 0}, periods[2] = {1, 1}, coords[2];
    int north, south, west, east;
    double send_edge[NB], recv_edge[NB];
    MPI_Comm grid;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    steps = atoi(argv[1]);

    MPI_Dims_create(nprocs, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Comm_rank(grid, &cart_rank);
    MPI_Cart_coords(grid, cart_rank, 2, coords);
    MPI_Cart_shift(grid, 0, 1, &north, &south);
    MPI_Cart_shift(grid, 1, 1, &west, &east);

    for (s = 0; s < steps; s++) {
        MPI_Sendrecv(send_edge, NB, MPI_DOUBLE, south, 0, recv_edge, NB, MPI_DOUBLE, north, 0,
                     grid, MPI_STATUS_IGNORE);
        MPI_Sendrecv(send_edge, NB, MPI_DOUBLE, north, 1, recv_edge, NB, MPI_DOUBLE, south, 1,
                     grid, MPI_STATUS_IGNORE);
        MPI_Sendrecv(send_edge, NB, MPI_DOUBLE, east, 2, recv_edge, NB, MPI_DOUBLE, west, 2,
                     grid, MPI_STATUS_IGNORE);
        MPI_Sendrecv(send_edge, NB, MPI_DOUBLE, west, 3, recv_edge, NB, MPI_DOUBLE, east, 3,
                     grid, MPI_STATUS_IGNORE);
#pragma interp cost(1 ms)
        send_edge[0] = recv_edge[0];
    }
    if (cart_rank == 0)
        printf("grid %d x %d, rank 0 at (%d, %d)\n", dims[0], dims[1], coords[0], coords[1]);

    MPI_Comm_free(&grid);
    MPI_Finalize();
    return 0;
}
