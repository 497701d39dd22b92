/*
 * node_bench.c - micro-benchmarks of one processor for `interp calibrate`.
 *
 * Usage: node_bench SCALE [LLC_BYTES [L1D_BYTES [L2_BYTES]]]
 *        node_bench chase SCALE BYTES...
 *        node_bench gather SCALE BYTES...
 *        node_bench share SCALE SECONDS
 * Prints one line per measurement, "name seconds_per_operation". The second form only
 * pointer-chases within buffers of the given sizes ("chase_BYTES seconds_per_load"): the
 * Python side picks one size per cache level from the first form's bandwidth sweep. The third
 * times independent loads of random lines within buffers of the given sizes ("gather_BYTES
 * seconds_per_load", the buffer rounded down to a power of two): the cost of `s += x[idx[i]]`.
 * Each benchmark is run REPS times inside this process and the mean is printed
 * (MEAN_OF): a program that runs for seconds meets the machine's slow moments
 * (another job on the core's sibling, a neighbour on a shared cache) in
 * proportion, and so does the mean of short repetitions, while their minimum
 * keeps only the fastest moment (docs/calibrate.md, "Mean, not minimum"). The
 * Python side runs this program several times and keeps the spread.
 *
 * Operations are timed as dependent chains (each result feeds the next), the
 * form in which the opcount model adds up one cost per operation, and as 8
 * independent accumulators (tput_*: reciprocal throughputs, roofline model). An empty
 * asm with the value as an in/out operand (KEEP) stops the compiler from
 * folding or vectorising a chain without adding an instruction.
 */
#define _POSIX_C_SOURCE 200112L   /* clock_gettime, clock_getres, gettimeofday, posix_memalign */
#define _DEFAULT_SOURCE           /* glibc: madvise, MADV_HUGEPAGE */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define KEEP(v) __asm__ volatile("" : "+r"(v))
#if defined(__x86_64__) || defined(__i386__)
#define KEEPF(v) __asm__ volatile("" : "+x"(v))
#elif defined(__aarch64__)
#define KEEPF(v) __asm__ volatile("" : "+w"(v))
#else
#define KEEPF(v) __asm__ volatile("" : "+m"(v))
#endif
#define REPS 3
#define MEAN_OF(acc, t) ((acc) += (t) / REPS)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static long N = 2000000;              /* chain length, scaled by argv[1] */
volatile int vi_one = 1, vi_zero = 0;
volatile long vl_one = 1;
volatile float vf_one = 1.0000001f, vf_tiny = 1e-7f;
volatile double vd_one = 1.0000000001, vd_tiny = 1e-9;
volatile double sinkd;
volatile long sinkl;

/* 8 chained operations per loop trip; the empty-loop time is subtracted. */
#define CHAIN8(stmt) stmt; stmt; stmt; stmt; stmt; stmt; stmt; stmt

static double t_loop(void)
{
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        int x = vi_zero;
        double t = now();
        for (long i = 0; i < N; i++) KEEP(x);
        t = now() - t;
        sinkl = x;
        MEAN_OF(mean, t);
    }
    return mean;
}

/* Each chain is timed with 8 and with 16 operations per loop trip and the difference taken:
 * 8N operations with the loop's own overhead cancelled whether or not it overlaps the chain.
 * Subtracting an empty loop instead assumed it does not: on a Zen 3 VM the empty loop took
 * 0.79 ns a trip, hidden under a chain of 8 double adds, and the add measured 0.94 ns where a
 * long one-add-a-trip chain ran 1.04-1.08 ns (docs/calibrate.md). */
#define BENCH_INT_BODY(name, T, init, yv, body)                       \
    static double name(void) {                                        \
        double mean = 0;                                              \
        for (int r = 0; r < REPS; r++) {                              \
            T x = init, y = yv;                                       \
            double t = now();                                         \
            for (long i = 0; i < N; i++) { body; }                    \
            t = now() - t;                                            \
            sinkl = x + y;                                            \
            MEAN_OF(mean, t);                                         \
        }                                                             \
        return mean;                                                  \
    }
