/* Rank 0 collects one value from every other rank with MPI_Irecv and completes the receives
 * in the order they arrive with MPI_Waitany, a common master pattern. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, idx, done, data[16];
    MPI_Request req[16];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 1; i < size; i++)
            MPI_Irecv(&data[i], 1, MPI_INT, i, 0, MPI_COMM_WORLD, &req[i - 1]);
        for (done = 0; done < size - 1; done++) {
            MPI_Waitany(size - 1, req, &idx, &st);
            printf("got %d from %d\n", data[idx + 1], st.MPI_SOURCE);
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
