/*
 * reduce_op_helper.c - the small "parallel utilities" file of many mini-apps:
 * a broadcast helper and a reduction helper that take the MPI_Op and the
 * communicator as arguments, used for a parameter, a global sum and a
 * global maximum.
 */
#include <stdio.h>
#include <mpi.h>

static void broadcast_param(int *value, int root, MPI_Comm comm)
{
    MPI_Bcast(value, 1, MPI_INT, root, comm);
}

static double combine(double mine, MPI_Op op, MPI_Comm comm)
{
    double result = 0.0;
    MPI_Allreduce(&mine, &result, 1, MPI_DOUBLE, op, comm);
    return result;
}

int main(int argc, char **argv)
{
    int rank, nsub = 0;
    double local, total, biggest;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0)
        nsub = 8;
    broadcast_param(&nsub, 0, MPI_COMM_WORLD);

    local = 1.5 * rank + nsub;
    total = combine(local, MPI_SUM, MPI_COMM_WORLD);
    biggest = combine(local, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
        printf("sum %g, max %g\n", total, biggest);

    MPI_Finalize();
    return 0;
}
