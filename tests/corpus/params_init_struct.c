/* Parameters in a struct filled by init_params(&p, argc, argv); the grid loops read p.nx, p.ny
 * and p.steps; rank 0 prints a summary. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

typedef struct {
    int nx, ny, steps;
    double dt;
} params_t;

static void init_params(params_t *p, int argc, char **argv)
{
    p->nx = 64;
    p->ny = 32;
    p->steps = 5;
    p->dt = 0.01;
    if (argc > 1)
        p->steps = atoi(argv[1]);
}

static double advance(double *u, const params_t *p)
{
    int i, j;
    double s = 0.0;
    for (j = 1; j < p->ny - 1; j++)
        for (i = 1; i < p->nx - 1; i++) {
            u[j * p->nx + i] += p->dt * (u[j * p->nx + i - 1] - 2.0 * u[j * p->nx + i] + u[j * p->nx + i + 1]);
            s += u[j * p->nx + i];
        }
    return s;
}

int main(int argc, char **argv)
{
    int rank, size, t;
    params_t p;
    double *u, s = 0.0, total;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    init_params(&p, argc, argv);
    u = calloc(p.nx * p.ny, sizeof(double));
    for (t = 0; t < p.steps; t++) {
        s = advance(u, &p);
        MPI_Allreduce(&s, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf("%d x %d, %d steps: %f\n", p.nx, p.ny, p.steps, total);
    free(u);
    MPI_Finalize();
    return 0;
}
