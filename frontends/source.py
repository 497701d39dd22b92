"""Reading a source program (paper 3.3: the input of the application module), for both languages.

The level-1 parse starts from the program's text as the user wrote it. Every problem reading it
(missing, a directory, unreadable) is a FrontendError that names the file and, where it matters,
the language interp expected the file to be in.
"""
from __future__ import annotations

from pathlib import Path

from .errors import FrontendError


def read_source(file: str, language: str) -> str:
    """The text of the ``language`` ("C" or "Fortran") source file ``file``.

    UTF-8 (with or without a byte-order mark); any other bytes are read as Latin-1, as old codes
    often are, rather than refused.
    """
    try:
        data = Path(file).read_bytes()
    except FileNotFoundError:
        raise FrontendError("no such file", file) from None
    except IsADirectoryError:
        raise FrontendError(f"is a directory, not a {language} source file", file) from None
    except OSError as exc:
        raise FrontendError(f"cannot read file: {exc.strerror or exc}", file) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
