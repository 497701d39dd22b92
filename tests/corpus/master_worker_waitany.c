/* Task farm: the master hands out NTASKS tasks, one at a time, to whichever worker has just
 * returned a result. It keeps one MPI_Irecv open per worker and completes them in arrival order
 * with MPI_Waitany; the index it gets back names the worker to answer. Workers run at different
 * speeds (the work of a task grows with the rank), so the fast ones take more tasks. */
#include <stdio.h>
#include <mpi.h>

#define NTASKS 12
#define STOP (-1)

double work(int task, int rank)
{
    double s = 0.0;
    int i;
    for (i = 0; i < 250 * rank; i++)
        s = 0.5 * s + task;
    return s;
}

int main(int argc, char **argv)
{
    int rank, size, w, idx, next, done, task, stop = STOP;
    double result[16], sum = 0.0, r;
    MPI_Request reqs[16];
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        next = 0;
        for (w = 1; w < size; w++) {            /* one task to every worker */
            MPI_Send(&next, 1, MPI_INT, w, 1, MPI_COMM_WORLD);
            MPI_Irecv(&result[w], 1, MPI_DOUBLE, w, 2, MPI_COMM_WORLD, &reqs[w - 1]);
            next++;
        }
        for (done = 0; done < NTASKS; done++) {
            MPI_Waitany(size - 1, reqs, &idx, &status);
            sum += result[idx + 1];
            if (next < NTASKS) {                /* the worker that answered gets the next task */
                MPI_Send(&next, 1, MPI_INT, idx + 1, 1, MPI_COMM_WORLD);
                MPI_Irecv(&result[idx + 1], 1, MPI_DOUBLE, idx + 1, 2, MPI_COMM_WORLD, &reqs[idx]);
                next++;
            } else {
                MPI_Send(&stop, 1, MPI_INT, idx + 1, 1, MPI_COMM_WORLD);
            }
        }
        printf("sum of %d results: %f\n", NTASKS, sum);
    } else {
        MPI_Recv(&task, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &status);
        while (task != STOP) {
            r = work(task, rank);
            MPI_Send(&r, 1, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD);
            MPI_Recv(&task, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &status);
        }
    }
    MPI_Finalize();
    return 0;
}
