/* The largest value and its owner with MPI_MAXLOC on MPI_DOUBLE_INT, and particles exchanged
 * in a ring with a datatype built by MPI_Type_create_struct. */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <mpi.h>

#define NP 20

typedef struct {
    double pos[3];
    double mass;
    int id;
} particle_t;

int main(int argc, char **argv)
{
    int rank, size, i, next, prev;
    struct { double val; int rank; } in, out;
    particle_t mine[NP], theirs[NP];
    MPI_Datatype ptype;
    int blocklens[3] = {3, 1, 1};
    MPI_Aint disps[3] = {offsetof(particle_t, pos), offsetof(particle_t, mass), offsetof(particle_t, id)};
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_create_struct(3, blocklens, disps, types, &ptype);
    MPI_Type_commit(&ptype);
    for (i = 0; i < NP; i++) {
        mine[i].pos[0] = rank; mine[i].pos[1] = i; mine[i].pos[2] = 0.0;
        mine[i].mass = 1.0 + 0.1 * i;
        mine[i].id = rank * NP + i;
    }
    in.val = 0.0;
    for (i = 0; i < NP; i++)
        in.val += mine[i].mass * (rank + 1);
    in.rank = rank;
    MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;
    MPI_Sendrecv(mine, NP, ptype, next, 0, theirs, NP, ptype, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank == 0)
        printf("heaviest: %f on rank %d; got particle %d\n", out.val, out.rank, theirs[0].id);
    MPI_Type_free(&ptype);
    MPI_Finalize();
    return 0;
}
