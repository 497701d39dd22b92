/*
 * heat_params_struct.c - explicit 1-D heat equation, the way mini-apps
 * organise it: the run parameters live in a struct filled by read_params()
 * from the command line, the solver works on a copy of it, and a helper
 * stores the left and right neighbours through pointers into that copy.
 * Each step exchanges one ghost value with each neighbour (MPI_Sendrecv)
 * and updates the owned points.
 *
 * Usage: mpiexec -n P ./heat_params_struct NX
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

typedef struct {
    int nx;       /* points owned by each rank */
    int steps;    /* time steps */
    int left, right;
    double alpha;
} params_t;

static void read_params(params_t *p, char **argv)
{
    p->nx = atoi(argv[1]);
    p->steps = 10;
    p->steps *= 2;            /* twice the default: a compound assignment */
    p->alpha = 0.25;
    p->left = p->right = -1;  /* set once the rank is known */
}

static void neighbours(int rank, int size, int *left, int *right)
{
    *left = (rank + size - 1) % size;
    *right = (rank + 1) % size;
}

int main(int argc, char **argv)
{
    int rank, size, t, i;
    params_t p, cfg;
    double *u, *un;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    read_params(&p, argv);
    cfg = p;
    neighbours(rank, size, &cfg.left, &cfg.right);

    u = calloc(cfg.nx + 2, sizeof(double));
    un = calloc(cfg.nx + 2, sizeof(double));
    for (t = 0; t < cfg.steps; t++) {
        MPI_Sendrecv(&u[cfg.nx], 1, MPI_DOUBLE, cfg.right, 0,
                     &u[0], 1, MPI_DOUBLE, cfg.left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 1; i <= cfg.nx; i++) {
#pragma interp cost(1 us)
            un[i] = u[i] + cfg.alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
    }
    if (rank == 0)
        printf("u[1] = %g\n", un[1]);
    free(u);
    free(un);
    MPI_Finalize();
    return 0;
}
