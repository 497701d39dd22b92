/*
 * trapezoid_node.c - node program of the trapezoid-rule benchmark
 * (NX/2, host-node model). Build it as "trap_node"; trapezoid_host
 * loads it on all nodes and drives it.
 *
 * Each repetition: receive (a, b, N) from the host, integrate
 * f(x) = 4/(1+x^2) over this node's share of the N intervals, combine
 * the parts with gdsum, and node 0 returns the integral to the host.
 */
#include "nx.h"

#define HOST_PID     0   /* pid of the host process */
#define SETUP_TYPE  10   /* must match trapezoid_host.c */
#define PARAM_TYPE  20
#define RESULT_TYPE 30

static double f(double x)
{
    return 4.0 / (1.0 + x * x);
}

int main(void)
{
    long me = mynode();
    long p = numnodes();
    long reps, rep, n, i;
    double params[3];
    double a, b, h, x, local, work;

    crecv(SETUP_TYPE, (char *) &reps, sizeof(reps));

    for (rep = 0; rep < reps; rep++) {
        crecv(PARAM_TYPE, (char *) params, sizeof(params));
        a = params[0];
        b = params[1];
        n = (long) params[2];
        h = (b - a) / n;

        /* Cyclic distribution: interval i belongs to node i mod p, which
           balances the work to within one interval for any N and p and
           needs no start/end bookkeeping. */
        local = 0.0;
        for (i = me; i < n; i += p) {
            x = a + i * h;
            local += 0.5 * (f(x) + f(x + h));
        }
        local *= h;

        /* gdsum leaves the total on every node; one reply is enough. */
        gdsum(&local, 1, &work);
        if (me == 0)
            csend(RESULT_TYPE, (char *) &local, sizeof(local), myhost(), HOST_PID);
    }
    return 0;
}
