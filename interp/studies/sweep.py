"""Sweeps: one prediction per combination of input values and process counts, and the metrics
derived from them (docs/sweeps.md).

Speedup and efficiency follow seed 003 (Xu and Hwang, "Early Prediction of MPP Performance",
section 2, "Performance Metrics"): S_n = T_1 / T_n and E_n = S_n / n. A sweep whose smallest
process count p_min is above 1 has no T_1, so its speedup is relative to p_min and assumes a
perfect speedup up to it: S_p = p_min * T(p_min) / T(p), which is S_n when p_min = 1.
"""
from __future__ import annotations

import pickle
import sys
from dataclasses import dataclass

from interp.errors import InputError, ProgramHang
from interp.studies.grid import define_args
from interp.studies.point_grid import Grid, Point  # noqa: F401 (Point: re-exported, its home before the grid)


@dataclass(frozen=True)
class Settings:
    """Everything but the inputs and the process count; plain data so it crosses to a worker."""

    files: tuple
    machine: str
    bound: str = "mid"
    scale: tuple = ()
    params: tuple = ()
    include_dirs: tuple = ()
    max_events: int | None = None  # prediction budget of every point (engine/budget.py)
    timeout: float | None = None
    mode: tuple = ("full", None, "")  # prediction mode of seed 003 (sag/modes.py)
    regions: bool = False  # keep each region's figures (metrics: phases of seed 003)
    strict: bool = False  # --strict: a default is an error (docs/annotations.md)
    # The machine axes (studies/machine_axes.py); when given, it decides each point's machine,
    # --scale and --param instead of the three fields above.
    machine_options: object = None

    def machine_at(self, point: "Point") -> tuple[str, tuple, tuple]:
        if self.machine_options is None:
            return self.machine, self.scale, self.params
        return self.machine_options.at(point.machine)


@dataclass
class Outcome:
    """What a sweep keeps of one prediction: the total and the four categories summed over
    processes (a RunResult with every AAU would be much larger to send back from a worker)."""

    total: float | None
    comp: float = 0.0
    ovh: float = 0.0
    xmit: float = 0.0
    wait: float = 0.0
    events: int = 0
    extrapolated_events: int = 0
    machine: str = ""
    scenario: tuple = ()
    notes: tuple = ()
    hang: str | None = None  # why the program cannot finish at this point (no total then)
    error: str | None = None  # why a cluster could not predict this point (studies/cluster.py)
    source: str = "engine"  # or "closed form" (sweep --symbolic, studies/closed_grid.py)
    regions: tuple = ()  # (name, Figures per process) when Settings.regions (studies/metrics.py)

    @property
    def comm_share(self) -> float | None:
        """(ovh + xmit + wait) / (comp + ovh + xmit + wait), each summed over processes."""
        busy = self.comp + self.ovh + self.xmit + self.wait
        if self.total is None or busy <= 0:
            return None
        return (self.ovh + self.xmit + self.wait) / busy

    def latency(self, procs: int) -> float | None:
        """Seed 002 Eq. 3.5: L(W, N) = sum_i (T_para - T_i + L_i) / N = T_para - (sum_i comp_i) / N
        (T_i the process's busy time, L_i its overhead, call overhead + transmission + waiting)."""
        return None if self.total is None else self.total - self.comp / procs


@dataclass
class Row:
    point: Point
    outcome: Outcome
    speedup: float | None = None
    efficiency: float | None = None
    measured: float | None = None      # seconds, from --measured
    error: float | None = None         # seed 000 Eq. 4.9
    measured_line: int | None = None


def grid(define_lists: list[tuple[str, list[float]]], procs: list[int], axes=()) -> Grid:
    """The cartesian product, inputs varying slowest (in -D order), then the machine axes (machine,
    --scale, --param, each in the order given), then process counts: a Grid, whose points are made
    on demand (studies/point_grid.py)."""
    return Grid(define_lists, procs, axes)


def predict_point(settings: Settings, point: Point, shipped=None) -> Outcome:
    """One prediction (module level, so a process pool can run it). With ``shipped``
    (studies/shipped.py) the programs and machines come from it: no file is read."""
    from interp.errors import bad_input_types
    from interp.pipeline import predict

    machine, scale, params = settings.machine_at(point)
    loaded = None
    if shipped is not None:
        machine, loaded = shipped.machines[machine], shipped.loaded(point)
    try:
        pred = predict(list(settings.files), machine, point.procs, define_args(dict(point.inputs)),
                       settings.bound, scale, params, include_dirs=settings.include_dirs,
                       interactive=False, messages=False, loaded=loaded,
                       max_events=settings.max_events, timeout=settings.timeout, mode=settings.mode,
                       strict=settings.strict)
    except ProgramHang as exc:
        return Outcome(None, hang=str(exc))
    except bad_input_types() as exc:
        # Some of these carry extra constructor arguments and cannot be pickled back from a
        # worker; the message is all the user sees anyway.
        raise InputError(str(exc)) from None
    r = pred.result
    sums = {c: sum(getattr(p, c) for p in r.procs) for c in ("comp", "ovh", "xmit", "wait")}
    regions = ()
    if settings.regions:
        from interp.output.levels import Levels, Structure

        structure = Structure(pred.programs)
        levels = Levels(r, structure)
        regions = tuple((name, tuple(levels.region(name).per_process.values())) for name in structure.regions)
    return Outcome(r.total, events=r.events, extrapolated_events=r.extrapolated_events, machine=r.machine, scenario=tuple(r.scenario),
                   notes=tuple(r.notes), regions=regions, **sums)


