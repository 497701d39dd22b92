"""``interp extrapolate``: prediction from small sample runs, seed paper 000 (Xu, Zhang, Sun,
"Semi-empirical Multiprocessor Performance Predictions", sections 2.2 and 4.1).

1. The program is built with a timer around every segment (interp/studies/instrument.py) and run
   here at each sample point (inputs x0, N0 processes), as ``interp validate`` runs programs.
2. interp counts the work F(ss, x0, N0) of each segment at the same points (the ``units`` node
   model, interp/models/measured.py): the rate of a segment is sum over processes of its measured
   seconds / sum over processes of F.
3. Each point to predict (x, N) takes the sample with the largest measured time among those at
   the largest sampled N0 <= N (the smallest N0 when every one is larger): the paper uses samples
   on the same processor count; the largest sample is the one least disturbed by timer and cache
   effects. Its rates give every segment Eq. 2.3 (node model ``measured``); code outside the
   segments and all communication are predicted on the machine, by the engine, as ``interp run``.
4. More processes than the machine has processors are time-shared: Eq. 2.6 with the processes as
   the iterations gives how many times slower each process computes.
5. With a measured time (``--measured``) a point gets the error of Eq. 4.9 and the conservative
   prediction ratio of Eq. 4.8, R = T_actual / (T_sample + T_estimate): T_sample is the wall time
   of building and running every sample, T_estimate the wall time interp took for that point.

The other samples at the basis's N0 are predicted from it too, and their Eq. 4.9 errors are shown
("sample check"): how well Eq. 2.3 carries between the sizes the user can see.
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from interp.calibrate import tools
from interp.errors import InputError
from interp.models.measured import SampleRates, timeshare_factor
from interp.output.format import fmt_value
from interp.studies.grid import define_args
from interp.studies.instrument import Segment, instrument, segments
from interp.studies.measured import relative_error
from interp.studies.validate import argv_for, build, program_kind, run_once


@dataclass
class Sample:
    inputs: tuple
    procs: int
    seconds: float = 0.0  # the program's span (median of the runs)
    segs: dict = field(default_factory=dict)  # segment key -> seconds, summed over processes
    work: dict = field(default_factory=dict)  # segment key -> F, summed over processes

    def describe(self) -> str:
        return ", ".join([f"{k}={fmt_value(v)}" for k, v in self.inputs] + [f"P={self.procs}"])

    def rates(self, segs: list[Segment]) -> SampleRates:
        out = {}
        for s in segs:
            if self.segs.get(s.key) and self.work.get(s.key):
                out[(Path(s.file).name, s.line)] = self.segs[s.key] / self.work[s.key]
        return SampleRates(out, self.describe())


@dataclass
class Estimate:
    inputs: tuple
    procs: int
    basis: Sample
    predicted: float | None = None
    comp: float = 0.0  # slowest process's computation
    share: int = 1  # Eq. 2.6 time-sharing factor
    seconds: float = 0.0  # T_estimate: wall time of this prediction
    measured: float | None = None

    def describe(self) -> str:
        return ", ".join([f"{k}={fmt_value(v)}" for k, v in self.inputs] + [f"P={self.procs}"])

    @property
    def error(self) -> float | None:
        """Seed 000 Eq. 4.9."""
        if self.measured is None or self.predicted is None:
            return None
        return relative_error(self.measured, self.predicted)

    def ratio(self, t_sample: float) -> float | None:
        """Seed 000 Eq. 4.8: T_actual / (T_sample + T_estimate)."""
        return None if self.measured is None else self.measured / (t_sample + self.seconds)


@dataclass
class Study:
    machine: str
    segments: list[Segment]
    untimed: list[Segment]  # segments the text could not delimit
    samples: list[Sample]
    estimates: list[Estimate]
    checks: list[Estimate]
    t_sample: float  # wall seconds of building and running the samples
    processors: int  # the machine's
    here: int  # processors of the sample runs


def processors_here() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _compute_sau(sag):
    compute = sag.by_role("compute") or [s for s in sag.walk() if not s.is_compound
                                         and s.component("processing").kind != "void"]
    if not compute:
        raise InputError(f"machine {sag.name!r} has no SAU that can run code (role: compute)")
    return compute[0]


def derive(sag, settings: dict, procs: int, what: str):
    """The machine with ``settings`` in every processing component, and room for ``procs``
    processes on its compute SAU (the processes beyond its count share its processors)."""
    target = _compute_sau(sag).id

    def walk(sau):
        comps = dict(sau.components)
        proc = comps.get("processing")
        if proc is not None and not proc.is_void:
            comps["processing"] = replace(proc, settings={**proc.settings, **settings})
        count = max(sau.count, procs) if sau.id == target else sau.count
        return replace(sau, components=comps, count=count, children=tuple(walk(c) for c in sau.children))

    return replace(sag, root=walk(sag.root), scenario=sag.scenario + (what,))


def _build(files, segs: list[Segment], tmp: Path, cc: str, cflags: str):
    copies, untimed = [], []
    for i, f in enumerate(files):
        text, missed = instrument(f, [s for s in segs if Path(s.file).resolve() == Path(f).resolve()])
        untimed += missed
        copy = tmp / f"src{i}" / Path(f).name
        copy.parent.mkdir()
        copy.write_text(text, encoding="utf-8")
        copies.append(str(copy))
    includes = sorted({str(Path(f).resolve().parent) for f in files})
    return build(copies, tmp, cc, cflags, extra_sources=[tools.shim_source("seg_timer.c")],
                 includes=includes), untimed


def _read_segments(folder: Path) -> dict[int, float]:
    """Seconds per segment key, summed over the processes' files."""
    out: dict[int, float] = {}
    for path in folder.glob("seg.*"):
        for line in path.read_text().splitlines():
            k, seconds, _count = line.split()
            out[int(k)] = out.get(int(k), 0.0) + float(seconds)
    return out


