/* Conjugate gradients on the 1-D Laplacian (tridiagonal, distributed by blocks of NLOC rows):
 * the matrix-vector product needs one halo value from each neighbour, the dot products an
 * MPI_Allreduce each. A fixed number of iterations (no convergence test) keeps it deterministic. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NLOC 200
#define MAXIT 25

static double dot(const double *a, const double *b, int n, MPI_Comm comm)
{
    double local = 0.0, global;
    int i;
    for (i = 0; i < n; i++)
        local += a[i] * b[i];
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
    return global;
}

static void laplace(const double *p, double *q, int n, int rank, int size)
{
    double left = 0.0, right = 0.0;
    int i;
    if (rank > 0)
        MPI_Sendrecv(&p[0], 1, MPI_DOUBLE, rank - 1, 0, &left, 1, MPI_DOUBLE, rank - 1, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank < size - 1)
        MPI_Sendrecv(&p[n - 1], 1, MPI_DOUBLE, rank + 1, 0, &right, 1, MPI_DOUBLE, rank + 1, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    q[0] = 2.0 * p[0] - left - (n > 1 ? p[1] : right);
    for (i = 1; i < n - 1; i++)
        q[i] = 2.0 * p[i] - p[i - 1] - p[i + 1];
    q[n - 1] = 2.0 * p[n - 1] - p[n - 2] - right;
}

int main(int argc, char **argv)
{
    int rank, size, i, it;
    double *x, *r, *p, *q, rr, rr_new, alpha, beta;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    x = calloc(NLOC, sizeof(double));
    r = malloc(NLOC * sizeof(double));
    p = malloc(NLOC * sizeof(double));
    q = malloc(NLOC * sizeof(double));
    for (i = 0; i < NLOC; i++)
        r[i] = p[i] = 1.0;
    rr = dot(r, r, NLOC, MPI_COMM_WORLD);
    for (it = 0; it < MAXIT; it++) {
        laplace(p, q, NLOC, rank, size);
        alpha = rr / dot(p, q, NLOC, MPI_COMM_WORLD);
        for (i = 0; i < NLOC; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
        }
        rr_new = dot(r, r, NLOC, MPI_COMM_WORLD);
        beta = rr_new / rr;
        rr = rr_new;
        for (i = 0; i < NLOC; i++)
            p[i] = r[i] + beta * p[i];
    }
    if (rank == 0)
        printf("after %d iterations |r|^2 = %g\n", MAXIT, rr);
    free(x); free(r); free(p); free(q);
    MPI_Finalize();
    return 0;
}
