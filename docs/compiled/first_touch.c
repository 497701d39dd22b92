/* First touch of 80 MiB against touching it again (docs/model.md: page faults). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void){struct timespec a; clock_gettime(CLOCK_MONOTONIC,&a); return a.tv_sec+1e-9*a.tv_nsec;}
int main(void){ size_t n = 80u<<20; char *p = malloc(n); double t0=now(); for(size_t i=0;i<n;i+=64)((volatile char*)p)[i]=1; double t1=now(); for(size_t i=0;i<n;i+=64)((volatile char*)p)[i]=2; double t2=now();
printf("first touch %.1f ms (%.2f us per 4 KiB page), again %.1f ms\n",(t1-t0)*1e3,(t1-t0)*1e6/(n/4096),(t2-t1)*1e3); return p[5]==3;}
