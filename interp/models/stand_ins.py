"""Library calls a machine gives no figure for, costed as a relative it does give (the report's
notes say which): interp/models/omega.py NodeModel.t."""

# A library call the machine gives no figure for, costed as one it does give (said in the notes):
# the C library's and POSIX's other pseudo-random generators cost about what rand() does (one
# multiply-add of a linear congruential state, or a lagged add; drand48's 48-bit state a little
# more), and calibrate measures rand() only.
LIB_STAND_INS = {name: "rand" for name in ("random", "rand_r", "drand48", "erand48", "lrand48", "nrand48",
                                          "mrand48", "jrand48")}
LIB_STAND_INS.update({name: "srand" for name in ("srandom", "srand48", "seed48")})
# libm: a float variant costs its double's figure (at most that: one evaluation of the same
# polynomial); the other transcendental functions as sin (a range reduction and a polynomial:
# tan, the inverse trigonometric ones, erf) or exp / log (their relatives), which calibrate
# measures. Roundings (floor, lround, ...) have none: a call without SSE4.1, one instruction with.
LIB_STAND_INS.update({"sqrtf": "sqrt", "fabsf": "fabs", "powf": "pow", "expf": "exp", "logf": "log",
                      "sinf": "sin", "cosf": "cos", "tanf": "sin", "tan": "sin", "asin": "sin", "acos": "sin",
                      "atan": "sin", "atan2": "sin", "sinh": "exp", "cosh": "exp", "tanh": "exp",
                      "exp2": "exp", "expm1": "exp", "log2": "log", "log10": "log", "log1p": "log",
                      "cbrt": "pow", "hypot": "sqrt", "erf": "sin", "erfc": "sin", "lgamma": "log",
                      "tgamma": "exp"})
