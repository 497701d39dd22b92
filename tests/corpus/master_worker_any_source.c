/*
 * master_worker_any_source.c - dynamic load balancing: the master hands out
 * NTASKS task numbers one at a time; a worker that finishes returns its
 * result, the master receives from MPI_ANY_SOURCE and sends the next task
 * (or a stop tag) back to status.MPI_SOURCE.  Task time is stated with
 * cost().
 *
 * Usage: mpiexec -n P ./master_worker_any_source       (P >= 2)
 */
#include <stdio.h>
#include <mpi.h>

#define NTASKS   12
#define WORK_TAG 1
#define STOP_TAG 2

static double do_task(int t)
{
    return (double) t * t;
}

int main(int argc, char **argv)
{
    int rank, size, w, next = 0, done = 0, task;
    double result, total = 0.0;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        /* prime every worker with one task */
        for (w = 1; w < size; w++) {
            MPI_Send(&next, 1, MPI_INT, w, WORK_TAG, MPI_COMM_WORLD);
            next++;
        }
        while (done < NTASKS) {
            MPI_Recv(&result, 1, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            total += result;
            done++;
            if (next < NTASKS) {
                MPI_Send(&next, 1, MPI_INT, st.MPI_SOURCE, WORK_TAG, MPI_COMM_WORLD);
                next++;
            } else {
                MPI_Send(&next, 1, MPI_INT, st.MPI_SOURCE, STOP_TAG, MPI_COMM_WORLD);
            }
        }
        printf("total = %g\n", total);
    } else {
        for (;;) {
            MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == STOP_TAG)
                break;
#pragma interp cost(1 ms)
            result = do_task(task);
            MPI_Send(&result, 1, MPI_DOUBLE, 0, WORK_TAG, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
