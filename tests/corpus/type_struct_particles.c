/*
 * type_struct_particles.c - the classic "send an array of structs" example:
 * a particle record (position, velocity, id) described to MPI with
 * MPI_Get_address and MPI_Type_create_struct, committed, and used to hand
 * NP particles from rank 0 to every other rank.
 */
#include <stdio.h>
#include <mpi.h>

#define NP 8

typedef struct {
    double pos[3];
    double vel[3];
    int id;
} particle_t;

int main(int argc, char **argv)
{
    int rank, size, r;
    particle_t parts[NP];
    int blocklens[3] = {3, 3, 1};
    MPI_Aint displs[3], base;
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT};
    MPI_Datatype particle_type;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Get_address(&parts[0], &base);
    MPI_Get_address(&parts[0].pos, &displs[0]);
    MPI_Get_address(&parts[0].vel, &displs[1]);
    MPI_Get_address(&parts[0].id, &displs[2]);
    displs[0] -= base;
    displs[1] -= base;
    displs[2] -= base;
    MPI_Type_create_struct(3, blocklens, displs, types, &particle_type);
    MPI_Type_commit(&particle_type);

    if (rank == 0) {
        for (r = 1; r < size; r++)
            MPI_Send(parts, NP, particle_type, r, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(parts, NP, particle_type, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank %d: %d particles\n", rank, NP);
    }
    MPI_Type_free(&particle_type);
    MPI_Finalize();
    return 0;
}