#define BENCH_TYPED(name, T, init, yv, stmt)                          \
    BENCH_INT_BODY(name##_8, T, init, yv, CHAIN8(stmt; KEEP(x)))      \
    BENCH_INT_BODY(name##_16, T, init, yv, CHAIN8(stmt; KEEP(x)); CHAIN8(stmt; KEEP(x))) \
    static double name(void) { return name##_16() - name##_8(); }
#define BENCH_INT(name, init, stmt) BENCH_TYPED(name, int, init, vi_one, stmt)
BENCH_INT(b_int_add, vi_zero, x = x + y)
BENCH_INT(b_int_mul, vi_one * 3, x = x * y)
BENCH_INT(b_int_div, 1000000007 * vi_one, x = x / y)
/* The divider's time grows with the quotient's width: x / 1 with x = 1000000007 is a 30-bit
 * quotient (the slow end), with x = 1 a 1-bit one (the fast end); fit.divider_span. */
BENCH_INT(b_int_div_narrow, vi_one, x = x / y)
/* The same 30-bit quotient from 64-bit operands (C's long): a divider may take longer over 64
 * bits (Intel before Ice Lake: about twice; Zen 3: the same chain, 16% more per issue). */
BENCH_TYPED(b_long_div, long, 1000000007L * vl_one, vl_one, x = x / y)

#define BENCH_FP_BODY(name, T, one, tiny, body)                      \
    static double name(void) {                                        \
        double mean = 0;                                              \
        for (int r = 0; r < REPS; r++) {                              \
            T x = one, y = one, z = tiny;                             \
            (void) y; (void) z;                                       \
            double t = now();                                         \
            for (long i = 0; i < N; i++) { body; }                    \
            t = now() - t;                                            \
            sinkd = x;                                                \
            MEAN_OF(mean, t);                                         \
        }                                                             \
        return mean;                                                  \
    }
#define BENCH_FP(name, T, K, one, tiny, stmt)                         \
    BENCH_FP_BODY(name##_8, T, one, tiny, CHAIN8(stmt; K(x)))         \
    BENCH_FP_BODY(name##_16, T, one, tiny, CHAIN8(stmt; K(x)); CHAIN8(stmt; K(x))) \
    static double name(void) { return name##_16() - name##_8(); }
BENCH_FP(b_real_add, float, KEEPF, vf_one, vf_tiny, x = x + z)
BENCH_FP(b_real_mul, float, KEEPF, vf_one, vf_tiny, x = x * y)
BENCH_FP(b_real_div, float, KEEPF, vf_one, vf_tiny, x = x / y)
BENCH_FP(b_double_add, double, KEEPF, vd_one, vd_tiny, x = x + z)
BENCH_FP(b_double_mul, double, KEEPF, vd_one, vd_tiny, x = x * y)
BENCH_FP(b_double_div, double, KEEPF, vd_one, vd_tiny, x = x / y)

/* Throughput form: 8 independent accumulators, each updated once per statement
 * group (no result feeds the next operation of another accumulator), so a
 * pipelined superscalar core overlaps them; timed with 16 and with 32 operations per trip and
 * the difference taken (16N operations, the loop's overhead cancelled as for the chains). */
#define INDEP8(T, K, op, y) \
    a0 = a0 op y; a1 = a1 op y; a2 = a2 op y; a3 = a3 op y; \
    a4 = a4 op y; a5 = a5 op y; a6 = a6 op y; a7 = a7 op y; \
    K(a0); K(a1); K(a2); K(a3); K(a4); K(a5); K(a6); K(a7)
#define BENCH_TPUT_BODY(name, T, init, yv, body)                      \
    static double name(void) {                                        \
        double mean = 0;                                              \
        for (int r = 0; r < REPS; r++) {                              \
            T a0 = init, a1 = init, a2 = init, a3 = init, a4 = init,  \
              a5 = init, a6 = init, a7 = init, y = yv;                \
            double t = now();                                         \
            for (long i = 0; i < N; i++) { body; }                    \
            t = now() - t;                                            \
            sinkd = (double) (a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7); \
            MEAN_OF(mean, t);                                         \
        }                                                             \
        return mean;                                                  \
    }
#define BENCH_TPUT(name, T, K, init, yv, op)                          \
    BENCH_TPUT_BODY(name##_16, T, init, yv, INDEP8(T, K, op, y); INDEP8(T, K, op, y)) \
    BENCH_TPUT_BODY(name##_32, T, init, yv, INDEP8(T, K, op, y); INDEP8(T, K, op, y); \
                    INDEP8(T, K, op, y); INDEP8(T, K, op, y))         \
    static double name(void) { return name##_32() - name##_16(); }
BENCH_TPUT(t_int_add, int, KEEP, vi_zero, vi_one, +)
BENCH_TPUT(t_int_mul, int, KEEP, vi_one * 3, vi_one, *)
BENCH_TPUT(t_int_div, int, KEEP, 1000000007 * vi_one, vi_one, /)
BENCH_TPUT(t_int_div_narrow, int, KEEP, vi_one, vi_one, /)
BENCH_TPUT(t_long_div, long, KEEP, 1000000007L * vl_one, vl_one, /)
BENCH_TPUT(t_real_add, float, KEEPF, vf_one, vf_tiny, +)
BENCH_TPUT(t_real_mul, float, KEEPF, vf_one, vf_one, *)
BENCH_TPUT(t_real_div, float, KEEPF, vf_one, vf_one, /)
BENCH_TPUT(t_double_add, double, KEEPF, vd_one, vd_tiny, +)
BENCH_TPUT(t_double_mul, double, KEEPF, vd_one, vd_one, *)
BENCH_TPUT(t_double_div, double, KEEPF, vd_one, vd_one, /)

/* Square roots of 8 independent values (throughput): the divide/square-root unit's occupancy per
 * square root, which LLVM 14's Zen 2 model puts at 20 cycles (the compiled model costs square roots
 * with this instead: interp/models/compiled.py). Each chain adds 1.0 after the root (a_k stays
 * near 1.618); latency / 8 chains stays below the unit's occupancy on current cores. */
#define SQRT8 \
    a0 = sqrt(a0) + y; a1 = sqrt(a1) + y; a2 = sqrt(a2) + y; a3 = sqrt(a3) + y; \
    a4 = sqrt(a4) + y; a5 = sqrt(a5) + y; a6 = sqrt(a6) + y; a7 = sqrt(a7) + y; \
    KEEPF(a0); KEEPF(a1); KEEPF(a2); KEEPF(a3); KEEPF(a4); KEEPF(a5); KEEPF(a6); KEEPF(a7)
static double sqrt_trips(int groups)
{
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        double a0 = vd_one * 2, a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0, y = vd_one;
        double t = now();
        if (groups == 2) for (long i = 0; i < N; i++) { SQRT8; SQRT8; }
        else for (long i = 0; i < N; i++) { SQRT8; SQRT8; SQRT8; SQRT8; }
        t = now() - t;
        sinkd = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
        MEAN_OF(mean, t);
    }
    return mean;
}
/* 16N square roots: 32 a trip minus 16 a trip, as BENCH_TPUT. */
static double t_double_sqrt(void) { return sqrt_trips(4) - sqrt_trips(2); }

/* int -> double conversions of 8 independent values (throughput). */
static double t_conv(void)
{
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        int k = vi_one;
        double a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
        double t = now();
        for (long i = 0; i < N; i++) {
            KEEP(k);
            a0 = (double) k; a1 = (double) (k + 1); a2 = (double) (k + 2); a3 = (double) (k + 3);
            a4 = (double) (k + 4); a5 = (double) (k + 5); a6 = (double) (k + 6); a7 = (double) (k + 7);
            KEEPF(a0); KEEPF(a1); KEEPF(a2); KEEPF(a3); KEEPF(a4); KEEPF(a5); KEEPF(a6); KEEPF(a7);
        }
        t = now() - t;
        sinkd = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
        MEAN_OF(mean, t);
    }
    return mean;
}

/* Loop overhead in the throughput form: the same 16N independent double adds run as N trips
 * of 16 and as 2N trips of 8; the difference is N trips' overhead when the body is busy. */
static double t_iter(void)
{
    double mean1 = 0, mean2 = 0;
    for (int r = 0; r < REPS; r++) {
        double a0 = vd_one, a1 = vd_one, a2 = vd_one, a3 = vd_one, a4 = vd_one, a5 = vd_one,
               a6 = vd_one, a7 = vd_one, y = vd_tiny;
        double t = now();
        for (long i = 0; i < N; i++) { INDEP8(double, KEEPF, +, y); INDEP8(double, KEEPF, +, y); }
        t = now() - t;
        MEAN_OF(mean1, t);
        t = now();
        for (long i = 0; i < 2 * N; i++) { INDEP8(double, KEEPF, +, y); }
        t = now() - t;
        MEAN_OF(mean2, t);
        sinkd = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
    }
    return (mean2 - mean1) / N;
}

/* int -> float -> int round trip; the two conversions are split evenly. */
static double conv_trips(int groups)
{
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        int x = vi_one;
        float f;
        double t = now();
        if (groups == 1)
            for (long i = 0; i < N; i++) { CHAIN8(f = (float) x; KEEPF(f); x = (int) f; KEEP(x)); }
        else
            for (long i = 0; i < N; i++) {
                CHAIN8(f = (float) x; KEEPF(f); x = (int) f; KEEP(x));
                CHAIN8(f = (float) x; KEEPF(f); x = (int) f; KEEP(x));
            }
        t = now() - t;
        sinkl = x;
        MEAN_OF(mean, t);
    }
    return mean;
}
/* 8N round trips: 16 a trip minus 8 a trip, as BENCH_INT. */
static double b_conv_roundtrip(void) { return conv_trips(2) - conv_trips(1); }

/* Library functions as chains x = f(x) that stay in a well-behaved range. */
#define BENCH_LIB(name, stmt)                                         \
    static double name(void) {                                        \
        double mean = 0;                                              \
        long n = N / 4;                                               \
        for (int r = 0; r < REPS; r++) {                              \
            double x = vd_one * 0.5;                                  \
            double t = now();                                         \
            for (long i = 0; i < n; i++) { stmt; KEEPF(x); }          \
            t = now() - t;                                            \
            sinkd = x;                                                \
            MEAN_OF(mean, t);                                         \
        }                                                             \
        return mean / n;                                              \
    }
/* Library functions on independent arguments (throughput): y = f(x[i]) over a 1024-value table
 * in L1, four sums so that no add chain bounds the loop; the out-of-order core overlaps one call
 * with the next, as in a loop y[i] = exp(-x[i] * x[i]). The caller subtracts the same loop with
 * f(x) = x. */
static double lib_table[1024];
#define BENCH_LIB_TPUT(name, expr)                                    \
    static double name(void) {                                        \
        double mean = 0;                                              \
        long n = N / 4;                                               \
        for (int r = 0; r < REPS; r++) {                              \
            double s0 = 0, s1 = 0, s2 = 0, s3 = 0;                    \
            double t = now();                                         \
            for (long i = 0; i < n; i += 4) {                         \
                double x;                                             \
                x = lib_table[i & 1023]; s0 += (expr);                \
                x = lib_table[(i + 1) & 1023]; s1 += (expr);          \
                x = lib_table[(i + 2) & 1023]; s2 += (expr);          \
                x = lib_table[(i + 3) & 1023]; s3 += (expr);          \
                KEEPF(s0); KEEPF(s1); KEEPF(s2); KEEPF(s3);           \
            }                                                         \
            t = now() - t;                                            \
            sinkd = s0 + s1 + s2 + s3;                                \
            MEAN_OF(mean, t);                                         \
        }                                                             \
        return mean / n;                                              \
    }
BENCH_LIB_TPUT(t_lib_base, x)
BENCH_LIB_TPUT(t_lib_exp, exp(-x))
BENCH_LIB_TPUT(t_lib_log, log(x + 1.0))
BENCH_LIB_TPUT(t_lib_sin, sin(x))
BENCH_LIB_TPUT(t_lib_cos, cos(x))
BENCH_LIB_TPUT(t_lib_pow, pow(x, 0.75))

BENCH_LIB(b_lib_base, x = x + 0.5)
BENCH_LIB(b_lib_sqrt, x = sqrt(x) + 0.5)
BENCH_LIB(b_lib_exp, x = exp(-x) + 0.5)
BENCH_LIB(b_lib_log, x = log(x + 1.0) + 0.5)
BENCH_LIB(b_lib_sin, x = sin(x) + 0.5)
BENCH_LIB(b_lib_cos, x = cos(x) + 0.5)
BENCH_LIB(b_lib_pow, x = pow(x, 0.75) + 0.5)
BENCH_LIB(b_lib_fabs, x = fabs(-x) + 0.5)
BENCH_LIB(b_lib_rand, x = (double) (rand() & 1) + x * 0.5)

/* Timers a program may call: time per call of a loop of calls, the empty loop's trip subtracted
 * by the caller. A call that enters the kernel (clock() reads the process CPU time, which no vDSO
 * serves) costs 10x a clock_gettime (0.3 us on the VM of docs/calibrate.md), so the loop is N/50
 * calls, not N: about 0.04 s per run in all. */
#define BENCH_TIMER(name, stmt)                                       \
    static double name(void) {                                        \
        double mean = 0;                                              \
        long n = N / 50 + 100;                                        \
        for (int r = 0; r < REPS; r++) {                              \
            double t = now();                                         \
            for (long i = 0; i < n; i++) { stmt; }                    \
            t = now() - t;                                            \
            MEAN_OF(mean, t);                                         \
        }                                                             \
        return mean / n;                                              \
    }
/* The results go to locals whose address escapes or are discarded: none of these functions is
 * pure, so the compiler keeps every call. */
BENCH_TIMER(b_tm_clock_gettime, struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts))
BENCH_TIMER(b_tm_gettimeofday, struct timeval tv; gettimeofday(&tv, NULL))
BENCH_TIMER(b_tm_time, (void) time(NULL))
BENCH_TIMER(b_tm_clock, (void) clock())

/* The resolution of CLOCK_MONOTONIC: what clock_getres reports, and the smallest nonzero
 * difference between consecutive readings (what a program can actually resolve; at least the
 * cost of one reading when the clock counts faster than it can be read). */
static void b_timer_res(void)
{
    struct timespec res, a, b;
    long long step = -1;
    clock_getres(CLOCK_MONOTONIC, &res);
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < N / 50 + 100; i++) {
        clock_gettime(CLOCK_MONOTONIC, &b);
        long long d = (long long) (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
        if (d > 0 && (step < 0 || d < step)) step = d;
        a = b;
    }
    printf("timer_res %.6e\n", res.tv_sec + 1e-9 * res.tv_nsec);
    if (step > 0) printf("timer_step %.6e\n", 1e-9 * (double) step);
}

/* Loops: per_iter from a long empty loop; fixed from many 1-trip inner loops. */
static double b_iter_per(int step)
{
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        long s = step ? vi_one * 3 : 1, lim = 8 * N * s;
        double t = now();
        for (long i = 0; i < lim; i += s) __asm__ volatile("");
        t = now() - t;
        MEAN_OF(mean, t);
    }
    return mean / (8 * N);
}

static double b_iter_inner(int step, long trips)
{
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        long s = step ? vi_one * 3 : 1, lim = trips * s * vi_one;
        double t = now();
        for (long o = 0; o < N; o++) {
            __asm__ volatile("" : "+r"(lim));
            for (long i = 0; i < lim; i += s) __asm__ volatile("");
        }
        t = now() - t;
        MEAN_OF(mean, t);
    }
    return mean / N;
}

/* if (i > lim) {...}: never taken vs always taken, minus the bare loop. */
static double b_cond(long lim)
{
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        long l = lim;
        double t = now();
        for (long i = 0; i < 8 * N; i++) {
            __asm__ volatile("" : "+r"(l));
            if (i > l) __asm__ volatile("nop");
        }
        t = now() - t;
        MEAN_OF(mean, t);
    }
    return mean / (8 * N);
}

/* if (bits[i]) on pseudo-random bits (the predictor misses about half) against the same loop on
 * alternating bits (learnt: no misses); the same number taken. 64 K bits: more than a predictor
 * can remember, and they stay in L2. The nop keeps the branch a branch (no cmov). */
#define MP_BITS (1 << 16)
static unsigned char mp_bits[MP_BITS];
static double b_branch(int random)
{
    unsigned x = 2463534242u;
    for (int i = 0; i < MP_BITS; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;   /* xorshift32 */
        mp_bits[i] = random ? (unsigned char) (x & 1) : (unsigned char) (i & 1);
    }
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        double t = now();
        for (long i = 0; i < 8 * N; i++) {
            if (mp_bits[i & (MP_BITS - 1)]) __asm__ volatile("nop");
        }
        t = now() - t;
        MEAN_OF(mean, t);
    }
    return mean / (8 * N);
}

