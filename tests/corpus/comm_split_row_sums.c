/*
 * comm_split_row_sums.c - the processes form a grid of rows of ROW_LEN
 * ranks; MPI_Comm_split gives each row its own communicator, row leaders
 * broadcast a parameter inside their row, then every rank runs SWEEPS
 * local sweeps (stated with cost()), each followed by a row-wide sum with
 * MPI_Allreduce on the row communicator.
 */
#include <stdio.h>
#include <mpi.h>

#define ROW_LEN 2
#define SWEEPS 100

int main(int argc, char **argv)
{
    int world_rank, world_size, row, row_rank, row_size, sweep, scale = 0;
    double value, row_sum;
    MPI_Comm row_comm;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);

    row = world_rank / ROW_LEN;
    MPI_Comm_split(MPI_COMM_WORLD, row, world_rank, &row_comm);
    MPI_Comm_rank(row_comm, &row_rank);
    MPI_Comm_size(row_comm, &row_size);

    if (row_rank == 0)
        scale = 10 * (row + 1);
    MPI_Bcast(&scale, 1, MPI_INT, 0, row_comm);

    value = scale + world_rank;
    for (sweep = 0; sweep < SWEEPS; sweep++) {
#pragma interp cost(100 us)
        value = 0.5 * value + 1.0;
        MPI_Allreduce(&value, &row_sum, 1, MPI_DOUBLE, MPI_SUM, row_comm);
    }
    printf("world %d/%d, row %d: rank %d of %d, row sum %g\n",
           world_rank, world_size, row, row_rank, row_size, row_sum);

    MPI_Comm_free(&row_comm);
    MPI_Finalize();
    return 0;
}
