/*
 * BROKEN ON PURPOSE (test input for the static checker): send-send deadlock.
 *
 * Wrong line: 28. Every rank does a synchronous MPI_Ssend of 1000 doubles
 * to its right neighbour (rank+1)%P before posting its receive (line 29).
 * An Ssend completes only once the matching receive has started, so each
 * rank waits on the next. Expected report: deadlock, a cycle of blocking
 * sends at line 28: 0 -> 1 -> 2 -> 3 -> 0.
 * Ranks involved for P=4: all of 0, 1, 2, 3.
 * At run time all ranks hang in MPI_Ssend (for any P >= 1).
 */
#include <stdio.h>
#include <mpi.h>

#define M 1000

int main(int argc, char *argv[])
{
    int rank, size;
    double out[M] = {0.0}, in[M];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size;
    int left = (rank + size - 1) % size;

    MPI_Ssend(out, M, MPI_DOUBLE, right, 0, MPI_COMM_WORLD);
    MPI_Recv(in, M, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    printf("rank %d done\n", rank);
    MPI_Finalize();
    return 0;
}
