/*
 * apt_mpi.c - skeleton of the parallel APT radar program of seed paper 003
 * (Xu & Hwang, "Early Prediction of MPP Performance", Fig. 7 and Tables 2, 7-9).
 *
 * Usage: mpiexec -n P apt_mpi        (P = 1 .. 256)
 *
 * Four phases of the phase-parallel model (paper section 2.1.1), with their
 * interaction steps, in the order of Fig. 7:
 *   DP   Doppler processing, distributed over all P processes;
 *        total exchange (MPI_Alltoall) of the 17 MB data cube (section 3.4:
 *        "an aggregated message length of 17 MB"): 17e6 / P^2 bytes per pair;
 *   HT   Householder transform, on one process (DOP = 1, section 3.5);
 *        broadcast of its 80 KB result (section 3.4);
 *   BF   beam forming, over all P processes;
 *   TD   target detection, over all P processes;
 *        reduction merging the local target reports.
 *
 * A skeleton: the STAP kernels are not written here. Each phase states
 *   cost(...)  its time, from Table 2's measured sequential time T_1(i) on one
 *              SP2 node divided over the processes that run it, and
 *   work(...)  its workload W_i from Table 2 (Mflop), so that interp counts W.
 * Table 2, APT rows:  DP 84 Mflop 4.12 s;  HT 2.88 Mflop 0.04 s;
 *                     BF 1314 Mflop 9.64 s;  TD 46 Mflop 0.57 s.
 * The `dop` of each region is the degree of parallelism of section 3.4.
 * Predict it on sag/machines/sp2-apt.yaml (Table 7's communication costs).
 */
#include <stdlib.h>
#include <mpi.h>

/* Not written: the STAP kernels of the MIT Lincoln Laboratory benchmark. */
void doppler(float *cube, int share);
void householder(float *weights);
void beamform(float *cube, const float *weights, int share);
void detect(const float *cube, int *reports, int share);

#define CUBE_BYTES 17000000.0   /* section 3.4: total exchange of 17 MB */
#define WEIGHT_BYTES 80000      /* section 3.4: broadcast of an 80 KB message */

int main(int argc, char *argv[])
{
    int rank, size;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int pair = (int) (CUBE_BYTES / ((double) size * size));   /* bytes to each process */
    char *cube = malloc((size_t) pair * size);
    char *turned = malloc((size_t) pair * size);
    float *weights = malloc(WEIGHT_BYTES);
    int reports = 0, merged = 0;

#pragma interp region DP
#pragma interp cost(4.12/size s)
#pragma interp work(flops=84e6/size)
    doppler((float *) cube, size);
#pragma interp end region

#pragma interp region Index
    MPI_Alltoall(cube, pair, MPI_BYTE, turned, pair, MPI_BYTE, MPI_COMM_WORLD);
#pragma interp end region

#pragma interp region HT
    if (rank == 0) {
#pragma interp cost(0.04 s)
#pragma interp work(flops=2.88e6)
        householder(weights);
    }
#pragma interp end region

#pragma interp region Broadcast
    MPI_Bcast(weights, WEIGHT_BYTES, MPI_BYTE, 0, MPI_COMM_WORLD);
#pragma interp end region

#pragma interp region BF
#pragma interp cost(9.64/size s)
#pragma interp work(flops=1314e6/size)
    beamform((float *) turned, weights, size);
#pragma interp end region

#pragma interp region TD
#pragma interp cost(0.57/size s)
#pragma interp work(flops=46e6/size)
    detect((float *) turned, &reports, size);
#pragma interp end region

#pragma interp region Reduce
    MPI_Reduce(&reports, &merged, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
#pragma interp end region

    free(cube);
    free(turned);
    free(weights);
    MPI_Finalize();
    return 0;
}
