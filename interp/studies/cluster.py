"""``sweep --cluster``: the points of a sweep on a dask.distributed cluster (docs/sweeps.md,
"Running on a cluster").

Imported only when --cluster (or INTERP_DASK_SCHEDULER) is given: without it nothing of Dask is
loaded. What goes to the workers: the Settings, one Point per task and, once, the programs parsed
to AAGs and the machines read (studies/shipped.py), so a worker reads no file and parses nothing.

Every worker must run the same interp: the shipped AAGs are pickles of its classes. Before any
task, each worker reports its identity (interp's version, Python's, and a fingerprint of the
source of the packages whose objects are shipped); one that differs is one error naming it. A
worker that joins later checks the identity each task carries, and its points are errors.

A worker that dies takes no point with it: the scheduler gives its tasks to another worker (Dask
retries a task whose worker died up to ``distributed.scheduler.allowed-failures`` times, 3 by
default). A point that fails for a reason of its own (an input value the program refuses, a
prediction over budget) becomes that point's error in the table; the other points complete.
"""
from __future__ import annotations

import functools
import hashlib
import re
import sys
import threading
from pathlib import Path

from interp.errors import InputError

CONNECT_SECONDS = 3.0  # a scheduler that has not answered by then is reported, not waited for
_LOCAL = re.compile(r"local:(\d+)$")
_ONE_AT_A_TIME = threading.Lock()  # the engine keeps module state (symtime): one prediction per process


def _dask():
    try:
        import distributed
    except ImportError:
        raise InputError("--cluster needs dask.distributed, an optional extra: "
                         "python3 -m pip install 'interp[dask]' (or 'dask[distributed]')") from None
    return distributed


@functools.lru_cache(maxsize=1)
def _fingerprint() -> str:
    """The source of the packages whose objects a sweep ships (the AAG, the SAG, the engine's
    settings): the same version number built from other code pickles other classes."""
    import interp

    root = Path(interp.__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for pkg in ("frontends", "interp", "sag"):
        for path in sorted((root / pkg).rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def identity() -> tuple:
    """(interp's version, Python's major.minor, the source fingerprint) of this process."""
    import interp

    return (interp.__version__, f"{sys.version_info[0]}.{sys.version_info[1]}", _fingerprint())


def _describe(ident) -> str:
    return f"interp {ident[0]} (Python {ident[1]}, source {ident[2]})"


def check_workers(client, address: str) -> None:
    """One error if a worker runs another interp than this process (or none)."""
    mine = identity()
    try:
        theirs = client.run(_worker_identity, on_error="return")
    except Exception as exc:  # the scheduler went away between connecting and asking
        raise InputError(f"--cluster {address}: the workers did not report their interp version "
                         f"({type(exc).__name__}: {exc})") from None
    for worker, ident in sorted(theirs.items()):
        if isinstance(ident, BaseException):
            raise InputError(f"--cluster {address}: worker {worker} cannot load interp ({type(ident).__name__}: "
                             f"{ident}); install the same interp there (python3 -m pip install 'interp[dask]')")
        if tuple(ident) != mine:
            raise InputError(f"--cluster {address}: worker {worker} runs {_describe(ident)}, this process "
                             f"{_describe(mine)}; the programs are shipped as pickles of interp's objects, so "
                             "every worker needs the same interp: install it there and restart the worker")


def _worker_identity() -> tuple:
    return identity()


def _same_interp(expected) -> None:
    """On a worker, in every task: a worker that joined after check_workers may run another interp."""
    if identity() != expected:
        raise InputError(f"this worker runs {_describe(identity())}, the client {_describe(expected)}; "
                         "install the same interp on every worker")


def connect(address: str):
    """(client, the LocalCluster started here or None) for ``tcp://HOST:PORT`` or ``local:N``."""
    distributed = _dask()
    import dask

    address = address.strip()
    local = _LOCAL.match(address)
    if local:
        n = int(local.group(1))
        if n < 1:
            raise InputError(f"--cluster {address}: give at least 1 worker (local:2)")
        with dask.config.set({"logging.distributed": "error"}):
            cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                               dashboard_address=":0", silence_logs=40)
        client = distributed.Client(cluster)
        check_workers(client, address)
        return client, cluster
    if "://" not in address and not re.match(r"[\w.\-]+:\d+$", address):
        raise InputError(f"--cluster {address!r}: give a scheduler address (tcp://HOST:8786) or local:N")
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS)
    except Exception as exc:  # refused, timed out, or something else answered: all the user's to fix
        why = (str(exc).splitlines() or ["no reply"])[0] if isinstance(exc, (OSError, TimeoutError)) \
            else f"what answered is not a Dask scheduler: {type(exc).__name__}"
        raise InputError(f"--cluster {address}: no Dask scheduler answered within {CONNECT_SECONDS:g} s ({why}); "
                         f"start one with `dask scheduler` and workers with `dask worker {address} --nthreads 1`, "
                         "or use --cluster local:N") from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except Exception:
        client.close()
        raise InputError(f"--cluster {address}: the scheduler answers but has no worker; start workers with "
                         f"`dask worker {address} --nthreads 1`") from None
    try:
        check_workers(client, address)
    except InputError:
        client.close()
        raise
    return client, None


def _shipped(frozen: bytes, expected: tuple):
    """A task whose result is what every point needs (studies/shipped.py, pickled): if every
    worker holding it dies, the scheduler computes it again from the task itself (scattered data
    would be lost)."""
    import pickle

    _same_interp(expected)
    return pickle.loads(frozen)


def _point(predict, settings, point, shipped, expected: tuple):
    _same_interp(expected)
    with _ONE_AT_A_TIME:
        return predict(settings, point, shipped)


def run_on_cluster(session, predict, failed, settings, points, indices, frozen, outcomes, advance,
                   close_after: bool = True) -> None:
    """Fill ``outcomes[i] = predict(settings, points[i], shipped)`` (``frozen``: shipped, pickled) for each i in ``indices`` as the
    points finish, in any order, or ``failed(message)`` for a point that could not be predicted;
    ``session`` is what connect() returned, closed here unless ``close_after`` is false. (``predict``
    is a module-level function: workers import it by name.)"""
    distributed = _dask()
    client, cluster = session
    futures = []
    try:
        expected = identity()
        ship = client.submit(_shipped, frozen, expected, pure=False)
        futures = [client.submit(_point, predict, settings, points[i], ship, expected, pure=False) for i in indices]
        where = {f.key: i for f, i in zip(futures, indices)}
        for fut in distributed.as_completed(futures):
            i = where[fut.key]
            if fut.status == "finished":
                outcomes[i] = fut.result()
            else:
                exc = fut.exception()
                outcomes[i] = failed(_message(exc))
            advance()
    finally:
        client.cancel(futures)
        if close_after:
            close(session)


def close(session) -> None:
    client, cluster = session
    client.close()
    if cluster is not None:
        cluster.close()


def _message(exc) -> str:
    name = type(exc).__name__
    if name == "KilledWorker":
        return ("the workers running this point died repeatedly (distributed.scheduler.allowed-failures); "
                "it may need more memory than a worker has")
    text = str(exc).strip() or name
    return text if isinstance(exc, InputError) else f"{name}: {text}"
