"""``sweep --cluster``: the points of a sweep on a dask.distributed cluster (docs/sweeps.md,
"Running on a cluster").

Imported only when --cluster (or INTERP_DASK_SCHEDULER) is given: without it nothing of Dask is
loaded. What goes to the workers: the Settings, one Point per task and, once, the programs parsed
to AAGs and the machines read (studies/shipped.py), so a worker reads no file and parses nothing.

A worker that dies takes no point with it: the scheduler gives its tasks to another worker (Dask
retries a task whose worker died up to ``distributed.scheduler.allowed-failures`` times, 3 by
default). A point that fails for a reason of its own (an input value the program refuses, a
prediction over budget) becomes that point's error in the table; the other points complete.
"""
from __future__ import annotations

import re
import threading

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
        return distributed.Client(cluster), cluster
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
    return client, None


def _shipped(frozen: bytes):
    """A task whose result is what every point needs (studies/shipped.py, pickled): if every
    worker holding it dies, the scheduler computes it again from the task itself (scattered data
    would be lost)."""
    import pickle

    return pickle.loads(frozen)


def _point(predict, settings, point, shipped):
    with _ONE_AT_A_TIME:
        return predict(settings, point, shipped)


def run_on_cluster(session, predict, failed, settings, points, indices, frozen, outcomes, advance) -> None:
    """Fill ``outcomes[i] = predict(settings, points[i], shipped)`` (``frozen``: shipped, pickled) for each i in ``indices`` as the
    points finish, in any order, or ``failed(message)`` for a point that could not be predicted;
    ``session`` is what connect() returned, closed here. (``predict`` is a module-level function:
    workers import it by name.)"""
    distributed = _dask()
    client, cluster = session
    futures = []
    try:
        ship = client.submit(_shipped, frozen, pure=False)
        futures = [client.submit(_point, predict, settings, points[i], ship, pure=False) for i in indices]
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
