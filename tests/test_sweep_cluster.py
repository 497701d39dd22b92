"""sweep --cluster (docs/sweeps.md, "Running on a cluster"): a Dask LocalCluster of 2 worker
processes gives the serial sweep's table digit for digit, a worker killed in the middle loses no
point, an address that does not answer is one clear error, and without --cluster no Dask module is
imported."""
import os
import pickle
import signal
import subprocess
import sys
import time

import pytest

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (pip install -e '.[dask]')")

from interp.studies import cluster as dask_cluster  # noqa: E402
from interp.studies.shipped import prepare  # noqa: E402
from interp.studies.sweep import Outcome, Settings, grid, predict_point  # noqa: E402

TRAP = "samples/trapezoid_mpi.c"
ARGS = (TRAP, "-D", "n=1000,3001", "-D", "reps=1", "--procs", "1,2,4")


@pytest.fixture(scope="module")
def local_cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as cluster:
        yield cluster


def test_two_workers_give_the_serial_table_digit_for_digit(cli, local_cluster, monkeypatch):
    serial_csv, serial_text = cli("sweep", *ARGS, "--format", "csv"), cli("sweep", *ARGS)
    monkeypatch.setenv("INTERP_DASK_SCHEDULER", local_cluster.scheduler_address)
    on_cluster_csv, on_cluster_text = cli("sweep", *ARGS, "--format", "csv"), cli("sweep", *ARGS)
    assert on_cluster_csv.exit_code == 0, on_cluster_csv.stderr
    assert on_cluster_csv.stdout == serial_csv.stdout  # every digit of every figure (repr of the floats)
    assert on_cluster_text.stdout == serial_text.stdout


def test_local_n_starts_its_own_cluster(cli):
    args = (TRAP, "-D", "n=1000", "-D", "reps=1", "--procs", "1,2", "--format", "csv")
    on_local = cli("sweep", *args, "--cluster", "local:2")
    assert on_local.exit_code == 0, on_local.stderr
    assert on_local.stdout == cli("sweep", *args).stdout


def test_a_worker_killed_in_the_middle_loses_no_point(local_cluster):
    settings = Settings((TRAP,), "ipsc860")
    points = grid([("n", [1000.0, 2000.0, 3001.0, 4000.0]), ("reps", [2.0])], [1, 2, 4])
    shipped = prepare(settings, points)
    watcher = distributed.Client(local_cluster.scheduler_address)
    outcomes = [None] * len(points)
    killed = []

    def advance():
        done = sum(o is not None for o in outcomes)
        if done == 2 and not killed:  # a worker busy with a point dies (SIGKILL: no goodbye)
            busy = [w for w, keys in watcher.processing().items() if keys]
            pids = watcher.run(os.getpid, workers=busy[:1])
            for pid in pids.values():
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

    session = dask_cluster.connect(local_cluster.scheduler_address)
    dask_cluster.run_on_cluster(session, predict_point, lambda why: Outcome(None, error=why), settings, points,
                                range(len(points)), pickle.dumps(shipped), outcomes, advance)
    watcher.close()
    assert killed, "no worker was busy when two points had finished"
    assert all(o is not None and o.error is None for o in outcomes)
    assert outcomes == [predict_point(settings, p, shipped) for p in points]


def test_an_address_that_does_not_answer_is_one_clear_error(cli):
    start = time.monotonic()
    res = cli("sweep", TRAP, "-D", "n=1000", "-D", "reps=1", "--cluster", "tcp://127.0.0.1:9")
    assert time.monotonic() - start < 10
    assert res.exit_code == 2
    assert res.stderr.startswith("interp: --cluster tcp://127.0.0.1:9: no Dask scheduler answered within 3 s")
    assert len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.stderr


@pytest.mark.parametrize("args,message", [
    (("--cluster", "local:0"), "--cluster local:0: give at least 1 worker"),
    (("--cluster", "nowhere"), "--cluster 'nowhere': give a scheduler address"),
    (("--cluster", "local:2", "--jobs", "2"), "--jobs 2 and --cluster local:2"),
])
def test_bad_cluster_options(cli, args, message):
    res = cli("sweep", TRAP, "-D", "n=1000", "-D", "reps=1", *args)
    assert res.exit_code == 2 and message in res.stderr


