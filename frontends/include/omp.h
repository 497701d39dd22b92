/* omp.h shipped with interp (parsing only): the OpenMP runtime calls hybrid MPI + OpenMP
 * programs make, so that `#include <omp.h>` is found.
 *
 * interp predicts each process on one thread (the machine files describe one processor per
 * node; docs/model.md "OpenMP in hybrid programs"): omp_get_thread_num() is 0,
 * omp_get_num_threads() and omp_get_max_threads() are 1, omp_set_num_threads() changes nothing
 * (a note says so), omp_get_wtime() reads the clock as MPI_Wtime does. Each is a machine call,
 * costed by the machine file's machine.NAME. */
#ifndef INTERP_OMP_H
#define INTERP_OMP_H

typedef int omp_lock_t;

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_num_threads(int num_threads);
double omp_get_wtime(void);
double omp_get_wtick(void);

#endif
