/*
 * hello_processor_name.c - the first MPI program of every course: each rank
 * prints its rank, the size and the processor name.
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int world_rank, world_size, name_len;
    char processor_name[MPI_MAX_PROCESSOR_NAME];

    MPI_Init(NULL, NULL);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Get_processor_name(processor_name, &name_len);

    printf("Hello from %s, rank %d of %d\n", processor_name, world_rank, world_size);

    MPI_Finalize();
    return 0;
}
