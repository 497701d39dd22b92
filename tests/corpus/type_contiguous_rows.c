/*
 * type_contiguous_rows.c - a row of 16 doubles as a derived datatype
 * (MPI_Type_contiguous); rank 0 sends 4 rows in one message to every other
 * rank, which receives them as 4 elements of the same type.
 */
#include <stdio.h>
#include <mpi.h>

#define ROW 16

int main(int argc, char **argv)
{
    int rank, size, p;
    double block[4][ROW];
    MPI_Datatype row_t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Type_contiguous(ROW, MPI_DOUBLE, &row_t);
    MPI_Type_commit(&row_t);

    if (rank == 0) {
        for (p = 1; p < size; p++)
            MPI_Send(block, 4, row_t, p, 0, MPI_COMM_WORLD);   /* 512 bytes */
    } else {
        MPI_Recv(block, 4, row_t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    MPI_Type_free(&row_t);
    MPI_Finalize();
    return 0;
}
