#include <stdio.h>
double x;
static int clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}
static void k1(int n)
{
    int m = clamp(n * 3, 5, 20);
    for (int i = 0; i < m; i++)
        x = x + 1.0;
}
static void k2(int n)
{
    for (int i = 0, s = 0; i < n && s < 40; i++, s += i)
        x = x + 1.0;
}
static void k3(int n)
{
    for (int i = 0; i < n; i++) {
        if (i > 7)
            return;
        x = x + 1.0;
    }
    x = x + 5.0;
}
static void k4(int n)
{
    int t = n;
    while (t > 1) {
        if (t % 2 == 0)
            t = t / 2;
        else
            t = 3 * t + 1;
        x = x + 1.0;
    }
}
static void k5(int n)
{
    for (int i = 1; i <= n; i *= 3)
        for (int j = 0; j < i; j++)
            x = x + 1.0;
}
static void k6(int n)
{
    int a = n % 5 == 0 ? 1 : n % 5 == 1 ? 2 : 3;
    for (int j = 0; j < a * a; j++)
        x = x + 1.0;
}
int main(void)
{
    for (int r = 1; r < 9; r++) {
        k1(r);
        k2(r * 3);
        k3(r + 3);
        k4(r * 7);
        k5(r * 10);
        k6(r);
    }
    printf("%f\n", x);
    return 0;
}
