/* SpMV benchmark on the 2-D 5-point Laplacian in compressed-sparse-row form, in the style of
 * sparse-kernel tutorials and benchmark drivers: build the matrix of an NX x NY grid once, then
 * time NREPS products y = A x and report the rate. Every rank runs the same benchmark on its own
 * copy (a node-throughput test); rank 0 reports the slowest rank's time. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NX 64
#define NY 48
#define NREPS 10

static int idx(int ix, int iy) { return iy * NX + ix; }

int main(int argc, char **argv)
{
    int rank, n = NX * NY, nnz = 0, ix, iy, rep, i, p;
    int *rowptr, *col;
    double *val, *x, *y, t0, t, tmax;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    rowptr = malloc((n + 1) * sizeof(int));
    col = malloc(5 * n * sizeof(int));
    val = malloc(5 * n * sizeof(double));
    x = malloc(n * sizeof(double));
    y = malloc(n * sizeof(double));

    /* one row per grid point: the point itself and its neighbours inside the grid */
    for (iy = 0; iy < NY; iy++)
        for (ix = 0; ix < NX; ix++) {
            int row = idx(ix, iy);
            rowptr[row] = nnz;
            if (iy > 0)      { col[nnz] = row - NX; val[nnz] = -1.0; nnz++; }
            if (ix > 0)      { col[nnz] = row - 1;  val[nnz] = -1.0; nnz++; }
            col[nnz] = row; val[nnz] = 4.0; nnz++;
            if (ix < NX - 1) { col[nnz] = row + 1;  val[nnz] = -1.0; nnz++; }
            if (iy < NY - 1) { col[nnz] = row + NX; val[nnz] = -1.0; nnz++; }
        }
    rowptr[n] = nnz;
    for (i = 0; i < n; i++)
        x[i] = 1.0;

    t0 = MPI_Wtime();
    for (rep = 0; rep < NREPS; rep++)
        for (i = 0; i < n; i++) {
            double s = 0.0;
            for (p = rowptr[i]; p < rowptr[i + 1]; p++)
                s += val[p] * x[col[p]];
            y[i] = s;
        }
    t = MPI_Wtime() - t0;
    MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d rows, %d non-zeros: %.3f Mflop/s\n", n, nnz, 2.0 * nnz * NREPS / tmax * 1e-6);
    free(rowptr); free(col); free(val); free(x); free(y);
    MPI_Finalize();
    return 0;
}
