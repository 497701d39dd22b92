"""The program's own headers (a ``.h`` of the user's, #included by its files): their functions and
globals are part of the program, named in reports as the program spells them. interp's shipped
headers (frontends/include: mpi.h, math.h, ...) and pycparser's fake libc are not."""
from __future__ import annotations

import os
from pathlib import Path

import pycparser_fake_libc

INCLUDE_DIR = str(Path(__file__).resolve().parent.parent / "include")  # interp's shipped headers
FAKE_LIBC_DIR = pycparser_fake_libc.directory


def is_user_header(header: str) -> bool:
    """Whether an included file (absolute path) is the program's own: not one of interp's shipped
    headers (mpi.h, math.h, ...: declarations, and `static` helpers interp models as calls) nor
    one of pycparser's fake libc headers."""
    return not any(os.path.commonpath([header, root]) == root
                   for root in (os.path.abspath(INCLUDE_DIR), os.path.abspath(FAKE_LIBC_DIR)))


def user_header_name(header: str, file: str, include_dirs=None) -> str:
    """The name reports give the program's header ``header`` (an absolute path): as the program's
    file or the -I directory it is found under is spelled (``comm.h`` beside ``prog.c``,
    ``sub/comm.h`` for ``sub/prog.c``, ``inc/comm.h`` for ``-I inc``), so that its AAUs read like
    the main file's; its absolute path if it is under neither."""
    bases = [os.path.dirname(file)] + [os.fspath(d) for d in include_dirs or []]
    for base in bases:
        root = os.path.abspath(base or ".")
        if os.path.commonpath([header, root]) == root:
            return os.path.normpath(os.path.join(base, os.path.relpath(header, root)))
    return header
