"""``interp validate``: run a program here, predict it on a (calibrated) machine file, and report
the relative error of every point and their mean (seed 000 Eqs. 4.9, 4.10, via interp.measured).

What is timed is what interp predicts (docs/calibrate.md):
- MPI programs: from the end of MPI_Init (after a barrier, so every rank starts together, as every
  process starts at 0 in interp) to the start of MPI_Finalize, slowest rank: shim/pmpi_timer.c.
- Sequential programs: the whole of main: shim/seq_timer.c (the program's main is renamed).
- NX/2 host-node programs: one executable, host on the last MPI rank, nodes on 0..P-1, through
  shim/nx_on_mpi.c, timed as an MPI program.

External inputs go to argv at the index the program reads them from (``n = atoi(argv[1])``),
found in the source; an input whose index is not found is placed after them in line order.
"""
from __future__ import annotations

import csv
import io
import re
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path


from interp.calibrate import tools
from interp.calibrate.build import Build, build, program_kind  # noqa: F401  (validate's build, shared with the compiled model)
from interp.errors import InputError
from interp.studies.measured import MEASURED_EXTRA_COLUMNS, average_error, relative_error
from interp.output.format import fmt_value

_ARGV = re.compile(r"([A-Za-z_][\w\[\]\.]*)\s*=\s*(?:\(\s*\w+\s*\)\s*)?"
                   r"(?:atoi|atol|atoll|atof|strtol|strtoll|strtoul|strtoull|strtoimax|strtoumax|strtod|strtof|strtold)\s*\(\s*argv\s*\[\s*(\d+)\s*\]")


def argv_indices(text: str) -> dict[str, int]:
    """Input name -> argv index, from ``NAME = atoi(argv[K])`` in the source. The AAG's
    ExternalInput records the line but not the index, so the source is read again here."""
    out: dict[str, int] = {}
    for name, idx in _ARGV.findall(re.sub(r"\s+", " ", text)):
        out.setdefault(name.replace(" ", ""), int(idx))
    return out


def argv_for(text: str, inputs: dict, values: dict[str, float]) -> list[str]:
    """The command-line arguments (after the program name) that give ``values``.

    ``inputs``: name -> ExternalInput of the program (for the line-order fallback)."""
    index = argv_indices(text)
    args: dict[int, str] = {}
    unplaced = []
    for name, value in values.items():
        if name in index:
            args[index[name]] = fmt_value(value)
        else:
            unplaced.append(name)
    unplaced.sort(key=lambda n: getattr(inputs.get(n), "line", 0))
    nxt = max(args, default=0) + 1
    for name in unplaced:
        args[nxt] = fmt_value(values[name])
        nxt += 1
    missing = [k for k in range(1, max(args, default=0) + 1) if k not in args]
    if missing:
        raise InputError(f"argv[{missing[0]}] is read by the program but no -D input gives it "
                         f"(inputs by argv index: {', '.join(f'{n}={i}' for n, i in sorted(index.items(), key=lambda x: x[1]))})")
    return [args[k] for k in sorted(args)]


