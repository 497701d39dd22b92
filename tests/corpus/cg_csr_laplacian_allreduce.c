/* Conjugate gradients on a CSR matrix (the 1-D Laplacian, distributed by blocks of rows, in the
 * style of HPCCG-like mini-apps): each rank builds its rows' row pointers, column indices and
 * values, gathers the whole search direction with MPI_Allgather before each matrix-vector
 * product, and reduces its dot products with MPI_Allreduce. A fixed number of iterations (the
 * benchmark mode of such mini-apps, tolerance 0) keeps it deterministic. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NGLOBAL 1024
#define MAXIT 20

/* Rows [first, first + nrows) of the 1-D Laplacian in CSR form; returns the local non-zeros. */
static int build_laplacian(int *rowptr, int *col, double *val, int first, int nrows, int nglobal)
{
    int nnz = 0, r;
    for (r = 0; r < nrows; r++) {
        int g = first + r;
        rowptr[r] = nnz;
        if (g > 0) {
            col[nnz] = g - 1; val[nnz] = -1.0; nnz++;
        }
        col[nnz] = g; val[nnz] = 2.0; nnz++;
        if (g < nglobal - 1) {
            col[nnz] = g + 1; val[nnz] = -1.0; nnz++;
        }
    }
    rowptr[nrows] = nnz;
    return nnz;
}

static void spmv(int nrows, const int *rowptr, const int *col, const double *val,
                 const double *x, double *y)
{
    int i, p;
    for (i = 0; i < nrows; i++) {
        double sum = 0.0;
        for (p = rowptr[i]; p < rowptr[i + 1]; p++)
            sum += val[p] * x[col[p]];
        y[i] = sum;
    }
}

static double dot(const double *a, const double *b, int n)
{
    double local = 0.0, global;
    int i;
    for (i = 0; i < n; i++)
        local += a[i] * b[i];
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return global;
}

int main(int argc, char **argv)
{
    int rank, size, n, i, it, nnz;
    int *rowptr, *col;
    double *val;
    double *x, *r, *p, *q, *pfull, rr, alpha, beta, rr_new;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = NGLOBAL / size;
    rowptr = malloc((n + 1) * sizeof(int));
    col = malloc(3 * n * sizeof(int));
    val = malloc(3 * n * sizeof(double));
    nnz = build_laplacian(rowptr, col, val, rank * n, n, NGLOBAL);
    x = calloc(n, sizeof(double));
    r = malloc(n * sizeof(double));
    p = malloc(n * sizeof(double));
    q = malloc(n * sizeof(double));
    pfull = malloc(NGLOBAL * sizeof(double));
    for (i = 0; i < n; i++)
        r[i] = p[i] = 1.0;
    rr = dot(r, r, n);
    for (it = 0; it < MAXIT; it++) {
        MPI_Allgather(p, n, MPI_DOUBLE, pfull, n, MPI_DOUBLE, MPI_COMM_WORLD);
        spmv(n, rowptr, col, val, pfull, q);
        alpha = rr / dot(p, q, n);
        for (i = 0; i < n; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
        }
        rr_new = dot(r, r, n);
        beta = rr_new / rr;
        rr = rr_new;
        for (i = 0; i < n; i++)
            p[i] = r[i] + beta * p[i];
    }
    if (rank == 0)
        printf("CG: %d iterations, %d local non-zeros, |r|^2 = %g\n", MAXIT, nnz, rr);
    free(x); free(r); free(p); free(q); free(pfull);
    free(rowptr); free(col); free(val);
    MPI_Finalize();
    return 0;
}
