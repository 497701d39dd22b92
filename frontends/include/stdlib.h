/* stdlib.h shipped with interp (parsing only): pycparser-fake-libc's types and
 * macros plus the prototypes interp uses to type expressions and calls. */
#ifndef INTERP_STDLIB_H
#define INTERP_STDLIB_H
#include "_fake_defines.h"
#include "_fake_typedefs.h"
/* glibc's and musl's RAND_MAX (the fake libc says 32767, the C standard's minimum): a loop
 * bounded by RAND_MAX / k runs what the program runs on Linux */
#undef RAND_MAX
#define RAND_MAX 2147483647

void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);
void exit(int status);
void abort(void);
int atexit(void (*function)(void));
int atoi(const char *nptr);
long atol(const char *nptr);
double atof(const char *nptr);
long strtol(const char *nptr, char **endptr, int base);
unsigned long strtoul(const char *nptr, char **endptr, int base);
double strtod(const char *nptr, char **endptr);
long long atoll(const char *nptr);
long long strtoll(const char *nptr, char **endptr, int base);
unsigned long long strtoull(const char *nptr, char **endptr, int base);
float strtof(const char *nptr, char **endptr);
long double strtold(const char *nptr, char **endptr);
int rand(void);
void srand(unsigned int seed);
double drand48(void);
double erand48(unsigned short xsubi[3]);
long lrand48(void);
long nrand48(unsigned short xsubi[3]);
long mrand48(void);
long jrand48(unsigned short xsubi[3]);
void srand48(long seedval);
unsigned short *seed48(unsigned short seed16v[3]);
int rand_r(unsigned int *seedp);
long random(void);
void srandom(unsigned int seed);
int abs(int j);
long labs(long j);
void qsort(void *base, size_t nmemb, size_t size,
           int (*compar)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t nmemb, size_t size,
              int (*compar)(const void *, const void *));
char *getenv(const char *name);
int system(const char *command);
#endif
