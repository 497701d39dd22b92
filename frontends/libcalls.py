"""The calls that are not message passing, for both frontends: the machine-specific calls costed by
``machine.NAME`` and the library calls costed by ``lib.NAME`` (paper Table 1), the derived
datatypes built from others, and the result types of the calls that are functions."""

# Costed by the processing component's machine-specific class (paper Table 1), ``machine.NAME``.
MACHINE_CALLS = {
    "mynode", "numnodes", "mypid", "myhost", "dclock", "infocount", "infonode", "infotype",
    "infopid", "msgdone", "killcube", "MPI_Init", "MPI_Init_thread", "MPI_Finalize", "MPI_Comm_rank",
    "MPI_Comm_size", "MPI_Wtime", "MPI_Wtick", "MPI_Abort", "MPI_Get_count",
    "MPI_Get_processor_name", "MPI_Initialized", "MPI_Finalized",
    "MPI_Type_contiguous", "MPI_Type_vector", "MPI_Type_hvector", "MPI_Type_commit", "MPI_Type_size",
    "MPI_Type_indexed", "MPI_Type_create_indexed_block", "MPI_Type_create_struct", "MPI_Type_struct",
    "MPI_Buffer_attach", "MPI_Buffer_detach", "MPI_Pack_size", "MPI_Get_address",
    "MPI_Type_create_hvector", "MPI_Type_create_hindexed", "MPI_Type_hindexed", "MPI_Type_create_subarray",
    "MPI_Pack", "MPI_Unpack",
    # communicator and topology queries (frontends/comms.py): values, no message
    "MPI_Dims_create", "MPI_Cart_coords", "MPI_Cart_shift", "MPI_Cart_rank", "MPI_Cart_get",
    "MPI_Cartdim_get",
    # groups (frontends/comms.py): values of the engine's communicators, no message
    "MPI_Comm_group", "MPI_Group_size", "MPI_Group_rank", "MPI_Group_incl", "MPI_Group_excl",
    "MPI_Group_range_incl", "MPI_Group_range_excl", "MPI_Group_union", "MPI_Group_intersection",
    "MPI_Group_difference",
    # the OpenMP runtime of hybrid programs (frontends/include/omp.h): one thread per process
    "omp_get_thread_num", "omp_get_num_threads", "omp_get_max_threads", "omp_get_num_procs",
    "omp_in_parallel", "omp_set_num_threads", "omp_get_wtime", "omp_get_wtick",
}

# Derived datatypes built from others (MPI 4.1 section 5.1.2): the bytes one element of the new
# type carries, from the call's arguments by position: contiguous(count, old, &new) carries
# count old elements; (h)vector(count, blocklength, stride, old, &new) count * blocklength (the
# stride decides the layout in memory, not the bytes sent); create_indexed_block(count,
# blocklength, displacements, old, &new) count * blocklength too.
# name -> (factor args, old type, new type)
DERIVED_DATATYPES = {"MPI_Type_contiguous": ((0,), 1, 2), "MPI_Type_vector": ((0, 1), 3, 4),
                     "MPI_Type_hvector": ((0, 1), 3, 4), "MPI_Type_create_hvector": ((0, 1), 3, 4),
                     "MPI_Type_create_indexed_block": ((0, 1), 3, 4)}

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
    "atoll", "strtoll", "strtoul", "strtoull", "strtoimax", "strtoumax", "strtof", "strtold",
    "exit", "abort", "qsort", "memcpy", "memmove", "memset", "strlen", "strcpy", "strncpy", "strcmp",
    "strncmp", "strcat", "time", "clock", "gettimeofday", "clock_gettime", "float", "assert",
    "_exit", "_Exit", "quick_exit",
    # the other generators of the C library and POSIX (costed as rand where the machine has no
    # figure of their own: interp/models/omega.py LIB_STAND_INS)
    "random", "srandom", "rand_r", "drand48", "erand48", "lrand48", "nrand48", "mrand48", "jrand48",
    "srand48", "seed48",
    # <ctype.h> (a table look-up each), the rest of <string.h> and <math.h> real code calls;
    # costed by lib.NAME, or by a stand-in (omega.py LIB_STAND_INS), or 0 with a note
    "isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph", "islower", "isprint", "ispunct",
    "isspace", "isupper", "isxdigit", "tolower", "toupper",
    "strchr", "strrchr", "strstr", "strtok", "strdup", "strndup", "strncat", "memchr", "memcmp", "strspn",
    "strcspn", "strcasecmp", "strncasecmp", "strerror",
    "exp2", "expm1", "log1p", "erf", "erfc", "lgamma", "tgamma", "rint", "nearbyint", "lround",
    "llround", "lrint", "ldexp", "frexp", "modf", "fma", "tanf", "floorf", "ceilf",
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
# The note a program setting its team size gets: the one thread per process is what is predicted.
OMP_THREADS_NOTE = ("omp_set_num_threads(): interp predicts one thread per process (the machine describes one "
                    "processor per node): the number of threads is not modelled")
