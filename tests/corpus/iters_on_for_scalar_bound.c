/*
 * iters_on_for_scalar_bound.c - a particle push: each rank reads how many
 * particles it owns from its restart file header, then loops over them.
 * The count is data, so the loop carries iters(): 500 particles per rank in
 * the production runs.  Each push is stated with cost().
 *
 * Usage: mpiexec -n P ./iters_on_for_scalar_bound restart_prefix
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

typedef struct { double x, v; } particle_t;

static void push(particle_t *p, double dt)
{
    p->v += -p->x * dt;
    p->x += p->v * dt;
}

int main(int argc, char **argv)
{
    int rank, npart = 0, p;
    char name[256];
    particle_t *parts;
    double dt = 1e-3, ekin = 0.0, etot = 0.0;
    FILE *fp;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    snprintf(name, sizeof name, "%s.%d", argv[1], rank);
    fp = fopen(name, "rb");
    fread(&npart, sizeof(int), 1, fp);
    parts = malloc(npart * sizeof(particle_t));
    fread(parts, sizeof(particle_t), npart, fp);
    fclose(fp);

#pragma interp iters(500)
    for (p = 0; p < npart; p++) {
#pragma interp cost(8 us)
        push(&parts[p], dt);
        ekin += 0.5 * parts[p].v * parts[p].v;
    }
    MPI_Reduce(&ekin, &etot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("kinetic energy %g\n", etot);
    free(parts);
    MPI_Finalize();
    return 0;
}
