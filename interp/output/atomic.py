"""Writing output files atomically: a reader never sees a half-written report.

The data goes to a hidden temporary file beside the target (``.NAME.PID.tmp``), renamed over the
target when complete. An interrupted write (Ctrl-C, SIGTERM) removes its temporary file as it
unwinds; one left by a process that was killed outright (SIGKILL) is removed by the next write
of the same file, once no process of that PID is alive.
"""
from __future__ import annotations

import os
import re
from pathlib import Path


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _remove_stale(path: Path) -> None:
    pattern = re.compile(rf"^\.{re.escape(path.name)}\.(\d+)\.tmp$")
    try:
        names = os.listdir(path.parent or ".")
    except OSError:
        return
    for name in names:
        m = pattern.match(name)
        if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
            try:
                os.unlink(path.parent / name)
            except OSError:
                pass


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    if not str(path) or Path(path).is_dir():
        from interp.errors import InputError
        raise InputError(f"{str(path) or repr('')}: not a file name to write a report to (it is empty or a directory)")
    path = Path(path)
    if not path.parent.resolve().is_dir():
        from interp.errors import InputError
        raise InputError(f"{path}: cannot write it: the directory {path.parent} does not exist")
    _remove_stale(path)
    tmp = path.parent / f".{path.name}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        # The file was created readable by its owner only; a report gets the usual mode.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_text(path: str | os.PathLike, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))
