"""The Fortran frontend: FORTRAN 77 (fixed form) and Fortran 90+ (free form) with NX/2 or MPI.

It builds the same AAG as the C frontend (frontends/aag/): the same AAU classes, parameters,
critical variables, external inputs and symbol-table statistics, so everything downstream works
unchanged. Modules, one job each:

    fparse      source form, INCLUDE lines and !$interp directives; parsing with fparser2
    tree        walking fparser trees: program units, statements, source lines
    types       Fortran types (int / real / double, sizes, column-major shapes)
    decls       the names of one program unit (declarations, implicit typing, COMMON, PARAMETER)
    expr        expressions: types, values (sympy, C semantics) and operation counts
    intrinsics  intrinsic functions: types, values, counts as the equivalent C library calls
    calls       the Fortran spelling of the shared call table (frontends/msgpass.py), mpif.h names
    critical    critical variables: Fortran facts for the shared closure (frontends/critical.py)
    level1      the level-1 parse: program units, blocks, clustering, directives, the AAG
    statements  simple statements -> Seq
    callstmts   CALL statements and function references, message passing -> Call, Comm, ...
    control     IF, SELECT CASE, DO -> CondtD / CondtSync, IterD / IterSync / IterND
"""
from __future__ import annotations

from ..aag import AAG
from .fparse import FIXED_EXTENSIONS, FREE_EXTENSIONS, is_fortran, parse_fortran, source_form


def load_fortran(path, granularity: str = "cluster", form: str | None = None,
                 include_dirs=None, program: str | None = None) -> AAG:
    """The AAG of the Fortran program at ``path`` (``form``: fixed | free | None: by extension)."""
    from ..errors import FrontendError
    from .level1 import level1

    src = parse_fortran(path, form, list(include_dirs or []))
    try:
        return level1(src, granularity, program)
    except ZeroDivisionError:  # a constant expression (a declaration's, a bound's) divides by zero
        raise FrontendError("a constant expression divides by zero", str(path)) from None


def load_fortran_files(paths, granularity: str = "cluster", form: str | None = None,
                       include_dirs=None) -> list[AAG] | None:
    """One AAG for Fortran files of which exactly one holds the main program (the others hold
    external subprograms); None when that is not so (each file is then a program of its own)."""
    from ..errors import FrontendError
    from .level1 import has_main_program, level1

    sources = [parse_fortran(p, form, list(include_dirs or [])) for p in paths]
    mains = [s for s in sources if has_main_program(s)]
    if len(mains) != 1:
        return None
    try:
        return [level1(mains[0], granularity, others=tuple(s for s in sources if s is not mains[0]))]
    except ZeroDivisionError:
        raise FrontendError("a constant expression divides by zero", str(mains[0].file)) from None


__all__ = ["load_fortran", "load_fortran_files", "parse_fortran", "is_fortran", "source_form", "FIXED_EXTENSIONS",
           "FREE_EXTENSIONS"]
