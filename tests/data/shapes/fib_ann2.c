#include <stdio.h>
int fib(int k)
{
    if (k < 2)
        return k;
#pragma interp cost(2 us)
    return fib(k - 1) + fib(k - 2);
}
int main(void)
{
    int r = fib(20);
    printf("%d\n", r);
    return 0;
}