__attribute__((noinline)) static int f1(int a) { KEEP(a); return a + 1; }
__attribute__((noinline)) static int f4(int a, int b, int c, int d) { KEEP(a); return a + b + c + d; }

static double b_call(int args)
{
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        int x = vi_zero, z = vi_zero;
        double t = now();
        if (args == 0)
            for (long i = 0; i < N; i++) { x = x + 1; KEEP(x); }
        else if (args == 1)
            for (long i = 0; i < N; i++) x = f1(x);
        else
            for (long i = 0; i < N; i++) x = f4(x, z, z, 1);
        t = now() - t;
        sinkl = x;
        MEAN_OF(mean, t);
    }
    return mean / N;
}

/* A buffer in 2 MiB pages where the kernel gives them (Linux transparent huge pages, asked for
 * with madvise since they are often granted only on request): with 4 KiB pages a random line
 * beyond a few hundred KiB also misses the TLB, and the chase times the page walk with the cache
 * (on the VM of docs/calibrate.md: 8.4 vs 5.8 ns at 1 MiB, 102 vs 47 ns at 8 MiB). fetch and
 * fetch_miss keep ordinary pages. */
static void *huge_alloc(size_t bytes)
{
    size_t page = (size_t) 2 << 20;
    void *p = NULL;
    if (posix_memalign(&p, page, (bytes + page - 1) / page * page) != 0) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, (bytes + page - 1) / page * page, MADV_HUGEPAGE);
