/*
 * dartboard_rounds_prob.c - the "dartboard" pi estimate of the classic MPI
 * tutorials: ROUNDS rounds, each throwing DARTS darts per task through a
 * dboard() function, the master averaging the running estimate after every
 * round with MPI_Reduce.  The hit test carries a branch-probability
 * annotation (pi/4 of the darts land inside the circle).
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define DARTS  10000
#define ROUNDS 10
#define MASTER 0

static double dboard(int darts)
{
    double x, y, r;
    int score = 0, n;

    for (n = 1; n <= darts; n++) {
        r = (double) random() / RAND_MAX;
        x = 2.0 * r - 1.0;
        r = (double) random() / RAND_MAX;
        y = 2.0 * r - 1.0;
#pragma interp prob(0.785)
        if (x * x + y * y <= 1.0)
            score++;
    }
    return 4.0 * (double) score / (double) darts;
}

int main(int argc, char *argv[])
{
    int taskid, numtasks, i;
    double homepi, pisum, pi, avepi = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &numtasks);
    MPI_Comm_rank(MPI_COMM_WORLD, &taskid);
    srandom(taskid);

    for (i = 0; i < ROUNDS; i++) {
        homepi = dboard(DARTS);
        MPI_Reduce(&homepi, &pisum, 1, MPI_DOUBLE, MPI_SUM, MASTER, MPI_COMM_WORLD);
        if (taskid == MASTER) {
            pi = pisum / numtasks;
            avepi = ((avepi * i) + pi) / (i + 1);
            printf("after %6d throws, average pi = %10.8f\n", DARTS * (i + 1), avepi);
        }
    }
    MPI_Finalize();
    return 0;
}
