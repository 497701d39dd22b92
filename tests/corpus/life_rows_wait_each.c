/* Game of Life on a ROWS x COLS board split by rows; ghost rows exchanged with Isend/Irecv and
 * completed one by one with MPI_Wait(&reqs[k]); live cells counted with Allreduce at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

#define COLS 64
#define GENS 10

static int neighbours(unsigned char **g, int i, int j)
{
    int di, dj, n = 0;
    for (di = -1; di <= 1; di++)
        for (dj = -1; dj <= 1; dj++)
            if (di || dj)
                n += g[i + di][(j + dj + COLS) % COLS];
    return n;
}

static unsigned char **board(int rows)
{
    unsigned char **g = malloc((rows + 2) * sizeof(unsigned char *));
    unsigned char *cells = calloc((rows + 2) * COLS, 1);
    int i;
    for (i = 0; i < rows + 2; i++)
        g[i] = cells + i * COLS;
    return g;
}

int main(int argc, char **argv)
{
    int rank, size, rows = 16, up, down, gen, i, j, k, n, live = 0, total;
    unsigned char **cur, **nxt, **swap;
    MPI_Request reqs[4];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], "-rows") == 0 && i + 1 < argc)
            rows = atoi(argv[++i]);
    up = (rank - 1 + size) % size;
    down = (rank + 1) % size;
    cur = board(rows);
    nxt = board(rows);
    for (i = 1; i <= rows; i++)
        for (j = 0; j < COLS; j++)
            cur[i][j] = ((i * 7 + j * 13 + rank) % 5) == 0;
    for (gen = 0; gen < GENS; gen++) {
        MPI_Irecv(cur[0], COLS, MPI_UNSIGNED_CHAR, up, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(cur[rows + 1], COLS, MPI_UNSIGNED_CHAR, down, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Isend(cur[rows], COLS, MPI_UNSIGNED_CHAR, down, 0, MPI_COMM_WORLD, &reqs[2]);
        MPI_Isend(cur[1], COLS, MPI_UNSIGNED_CHAR, up, 1, MPI_COMM_WORLD, &reqs[3]);
        for (k = 0; k < 4; k++)
            MPI_Wait(&reqs[k], MPI_STATUS_IGNORE);
        for (i = 1; i <= rows; i++)
            for (j = 0; j < COLS; j++) {
                n = neighbours(cur, i, j);
                nxt[i][j] = (n == 3) || (n == 2 && cur[i][j]);
            }
        swap = cur; cur = nxt; nxt = swap;
    }
    for (i = 1; i <= rows; i++)
        for (j = 0; j < COLS; j++)
            live += cur[i][j];
    MPI_Allreduce(&live, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d live cells after %d generations\n", total, GENS);
    MPI_Finalize();
    return 0;
}
