/* float.h shipped with interp (parsing only): IEEE 754 limits. */
#ifndef INTERP_FLOAT_H
#define INTERP_FLOAT_H
#include "_fake_defines.h"
#include "_fake_typedefs.h"

#define FLT_RADIX 2
#define FLT_DIG 6
#define DBL_DIG 15
#define FLT_EPSILON 1.19209290e-07F
#define DBL_EPSILON 2.2204460492503131e-16
#define FLT_MIN 1.17549435e-38F
#define DBL_MIN 2.2250738585072014e-308
#define FLT_MAX 3.40282347e+38F
#define DBL_MAX 1.7976931348623157e+308
#endif