#endif
    return p;
}

/* Pointer chasing over a random cycle of cache lines of `bytes` bytes (in huge pages if asked). */
static double b_chase(size_t bytes, long steps, int huge)
{
    size_t line = 64 / sizeof(void *), n = bytes / 64;
    void **buf = huge ? huge_alloc(n * 64) : malloc(n * 64);
    size_t *perm = malloc(n * sizeof(size_t));
    if (!buf || !perm) return -1;
    for (size_t i = 0; i < n; i++) perm[i] = i;
    srand(12345);
    for (size_t i = n - 1; i > 0; i--) {     /* Sattolo: one cycle through all lines */
        size_t j = ((size_t) rand() * 32768u + (size_t) rand()) % i;
        size_t t = perm[i]; perm[i] = perm[j]; perm[j] = t;
    }
    for (size_t i = 0; i < n; i++) buf[perm[i] * line] = &buf[perm[(i + 1) % n] * line];
    free(perm);
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        void **p = buf;
        for (long i = 0; i < steps / 8; i++) p = *p;   /* warm up */
        double t = now();
        for (long i = 0; i < steps; i++) p = *p;
        t = now() - t;
        sinkl = (long) p;
        MEAN_OF(mean, t);
    }
    free(buf);
    return mean / steps;
}

/* Stores in random line order: throughput per store (stores do not form a chain). */
static double b_store(size_t bytes, long steps)
{
    size_t n = bytes / sizeof(long);
    long *a = calloc(n, sizeof(long));
    unsigned *idx = malloc(4096 * sizeof(unsigned));
    if (!a || !idx) return -1;
    srand(777);
    for (int i = 0; i < 4096; i++) idx[i] = (unsigned) (((size_t) rand() * 32768u + rand()) % (n / 8)) * 8;
    double mean = 0, base = 0;
    for (int r = 0; r < REPS; r++) {
        unsigned off = 0;
        double t = now();
        for (long i = 0; i < steps; i++) { a[(idx[i & 4095] + off) % n] = i; off += 4104; }
        t = now() - t;
        MEAN_OF(mean, t);
        off = 0;
        t = now();
        for (long i = 0; i < steps; i++) { sinkl = (idx[i & 4095] + off) % n; off += 4104; }
        t = now() - t;
        MEAN_OF(base, t);
    }
    free(a); free(idx);
    return (mean - base > 0 ? mean - base : 0) / steps;
}

