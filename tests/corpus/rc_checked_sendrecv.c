/*
 * rc_checked_sendrecv.c - a request/answer exchange written defensively:
 * the return code of every MPI call is kept in rc and compared with
 * MPI_SUCCESS, as coding standards of many HPC centres ask.
 *
 * Rank 0 sends ten integers, rank 1 answers with their mean.
 */
#include <stdio.h>
#include <mpi.h>

static void bail(int code, const char *what)
{
    fprintf(stderr, "%s failed with code %d\n", what, code);
    MPI_Abort(MPI_COMM_WORLD, code);
}

int main(int argc, char **argv)
{
    int rc, rank, i;
    int values[10];
    double mean = 0.0;

    rc = MPI_Init(&argc, &argv);
    if (rc != MPI_SUCCESS)
        bail(rc, "MPI_Init");
    rc = MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rc != MPI_SUCCESS)
        bail(rc, "MPI_Comm_rank");

    if (rank == 0) {
        for (i = 0; i < 10; i++)
            values[i] = 3 * i;
        rc = MPI_Send(values, 10, MPI_INT, 1, 1, MPI_COMM_WORLD);
        if (rc != MPI_SUCCESS)
            bail(rc, "MPI_Send");
        rc = MPI_Recv(&mean, 1, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            bail(rc, "MPI_Recv");
        printf("mean = %g\n", mean);
    } else if (rank == 1) {
        rc = MPI_Recv(values, 10, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            bail(rc, "MPI_Recv");
        for (i = 0; i < 10; i++)
            mean += values[i];
        mean /= 10.0;
        rc = MPI_Send(&mean, 1, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD);
        if (rc != MPI_SUCCESS)
            bail(rc, "MPI_Send");
    }

    rc = MPI_Finalize();
    return rc == MPI_SUCCESS ? 0 : 1;
}
