/* Self-scheduling matrix-vector product (Gropp, Lusk & Skjellum style): the master sends row i
 * with tag i + 1, a worker answers with its dot product tagged with the row, tag 0 stops it. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define ROWS 24
#define COLS 100

int main(int argc, char **argv)
{
    int rank, size, i, j, sent, row, anstype, sender, numsent;
    double a[ROWS][COLS], b[COLS], c[ROWS], buffer[COLS], ans;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (j = 0; j < COLS; j++) {
            b[j] = 1.0;
            for (i = 0; i < ROWS; i++)
                a[i][j] = i;
        }
        numsent = 0;
        MPI_Bcast(b, COLS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        for (i = 1; i < size && numsent < ROWS; i++) {
            MPI_Send(a[numsent], COLS, MPI_DOUBLE, i, numsent + 1, MPI_COMM_WORLD);
            numsent++;
        }
        for (i = 0; i < ROWS; i++) {
            MPI_Recv(&ans, 1, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            sender = status.MPI_SOURCE;
            anstype = status.MPI_TAG;
            c[anstype - 1] = ans;
            if (numsent < ROWS) {
                MPI_Send(a[numsent], COLS, MPI_DOUBLE, sender, numsent + 1, MPI_COMM_WORLD);
                numsent++;
            } else {
                MPI_Send(MPI_BOTTOM, 0, MPI_DOUBLE, sender, 0, MPI_COMM_WORLD);
            }
        }
        printf("c[0] = %f, c[%d] = %f\n", c[0], ROWS - 1, c[ROWS - 1]);
    } else {
        MPI_Bcast(b, COLS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        if (rank <= ROWS) {
            MPI_Recv(buffer, COLS, MPI_DOUBLE, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            while (status.MPI_TAG != 0) {
                row = status.MPI_TAG;
                ans = 0.0;
                for (j = 0; j < COLS; j++)
                    ans += buffer[j] * b[j];
                MPI_Send(&ans, 1, MPI_DOUBLE, 0, row, MPI_COMM_WORLD);
                MPI_Recv(buffer, COLS, MPI_DOUBLE, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            }
        }
    }
    MPI_Finalize();
    return 0;
}