/* Streaming read bandwidth, bytes per second, 8 independent accumulators: `passes` passes over
 * the buffer (one for main memory, many for a buffer that stays in a cache level). */
static double b_stream_cached(size_t bytes, long passes)
{
    size_t n = bytes / sizeof(long);
    long *a = malloc(n * sizeof(long));
    if (!a) return -1;
    memset(a, 1, n * sizeof(long));
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        long s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        double t = now();
        for (long p = 0; p < passes; p++) {
            for (size_t i = 0; i + 8 <= n; i += 8) {
                s0 += a[i]; s1 += a[i + 1]; s2 += a[i + 2]; s3 += a[i + 3];
                s4 += a[i + 4]; s5 += a[i + 5]; s6 += a[i + 6]; s7 += a[i + 7];
            }
            KEEP(s0);
        }
        t = now() - t;
        sinkl = s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
        MEAN_OF(mean, t);
    }
    free(a);
    return (double) bytes * passes / mean;
}

/* Read and write bandwidth over a sweep of buffer sizes, a factor sqrt(2) apart: the Python
 * side splits the sweep into the cache levels (interp/calibrate/levels.py).
 *
 * Two read streams per size. The scalar one (8-byte loads into eight accumulators, as a loop gcc
 * -O2 does not vectorise), bwr_, marks where the levels end: its rate steps down at each level's
 * capacity. The vector one (16-byte loads and stores, GCC's vector extension: SSE2 on x86-64,
 * NEON on AArch64, the width gcc -O2 gives a loop it vectorises), bvr_ and bvw_, is what the
 * level delivers, not what one 8-byte load or store a cycle can ask for: scalar loads measured
 * every cache level of a Zen 2 at 36 GB/s where its caches deliver 60-70, and scalar stores
 * with the pointer kept in a register 13 GB/s where they take 52. Four vector accumulators keep
 * the adds off the critical path; KEEP/KEEPF stop the compiler from folding the loops away. The
 * write stream stores every element (write-allocate and write-back included), unrolled as the
 * reads: a store a cycle, not a pass of a four-instruction loop a cycle. */
typedef double v2d __attribute__((vector_size(16)));

static double sweep_scalar(const long *a, size_t n, long passes)
{
    long s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
    double t = now();
    for (long p = 0; p < passes; p++)
        for (size_t i = 0; i + 8 <= n; i += 8) {
            s0 += a[i]; s1 += a[i + 1]; s2 += a[i + 2]; s3 += a[i + 3];
            s4 += a[i + 4]; s5 += a[i + 5]; s6 += a[i + 6]; s7 += a[i + 7];
            KEEP(s0); KEEP(s1); KEEP(s2); KEEP(s3); KEEP(s4); KEEP(s5); KEEP(s6); KEEP(s7);
        }
    t = now() - t;
    sinkl = s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
    return t;
}

