"""The application module's entry point (paper 3.3): a program of either language into its AAG.

The language is chosen by the file's extension (C: .c, .h; Fortran: .f, .for, .f77, .ftn fixed
form, .f90, .f95, .f03, .f08 free form) or by an explicit Fortran source ``form``.
"""
from __future__ import annotations

import os

from .aag import AAG
from .errors import FrontendError
from .source import check_source  # noqa: F401  (interp checks the files before reading them)


def load_program(path, granularity: str = "cluster", include_dirs=(), macros=None,
                 form: str | None = None) -> AAG:
    """The AAG of one program: C (.c), or Fortran by extension or ``form`` (fixed | free).

    ``include_dirs`` are searched for included files (-I); ``macros`` are C preprocessor
    definitions (-D NAME=VALUE), not used by Fortran. FrontendError for anything unusable.
    """
    # The frontends are imported when a program of their language is read, so a command that reads
    # one language does not pay for loading the other's parser.
    from .fortran import is_fortran, load_fortran

    path = os.fspath(path)
    if form is not None or is_fortran(path):
        return load_fortran(path, granularity, form=form, include_dirs=include_dirs)
    if not path.endswith((".c", ".h")):
        raise FrontendError("interp reads C (.c) and Fortran (.f, .for, .f77, .f90, .f95, .f03, .f08) "
                            "programs", path)
    from .c import load_c

    return load_c(path, granularity, include_dirs, macros)
