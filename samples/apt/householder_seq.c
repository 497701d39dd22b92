/*
 * householder_seq.c - skeleton of the sequential Householder triangularization
 * of the APT HT step (seed paper 003, section 3.5, Eq. 6).
 *
 * Usage: householder_seq P Q    (a complex P x Q matrix; APT: 32 x 320)
 *
 * Eq. 6: T_1 = 8 p^2 q T_flop. The sweep over the p^2 column-steps below does
 * 8 q flops each, at the HT step's measured 72 Mflop/s (Table 2: 2.88 Mflop in
 * 0.04 s; section 3.5: "T_flop = 1/72 us"). The kernel is not written here.
 * The baseline of householder_mpi.c: interp sweep householder_mpi.c
 * --metrics --baseline householder_seq.c -m sp2.
 */
#include <stdlib.h>

#pragma interp input rows = 32
#pragma interp input cols = 320

void reflect(int cols);   /* not written: one Householder step over q columns */

int main(int argc, char *argv[])
{
    int rows = atoi(argv[1]);
    int cols = atoi(argv[2]);

    for (int k = 0; k < rows * rows; k++) {
#pragma interp cost(8 * cols / 72e6 s)
#pragma interp work(flops=8 * cols)
        reflect(cols);
    }
    return 0;
}
