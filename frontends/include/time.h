/* time.h shipped with interp (parsing only): pycparser-fake-libc's types and
 * macros plus the prototypes interp uses to type expressions and calls. */
#ifndef INTERP_TIME_H
#define INTERP_TIME_H
#include "_fake_defines.h"
#include "_fake_typedefs.h"

#define CLOCKS_PER_SEC 1000000
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1

struct tm {
    int tm_sec; int tm_min; int tm_hour; int tm_mday; int tm_mon;
    int tm_year; int tm_wday; int tm_yday; int tm_isdst;
};
struct timespec { time_t tv_sec; long tv_nsec; };

time_t time(time_t *t);
clock_t clock(void);
double difftime(time_t time1, time_t time0);
time_t mktime(struct tm *tm);
struct tm *localtime(const time_t *timep);
struct tm *gmtime(const time_t *timep);
char *ctime(const time_t *timep);
char *asctime(const struct tm *tm);
size_t strftime(char *s, size_t max, const char *format, const struct tm *tm);
int clock_gettime(clockid_t clk_id, struct timespec *tp);
#endif