static double sweep_vector_read(const v2d *a, size_t n, long passes)
{
    v2d s0 = {0, 0}, s1 = s0, s2 = s0, s3 = s0;
    double t = now();
    for (long p = 0; p < passes; p++)
        for (size_t i = 0; i + 4 <= n; i += 4) {
            s0 += a[i]; s1 += a[i + 1]; s2 += a[i + 2]; s3 += a[i + 3];
            KEEPF(s0); KEEPF(s1); KEEPF(s2); KEEPF(s3);
        }
    t = now() - t;
    s0 += s1 + s2 + s3;
    sinkd = s0[0] + s0[1];
    return t;
}

static double sweep_vector_write(v2d *a, size_t n, long passes)
{
    v2d x = {1.0, 2.0};
    double t = now();
    for (long p = 0; p < passes; p++)
        for (size_t i = 0; i + 4 <= n; i += 4) {
            a[i] = x; a[i + 1] = x; a[i + 2] = x; a[i + 3] = x;
            KEEPF(x);
        }
    return now() - t;
}

static void b_sweep(size_t top, double scale)
{
    for (double s = 8192; s <= (double) top; s *= 1.4142135623730951) {
        size_t bytes = (size_t) s & ~(size_t) 63;
        void *buf = aligned_alloc(64, bytes);
        if (!buf) return;
        memset(buf, 1, bytes);
        long passes = (long) (64e6 * scale / bytes) + 1;
        double mean = 0, meanr = 0, meanw = 0;
        for (int r = 0; r < REPS; r++) {
            MEAN_OF(mean, sweep_scalar(buf, bytes / sizeof(long), passes));
            MEAN_OF(meanr, sweep_vector_read(buf, bytes / sizeof(v2d), passes));
            MEAN_OF(meanw, sweep_vector_write(buf, bytes / sizeof(v2d), passes));
        }
        printf("bwr_%zu %.6e\n", bytes, (double) bytes * passes / mean);
        printf("bvr_%zu %.6e\n", bytes, (double) bytes * passes / meanr);
        printf("bvw_%zu %.6e\n", bytes, (double) bytes * passes / meanw);
        free(buf);
    }
}

/* Latency of each cache level: a chase within each given buffer size, steps/4 loads (as
 * fetch_miss) after a warm-up: about 0.2 s per full run for three levels. */
static int chase_levels(int argc, char **argv)
{
    double scale = argc > 2 ? atof(argv[2]) : 1.0;
    long steps = (long) (2000000 * scale) + 10000;
    for (int i = 3; i < argc; i++) {
        size_t bytes = (size_t) atof(argv[i]) & ~(size_t) 63;
        if (bytes >= 128) printf("chase_%zu %.6e\n", bytes, b_chase(bytes, steps / 4, 1));
    }
    return 0;
}

/* Independent loads of random lines within a buffer of `bytes` (a power of two), as a gather
 * `s += x[idx[i]]` makes them: no load's address depends on another load's value, so the core
 * keeps as many misses in flight as it has fill buffers (memory-level parallelism); the time per
 * load is far below the pointer chase's latency beyond L1. The line indices come from a table of
 * 4096 random lines (16 KiB, in L1 like the idx stream's current lines), XORed with a new random
 * line number on every pass (a random line XOR a line number is a line of the buffer), so that over the passes every line of the buffer is touched, not only 4096 of
 * them. Ordinary pages (malloc), as the programs' tables have: a random line of a large table
 * also misses the TLB, and the programs pay that too. Four accumulators: the adds are no chain. */
static double b_gather(size_t bytes, long steps)
{
    size_t lines = 1;
    while (2 * lines * 64 <= bytes) lines *= 2;
    size_t n = lines * 8, mask = lines - 1;
    long *a = malloc(n * sizeof(long));
    unsigned *idx = malloc(4096 * sizeof(unsigned));
    if (!a || !idx) return -1;
    for (size_t i = 0; i < n; i++) a[i] = (long) i;
    srand(4242);
    for (int i = 0; i < 4096; i++) idx[i] = (unsigned) (((size_t) rand() * 32768u + rand()) & mask);
    long passes = steps / 4096 + 1;
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        long s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        unsigned off = 0;
        for (long p = 0; p < passes / 8 + 1; p++, off = (off + 2654435761u) & mask)   /* warm up */
            for (int i = 0; i < 4096; i += 4) s0 += a[(size_t) (idx[i] ^ off) * 8];
        double t = now();
        for (long p = 0; p < passes; p++, off = (off + 2654435761u) & mask)
            for (int i = 0; i < 4096; i += 4) {
                s0 += a[(size_t) (idx[i] ^ off) * 8];
                s1 += a[(size_t) (idx[i + 1] ^ off) * 8];
                s2 += a[(size_t) (idx[i + 2] ^ off) * 8];
                s3 += a[(size_t) (idx[i + 3] ^ off) * 8];
            }
        t = now() - t;
        sinkl = s0 + s1 + s2 + s3;
        MEAN_OF(mean, t);
    }
    free(a); free(idx);
    return mean / (passes * 4096.0);
}

/* Random-gather time of each cache level and of main memory: each given buffer size. */
static int gather_levels(int argc, char **argv)
{
    double scale = argc > 2 ? atof(argv[2]) : 1.0;
    long steps = (long) (2000000 * scale) + 10000;
    for (int i = 3; i < argc; i++) {
        size_t bytes = (size_t) atof(argv[i]);
        if (bytes >= 128) printf("gather_%zu %.6e\n", bytes, b_gather(bytes, steps));
    }
    return 0;
}

/* The bandwidth sweep alone, up to TOP bytes: interp calibrate starts one copy per core at once
 * (driver.py _shared_sweep), so each level's bandwidth is also measured with every core
 * streaming its own buffer (a shared last level then holds each copy's share only). */
