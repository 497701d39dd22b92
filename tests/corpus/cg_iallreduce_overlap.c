/*
 * Conjugate gradients on the 1-D Poisson matrix tridiag(-1, 2, -1), rows distributed in blocks.
 *
 * Written in the style of communication-hiding ("pipelined") CG codes: the residual norm the next
 * step needs is reduced with MPI_Iallreduce while the matrix-vector product w = A r runs, so the
 * global reduction's latency hides behind local work; the other dot product (p . s) stays a
 * blocking MPI_Allreduce. A fixed number of iterations, as a benchmark run does.
 */
#include <mpi.h>
#include <stdio.h>

#define NLOC 1000
#define MAXIT 20

static double x[NLOC + 2], r[NLOC + 2], p[NLOC + 2], s[NLOC + 2], w[NLOC + 2];

static void exchange_halo(double *v, int left, int right)
{
    MPI_Sendrecv(&v[1], 1, MPI_DOUBLE, left, 0, &v[NLOC + 1], 1, MPI_DOUBLE, right, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&v[NLOC], 1, MPI_DOUBLE, right, 1, &v[0], 1, MPI_DOUBLE, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int rank, size, left, right, it, i;
    double rr_loc, rr, rr_old, ps_loc, ps, alpha, beta;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    for (i = 0; i < NLOC + 2; i++) {
        x[i] = 0.0;
        r[i] = 1.0;
        p[i] = 0.0;
        s[i] = 0.0;
    }
    rr_old = 1.0;

    for (it = 0; it < MAXIT; it++) {
        rr_loc = 0.0;
        for (i = 1; i <= NLOC; i++)
            rr_loc += r[i] * r[i];
        /* the norm travels while A r is computed */
        MPI_Iallreduce(&rr_loc, &rr, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
        exchange_halo(r, left, right);
        for (i = 1; i <= NLOC; i++)
            w[i] = 2.0 * r[i] - r[i - 1] - r[i + 1];
        MPI_Wait(&req, MPI_STATUS_IGNORE);

        beta = rr / rr_old;
        ps_loc = 0.0;
        for (i = 1; i <= NLOC; i++) {
            p[i] = r[i] + beta * p[i];
            s[i] = w[i] + beta * s[i];
            ps_loc += p[i] * s[i];
        }
        MPI_Allreduce(&ps_loc, &ps, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        alpha = rr / ps;
        for (i = 1; i <= NLOC; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * s[i];
        }
        rr_old = rr;
    }
    if (rank == 0)
        printf("after %d iterations: |r|^2 = %g\n", MAXIT, rr);
    MPI_Finalize();
    return 0;
}
