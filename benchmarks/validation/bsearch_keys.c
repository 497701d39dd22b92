/*
 * bsearch_keys.c - Q lookups of rand() keys in a sorted table of N ints by binary search,
 * counting the keys found (the table holds the even numbers, so about half are).
 *
 * Usage: bsearch_keys N Q
 *
 * Branch-heavy and latency-bound: each probe's address depends on the comparison before it.
 * The search halves a step instead of moving two bounds (the form of the "monobound" searches
 * of sorted-array libraries): log2(N) probes for every key, then one equality test.
 */
#include <stdio.h>
#include <stdlib.h>

static int find(const int *a, int n, int key)
{
    int pos = 0;
    /* the largest power of two below n, then every smaller one */
    int step = 1;
    while (2 * step < n)
        step *= 2;
    for (; step > 0; step /= 2)
        if (pos + step < n && a[pos + step] <= key)
            pos += step;
    return a[pos] == key ? pos : -1;
}

int main(int argc, char *argv[])
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s N Q\n", argv[0]);
        return 1;
    }
    int n = atoi(argv[1]);
    int q = atoi(argv[2]);
    int *table = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        table[i] = 2 * i;

    srand(7);
    int hits = 0;
    for (int k = 0; k < q; k++) {
        int key = rand() % (2 * n);
        if (find(table, n, key) >= 0)
            hits++;
    }
    printf("%d of %d keys found\n", hits, q);
    free(table);
    return 0;
}
