/* Three roles by switch (rank): a producer, a filter and a consumer pass NITEMS values along;
 * the tags are enum constants, the last message carries TAG_END. */
#include <stdio.h>
#include <stdint.h>
#include <mpi.h>

enum { TAG_DATA = 10, TAG_END = 11 };
#define NITEMS 50

static inline double transform(double x)
{
    return 2.0 * x + 1.0;
}

int main(int argc, char **argv)
{
    int rank, size, i;
    double x, acc = 0.0;
    uint64_t handled = 0;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 3) {
        fprintf(stderr, "needs 3 processes\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    switch (rank) {
    case 0:
        for (i = 0; i < NITEMS; i++) {
            x = (double)i;
            MPI_Send(&x, 1, MPI_DOUBLE, 1, TAG_DATA, MPI_COMM_WORLD);
        }
        MPI_Send(&x, 0, MPI_DOUBLE, 1, TAG_END, MPI_COMM_WORLD);
        break;
    case 1:
        for (;;) {
            MPI_Recv(&x, 1, MPI_DOUBLE, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_END)
                break;
            x = transform(x);
            MPI_Send(&x, 1, MPI_DOUBLE, 2, TAG_DATA, MPI_COMM_WORLD);
            handled++;
        }
        MPI_Send(&x, 0, MPI_DOUBLE, 2, TAG_END, MPI_COMM_WORLD);
        break;
    case 2:
        do {
            MPI_Recv(&x, 1, MPI_DOUBLE, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_DATA)
                acc += x;
        } while (st.MPI_TAG != TAG_END);
        printf("consumer total %f\n", acc);
        break;
    default:
        break;
    }
    MPI_Finalize();
    return 0;
}
