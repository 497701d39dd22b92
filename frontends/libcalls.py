"""The library calls both frontends cost by ``lib.NAME`` (paper Table 1 "Library Characs") and the
result types of the calls that are functions."""

# Library functions (paper Table 1 "Library Characs"), costed by ``lib.NAME``: the C library, and
# the C calls the Fortran frontend costs its intrinsics and I/O statements as.
LIBRARY_CALLS = {
    "sqrt", "sqrtf", "exp", "expf", "log", "logf", "log10", "log2", "sin", "sinf", "cos", "cosf", "tan",
    "atan", "atan2", "asin", "acos", "sinh", "cosh", "tanh", "pow", "powf", "fabs", "fabsf", "abs",
    "labs", "floor", "ceil", "fmod", "fmin", "fmax", "round", "trunc", "hypot", "cbrt", "copysign",
    "printf", "fprintf", "sprintf", "snprintf", "puts", "putchar", "fputs", "fflush", "fopen",
    "fclose", "fread", "fwrite", "fscanf", "scanf", "sscanf", "getchar", "fgets", "perror",
    "rewind", "fseek", "stat",
    "malloc", "calloc", "realloc", "free", "atoi", "atol", "atof", "strtol", "strtod", "rand", "srand",
    "exit", "abort", "qsort", "memcpy", "memmove", "memset", "strlen", "strcpy", "strncpy", "strcmp",
    "strncmp", "strcat", "time", "clock", "gettimeofday", "clock_gettime", "float", "assert",
    "_exit", "_Exit", "quick_exit",
}

# Result types of the calls that are functions (both languages type expressions that call them).
RESULT_TYPES = {
    "mynode": "int", "numnodes": "int", "mypid": "int", "myhost": "int", "infocount": "int",
    "infonode": "int", "infotype": "int", "infopid": "int", "msgdone": "int", "isend": "int",
    "irecv": "int", "cprobe": "int", "iprobe": "int", "dclock": "double", "MPI_Wtime": "double",
    "MPI_Wtick": "double", "omp_get_thread_num": "int", "omp_get_num_threads": "int",
    "omp_get_max_threads": "int", "omp_get_num_procs": "int", "omp_in_parallel": "int",
    "omp_get_wtime": "double", "omp_get_wtick": "double",
}

# The OpenMP runtime's answers in a hybrid program, predicted on one thread per process (the
# machine files describe one processor per node; docs/model.md): thread 0 of a team of 1.
OMP_VALUES = {"omp_get_thread_num": 0, "omp_get_num_threads": 1, "omp_get_max_threads": 1,
              "omp_get_num_procs": 1, "omp_in_parallel": 0}
