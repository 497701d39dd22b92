/* Non-blocking ring with overlap: every rank sends its block to the right neighbour and receives
 * the left neighbour's with MPI_Isend / MPI_Irecv, then keeps working on its own data in small
 * chunks, asking MPI_Testall after each chunk whether both transfers are done. When they are,
 * it combines the received block with its own. */
#include <stdio.h>
#include <mpi.h>

#define N 1000
#define CHUNK 20

int main(int argc, char **argv)
{
    int rank, size, left, right, i, done = 0, chunks = 0, next = 0;
    double mine[N], theirs[N], acc = 0.0;
    MPI_Request reqs[2];
    MPI_Status stats[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank - 1 + size) % size;
    right = (rank + 1) % size;
    for (i = 0; i < N; i++)
        mine[i] = rank + i;

    MPI_Irecv(theirs, N, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(mine, N, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[1]);
    while (!done) {
        for (i = 0; i < CHUNK; i++)            /* local work while the blocks travel */
            acc += mine[(next + i) % N] * 0.5;
        next = (next + CHUNK) % N;
        chunks++;
        MPI_Testall(2, reqs, &done, stats);
    }
    for (i = 0; i < N; i++)
        acc += theirs[i];
    printf("rank %d: %d chunks of work overlapped, acc = %f\n", rank, chunks, acc);
    MPI_Finalize();
    return 0;
}
