/*
 * return_mpi_call_wrapper.c - wrappers that hand the MPI return code back to
 * the caller ("return MPI_Send(...)"), and callers that test it.  A common
 * shape in codes that funnel every MPI call through a checking layer.
 *
 * Rank 0 sends 8 ints to each other rank; every other rank answers with one.
 */
#include <stdio.h>
#include <mpi.h>

static int checked_send(const int *buf, int n, int to)
{
    return MPI_Send(buf, n, MPI_INT, to, 0, MPI_COMM_WORLD);
}

static int checked_recv(int *buf, int n, int from)
{
    return MPI_Recv(buf, n, MPI_INT, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int rank, size, p, err = 0;
    int work[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    int answer = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        for (p = 1; p < size; p++) {
            err = checked_send(work, 8, p);
            if (err != MPI_SUCCESS)
                fprintf(stderr, "send to %d failed\n", p);
        }
        for (p = 1; p < size; p++)
            err = checked_recv(&answer, 1, p);
    } else {
        err = checked_recv(work, 8, 0);
        answer = work[rank % 8];
        err = checked_send(&answer, 1, 0);
    }
    if (err != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, err);

    MPI_Finalize();
    return 0;
}
