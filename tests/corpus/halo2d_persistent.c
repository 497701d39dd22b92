/*
 * Jacobi sweeps of a 2-D Laplace problem on a 2-D Cartesian process grid.
 *
 * In the style of stencil mini-apps that set up their halo exchange once: the four receives and
 * four sends are persistent requests created before the time loop (rows are contiguous, columns
 * an MPI_Type_vector), and every sweep only starts them all, updates the interior (which needs no
 * halo), waits, and updates the boundary ring. The requests are freed at the end.
 */
#include <mpi.h>
#include <stdio.h>

#define NX 32
#define NY 32
#define STEPS 50
#define IDX(i, j) ((i) * (NY + 2) + (j))

static double u[(NX + 2) * (NY + 2)], unew[(NX + 2) * (NY + 2)];

static void relax(int ilo, int ihi, int jlo, int jhi)
{
    int i, j;
    for (i = ilo; i <= ihi; i++)
        for (j = jlo; j <= jhi; j++)
            unew[IDX(i, j)] = 0.25 * (u[IDX(i - 1, j)] + u[IDX(i + 1, j)] + u[IDX(i, j - 1)] + u[IDX(i, j + 1)]);
}

int main(int argc, char **argv)
{
    int rank, size, step, i, j;
    int dims[2] = {0, 0}, periods[2] = {0, 0};
    int north, south, west, east;
    MPI_Comm grid;
    MPI_Datatype column;
    MPI_Request reqs[8];

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Comm_rank(grid, &rank);
    MPI_Cart_shift(grid, 0, 1, &north, &south);
    MPI_Cart_shift(grid, 1, 1, &west, &east);
    MPI_Type_vector(NX, 1, NY + 2, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);

    for (i = 0; i < (NX + 2) * (NY + 2); i++)
        u[i] = 0.0;

    /* the halo exchange, set up once */
    MPI_Recv_init(&u[IDX(0, 1)], NY, MPI_DOUBLE, north, 0, grid, &reqs[0]);
    MPI_Recv_init(&u[IDX(NX + 1, 1)], NY, MPI_DOUBLE, south, 1, grid, &reqs[1]);
    MPI_Recv_init(&u[IDX(1, 0)], 1, column, west, 2, grid, &reqs[2]);
    MPI_Recv_init(&u[IDX(1, NY + 1)], 1, column, east, 3, grid, &reqs[3]);
    MPI_Send_init(&u[IDX(1, 1)], NY, MPI_DOUBLE, north, 1, grid, &reqs[4]);
    MPI_Send_init(&u[IDX(NX, 1)], NY, MPI_DOUBLE, south, 0, grid, &reqs[5]);
    MPI_Send_init(&u[IDX(1, 1)], 1, column, west, 3, grid, &reqs[6]);
    MPI_Send_init(&u[IDX(1, NY)], 1, column, east, 2, grid, &reqs[7]);

    for (step = 0; step < STEPS; step++) {
        MPI_Startall(8, reqs);
        relax(2, NX - 1, 2, NY - 1);          /* interior: no halo needed */
        MPI_Waitall(8, reqs, MPI_STATUSES_IGNORE);
        relax(1, 1, 1, NY);                   /* the boundary ring */
        relax(NX, NX, 1, NY);
        relax(2, NX - 1, 1, 1);
        relax(2, NX - 1, NY, NY);
        for (i = 1; i <= NX; i++)
            for (j = 1; j <= NY; j++)
                u[IDX(i, j)] = unew[IDX(i, j)];
    }

    for (i = 0; i < 8; i++)
        MPI_Request_free(&reqs[i]);
    MPI_Type_free(&column);
    if (rank == 0)
        printf("%d sweeps done\n", STEPS);
    MPI_Finalize();
    return 0;
}
