/* math.h shipped with interp (parsing only): pycparser-fake-libc's types and
 * macros plus the prototypes interp uses to type expressions and calls.
 * HUGE_VAL and INFINITY are written as an overflowing literal (1e500), which
 * reads as +inf when converted to a float (as C compilers do); NAN is 0.0/0.0. */
#ifndef INTERP_MATH_H
#define INTERP_MATH_H
#include "_fake_defines.h"
#include "_fake_typedefs.h"

#define M_E        2.7182818284590452354
#define M_LOG2E    1.4426950408889634074
#define M_LOG10E   0.43429448190325182765
#define M_LN2      0.69314718055994530942
#define M_LN10     2.30258509299404568402
#define M_PI       3.14159265358979323846
#define M_PI_2     1.57079632679489661923
#define M_PI_4     0.78539816339744830962
#define M_1_PI     0.31830988618379067154
#define M_2_PI     0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2    1.41421356237309504880
#define M_SQRT1_2  0.70710678118654752440
#define HUGE_VAL   1e500
#define INFINITY   1e500
#define NAN        (0.0 / 0.0)

double sqrt(double x);
double cbrt(double x);
double hypot(double x, double y);
double pow(double x, double y);
double exp(double x);
double exp2(double x);
double log(double x);
double log2(double x);
double log10(double x);
double sin(double x);
double cos(double x);
double tan(double x);
double asin(double x);
double acos(double x);
double atan(double x);
double atan2(double y, double x);
double sinh(double x);
double cosh(double x);
double tanh(double x);
double fabs(double x);
double floor(double x);
double ceil(double x);
double round(double x);
double trunc(double x);
double fmod(double x, double y);
double fmin(double x, double y);
double fmax(double x, double y);
double ldexp(double x, int exp);
double frexp(double x, int *exp);
double modf(double x, double *iptr);
long lround(double x);
float sqrtf(float x);
float fabsf(float x);
float powf(float x, float y);
float expf(float x);
float logf(float x);
float sinf(float x);
float cosf(float x);
float tanf(float x);
float floorf(float x);
float ceilf(float x);
double expm1(double x);
double log1p(double x);
double erf(double x);
double erfc(double x);
double lgamma(double x);
double tgamma(double x);
double rint(double x);
double nearbyint(double x);
double copysign(double x, double y);
long lrint(double x);
long long llround(double x);
double fma(double x, double y, double z);
#endif
