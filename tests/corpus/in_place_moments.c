/* Mean and variance of distributed samples: sums with MPI_Allreduce(MPI_IN_PLACE, ...),
 * a do-while refinement loop with a fixed number of passes, and a helper returning a struct. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NS 2048
#define PASSES 3

typedef struct {
    double sum;
    double sumsq;
} moments_t;

static moments_t local_moments(const double *x, int n)
{
    moments_t m = {0.0, 0.0};
    int i;
    for (i = 0; i < n; i++) {
        m.sum += x[i];
        m.sumsq += x[i] * x[i];
    }
    return m;
}

int main(int argc, char **argv)
{
    int rank, size, i, pass = 0;
    double *x, buf[2], mean, var;
    moments_t m;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    x = malloc(NS * sizeof(double));
    for (i = 0; i < NS; i++)
        x[i] = (double)((rank * NS + i) % 97) / 97.0;
    do {
        m = local_moments(x, NS);
        buf[0] = m.sum;
        buf[1] = m.sumsq;
        MPI_Allreduce(MPI_IN_PLACE, buf, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        mean = buf[0] / (NS * size);
        var = buf[1] / (NS * size) - mean * mean;
        for (i = 0; i < NS; i++)
            x[i] = x[i] - mean;
        pass++;
    } while (pass < PASSES);
    if (rank == 0)
        printf("mean %f var %f after %d passes\n", mean, var, pass);
    free(x);
    MPI_Finalize();
    return 0;
}