static int sweep_only(int argc, char **argv)
{
    double scale = argc > 2 ? atof(argv[2]) : 1.0;
    size_t top = argc > 3 ? (size_t) atof(argv[3]) : (size_t) 64 << 20;
    b_sweep(top, scale);
    return 0;
}

/* One buffer of SIZE bytes read (then written) over and over for SECONDS each, with the sweep's
 * vector streams: interp calibrate runs one copy alone (main memory's bandwidths), then one per
 * core at once (driver.py _main_stream), so every copy streams main memory for the whole time the others do. The sweep's copies do not
 * (each passes its cache-sized buffers at its own pace): two copies of it disagreed by a third at
 * one main-memory size on the Zen 1 VM (docs/validation.md, "Session 14"). Prints bvr_<size> and
 * bvw_<size> in bytes per second. */
static int stream_only(int argc, char **argv)
{
    size_t bytes = (argc > 2 ? (size_t) atof(argv[2]) : (size_t) 256 << 20) & ~(size_t) 63;
    double seconds = argc > 3 ? atof(argv[3]) : 1.0;
    void *buf = aligned_alloc(64, bytes);
    if (!buf) return 1;
    memset(buf, 1, bytes);
    double t = 0, read_bytes = 0, write_bytes = 0;
    while (t < seconds) {
        t += sweep_vector_read(buf, bytes / sizeof(v2d), 1);
        read_bytes += (double) bytes;
    }
    printf("bvr_%zu %.6e\n", bytes, read_bytes / t);
    t = 0;
    while (t < seconds) {
        t += sweep_vector_write(buf, bytes / sizeof(v2d), 1);
        write_bytes += (double) bytes;
    }
    printf("bvw_%zu %.6e\n", bytes, write_bytes / t);
    free(buf);
    return 0;
}

/* First touch: the time per page of writing one byte to each page of a fresh allocation (glibc
 * maps an allocation this large anew, so every page faults once: the kernel's fault handling, a
 * zeroed page and, in a virtual machine, the host's mapping). Each repetition is a new
 * allocation, freed after (unmapped: the next one faults again). Prints "touch_<bytes> s". */
static int touch_pages(int argc, char **argv)
{
    size_t bytes = argc > 3 ? (size_t) atof(argv[3]) : (size_t) 64 << 20;
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) page = 4096;
    double mean = 0;
    for (int r = 0; r < REPS; r++) {
        volatile char *p = malloc(bytes);
        if (!p) return 1;
        double t = now();
        for (size_t i = 0; i < bytes; i += (size_t) page) p[i] = 1;
        t = now() - t;
        free((void *) p);
        MEAN_OF(mean, t);
    }
    printf("touch_%zu %.6e\n", bytes, mean / (double) (bytes / (size_t) page));
    return 0;
}

/* The core's issue slots, shared: a virtual machine's core may be one hardware thread of a
 * physical core whose other thread runs another tenant's work. Code bound by the core's ports
 * (independent operations, loads and stores in L1) then runs up to twice as slow while the
 * other thread is busy, for seconds at a time, while a chain of dependent operations, which
 * leaves most ports idle, slows by a few per cent (measured on the Zen 3 VM, 2026-12-02: an L1
 * triad 0.33-0.98 ns an element in 1 ms chunks, a dependent double add 0.93-1.06 ns). For
 * SECONDS, alternate chunks of about 1 ms of the scalar triad a[i] = b[i] + q * c[i] over 1024
 * doubles (24 KiB: L1) and chunks of 100,000 dependent double adds, and take each pair's ratio
 * (the triad's time over the chain's: the clock cancels). Prints the ratios' mean and their 1st
 * percentile: the triad alone on the core; the Python side writes compiled.issue_share, low /
 * mean (docs/calibrate.md). Prints "share_mean R", "share_low R", "share_chunks K". */
static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *) x, b = *(const double *) y;
    return a < b ? -1 : a > b;
}

static int share_issue(int argc, char **argv)
{
    double seconds = argc > 2 ? atof(argv[2]) : 2.0;
    enum { LEN = 1024, PASSES = 1000, ADDS = 100000, MAXK = 20000 };
    static double a[LEN], b[LEN], c[LEN], ratio[MAXK];
    for (int i = 0; i < LEN; i++) { a[i] = 0; b[i] = i; c[i] = 2.0 * i; }
    double q = vd_one, x = vd_one, tiny = vd_tiny, sum = 0;
    int k = 0;
    double start = now();
    while (k < MAXK && (k < 20 || now() - start < seconds)) {
        double t0 = now();
        for (int p = 0; p < PASSES; p++) {
            for (int i = 0; i < LEN; i++) a[i] = b[i] + q * c[i];
            __asm__ volatile("" : : "r"(a) : "memory");
        }
        double t1 = now();
        for (long i = 0; i < ADDS; i++) { x = x + tiny; KEEPF(x); }
        double t2 = now();
        if (t1 > t0 && t2 > t1) {
            ratio[k] = ((t1 - t0) / ((double) PASSES * LEN)) / ((t2 - t1) / ADDS);
            sum += ratio[k++];
        }
    }
    sinkd = x + a[LEN / 2];
    if (k == 0) return 1;
    qsort(ratio, (size_t) k, sizeof ratio[0], cmp_double);
    printf("share_mean %.6e\nshare_low %.6e\nshare_chunks %d\n", sum / k, ratio[k / 100], k);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "chase") == 0) return chase_levels(argc, argv);
    if (argc > 1 && strcmp(argv[1], "gather") == 0) return gather_levels(argc, argv);
    if (argc > 1 && strcmp(argv[1], "sweep") == 0) return sweep_only(argc, argv);
    if (argc > 1 && strcmp(argv[1], "touch") == 0) return touch_pages(argc, argv);
    if (argc > 1 && strcmp(argv[1], "stream") == 0) return stream_only(argc, argv);
    if (argc > 1 && strcmp(argv[1], "share") == 0) return share_issue(argc, argv);
    double scale = argc > 1 ? atof(argv[1]) : 1.0;
    size_t llc = argc > 2 ? (size_t) atof(argv[2]) : (size_t) 32 << 20;
    size_t l1 = argc > 3 ? (size_t) atof(argv[3]) : (size_t) 32 << 10;
    size_t mid = argc > 4 ? (size_t) atof(argv[4]) : (size_t) 1 << 20;  /* level for cache_bw */
    size_t big = 2 * llc < ((size_t) 512 << 20) ? 2 * llc : ((size_t) 512 << 20);
    if (big < 4 * llc && big < ((size_t) 512 << 20)) big = 4 * llc;
    N = (long) (N * scale);
    if (N < 1000) N = 1000;
    double loop = t_loop(), ops = 8.0 * N;
    printf("loop %.6e\n", loop / N);
