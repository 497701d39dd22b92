"""A cache of pycparser parse trees by content hash, so that a sweep or a repeated run does not
parse the same C again (issue 16: pycparser takes 0.05-0.15 s of a 0.7-0.9 s prediction).

The key is the SHA-256 of everything the parse reads: the preprocessed text (which already holds
every included header and every -D macro), the file name as given (it is in every node's
coordinates), and the versions of pycparser, Python and this format. The same key therefore means
the same tree; there is nothing to invalidate. Only successful parses are stored: an error is
raised again, with its line, on every run.

Where: ``$INTERP_CACHE_DIR``, else ``$XDG_CACHE_HOME/interp/parse``, else ``~/.cache/interp/parse``
(the XDG base-directory rule), created private to the user (mode 0700: a pickle is code to
whoever can write it). ``INTERP_CACHE=0`` turns it off. A cache that cannot be read or written
(read-only home, full disk, a damaged entry) only costs the parse: the prediction never depends
on it.

Size: an entry is the pickled tree compressed with zlib (jacobi2d: 211 KB of pickle, 31 KB
stored; compressing costs 1 ms). Entries are spread over 256 subdirectories by their key's first
two hex digits, and each keeps its PER_DIRECTORY most recently used entries (a hit refreshes an
entry's time), so the cache holds at most 256 x PER_DIRECTORY entries, about 64 MB.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
import zlib

import pycparser

FORMAT = 3  # bump when what is stored changes (2: zlib-compressed pickle; 3: _Pragma read as #pragma)
PER_DIRECTORY = 8


def _directory() -> str | None:
    if os.environ.get("INTERP_CACHE", "1") == "0":
        return None
    explicit = os.environ.get("INTERP_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "interp", "parse")


def key(pre: str, file: str) -> str:
    h = hashlib.sha256()
    h.update(f"{FORMAT}\0{pycparser.__version__}\0{sys.version}\0{file}\0".encode("utf-8", "surrogatepass"))
    h.update(pre.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def load(k: str):
    """The tree stored under key ``k``, or None."""
    d = _directory()
    if d is None:
        return None
    path = os.path.join(d, k[:2], k + ".pickle")
    try:
        with open(path, "rb") as f:
            tree = pickle.loads(zlib.decompress(f.read()))
    except FileNotFoundError:
        return None
    except Exception:  # a damaged or foreign entry: parse again (and store() replaces it)
        return None
    try:
        os.utime(path)  # recently used: kept when its directory is pruned
    except OSError:
        pass
    return tree


def store(k: str, tree) -> None:
    d = _directory()
    if d is None:
        return
    sub = os.path.join(d, k[:2])
    try:
        os.makedirs(sub, mode=0o700, exist_ok=True)
        data = zlib.compress(pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL), 1)
        # Written whole to a temporary file, then renamed: a reader sees the old entry or the new
        # one, never half of one (several predictions may share the cache at once).
        fd, tmp = tempfile.mkstemp(dir=sub, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, os.path.join(sub, k + ".pickle"))
        except BaseException:
            os.unlink(tmp)
            raise
        _prune(sub)
    except (OSError, pickle.PicklingError, RecursionError):
        pass  # the cache is an optimisation: the tree just parsed is returned all the same


def _prune(sub: str) -> None:
    """Keep the PER_DIRECTORY most recently used entries of one subdirectory."""
    entries = []
    for name in os.listdir(sub):
        if name.endswith(".pickle"):
            try:
                entries.append((os.stat(os.path.join(sub, name)).st_mtime, name))
            except FileNotFoundError:  # removed by another prediction meanwhile
                pass
    entries.sort(reverse=True)
    for _, name in entries[PER_DIRECTORY:]:
        try:
            os.unlink(os.path.join(sub, name))
        except FileNotFoundError:
            pass
