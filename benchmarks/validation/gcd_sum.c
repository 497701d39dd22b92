/*
 * gcd_sum.c - the sum of gcd(i, j) over 1 <= j < i <= N by Euclid's algorithm (remainders in a
 * while loop): integer division by a variable, quotients mostly small.
 *
 * Usage: gcd_sum N
 */
#include <stdio.h>
#include <stdlib.h>

static int gcd(int a, int b)
{
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s N\n", argv[0]);
        return 1;
    }
    int n = atoi(argv[1]);
    long total = 0;
    for (int i = 2; i <= n; i++)
        for (int j = 1; j < i; j++)
            total += gcd(i, j);
    printf("sum of gcd = %ld\n", total);
    return 0;
}
