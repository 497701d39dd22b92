/*
 * BROKEN ON PURPOSE (test input for the static checker): missing receive.
 *
 * Wrong line: 24. Rank 0 sends 100 doubles to rank 1 (tag 0), but rank 1
 * never posts a receive. Expected report: the send at line 24 (rank 0 ->
 * rank 1, tag 0, 800 bytes) has no matching receive.
 * Ranks involved for P=4: 0 and 1; ranks 2 and 3 are not involved.
 * At run time the small message is usually buffered, so the program may
 * even finish: only a checker (or a hang with larger messages) shows it.
 * Needs P >= 2.
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank;
    double x[100] = {0.0};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0)
        MPI_Send(x, 100, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);

    printf("rank %d done\n", rank);
    MPI_Finalize();
    return 0;
}
