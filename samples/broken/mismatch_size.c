/*
 * BROKEN ON PURPOSE (test input for the static checker): size mismatch.
 *
 * Wrong line: 26. Rank 1 posts a receive for 5 doubles (40 bytes), but
 * rank 0 sends it 10 doubles (80 bytes) with the same tag at line 24.
 * Expected report: message truncation; the send at line 24 (rank 0 ->
 * rank 1, tag 0, 80 bytes) is larger than the receive buffer at line 26
 * (rank 1, 40 bytes).
 * Ranks involved for P=4: 0 and 1; ranks 2 and 3 are not involved.
 * At run time MPI reports MPI_ERR_TRUNCATE on rank 1. Needs P >= 2.
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank;
    double x[10] = {0.0};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0)
        MPI_Send(x, 10, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(x, 5, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    printf("rank %d done\n", rank);
    MPI_Finalize();
    return 0;
}