def run_once(b: Build, procs: int, args: list[str], tmp: Path, timeout: float, env=None) -> float:
    """One run; the span in seconds the shim wrote. ``env``: more environment for the program."""
    out = tmp / "time.txt"
    if out.exists():
        out.unlink()
    env = {"INTERP_TIME_FILE": str(out), **(env or {})}
    if b.kind == "seq":
        cmd = [b.exe, *args]
    else:
        ranks = procs + 1 if b.kind == "nx" else procs
        cmd = tools.mpiexec_cmd(tools.mpi_tools()[1], ranks, b.exe, args)
    tools.run(cmd, timeout=timeout, env=env)
    try:
        return float(out.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        raise InputError(f"{' '.join(map(str, cmd))}: finished without writing its time (did it call "
                         "MPI_Finalize?)") from None


@dataclass
class PointResult:
    inputs: tuple
    procs: int
    times: list[float] = field(default_factory=list)
    predicted: float | None = None
    best: float | None = None  # the prediction at the fast end of every parameter range
    worst: float | None = None  # at the slow end

    @property
    def inside(self) -> bool | None:
        """Is the measured median inside the predicted [best, worst] range (paper 3.2.1 ranges)?"""
        if self.best is None or self.worst is None:
            return None
        lo, hi = min(self.best, self.worst), max(self.best, self.worst)
        return lo <= self.median <= hi

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def spread(self) -> float:
        """The relative half-range of the runs, (max - min) / (2 median): how far from the median
        the runs of this point went, as a fraction of it. On a shared VM a point's runs differ by
        more than a model can be judged on (docs/calibrate.md), so this is the resolution of the
        point's measurement: a prediction that far from the median is one some run agreed with."""
        return (max(self.times) - min(self.times)) / (2 * self.median)

    @property
    def noisy(self) -> bool | None:
        """Is the spread larger than the error? The error is then not a measurement of the model:
        another run of the same point could have halved or doubled it."""
        return None if self.error is None else self.spread > self.error

    @property
    def error(self) -> float | None:
        """Seed 000 Eq. 4.9 against the median of the runs."""
        return None if self.predicted is None else relative_error(self.median, self.predicted)


def run_interleaved(results: list[PointResult], repeat: int, run) -> None:
    """Run every point ``repeat`` times, round-robin over the points (point 1, 2, ..., n, then
    again): a slow minute of the machine then falls on one run of every point instead of on every
    run of one point, so the VM's drift (docs/calibrate.md) widens each point's spread, where it
    shows, instead of shifting one point's median. ``run(result)`` returns the seconds of one run."""
    for _ in range(repeat):
        for r in results:
            r.times.append(run(r))


def validate(files, machine: str, procs: list[int], define_lists, repeat: int = 5, cc: str = "gcc",
             cflags: str = "-O2", timeout: float = 600.0, progress=None, ftz: bool = False,
             sizes: list[dict] | None = None) -> list[PointResult]:
    """Predict and run every point: the grid of ``define_lists`` x ``procs``, or, with ``sizes``
    (one {input: value} per size, inputs varying together), every size x ``procs``. The runs of
    all points are interleaved (run_interleaved)."""
    from interp.pipeline import load_programs, predict
    from interp.studies.sweep import grid

    if sizes is None:
        points = [(pt.inputs, pt.procs) for pt in grid(define_lists, procs)]
    else:
        points = [(tuple((k, float(v)) for k, v in size.items()), p) for size in sizes for p in procs]

    programs = load_programs(list(files))
    inputs = {n: i for p in programs for n, i in p.inputs.items()}
    if procs and any(p > 1 for p in procs) and program_kind([Path(f).read_text(errors="replace")
                                                             for f in files]) == "seq":
        raise InputError("a sequential program runs on one process: use --procs 1")
    results, args = [], {}
    with tempfile.TemporaryDirectory(prefix="interp-val-") as tmpdir:
        tmp = Path(tmpdir)
        b = build(list(files), tmp, cc, cflags, ftz)
        for point_inputs, point_procs in points:
            values = dict(point_inputs)
            r = PointResult(point_inputs, point_procs)
            args[id(r)] = argv_for(b.host_text, inputs, values)
            defines = [f"{k}={fmt_value(v)}" for k, v in values.items()]
            r.predicted, r.best, r.worst = (
                predict(list(files), machine, point_procs, defines, bound, interactive=False,
                        messages=False).result.total for bound in ("mid", "best", "worst"))
            results.append(r)

        def one(r: PointResult) -> float:
            t = run_once(b, r.procs, args[id(r)], tmp, timeout)
            if progress:
                progress()
            return t

        run_interleaved(results, repeat, one)
    return results


def mean_error(results: list[PointResult]) -> float | None:
    """Seed 000 Eq. 4.10 over every point (the text report also gives it per process count)."""
    return average_error([r.error for r in results if r.error is not None])


def _num(x: float | None) -> str:
    return "" if x is None else f"{x:.6g}"


def to_csv(results: list[PointResult]) -> str:
    """The ``--measured`` file of ``interp sweep``: input columns, procs, seconds (the median);
    then the runs' spread and this prediction (columns the sweep reads past, docs/calibrate.md):
    min_seconds, max_seconds, spread (relative half-range), predicted, error, noisy (1 when the
    spread is larger than the error)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    names = [n for n, _ in results[0].inputs] if results else []
    w.writerow([*names, "procs", "seconds", *MEASURED_EXTRA_COLUMNS])
    for r in results:
        noisy = "" if r.noisy is None else int(r.noisy)
        w.writerow([*(fmt_value(v) for _, v in r.inputs), r.procs, f"{r.median:.6g}", _num(min(r.times)),
                    _num(max(r.times)), _num(r.spread), _num(r.predicted), _num(r.error), noisy])
    return buf.getvalue()


def to_json(results: list[PointResult], machine: str, repeat: int) -> dict:
    """Every point with its runs in the order they ran, their spread, the prediction and the flag."""
    points = [{"inputs": dict(r.inputs), "procs": r.procs, "times": r.times,
               "measured": {"min": min(r.times), "median": r.median, "max": max(r.times), "spread": r.spread},
               "predicted": r.predicted, "best": r.best, "worst": r.worst, "error": r.error,
               "inside": r.inside, "spread_exceeds_error": r.noisy} for r in results]
    by_procs = {}
    for p in sorted({r.procs for r in results}):
        e = average_error([r.error for r in results if r.procs == p and r.error is not None])
        if e is not None:
            by_procs[str(p)] = e
    return {"kind": "validate", "machine": machine, "repeat": repeat, "order": "interleaved",
            "points": points, "mean_error": mean_error(results), "mean_error_by_procs": by_procs,
            "spread_exceeds_error": sum(bool(r.noisy) for r in results)}


def _t(s: float) -> str:
    return f"{s * 1e3:.4g} ms" if s < 1 else f"{s:.4g} s"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _point(r: PointResult) -> str:
    return ", ".join([f"{n}={fmt_value(v)}" for n, v in r.inputs] + [f"P={r.procs}"])


def to_text(results: list[PointResult], machine: str) -> str:
    w = max([28] + [len(_point(r)) for r in results])
    lines = [f"{'point':{w}s} {'median':>10s} {'min-max of the runs':>22s} {'spread':>7s} {'predicted':>10s}"
             f" {'error':>7s}   {'predicted range (best-worst)':>28s}"]
    for r in results:
        point = _point(r)
        runs = f"{_t(min(r.times))}-{_t(max(r.times))}"
        pred = _t(r.predicted) if r.predicted is not None else "-"
        rng = "-"
        if r.inside is not None:
            rng = f"{_t(min(r.best, r.worst))}-{_t(max(r.best, r.worst))} {'in' if r.inside else 'out'}"
        flag = "  spread > error" if r.noisy else ""
        lines.append(f"{point:{w}s} {_t(r.median):>10s} {runs:>22s} {_pct(r.spread):>7s} {pred:>10s} "
                     f"{_pct(r.error):>7s}   {rng:>28s}{flag}")
    for p in sorted({r.procs for r in results}):
        e = average_error([r.error for r in results if r.procs == p and r.error is not None])
        if e is not None:
            lines.append(f"mean error at P={p} (seed 000 Eq. 4.10): {100 * e:.1f}%")
    e = mean_error(results)
    if e is not None:
        lines.append(f"mean error over all {len(results)} points: {100 * e:.1f}%  (machine {machine})")
    ranged = [r for r in results if r.inside is not None]
    if ranged:
        lines.append(f"measured inside the predicted range: {sum(r.inside for r in ranged)} of {len(ranged)} "
                     "points (every parameter at the fast end, then at the slow end)")
    noisy = [r for r in results if r.noisy]
    if noisy:
        lines.append(f"spread > error: {len(noisy)} of {len(results)} points ran further from their median "
                     "than the prediction is from it; their error says nothing about the model (run "
                     "again, or with more --repeat, on a quieter machine)")
    if results:
        lines.append(f"runs interleaved: {len(results[0].times)} rounds over the {len(results)} points; "
                     "spread = (max - min) / (2 median)")
    return "\n".join(lines)
