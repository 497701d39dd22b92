/*
 * scan_prefix_offsets.c - each rank has a number of records to write and
 * needs the offset of its first record in the shared file: an inclusive
 * MPI_Scan of the counts, minus its own count.
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size;
    long count, upto = 0, offset;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    count = 100 + 10 * rank;
    MPI_Scan(&count, &upto, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    offset = upto - count;
    printf("rank %d writes records %ld..%ld\n", rank, offset, offset + count - 1);

    MPI_Finalize();
    return 0;
}
