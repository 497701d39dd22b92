"""The predefined MPI datatypes (their bytes and the element operation a reduction over them
costs) and the reduction operations, by language: shared by the call table (msgpass) and both
frontends."""

# name -> (bytes, element operation class of a reduction over it)
C_DATATYPES = {
    "MPI_CHAR": (1, "int"), "MPI_SIGNED_CHAR": (1, "int"), "MPI_UNSIGNED_CHAR": (1, "int"),
    "MPI_BYTE": (1, "int"), "MPI_PACKED": (1, "int"), "MPI_SHORT": (2, "int"),
    "MPI_UNSIGNED_SHORT": (2, "int"), "MPI_INT": (4, "int"), "MPI_UNSIGNED": (4, "int"),
    "MPI_LONG": (8, "int"), "MPI_UNSIGNED_LONG": (8, "int"), "MPI_LONG_LONG": (8, "int"),
    "MPI_LONG_LONG_INT": (8, "int"), "MPI_FLOAT": (4, "real"), "MPI_DOUBLE": (8, "double"),
    "MPI_LONG_DOUBLE": (16, "double"), "MPI_C_BOOL": (1, "int"), "MPI_INT64_T": (8, "int"),
    "MPI_INT32_T": (4, "int"),
    # The value-index pairs of MPI_MAXLOC and MPI_MINLOC: the bytes a message carries are the
    # type's size (MPI_Type_size: the members without the struct's padding, as MPICH gives them),
    # compared as their value's class.
    "MPI_FLOAT_INT": (8, "real"), "MPI_DOUBLE_INT": (12, "double"), "MPI_LONG_INT": (12, "int"),
    "MPI_2INT": (8, "int"), "MPI_SHORT_INT": (6, "int"), "MPI_LONG_DOUBLE_INT": (20, "double"),
}
FORTRAN_DATATYPES = {
    "MPI_INTEGER": (4, "int"), "MPI_INTEGER1": (1, "int"), "MPI_INTEGER2": (2, "int"),
    "MPI_INTEGER4": (4, "int"), "MPI_INTEGER8": (8, "int"), "MPI_LOGICAL": (4, "int"),
    "MPI_REAL": (4, "real"), "MPI_REAL4": (4, "real"), "MPI_REAL8": (8, "double"),
    "MPI_REAL16": (16, "double"), "MPI_DOUBLE_PRECISION": (8, "double"),
    "MPI_COMPLEX": (8, "real"), "MPI_DOUBLE_COMPLEX": (16, "double"), "MPI_CHARACTER": (1, "int"),
    "MPI_BYTE": (1, "int"), "MPI_PACKED": (1, "int"), "MPI_2INTEGER": (8, "int"),
    "MPI_2REAL": (8, "real"), "MPI_2DOUBLE_PRECISION": (16, "double"),
}
# The datatypes a program may name, by language: Fortran codes use the C names too.
DATATYPES = {"c": C_DATATYPES, "fortran": {**C_DATATYPES, **FORTRAN_DATATYPES}}

# Reduction operation -> the operation class its combining step costs (MAX, MIN, ... compare).
MPI_OPS = {"MPI_SUM": "add", "MPI_PROD": "mul", "MPI_MAX": "add", "MPI_MIN": "add",
           "MPI_LAND": "add", "MPI_LOR": "add", "MPI_BAND": "add", "MPI_BOR": "add",
           "MPI_MAXLOC": "add", "MPI_MINLOC": "add"}
