/* mpitutorial-style dynamic receive: rank 0 sends each other rank a random-length array; the
 * receiver probes, asks MPI_Get_count for the length, allocates and receives. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define MAXN 100

int main(int argc, char **argv)
{
    int rank, size, dest, n, count, i;
    int numbers[MAXN];
    int *buf;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 0; i < MAXN; i++)
            numbers[i] = i;
        for (dest = 1; dest < size; dest++) {
            n = 10 * dest + 5;
            MPI_Send(numbers, n, MPI_INT, dest, 0, MPI_COMM_WORLD);
            printf("0 sent %d numbers to %d\n", n, dest);
        }
    } else {
        MPI_Probe(0, 0, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        buf = (int *)malloc(sizeof(int) * count);
        MPI_Recv(buf, count, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        long s = 0;
        for (i = 0; i < count; i++)
            s += buf[i];
        printf("%d received %d numbers, sum %ld\n", rank, count, s);
        free(buf);
    }
    MPI_Finalize();
    return 0;
}
