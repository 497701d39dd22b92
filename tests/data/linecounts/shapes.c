#include <stdio.h>
double x;
static int half(int v)
{
    return v / 2;
}
static void a(int n)
{
    int s = n / 2;
    if (n > 50)
        s = n;
    else
        s = 5;
    for (int j = 0; j < s; j++)
        x = x + 1.0;
}
static void c2(int n)
{
    int t = half(n);
    for (int j = 0; j < t; j++)
        x = x + 2.0;
}
static void d(int n)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        m = i;
    for (int j = 0; j < m; j++)
        x = x + 1.0;
}
static void e(int n)
{
    int m = 1;
    while (m < n)
        m *= 2;
    for (int j = 0; j < m; j++)
        x = x + 1.0;
}
static void f(int n)
{
    int lim = n;
    for (int i = 0; i < 3; i++) {
        lim = lim - 1;
        for (int j = 0; j < lim; j++)
            x = x + 1.0;
    }
}
static void h(int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (i % 3 == 0)
            k++;
    for (int j = 0; j < k; j++)
        x = x + 1.0;
}
static void p(int n)
{
    int k = n;
    switch (n % 3) {
    case 0:
        k = 1;
        break;
    case 1:
        k = 2;
        break;
    default:
        k = 3;
    }
    for (int j = 0; j < k * 10; j++)
        x = x + 1.0;
}
static void q(int n)
{
    int k = n > 10 ? 7 : 3;
    for (int j = 0; j < k; j++)
        x = x + 1.0;
}
static void r2(int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j += 2)
            x = x + 1.0;
}
static void s2(int n)
{
    int i = 0;
    do {
        x = x + 1.0;
        i += 3;
    } while (i < n);
}
static void t2(int n)
{
    for (int i = n; i > 0; i /= 2)
        x = x + 1.0;
}
static void u2(int n)
{
    for (int i = 0, j = n; i < j; i++, j--)
        x = x + 1.0;
}
static void v2(int n)
{
    int c = 0;
    while (n--) {
        if (n % 4 == 1)
            continue;
        c++;
        x = x + c;
    }
}
static void w2(int n)
{
    int k = 0;
    for (int i = 0; i < n; i = i + 3) {
        if (i % 2 == 0)
            continue;
        k += i;
    }
    for (int j = 0; j < k; j++)
        x = x + 1.0;
}
int main(void)
{
    for (int r = 0; r < 6; r++) {
        a(40 + 10 * r);
        c2(20 + r);
        d(r + 5);
        e(r + 3);
        f(10 + r);
        h(r * 7);
        p(r);
        q(r * 4);
        r2(r + 4);
        s2(r * 5 + 1);
        t2(r * 9 + 1);
        u2(r * 3 + 2);
        v2(r + 7);
        w2(r * 4 + 3);
    }
    printf("%f\n", x);
    return 0;
}
