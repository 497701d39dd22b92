/* Overlap a broadcast with work: MPI_Ibcast of the parameters, local work, MPI_Wait. */
#include <stdio.h>
#include <mpi.h>

#define NPARAM 256
#define WORK 20000

static double busy(int n)
{
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++)
        s += 1.0 / (i + 1.0);
    return s;
}

int main(int argc, char **argv)
{
    int rank, i;
    double params[NPARAM], s;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (i = 0; i < NPARAM; i++)
            params[i] = i;
    MPI_Ibcast(params, NPARAM, MPI_DOUBLE, 0, MPI_COMM_WORLD, &req);
    s = busy(WORK);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("%d: %f %f\n", rank, s, params[NPARAM - 1]);
    MPI_Finalize();
    return 0;
}
