/* A CSR matrix kept in a struct, as HPCCG-style mini-apps keep it (row pointers, column indices
 * and values as members, the product a function of the matrix): the 1-D Laplacian of NROWS rows,
 * built once and applied NREPS times. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NROWS 512
#define NREPS 4

typedef struct {
    int nrows;
    int *rowptr;
    int *col;
    double *val;
} sparse_matrix;

static void build(sparse_matrix *A, int n)
{
    int nnz = 0, i;
    A->nrows = n;
    A->rowptr = malloc((n + 1) * sizeof(int));
    A->col = malloc(3 * n * sizeof(int));
    A->val = malloc(3 * n * sizeof(double));
    for (i = 0; i < n; i++) {
        A->rowptr[i] = nnz;
        if (i > 0) { A->col[nnz] = i - 1; A->val[nnz] = -1.0; nnz++; }
        A->col[nnz] = i; A->val[nnz] = 2.0; nnz++;
        if (i < n - 1) { A->col[nnz] = i + 1; A->val[nnz] = -1.0; nnz++; }
    }
    A->rowptr[n] = nnz;
}

static void matvec(const sparse_matrix *A, const double *x, double *y)
{
    int i, p;
    for (i = 0; i < A->nrows; i++) {
        double sum = 0.0;
        for (p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
            sum += A->val[p] * x[A->col[p]];
        y[i] = sum;
    }
}

int main(int argc, char **argv)
{
    sparse_matrix A;
    double *x, *y;
    int i, rep;

    MPI_Init(&argc, &argv);
    build(&A, NROWS);
    x = malloc(NROWS * sizeof(double));
    y = malloc(NROWS * sizeof(double));
    for (i = 0; i < NROWS; i++)
        x[i] = 1.0;
    for (rep = 0; rep < NREPS; rep++) {
        matvec(&A, x, y);
        for (i = 0; i < NROWS; i++)
            x[i] = 0.5 * y[i];
    }
    printf("y[0] = %g\n", y[0]);
    free(A.rowptr); free(A.col); free(A.val); free(x); free(y);
    MPI_Finalize();
    return 0;
}
