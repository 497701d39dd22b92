/* Master-worker job queue: the master answers whichever worker reports (MPI_ANY_SOURCE), using
 * status.MPI_SOURCE, and sends a stop tag when the jobs run out. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NJOBS 20
#define TAG_WORK 1
#define TAG_DONE 2
#define TAG_STOP 3

typedef struct {
    int id;
    int size;
} job_t;

static double do_job(const job_t *job)
{
    double acc = 0.0;
    int i;
    for (i = 0; i < job->size; i++)
        acc += (double)i / (job->id + 1);
    return acc;
}

static void master(int nworkers)
{
    int next = 0, active = 0, w;
    double result, total = 0.0;
    job_t job;
    MPI_Status st;

    for (w = 1; w <= nworkers && next < NJOBS; w++) {
        job.id = next; job.size = 500;
        MPI_Send(&job, 2, MPI_INT, w, TAG_WORK, MPI_COMM_WORLD);
        next++; active++;
    }
    while (active > 0) {
        MPI_Recv(&result, 1, MPI_DOUBLE, MPI_ANY_SOURCE, TAG_DONE, MPI_COMM_WORLD, &st);
        active--;
        total += result;
        if (next < NJOBS) {
            job.id = next; job.size = 500;
            MPI_Send(&job, 2, MPI_INT, st.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
            next++; active++;
        } else {
            MPI_Send(&job, 2, MPI_INT, st.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
        }
    }
    printf("total %f\n", total);
}

static void worker(void)
{
    job_t job;
    double result;
    MPI_Status st;
    for (;;) {
        MPI_Recv(&job, 2, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == TAG_STOP)
            break;
        result = do_job(&job);
        MPI_Send(&result, 1, MPI_DOUBLE, 0, TAG_DONE, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) {
        printf("run with at least 2 processes\n");
        MPI_Finalize();
        return 1;
    }
    if (rank == 0)
        master(size - 1);
    else
        worker();
    MPI_Finalize();
    return 0;
}