def test_without_cluster_nothing_of_dask_is_imported():
    code = ("import sys; from click.testing import CliRunner; from interp.cli import main; "
            "r = CliRunner().invoke(main, ['sweep', 'samples/trapezoid_mpi.c', '-D', 'n=1000', '-D', 'reps=1', "
            "'--procs', '1,2', '--format', 'csv']); assert r.exit_code == 0, r.output; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_point_that_fails_on_its_own_is_that_points_error(local_cluster):
    from interp.errors import InputError

    settings = Settings((TRAP,), "ipsc860")
    points = grid([("n", [1000.0, 2000.0]), ("reps", [1.0])], [1, 2])
    shipped = prepare(settings, points)
    bad = points[2]

    def refusing(settings, point, shipped):  # pickled by value: the workers need not import this file
        if point == bad:
            raise InputError("n=2000: refused by this test")
        return predict_point(settings, point, shipped)

    outcomes = [None] * len(points)
    session = dask_cluster.connect(local_cluster.scheduler_address)
    dask_cluster.run_on_cluster(session, refusing, lambda why: Outcome(None, error=why), settings, points,
                                range(len(points)), pickle.dumps(shipped), outcomes, lambda: None)
    assert outcomes[2].total is None and outcomes[2].error == "n=2000: refused by this test"
    assert [o.total for i, o in enumerate(outcomes) if i != 2] == [
        predict_point(settings, p, shipped).total for i, p in enumerate(points) if i != 2]
    # In the outputs: status "error", the message under the table.
    from interp.studies.sweep import with_metrics
    from interp.studies.sweep_table import render_csv, render_text

    rows = with_metrics(points, outcomes)
    defines = [("n", [1000.0, 2000.0]), ("reps", [1.0])]
    assert render_csv(rows, defines).splitlines()[3].endswith(",,,,,,,,,error")
    assert "n=2000, reps=1, procs=1: not predicted: n=2000: refused by this test" in render_text(rows, [TRAP], "mid", defines)


def _pretend_version(version):  # run on a worker by client.run (pickled by value: a test module function)
    import interp

    old, interp.__version__ = interp.__version__, version
    return old


def test_a_worker_with_another_interp_is_one_clear_error(cli, local_cluster):
    import interp

    client = distributed.Client(local_cluster.scheduler_address)
    worker = sorted(client.scheduler_info()["workers"])[0]
    client.run(_pretend_version, "0.0.0-other", workers=[worker])
    try:
        start = time.monotonic()
        res = cli("sweep", TRAP, "-D", "n=1000", "-D", "reps=1", "--procs", "1,2",
                  "--cluster", local_cluster.scheduler_address)
        assert time.monotonic() - start < 20
        assert res.exit_code == 2
        mine = dask_cluster.identity()
        assert res.stderr.strip() == (
            f"interp: --cluster {local_cluster.scheduler_address}: worker {worker} runs interp 0.0.0-other "
            f"(Python {mine[1]}, source {mine[2]}), this process interp {interp.__version__} (Python {mine[1]}, "
            f"source {mine[2]}); the programs are shipped as pickles of interp's objects, so every worker needs "
            "the same interp: install it there and restart the worker")
    finally:
        client.run(_pretend_version, interp.__version__, workers=[worker])
        client.close()


def test_a_worker_that_changed_after_the_check_gives_point_errors(local_cluster):
    import interp

    settings = Settings((TRAP,), "ipsc860")
    points = grid([("n", [1000.0]), ("reps", [1.0])], [1, 2])
    session = dask_cluster.connect(local_cluster.scheduler_address)  # every worker passes the check here
    client = session[0]
    client.run(_pretend_version, "0.0.0-joined-later")  # then every worker is another interp
    outcomes = [None] * len(points)
    try:
        dask_cluster.run_on_cluster(session, predict_point, lambda why: Outcome(None, error=why), settings, points,
                                    range(len(points)), pickle.dumps(prepare(settings, points)), outcomes,
                                    lambda: None)
    finally:
        watcher = distributed.Client(local_cluster.scheduler_address)
        watcher.run(_pretend_version, interp.__version__)
        watcher.close()
    assert all(o.total is None and o.error.startswith("this worker runs interp 0.0.0-joined-later") for o in outcomes)


def test_metrics_on_the_cluster_are_the_serial_metrics_digit_for_digit(cli, local_cluster):
    args = (TRAP, "-D", "n=1000,3001", "-D", "reps=1", "--procs", "1,2,4", "--metrics", "--format", "csv")
    serial = cli("sweep", *args)
    on_cluster = cli("sweep", *args, "--cluster", local_cluster.scheduler_address)
    assert on_cluster.exit_code == 0, on_cluster.stderr
    assert on_cluster.stdout == serial.stdout
