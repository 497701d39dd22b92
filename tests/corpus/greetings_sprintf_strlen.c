/*
 * greetings_sprintf_strlen.c - the textbook first message-passing program (the style of
 * Pacheco's "greetings"): every rank but 0 formats a line with sprintf and sends exactly
 * strlen(line) + 1 chars of it; rank 0 receives the lines in rank order into a fixed
 * 100-char buffer and prints them.
 */
#include <stdio.h>
#include <string.h>
#include "mpi.h"

#define MAX_LINE 100

int main(int argc, char *argv[])
{
    int me;                 /* this process's rank */
    int nprocs;             /* how many processes */
    int from;               /* whose line rank 0 waits for */
    const int tag = 0;
    char line[MAX_LINE];
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

    if (me != 0) {
        sprintf(line, "Greetings from process %d!", me);
        MPI_Send(line, strlen(line) + 1, MPI_CHAR, 0, tag, MPI_COMM_WORLD);
    } else {
        for (from = 1; from < nprocs; from++) {
            MPI_Recv(line, MAX_LINE, MPI_CHAR, from, tag, MPI_COMM_WORLD, &status);
            printf("%s\n", line);
        }
    }

    MPI_Finalize();
    return 0;
}
