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
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile

import pycparser

FORMAT = 1  # bump when what is stored changes


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
    try:
        with open(os.path.join(d, k[:2], k + ".pickle"), "rb") as f:
            return pickle.load(f)
    except FileNotFoundError:
        return None
    except Exception:  # a damaged or foreign entry: parse again (and store() replaces it)
        return None


def store(k: str, tree) -> None:
    d = _directory()
    if d is None:
        return
    sub = os.path.join(d, k[:2])
    try:
        os.makedirs(sub, mode=0o700, exist_ok=True)
        data = pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL)
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
    except (OSError, pickle.PicklingError, RecursionError):
        pass  # the cache is an optimisation: the tree just parsed is returned all the same
