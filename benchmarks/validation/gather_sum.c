/*
 * gather_sum.c - indirect access: s += x[idx[i]] with idx filled by rand(), REPS times over
 * an index array of M entries into a table of N doubles.
 *
 * Usage: gather_sum N M REPS
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s N M REPS\n", argv[0]);
        return 1;
    }
    int n = atoi(argv[1]);
    int m = atoi(argv[2]);
    int reps = atoi(argv[3]);

    double *table = malloc(n * sizeof(double));
    int *idx = malloc(m * sizeof(int));
    for (int i = 0; i < n; i++)
        table[i] = 0.5 * i;
    srand(12345);
    for (int i = 0; i < m; i++)
        idx[i] = rand() % n;

    double s = 0.0;
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < m; i++)
            s += table[idx[i]];
    printf("gathered sum = %.3f\n", s);
    free(table);
    free(idx);
    return 0;
}
