/*
 * ring_globals_chained_assign.c - a token travels once around a ring of
 * processes.  The rank and size live in globals filled by a setup routine,
 * and the neighbours start from a chained assignment, the way quick
 * exercise solutions are often written.
 */
#include <stdio.h>
#include <mpi.h>

int world_rank, world_size;

static void setup(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
}

int main(int argc, char **argv)
{
    int token, to, from;

    setup(&argc, &argv);

    to = from = world_rank;                       /* both start at me ... */
    to = (to + 1) % world_size;                   /* ... then step right */
    from = (from + world_size - 1) % world_size;  /* ... and left */

    if (world_rank == 0) {
        token = 17;
        MPI_Send(&token, 1, MPI_INT, to, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("token back at 0 after %d hops\n", world_size);
    } else {
        MPI_Recv(&token, 1, MPI_INT, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&token, 1, MPI_INT, to, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return 0;
}
