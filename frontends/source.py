"""Reading a source program (paper 3.3: the input of the application module), for both languages.

The level-1 parse starts from the program's text as the user wrote it. Every problem reading it
(missing, a directory, unreadable) is a FrontendError that names the file and, where it matters,
the language interp expected the file to be in.

A source file is user input and may be hostile or simply wrong (issue 14): only regular files are
read (a device such as /dev/zero, a FIFO or a socket would never end), at most
``max_source_bytes()`` of them (parsing time grows with the size: about 16 s per MiB of C), and
a file with NUL bytes is refused as not being text. The limit is 1 MiB unless the environment
variable INTERP_MAX_SOURCE_BYTES says otherwise; the largest real program files are far smaller.
"""
from __future__ import annotations

import os
import stat

from .errors import FrontendError

DEFAULT_MAX_SOURCE_BYTES = 1024 * 1024
_LIMIT_VARIABLE = "INTERP_MAX_SOURCE_BYTES"
_CHUNK = 64 * 1024


def max_source_bytes() -> int:
    """The size limit of one source file (or included file), in bytes."""
    text = os.environ.get(_LIMIT_VARIABLE, "").strip()
    if not text:
        return DEFAULT_MAX_SOURCE_BYTES
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise FrontendError(f"{_LIMIT_VARIABLE}={text[:40]!r}: expected a positive number of bytes")
    return value


def _a_source_file(language: str | None) -> str:
    return f"a {language} source file" if language else "a source file"


def _too_large(file: str, size: str, limit: int) -> FrontendError:
    return FrontendError(f"is {size} bytes; interp reads source files up to {limit:,} bytes "
                         f"(split the file, or set {_LIMIT_VARIABLE} to a larger number of bytes)", file)


def _open(file: str, language: str | None) -> int:
    """A descriptor of ``file`` opened without blocking (opening a FIFO would wait for a writer)."""
    try:
        return os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise FrontendError("no such file", file) from None
    except IsADirectoryError:
        raise FrontendError(f"is a directory, not {_a_source_file(language)}", file) from None
    except OSError as exc:
        raise FrontendError(f"cannot read file: {exc.strerror or exc}", file) from None


def _check_kind(file: str, mode: int, language: str | None) -> None:
    if stat.S_ISDIR(mode):
        raise FrontendError(f"is a directory, not {_a_source_file(language)}", file)
    if not stat.S_ISREG(mode):
        raise FrontendError("is not a regular file (a device, FIFO or socket?): give the path of "
                            f"{_a_source_file(language)}", file)


def check_source(file: str, language: str | None = None) -> None:
    """Refuse at once what read_source would refuse for its kind or size (before anything reads it)."""
    fd = _open(file, language)
    try:
        st = os.fstat(fd)
    finally:
        os.close(fd)
    _check_kind(file, st.st_mode, language)
    limit = max_source_bytes()
    if st.st_size > limit:
        raise _too_large(file, f"{st.st_size:,}", limit)


def _read_bounded(fd: int, file: str, limit: int) -> bytes:
    """At most ``limit`` bytes, read in chunks: a file that grows while read cannot run for ever."""
    chunks, total = [], 0
    while True:
        try:
            chunk = os.read(fd, _CHUNK)
        except OSError as exc:
            raise FrontendError(f"cannot read file: {exc.strerror or exc}", file) from None
        if not chunk:
            return b"".join(chunks)
        total += len(chunk)
        if total > limit:
            raise _too_large(file, f"more than {limit:,}", limit)
        chunks.append(chunk)


def read_source(file: str, language: str) -> str:
    """The text of the ``language`` ("C" or "Fortran") source file ``file``.

    UTF-8 (with or without a byte-order mark); any other bytes are read as Latin-1, as old codes
    often are, rather than refused. NUL bytes are refused: no source file holds them, a binary
    (an object file, an executable) does.
    """
    fd = _open(file, language)
    try:
        _check_kind(file, os.fstat(fd).st_mode, language)
        data = _read_bounded(fd, file, max_source_bytes())
    finally:
        os.close(fd)
    if b"\0" in data:
        line = data.count(b"\n", 0, data.index(b"\0")) + 1
        raise FrontendError(f"holds a NUL byte: this is not a {language} source file (a binary or object "
                            "file?)", file, line)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
