/*
 * barrier_timed_phases.c - the usual way to time phases of an MPI code:
 * MPI_Barrier, MPI_Wtime, the phase, MPI_Barrier, MPI_Wtime; the slowest
 * rank's times are collected with MPI_Reduce(MPI_MAX).  The phases are
 * stated with work(): an assembly and a solve whose flop counts grow with
 * the rank (an imbalanced decomposition).
 */
#include <stdio.h>
#include <mpi.h>

static void assemble(void) { }
static void solve(void) { }

int main(int argc, char **argv)
{
    int rank;
    double t0, t1, t2, phase[2], worst[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
#pragma interp work(flops=20000.0 * (rank + 1))
    assemble();
    MPI_Barrier(MPI_COMM_WORLD);
    t1 = MPI_Wtime();
#pragma interp work(flops=100000.0)
    solve();
    MPI_Barrier(MPI_COMM_WORLD);
    t2 = MPI_Wtime();

    phase[0] = t1 - t0;
    phase[1] = t2 - t1;
    MPI_Reduce(phase, worst, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("assembly %.3f ms, solve %.3f ms\n", 1e3 * worst[0], 1e3 * worst[1]);
    MPI_Finalize();
    return 0;
}