def run_samples(b, points, inputs, repeat: int, tmp: Path, timeout: float) -> list[Sample]:
    out = []
    for n, point in enumerate(points):
        values = dict(point.inputs)
        args = argv_for(b.host_text, inputs, values)
        spans, segs = [], []
        for r in range(repeat):
            folder = tmp / f"seg{n}_{r}"
            folder.mkdir()
            spans.append(run_once(b, point.procs, args, tmp, timeout, env={"INTERP_SEG_DIR": str(folder)}))
            segs.append(_read_segments(folder))
        keys = {k for s in segs for k in s}
        out.append(Sample(point.inputs, point.procs, statistics.median(spans),
                          {k: statistics.median(s.get(k, 0.0) for s in segs) for k in keys}))
    return out


def count_work(files, machine, sample: Sample, segs: list[Segment]) -> None:
    """F(ss, x0, N0) of every segment, summed over the processes (the ``units`` node model)."""
    from interp.pipeline import predict

    sag = derive(machine, {"model": "units"}, sample.procs, "work units")
    result = predict(list(files), sag, sample.procs, define_args(dict(sample.inputs)), interactive=False,
                     messages=False).result
    for s in segs:
        ids = set(s.aau_ids)
        sample.work[s.key] = sum(float(st.total) for (_, aau), st in result.aaus.items() if aau in ids)


def basis_for(samples: list[Sample], procs: int) -> Sample:
    counts = sorted({s.procs for s in samples})
    below = [c for c in counts if c <= procs]
    n0 = below[-1] if below else counts[0]
    return max((s for s in samples if s.procs == n0), key=lambda s: s.seconds)


def estimate(files, machine, segs, basis: Sample, inputs: tuple, procs: int, here: int) -> Estimate:
    from interp.pipeline import predict

    processors = _compute_sau(machine).count
    share = timeshare_factor(procs, processors, basis.procs, here)
    settings = {"model": "measured", "samples": basis.rates(segs), "timeshare": share}
    sag = derive(machine, settings, procs, f"measured at {basis.describe()}")
    e = Estimate(inputs, procs, basis, share=share)
    start = time.perf_counter()
    result = predict(list(files), sag, procs, define_args(dict(inputs)), interactive=False,
                     messages=False).result
    e.seconds = time.perf_counter() - start
    e.predicted = result.total
    e.comp = max((p.comp for p in result.procs), default=0.0)
    return e


