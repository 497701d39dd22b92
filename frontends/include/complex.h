/* complex.h shipped with interp (parsing only): C99 complex numbers are read, then refused with
 * one clear message at their first declaration (frontends/c/level1.py _complex_types): their
 * arithmetic is not modelled (a complex multiply is four real multiplies and two adds, which the
 * real operation counts would take for one). I is a call so that the parse sees an expression. */
#ifndef INTERP_COMPLEX_H
#define INTERP_COMPLEX_H
#define complex _Complex
double _Complex __interp_complex_i(void);
#define I (__interp_complex_i())
#define _Complex_I I
double _Complex cexp(double _Complex z);
double _Complex cpow(double _Complex z, double _Complex w);
double _Complex csqrt(double _Complex z);
double _Complex conj(double _Complex z);
double creal(double _Complex z);
double cimag(double _Complex z);
double cabs(double _Complex z);
double carg(double _Complex z);
#endif
