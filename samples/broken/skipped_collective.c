/*
 * BROKEN ON PURPOSE (test input for the static checker): skipped collective.
 *
 * Wrong line: 23. The condition `if (rank != 3)` keeps rank 3 out of the
 * MPI_Allreduce at line 24, which every rank of MPI_COMM_WORLD must call.
 * Expected report: collective MPI_Allreduce at line 24 is called by ranks
 * 0, 1, 2 but not by rank 3.
 * Ranks involved for P=4: 0, 1, 2 (block in the Allreduce) and 3 (skips it).
 * With P <= 3 there is no rank 3 and the program is correct.
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank;
    double local, total = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    local = rank + 1.0;

    if (rank != 3)
        MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    printf("rank %d: total = %g\n", rank, total);
    MPI_Finalize();
    return 0;
}
