/*
 * struct_params_pointer.c - a 1-D relaxation whose decomposition lives in a
 * struct filled by an init routine and passed around by pointer, the layout
 * of most mini-apps (a "grid" or "params" struct instead of loose globals).
 *
 * Usage: mpiexec -n P ./struct_params_pointer N      (P divides N)
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

typedef struct {
    int n_global;   /* points in the whole domain */
    int n_local;    /* points owned by this rank  */
    int first;      /* global index of my first point */
    int me, np;
    double h;
} grid_t;

static void grid_init(grid_t *g, int n)
{
    MPI_Comm_rank(MPI_COMM_WORLD, &g->me);
    MPI_Comm_size(MPI_COMM_WORLD, &g->np);
    g->n_global = n;
    g->n_local = n / g->np;
    g->first = g->me * g->n_local;
    g->h = 1.0 / (n + 1);
}

static double relax_point(double *u, int i)
{
    double old = u[i];
    u[i] = 0.5 * (u[i - 1] + u[i + 1]);
    return (u[i] - old) * (u[i] - old);
}

static double sweep(const grid_t *g, double *u)
{
    int i;
    double change = 0.0;
    for (i = 1; i <= g->n_local; i++) {
#pragma interp cost(2 us)
        change += relax_point(u, i);
    }
    return change;
}

int main(int argc, char **argv)
{
    grid_t grid;
    double *u, local, global;
    int n;

    MPI_Init(&argc, &argv);
    n = atoi(argv[1]);
    grid_init(&grid, n);

    u = calloc(grid.n_local + 2, sizeof(double));
    local = sweep(&grid, u);
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (grid.me == 0)
        printf("change after one sweep: %g\n", global);

    free(u);
    MPI_Finalize();
    return 0;
}