#define OP(name, fn) printf(name " %.6e\n", (fn()) / ops)
    OP("int_add", b_int_add);
    OP("int_mul", b_int_mul);
    OP("int_div", b_int_div);
    OP("int_div_narrow", b_int_div_narrow);
    OP("long_div", b_long_div);
    OP("real_add", b_real_add);
    OP("real_mul", b_real_mul);
    OP("real_div", b_real_div);
    OP("double_add", b_double_add);
    OP("double_mul", b_double_mul);
    OP("double_div", b_double_div);
    OP("conv_roundtrip", b_conv_roundtrip);
    double tops = 16.0 * N;
#define TPUT(name, fn) printf("tput_" name " %.6e\n", (fn()) / tops)
    TPUT("int_add", t_int_add);
    TPUT("int_mul", t_int_mul);
    TPUT("int_div", t_int_div);
    TPUT("int_div_narrow", t_int_div_narrow);
    TPUT("long_div", t_long_div);
    TPUT("real_add", t_real_add);
    TPUT("real_mul", t_real_mul);
    TPUT("real_div", t_real_div);
    TPUT("double_add", t_double_add);
    TPUT("double_mul", t_double_mul);
    TPUT("double_div", t_double_div);
    TPUT("double_sqrt", t_double_sqrt);
    printf("tput_conv %.6e\n", (t_conv() - loop) / (8.0 * N));
    printf("tput_iter %.6e\n", t_iter());
    double base = b_lib_base();
    printf("lib_base %.6e\n", base);
#define LIB(name, fn) printf("lib_" name " %.6e\n", fn() - base)
    LIB("sqrt", b_lib_sqrt); LIB("exp", b_lib_exp); LIB("log", b_lib_log);
    LIB("sin", b_lib_sin); LIB("cos", b_lib_cos); LIB("pow", b_lib_pow);
    LIB("fabs", b_lib_fabs); LIB("rand", b_lib_rand);
    for (int i = 0; i < 1024; i++) lib_table[i] = 0.25 + (i % 97) * 0.01;
    double tbase = t_lib_base();
#define LIB_TPUT(name, fn) printf("lib_tput_" name " %.6e\n", fn() - tbase)
    LIB_TPUT("exp", t_lib_exp); LIB_TPUT("log", t_lib_log); LIB_TPUT("sin", t_lib_sin);
    LIB_TPUT("cos", t_lib_cos); LIB_TPUT("pow", t_lib_pow);
#define TIMER(name, fn) printf("timer_" name " %.6e\n", fn() - loop / N)
    TIMER("clock_gettime", b_tm_clock_gettime); TIMER("gettimeofday", b_tm_gettimeofday);
    TIMER("time", b_tm_time); TIMER("clock", b_tm_clock);
    b_timer_res();
    printf("iter_per %.6e\n", b_iter_per(0));
    printf("iter_per_step %.6e\n", b_iter_per(1));
    printf("iter_inner1 %.6e\n", b_iter_inner(0, 1));
    printf("iter_inner1_step %.6e\n", b_iter_inner(1, 1));
    printf("cond_never %.6e\n", b_cond(8 * N));
    printf("cond_always %.6e\n", b_cond(-1));
    printf("branch_pattern %.6e\n", b_branch(0));
    printf("branch_random %.6e\n", b_branch(1));
    printf("call0 %.6e\n", b_call(0));
    printf("call1 %.6e\n", b_call(1));
    printf("call4 %.6e\n", b_call(4));
    long steps = (long) (2000000 * scale) + 10000;
    printf("fetch_hit %.6e\n", b_chase(l1 / 2, steps, 0));
    printf("fetch_miss %.6e\n", b_chase(big, steps / 4, 0));
    printf("store_hit %.6e\n", b_store(l1 / 2, steps));
    printf("store_miss %.6e\n", b_store(big, steps / 4));
    printf("stream_bw %.6e\n", b_stream_cached(big, 1));
    {
        size_t cb = mid / 2 < 4096 ? 4096 : mid / 2;
        long passes = (long) ((double) big / cb * 0.25 * (scale < 1 ? scale * 3 : 1)) + 1;
        printf("cache_bw %.6e\n", b_stream_cached(cb, passes));
    }
    printf("chase_bytes %.6e\n", (double) big);
    b_sweep(big, scale);  /* up to the chase's buffer: the last plateau is main memory */
    return 0;
}
