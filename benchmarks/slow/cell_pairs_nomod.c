#include <mpi.h>
#include <stdlib.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int nc = atoi(argv[1]), ppc = 4;
    double *x = calloc(nc * ppc, sizeof(double));
    double e = 0.0;
    for (int c = 0; c < nc; c++)
        for (int o = -1; o <= 1; o++) {
            int d = c + o + 1;
            for (int i = c*ppc; i < (c+1)*ppc; i++)
                for (int j = d*ppc; j < (d+1)*ppc; j++)
                    e += x[i] * x[j];                 /* 48 nc executions */
        }
    printf("%g\n", e);
    MPI_Finalize();
    return 0;
}
