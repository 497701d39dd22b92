/*
 * type_vector_column.c - send one column of a row-major matrix without
 * copying it: MPI_Type_vector describes ROWS blocks of one double, COLS
 * apart; rank 0 sends column 3 to rank 1, which receives it into a
 * contiguous buffer of ROWS doubles.
 */
#include <stdio.h>
#include <mpi.h>

#define ROWS 40
#define COLS 12

int main(int argc, char **argv)
{
    int rank, i, j;
    double a[ROWS][COLS], column[ROWS];
    MPI_Datatype column_t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Type_vector(ROWS, 1, COLS, MPI_DOUBLE, &column_t);
    MPI_Type_commit(&column_t);

    if (rank == 0) {
        for (i = 0; i < ROWS; i++)
            for (j = 0; j < COLS; j++)
                a[i][j] = 100 * i + j;
        MPI_Send(&a[0][3], 1, column_t, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(column, ROWS, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("column[5] = %g\n", column[5]);
    }

    MPI_Type_free(&column_t);
    MPI_Finalize();
    return 0;
}
