/*
 * BROKEN ON PURPOSE (test input for the static checker): tag mismatch.
 *
 * Wrong line: 25. Rank 1 receives from rank 0 with tag 2, but rank 0
 * sends with tag 1 at line 23. Expected report: the receive at line 25
 * (rank 1, source 0, tag 2) is never matched, and the send at line 23
 * (rank 0 -> rank 1, tag 1, 10 doubles) is never received.
 * Ranks involved for P=4: 0 and 1; ranks 2 and 3 are not involved.
 * At run time rank 1 blocks forever in MPI_Recv. Needs P >= 2.
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
        MPI_Send(x, 10, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(x, 10, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    printf("rank %d done\n", rank);
    MPI_Finalize();
    return 0;
}
