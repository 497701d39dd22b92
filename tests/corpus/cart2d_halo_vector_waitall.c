/* 2-D decomposition on a periodic Cartesian grid: each rank owns an NL x NL block with one
 * ghost layer; rows go as contiguous doubles, columns as an MPI_Type_vector; 8 requests per
 * exchange completed with MPI_Waitall; a 5-point update; STEPS steps. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NL 32
#define STEPS 10
#define IDX(i, j) ((i) * (NL + 2) + (j))

static void exchange(double *u, MPI_Comm cart, MPI_Datatype col, int up, int down, int left, int right)
{
    MPI_Request req[8];
    MPI_Irecv(&u[IDX(0, 1)], NL, MPI_DOUBLE, up, 0, cart, &req[0]);
    MPI_Irecv(&u[IDX(NL + 1, 1)], NL, MPI_DOUBLE, down, 1, cart, &req[1]);
    MPI_Irecv(&u[IDX(1, 0)], 1, col, left, 2, cart, &req[2]);
    MPI_Irecv(&u[IDX(1, NL + 1)], 1, col, right, 3, cart, &req[3]);
    MPI_Isend(&u[IDX(NL, 1)], NL, MPI_DOUBLE, down, 0, cart, &req[4]);
    MPI_Isend(&u[IDX(1, 1)], NL, MPI_DOUBLE, up, 1, cart, &req[5]);
    MPI_Isend(&u[IDX(1, NL)], 1, col, right, 2, cart, &req[6]);
    MPI_Isend(&u[IDX(1, 1)], 1, col, left, 3, cart, &req[7]);
    MPI_Waitall(8, req, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv)
{
    int size, rank, dims[2] = {0, 0}, periods[2] = {1, 1}, coords[2];
    int up, down, left, right, step, i, j;
    double *u, *v, *t;
    MPI_Comm cart;
    MPI_Datatype col;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &rank);
    MPI_Cart_coords(cart, rank, 2, coords);
    MPI_Cart_shift(cart, 0, 1, &up, &down);
    MPI_Cart_shift(cart, 1, 1, &left, &right);
    MPI_Type_vector(NL, 1, NL + 2, MPI_DOUBLE, &col);
    MPI_Type_commit(&col);
    u = calloc((NL + 2) * (NL + 2), sizeof(double));
    v = calloc((NL + 2) * (NL + 2), sizeof(double));
    for (i = 1; i <= NL; i++)
        for (j = 1; j <= NL; j++)
            u[IDX(i, j)] = coords[0] * NL + i + 0.01 * (coords[1] * NL + j);
    for (step = 0; step < STEPS; step++) {
        exchange(u, cart, col, up, down, left, right);
        for (i = 1; i <= NL; i++)
            for (j = 1; j <= NL; j++)
                v[IDX(i, j)] = 0.2 * (u[IDX(i, j)] + u[IDX(i - 1, j)] + u[IDX(i + 1, j)]
                                      + u[IDX(i, j - 1)] + u[IDX(i, j + 1)]);
        t = u; u = v; v = t;
    }
    if (rank == 0)
        printf("grid %d x %d of %d x %d blocks, u[1][1] = %f\n", dims[0], dims[1], NL, NL, u[IDX(1, 1)]);
    MPI_Type_free(&col);
    MPI_Comm_free(&cart);
    free(u); free(v);
    MPI_Finalize();
    return 0;
}
