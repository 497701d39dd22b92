/* Communicator of the even ranks built from a group, in the style of MPI tutorials on groups:
 * the rank list is filled in a loop, MPI_Group_incl makes the group, MPI_Comm_create the
 * communicator (MPI_COMM_NULL on the odd ranks), and the evens sum their ranks. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, ranks[64], nev = 0, sum = 0, val, gsize;
    MPI_Group world, evens;
    MPI_Comm evcomm;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (i = 0; i < size; i += 2)
        ranks[nev++] = i;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, nev, ranks, &evens);
    MPI_Group_size(evens, &gsize);
    MPI_Comm_create(MPI_COMM_WORLD, evens, &evcomm);

    val = rank;
    if (evcomm != MPI_COMM_NULL) {
        MPI_Allreduce(&val, &sum, 1, MPI_INT, MPI_SUM, evcomm);
        MPI_Comm_free(&evcomm);
    }
    if (rank == 0)
        printf("sum of the %d even ranks: %d\n", gsize, sum);

    MPI_Group_free(&evens);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
