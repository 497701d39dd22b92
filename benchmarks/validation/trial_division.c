/*
 * trial_division.c - counts the primes below N by trial division, the test a function called
 * in the condition of an if.
 *
 * Usage: trial_division N
 *
 * Integer division dominates: a prime k costs about sqrt(k)/2 divisions, a composite stops at
 * its smallest odd factor.
 */
#include <stdio.h>
#include <stdlib.h>

static int is_prime(int k)
{
    if (k < 2)
        return 0;
    if (k % 2 == 0)
        return k == 2;
    for (int d = 3; d * d <= k; d += 2)
        if (k % d == 0)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s N\n", argv[0]);
        return 1;
    }
    int n = atoi(argv[1]);
    int count = 0;
    for (int k = 2; k < n; k++)
        if (is_prime(k))
            count++;
    printf("pi(%d) = %d\n", n, count);
    return 0;
}
