/*
 * trapezoid_host.c - host program of the trapezoid-rule benchmark
 * (NX/2, host-node model; the validation program of the paper).
 *
 * Usage: trapezoid_host N R
 *   N  number of intervals the domain [0,1] is divided into
 *   R  number of repetitions of the broadcast/integrate/collect step
 *
 * The cube is allocated beforehand (getcube); the node program is built
 * from trapezoid_node.c as the executable "trap_node".
 */
#include <stdio.h>
#include <stdlib.h>
#include "nx.h"

#define ALL_NODES   -1   /* node -1: every node of the cube */
#define NODE_PID     0   /* pid the node program is loaded with */
#define SETUP_TYPE  10   /* R, sent once so the nodes know how often to loop */
#define PARAM_TYPE  20   /* integration parameters a, b, N */
#define RESULT_TYPE 30   /* the integral, sent back by node 0 */

int main(int argc, char *argv[])
{
    long n, reps, rep;
    double params[3];          /* a, b, N in one buffer: one csend per broadcast */
    double integral = 0.0;
    double t0, t1;

    if (argc != 3) {
        fprintf(stderr, "usage: %s N R\n", argv[0]);
        return 1;
    }
    n = atoi(argv[1]);
    reps = atoi(argv[2]);
    if (n < 1 || reps < 1) {
        fprintf(stderr, "N and R must be positive\n");
        return 1;
    }

    params[0] = 0.0;
    params[1] = 1.0;
    params[2] = (double) n;    /* exact for any N below 2^53 */

    /* The paper times from the load until the last result arrives, so
       node start-up is part of the measured (and predicted) time. */
    t0 = dclock();
    load("trap_node", ALL_NODES, NODE_PID);
    csend(SETUP_TYPE, (char *) &reps, sizeof(reps), ALL_NODES, NODE_PID);

    for (rep = 0; rep < reps; rep++) {
        csend(PARAM_TYPE, (char *) params, sizeof(params), ALL_NODES, NODE_PID);
        /* Only node 0 answers: the nodes combine their parts with gdsum. */
        crecv(RESULT_TYPE, (char *) &integral, sizeof(integral));
    }
    t1 = dclock();

    printf("N = %ld, R = %ld, nodes = %ld\n", n, reps, numnodes());
    printf("integral = %.15f (pi = 3.141592653589793)\n", integral);
    printf("time = %.6f s total, %.6f s per repetition\n",
           t1 - t0, (t1 - t0) / reps);

    /* The nodes have finished; killcube frees them for the next run. */
    killcube(ALL_NODES, NODE_PID);
    return 0;
}