def extrapolate(files, machine: str, sample_points, predict_points, repeat: int = 1, cc: str = "gcc",
                cflags: str = "-O2", timeout: float = 600.0) -> Study:
    from interp.pipeline import load_machine, load_programs

    sag = load_machine(machine)
    programs = load_programs(list(files))
    if any(p.language != "c" for p in programs):
        raise InputError("interp extrapolate instruments C sources; the Fortran frontend has no "
                         "instrumented build yet (predict Fortran programs with interp run)")
    texts = [Path(f).read_text(errors="replace") for f in files]
    if program_kind(texts) == "nx":
        raise InputError("interp extrapolate runs SPMD MPI and sequential C programs; NX/2 host-node "
                         "programs are not instrumented (use interp validate to measure them)")
    segs = segments(programs)
    inputs = {n: i for p in programs for n, i in p.inputs.items()}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="interp-xtr-") as tmpdir:
        tmp = Path(tmpdir)
        b, untimed = _build(list(files), segs, tmp, cc, cflags)
        samples = run_samples(b, sample_points, inputs, repeat, tmp, timeout)
    t_sample = time.perf_counter() - start
    for s in samples:
        count_work(files, sag, s, segs)
    here = processors_here()
    estimates = [estimate(files, sag, segs, basis_for(samples, p.procs), p.inputs, p.procs, here)
                 for p in predict_points]
    checks = []
    for s in samples:
        e = estimate(files, sag, segs, basis_for(samples, s.procs), s.inputs, s.procs, here)
        e.measured = s.seconds
        checks.append(e)
    return Study(machine, segs, untimed, samples, estimates, checks, t_sample,
                 _compute_sau(sag).count, here)


def _t(s: float | None) -> str:
    if s is None:
        return "-"
    return f"{s * 1e3:.4g} ms" if s < 1 else f"{s:.4g} s"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def to_text(st: Study) -> str:
    lines = [f"sample runs here ({st.here} processor(s)), {len(st.segments)} segment(s) timed "
             f"(loops without communication), T_sample = {st.t_sample:.3g} s (build and runs):"]
    lines.append(f"  {'sample':30s} {'measured':>10s} {'in segments':>12s}")
    for s in st.samples:
        lines.append(f"  {s.describe():30s} {_t(s.seconds):>10s} {_t(sum(s.segs.values())):>12s}"
                     " (summed over processes)")
    lines.append("segments (F: interp's count of the work; rate = tt / F at each sample):")
    for seg in st.segments:
        rates = "  ".join(f"{s.segs[seg.key] / s.work[seg.key]:.3g}" if s.segs.get(seg.key) and s.work.get(seg.key)
                          else "-" for s in st.samples)
        lines.append(f"  {seg.where:30s} s/unit: {rates}")
    for seg in st.untimed:
        lines.append(f"  {seg.where}: not delimited in the source, costed by the machine instead")
    lines.append(f"predictions on {st.machine} ({st.processors} processors): segments by Eq. 2.3 from the "
                 "sample named, the rest and all communication by the machine")
    lines.append(f"  {'point':30s} {'predicted':>10s} {'computing':>10s} {'from sample':>22s} {'shared':>6s}"
                 f" {'measured':>10s} {'error':>7s} {'R (4.8)':>9s}")
    for e in st.estimates:
        r = e.ratio(st.t_sample)
        ratio = "-" if r is None else f"{r:.3g}"
        lines.append(f"  {e.describe():30s} {_t(e.predicted):>10s} {_t(e.comp):>10s} {e.basis.describe():>22s}"
                     f" {e.share:>5d}x {_t(e.measured):>10s} {_pct(e.error):>7s} {ratio:>9s}")
    lines.append("sample check (each sample predicted from the basis sample at its process count, Eq. 4.9):")
    for e in st.checks:
        lines.append(f"  {e.describe():30s} {_t(e.predicted):>10s} measured {_t(e.measured):>10s}"
                     f" error {_pct(e.error):>7s}" + ("  (the basis itself)" if e.basis.inputs == e.inputs else ""))
    return "\n".join(lines)


def attach_measured(st: Study, measurements) -> list:
    """Give each prediction its measured time (``--measured``); the measurements no point matched."""
    unmatched = []
    for m in measurements:
        e = next((e for e in st.estimates if e.procs == m.procs
                  and all(dict(e.inputs).get(k) == v for k, v in m.inputs)), None)
        if e is None:
            unmatched.append(m)
        else:
            e.measured = m.seconds
    return unmatched
