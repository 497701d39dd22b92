"""The Fortran spelling of the calls interp knows, and the MPI names of mpif.h / the mpi module.

What each NX/2 and MPI call is (its AAU class, operation, argument roles) is declared once for
both languages in frontends/msgpass.py: the Fortran bindings take the C bindings' arguments in the
same order and add ``status`` where C has one and the trailing ``ierr``; every buffer is passed by
reference (a variable or an array element).

Names are canonical: MPI calls take their C spelling (``MPI_Comm_rank``) and NX/2 calls lower
case (``mynode``), so the machine files' ``machine.*`` parameters and reports are the same for
both languages. This module keeps what only Fortran needs: the named constants and opaque handles
a Fortran program uses without declaring them, and which calls are functions with which result.
"""
from __future__ import annotations

from ..msgpass import (CALLS, COMM_FREE, DATATYPES, MACHINE_CALLS, MPI_OPS, RESULT_TYPES, MsgCall,
                       canonical, is_comm_call as _is_comm_call)

# Named integer constants of mpif.h / the mpi module, with the values the C headers give them
# (frontends/include/mpi.h): partners -1 (any) and -2 (MPI_PROC_NULL) mean the same to the engine.
MPI_CONSTANTS = {
    "MPI_ANY_SOURCE": -1, "MPI_ANY_TAG": -1, "MPI_PROC_NULL": -2, "MPI_ROOT": -3,
    "MPI_UNDEFINED": -32766, "MPI_SUCCESS": 0, "MPI_STATUS_SIZE": 6, "MPI_SOURCE": 1, "MPI_TAG": 2,
    "MPI_ERROR": 3, "MPI_MAX_PROCESSOR_NAME": 256, "MPI_MAX_ERROR_STRING": 256,
    "MPI_THREAD_SINGLE": 0, "MPI_THREAD_FUNNELED": 1, "MPI_THREAD_SERIALIZED": 2,
    "MPI_THREAD_MULTIPLE": 3, "MPI_ORDER_C": 56, "MPI_ORDER_FORTRAN": 57,
    # Kind parameters (integer(kind=MPI_ADDRESS_KIND) :: disp; int(n, MPI_OFFSET_KIND)): the byte
    # sizes of MPI_Aint, MPI_Offset and MPI_Count on a 64-bit MPICH or Open MPI, and of a default
    # INTEGER (the Fortran MPI_Fint).
    "MPI_ADDRESS_KIND": 8, "MPI_OFFSET_KIND": 8, "MPI_COUNT_KIND": 8, "MPI_INTEGER_KIND": 4,
}
# Opaque handles: names with no numeric value that are neither variables nor memory accesses.
MPI_HANDLES = (set(DATATYPES["fortran"]) | set(MPI_OPS) | {
    "MPI_COMM_WORLD", "MPI_COMM_SELF", "MPI_COMM_NULL", "MPI_STATUS_IGNORE", "MPI_STATUSES_IGNORE",
    "MPI_REQUEST_NULL", "MPI_IN_PLACE", "MPI_INFO_NULL", "MPI_ERRORS_RETURN", "MPI_ERRORS_ARE_FATAL",
    "MPI_DATATYPE_NULL", "MPI_OP_NULL", "MPI_BOTTOM", "MPI_GROUP_EMPTY", "MPI_GROUP_NULL"})

# Machine calls by their Fortran (upper-case) name -> the canonical name the machine files use.
MACHINE = {name.upper(): name for name in MACHINE_CALLS}
# Functions (not subroutines) among the known calls, with their result types.
FUNCTION_RESULTS = {name.upper(): result for name, result in RESULT_TYPES.items()}
# Message-passing calls by their Fortran (upper-case) name.
BINDINGS = {name.upper(): call for name, call in CALLS.items()}
COMM_FREE_NAMES = {name.upper() for name in COMM_FREE}


def binding(name: str) -> MsgCall | None:
    return BINDINGS.get(name.upper())


def is_comm_call(name: str) -> bool:
    """A call that communicates, by its Fortran name."""
    return _is_comm_call(canonical(name, "fortran"))


def is_known(name: str) -> bool:
    """A call interp knows by its Fortran name: message passing, machine-specific or a function
    whose result type the table gives."""
    up = name.upper()
    return up in FUNCTION_RESULTS or up in MACHINE or up in BINDINGS