def _progress():
    """A rich progress bar on stderr when it is a terminal; disabled (silent) otherwise."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=console, transient=True,
                    # isatty, not rich's is_terminal: FORCE_COLOR would make that true in a pipe
                    disable=not sys.stderr.isatty())


def run_points(settings: Settings, points: list[Point], jobs: int = 1, what: str = "predicting",
               cluster: str | None = None) -> list[Outcome]:
    """Outcomes in the order of ``points`` whatever order the workers finish in: here, in ``jobs``
    local processes, or on the Dask cluster at ``cluster`` (studies/cluster.py).

    The programs are parsed and the machines read once, here (studies/shipped.py). The first point
    runs here, before any worker starts: a bad input or machine is then reported once, at once,
    instead of by every worker.
    """
    if jobs < 1:
        raise InputError(f"--jobs {jobs}: give at least 1")
    if not points:
        return []
    from interp.studies.shipped import prepare

    session = None
    # ``cluster``: an address (connected here, closed at the end) or a session a caller opened for
    # several calls (cluster.connect; the caller closes it: --metrics predicts per input setting).
    owned = isinstance(cluster, str)
    if cluster is not None:  # connect first: a scheduler that does not answer fails before any work
        from interp.studies import cluster as dask_cluster

        session = dask_cluster.connect(cluster) if owned else cluster
    try:
        shipped = prepare(settings, points)
        # Pickled before the first prediction: the engine caches compiled expressions (closures) on
        # the AAG's nodes, which plain pickle cannot carry to a --jobs process.
        frozen = pickle.dumps(shipped) if jobs > 1 or session is not None else b""
        outcomes: list[Outcome | None] = [None] * len(points)
        with _progress() as progress:
            task = progress.add_task(what, total=len(points))
            here = len(points) if jobs == 1 and session is None else 1
            for i in range(here):
                outcomes[i] = predict_point(settings, points[i], shipped)
                progress.advance(task)
            rest = range(here, len(points))
            if session is not None:
                session, running = None, session  # run_on_cluster closes it if it is ours
                dask_cluster.run_on_cluster(running, predict_point, lambda why: Outcome(None, error=why), settings,
                                            points, rest, frozen, outcomes, lambda: progress.advance(task), owned)
            elif rest:
                _run_pool(settings, points, rest, jobs, outcomes, frozen, lambda: progress.advance(task))
    finally:
        if session is not None and owned:
            dask_cluster.close(session)
    return outcomes  # type: ignore[return-value]


_RECEIVED = None  # in a --jobs process: the programs and machines of the sweep (studies/shipped.py)


def _receive(frozen: bytes) -> None:
    global _RECEIVED
    _RECEIVED = pickle.loads(frozen)


def _pool_point(settings: Settings, point: Point) -> Outcome:
    return predict_point(settings, point, _RECEIVED)


def _run_pool(settings, points, indices, jobs, outcomes, frozen, advance) -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # spawn, not fork: the progress bar's refresh thread must not be forked into the workers.
    # Each process receives the parsed programs once (initializer), not with every point.
    with ProcessPoolExecutor(max_workers=min(jobs, len(indices)), mp_context=multiprocessing.get_context("spawn"),
                             initializer=_receive, initargs=(frozen,)) as pool:
        futures = {pool.submit(_pool_point, settings, points[i]): i for i in indices}
        failures = {}
        for fut in as_completed(futures):
            i = futures[fut]
            if fut.cancelled():
                continue
            exc = fut.exception()
            if exc is not None:
                failures[i] = exc
                pool.shutdown(wait=False, cancel_futures=True)
                continue
            outcomes[i] = fut.result()
            advance()
    if failures:
        raise failures[min(failures)]  # the earliest point's error, whichever worker was faster


def with_metrics(points: list[Point], outcomes: list[Outcome]) -> list[Row]:
    """Rows with speedup p_min * T(p_min) / T(p) and efficiency speedup / p (seed 003)."""
    p_min = min(p.procs for p in points)
    reference = {p.setting: o.total for p, o in zip(points, outcomes) if p.procs == p_min}
    rows = []
    for p, o in zip(points, outcomes):
        ref = reference.get(p.setting)
        speedup = None
        if ref is not None and o.total:
            speedup = p_min * ref / o.total
        rows.append(Row(p, o, speedup, speedup / p.procs if speedup is not None else None))
    return rows


def p_min_of(rows: list[Row]) -> int:
    return min(r.point.procs for r in rows)
