/*
 * halo_large_mpi.c - large-message halo exchange: a 2-D field of ROWS x W doubles per rank,
 * decomposed by rows over a non-periodic chain of ranks, exchanges whole boundary rows of W
 * doubles with both neighbours (MPI_Isend/MPI_Irecv/MPI_Waitall) every step, then smooths its
 * rows with a 3-point vertical average.
 *
 * Usage: mpiexec -n P halo_large_mpi W ROWS STEPS
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
    if (argc != 4) {
        if (rank == 0)
            fprintf(stderr, "usage: %s W ROWS STEPS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int w = atoi(argv[1]);
    int rows = atoi(argv[2]);
    int steps = atoi(argv[3]);
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    /* rows 0 and rows+1 are the ghost rows */
    double *f = malloc((size_t) (rows + 2) * w * sizeof(double));
    double *g = malloc((size_t) (rows + 2) * w * sizeof(double));
    for (long k = 0; k < (long) (rows + 2) * w; k++)
        f[k] = g[k] = (double) rank;

    MPI_Request req[4];
    for (int s = 0; s < steps; s++) {
        MPI_Irecv(&f[0], w, MPI_DOUBLE, up, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(&f[(rows + 1) * w], w, MPI_DOUBLE, down, 1, MPI_COMM_WORLD, &req[1]);
        MPI_Isend(&f[rows * w], w, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(&f[w], w, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, &req[3]);
        MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
        for (int i = 1; i <= rows; i++)
            for (int j = 0; j < w; j++)
                g[i * w + j] = (f[(i - 1) * w + j] + f[i * w + j] + f[(i + 1) * w + j]) / 3.0;
        double *t = f;
        f = g;
        g = t;
    }
    double local = 0.0, total = 0.0;
    for (int j = 0; j < w; j++)
        local += f[w + j];
    MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("sum of first rows: %.6f\n", total);
    free(f);
    free(g);
    MPI_Finalize();
    return 0;
}
