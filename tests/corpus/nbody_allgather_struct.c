/* Direct n-body: every rank owns NLOC bodies; each step all positions are gathered with
 * MPI_Allgather and each rank updates its own bodies. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

#define NLOC 8
#define STEPS 4
#define DT 0.01
#define EPS2 1e-6

typedef struct { double x, y, z; } vec3;

static vec3 accel_on(vec3 p, const vec3 *all, int n)
{
    vec3 a = {0.0, 0.0, 0.0};
    int j;
    for (j = 0; j < n; j++) {
        double dx = all[j].x - p.x, dy = all[j].y - p.y, dz = all[j].z - p.z;
        double r2 = dx * dx + dy * dy + dz * dz + EPS2;
        double inv = 1.0 / (r2 * sqrt(r2));
        a.x += dx * inv; a.y += dy * inv; a.z += dz * inv;
    }
    return a;
}

int main(int argc, char **argv)
{
    int rank, size, n, i, step;
    vec3 *pos, *vel, *all;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = NLOC * size;
    pos = malloc(NLOC * sizeof(vec3));
    vel = calloc(NLOC, sizeof(vec3));
    all = malloc(n * sizeof(vec3));
    for (i = 0; i < NLOC; i++) {
        pos[i].x = rank + 0.1 * i; pos[i].y = 0.5 * i; pos[i].z = -0.2 * rank;
    }
    for (step = 0; step < STEPS; step++) {
        MPI_Allgather(pos, 3 * NLOC, MPI_DOUBLE, all, 3 * NLOC, MPI_DOUBLE, MPI_COMM_WORLD);
        for (i = 0; i < NLOC; i++) {
            vec3 a = accel_on(pos[i], all, n);
            vel[i].x += DT * a.x; vel[i].y += DT * a.y; vel[i].z += DT * a.z;
        }
        for (i = 0; i < NLOC; i++) {
            pos[i].x += DT * vel[i].x; pos[i].y += DT * vel[i].y; pos[i].z += DT * vel[i].z;
        }
    }
    if (rank == 0)
        printf("body 0 at (%g, %g, %g)\n", pos[0].x, pos[0].y, pos[0].z);
    free(pos); free(vel); free(all);
    MPI_Finalize();
    return 0;
}
