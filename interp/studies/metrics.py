"""``interp sweep --metrics``: the performance metrics of seed paper 003 (Xu & Hwang, "Early
Prediction of MPP Performance", section 2.2.1 and Step 4 of section 3.1) beside every prediction:

    T_n                  the predicted time on n processes
    P_n = W / T_n        speed
    S_n = T_1 / T_n      speedup against the best SEQUENTIAL program (not the parallel one on one
                         process: the paper insists on it, and Eq. 8's Householder example shows why)
    E_n = S_n / n        efficiency
    U_n = P_n / (n P_peak)  utilization (P_peak: the machine's processing.peak_flops)

and per phase (``#pragma interp region``) its time, as in Table 9. The reference figures:

- T_1: ``--t1 SECONDS``; else ``--baseline seq.c`` predicted on the same machine on one process;
  else the computation of the parallel program on one process (the phase-parallel model's
  T_1 = sum_i T_1(i): the parallel program without its interaction steps).
- W: ``--flops N``; else counted by interp in the baseline, or else in the parallel program on one
  process: a prediction with the uniform node model at one second per flop (interp/models/
  uniform.py), whose computation time is the number of flops executed.
- phases: the regions that compute; T_1(i) and W_i from the baseline's region of the same name
  when it has one, else from the parallel program on one process. DOP_i: ``--dop NAME=K``, else
  T_1(i) over the largest per-process time of the phase in the sweep's largest run (which shows
  DOP_i >= n when every process shares it).

``--mode`` (sag/modes.py) predicts with every overhead (full), without interaction overhead
(zero-overhead) or with every flop at the uniform rate W/T_1 and no overhead (uniform), Fig. 9.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from interp.errors import InputError
from interp.studies.scale import latency_of
from interp.studies.phase_parallel import Extremes, Phase, extremes
from interp.studies.sweep import Outcome, Point, Row, Settings, predict_point, run_points, with_metrics

FLOP_COUNT = ("uniform", 1.0, "one second per flop: the computation time is the flop count")


@dataclass
class Reference:
    """What the metrics of one setting of the inputs divide by."""

    t1: float
    t1_from: str
    work: float
    work_from: str
    phase_t1: dict  # region -> (T_1(i), W_i, where from)
    own_t1: dict  # region -> the parallel program's own T_1(i) (for DOP_i)
    own_work: dict  # region -> the parallel program's own W_i (for DOP_i in uniform mode)


@dataclass
class Metrics:
    speed: float | None = None
    speedup: float | None = None
    efficiency: float | None = None
    utilization: float | None = None
    bound: float | None = None
    latency: float | None = None  # L(W, N) of seed 002 Eq. 3.5 (interp/studies/scale.py)
    phases: dict = field(default_factory=dict)  # region -> time (slowest process)


@dataclass
class Report:
    rows: list  # sweep Rows
    metrics: list  # Metrics, one per row
    references: dict  # inputs -> Reference
    phases: dict  # inputs -> [Phase]
    extremes: dict  # inputs -> Extremes | None
    regions: list  # region names, in source order
    peak: float | None
    peak_from: str
    t0: float | None
    mode: str
    largest: int
    closed: object = None  # closed_grid.GridReport with --symbolic: which points came from forms


def _comp(outcome: Outcome) -> dict:
    return {name: sum(f.comp for f in per) for name, per in outcome.regions}


def _slowest(outcome: Outcome, what: str = "comp") -> dict:
    return {name: max((getattr(f, what) for f in per), default=0.0) for name, per in outcome.regions}


def _own_time(outcome: Outcome) -> dict:
    """A phase's own time (Table 9): its slowest process's computation and communication, without
    the waiting for earlier phases of other processes (which Table 9 books to those phases)."""
    return {name: max((f.comp + f.ovh + f.xmit for f in per), default=0.0) for name, per in outcome.regions}


def _predict(settings: Settings, files, inputs: tuple, mode=("full", None, "")) -> Outcome:
    out = predict_point(replace(settings, files=tuple(files), mode=mode, regions=True), Point(inputs, 1))
    if out.total is None:
        raise InputError(f"{' '.join(files)} cannot finish on one process: {out.hang.splitlines()[0]}")
    return out


def _baseline_inputs(baseline: str, settings: Settings, inputs: tuple) -> tuple:
    """The sweep's inputs that the baseline program reads (it may read fewer)."""
    from interp.pipeline import load_programs

    prog = load_programs([baseline], include_dirs=settings.include_dirs)[0]
    return tuple((k, v) for k, v in inputs if k in prog.inputs)


def reference(settings: Settings, inputs: tuple, baseline: str | None, t1: float | None,
              flops: float | None) -> Reference:
    par = _predict(settings, settings.files, inputs)
    par_flops = _predict(settings, settings.files, inputs, FLOP_COUNT)
    own = _comp(par)
    work_of = _comp(par_flops)
    name = " ".join(settings.files)
    phase_t1 = {r: (own[r], work_of[r], f"{name} on one process") for r in own if own[r] > 0}
    t1_value, t1_from = par.comp, f"computation of {name} on one process"
    work, work_from = par_flops.comp, f"flops counted in {name} on one process"
    if baseline is not None:
        b_inputs = _baseline_inputs(baseline, settings, inputs)
        base = _predict(settings, [baseline], b_inputs)
        base_flops = _predict(settings, [baseline], b_inputs, FLOP_COUNT)
        t1_value, t1_from = base.total, f"{baseline} predicted on one process"
        work, work_from = base_flops.comp, f"flops counted in {baseline}"
        b_comp, b_work = _comp(base), _comp(base_flops)
        for r in phase_t1:
            if r in b_comp:
                phase_t1[r] = (b_comp[r], b_work[r], baseline)
    if t1 is not None:
        t1_value, t1_from = t1, "--t1"
    if flops is not None:
        work, work_from = flops, "--flops"
    if t1_value <= 0:
        raise InputError(f"T_1 is 0 ({t1_from}): give the sequential time with --t1 SECONDS or a "
                         "--baseline program that computes")
    return Reference(t1_value, t1_from, work, work_from, phase_t1, own, work_of)


def phases_of(ref: Reference, largest: Outcome, n: int, dops: dict, flop_time: float | None = None) -> list[Phase]:
    """The computing regions as phases; DOP_i annotated (--dop) or read off the largest run (in
    uniform mode, ``flop_time`` per flop: the one-process time is then W_i * flop_time)."""
    slowest = _slowest(largest)
    out = []
    for r, (t1, work, _) in ref.phase_t1.items():
        if r in dops:
            out.append(Phase(r, work, t1, dops[r], "--dop"))
            continue
        per = slowest.get(r, 0.0)
        one = ref.own_work[r] * flop_time if flop_time is not None else ref.own_t1[r]
        ratio = one / per if per > 0 else float(n)
        dop = max(1, min(n, round(ratio)))
        out.append(Phase(r, work, t1, dop, f">= {n} (every process shares it at n = {n})" if dop == n
                         else f"T_1(i) / per-process time at n = {n}"))
    unknown = sorted(set(dops) - set(ref.phase_t1))
    if unknown:
        raise InputError(f"--dop {unknown[0]}: no computing region of that name (phases: "
                         f"{', '.join(ref.phase_t1) or 'none: mark them with #pragma interp region NAME'})")
    return out


def machine_figures(settings: Settings) -> tuple:
    """(P_peak flop/s or None, where from, t_0 seconds or None) of the compute SAU."""
    from interp.pipeline import load_machine

    sag = load_machine(settings.machine, settings.scale, settings.params)
    compute = sag.by_role("compute") or [s for s in sag.walk() if not s.is_compound]
    sau = compute[0]
    proc, cs = sau.effective("processing"), sau.effective("comm_sync")
    peak = proc["peak_flops"].value() if "peak_flops" in proc else None
    t0 = cs["static.startup"].value() if "static.startup" in cs and not cs["static.startup"].names else None
    where = f"{sau.id} processing.peak_flops" if peak else f"{sau.id} gives no processing.peak_flops"
    return peak, where, t0


def row_metrics(row: Row, ref: Reference, peak: float | None, ext: Extremes | None) -> Metrics:
    o, n = row.outcome, row.point.procs
    if o.total is None or o.total <= 0:
        return Metrics()
    speed = ref.work / o.total
    speedup = ref.t1 / o.total
    return Metrics(speed, speedup, speedup / n, speed / (n * peak) if peak else None,
                   ext.bound(n) if ext is not None else None, latency_of(o, n), _own_time(o))


def _chosen(mode: str, ref: Reference) -> tuple:
    """The prediction mode of one input setting (uniform: at its own rate W/T_1)."""
    if mode != "uniform":
        return (mode, None, "")
    if ref.work <= 0:
        raise InputError("--mode uniform: the program has no flops (W = 0); give them with "
                         "work(flops=...) annotations or --flops")
    return ("uniform", ref.t1 / ref.work, f"W/T_1 = {ref.work:.6g} flop / {ref.t1:.6g} s")


def _predict_points(settings, points, combos, refs, mode, jobs, cluster, symbolic) -> tuple[dict, object]:
    """({point key: Outcome}, the closed forms' report or None): per input setting in its mode, on
    ``cluster`` (an open session, cluster.connect) if given; with ``symbolic`` the whole grid at once
    from closed forms (studies/closed_grid.py; one mode for every setting)."""
    what = f"sweep ({len(points)} points)"
    if symbolic:
        from interp.studies.closed_grid import run_closed_forms

        if mode == "uniform":
            raise InputError("--mode uniform predicts each input setting at its own flop rate W/T_1, so no "
                             "closed form spans two settings: drop --symbolic or --mode uniform")
        got, closed = run_closed_forms(replace(settings, mode=(mode, None, ""), regions=True), points,
                                       list(symbolic), jobs, what, cluster)
        return {p.key(): got[i] for i, p in enumerate(points)}, closed
    outcomes: dict = {}
    for c in combos:
        mine = [p for p in points if p.inputs == c]
        got = run_points(replace(settings, mode=_chosen(mode, refs[c]), regions=True), mine, jobs, what, cluster)
        outcomes.update({p.key(): o for p, o in zip(mine, got)})
    return outcomes, None


def metrics_sweep(settings: Settings, points: list[Point], jobs: int, baseline: str | None = None,
                  t1: float | None = None, flops: float | None = None, dops: dict | None = None,
                  mode: str = "full", cluster: str | None = None, symbolic=()) -> Report:
    """The sweep in the given mode, with the metrics of every point and the phase-parallel model.
    The references (T_1, W, the phases) are predicted here; the points on ``cluster`` if given,
    and from closed forms of the inputs ``symbolic`` where they hold."""
    dops = dops or {}
    combos = list(dict.fromkeys(p.inputs for p in points))
    refs = {c: reference(settings, c, baseline, t1, flops) for c in combos}
    session = None
    if cluster is not None:  # one connection for every input setting's points
        from interp.studies import cluster as dask_cluster

        session = dask_cluster.connect(cluster)
    try:
        outcomes, closed = _predict_points(settings, points, combos, refs, mode, jobs, session, symbolic)
    finally:
        if session is not None:
            dask_cluster.close(session)
    ordered = [outcomes[p.key()] for p in points]
    rows = with_metrics(points, ordered)
    largest = max(p.procs for p in points)
    phases, exts = {}, {}
    for c in combos:
        top = outcomes[Point(c, largest).key()]
        if top.source == "closed form" and refs[c].phase_t1:  # a form has no regions: the phases need them
            top = predict_point(replace(settings, mode=(mode, None, ""), regions=True), Point(c, largest))
        rate = refs[c].t1 / refs[c].work if mode == "uniform" else None
        phases[c] = phases_of(refs[c], top, largest, dops, rate) if top.total is not None else []
        if mode == "uniform":  # the model's own T_1(i): W_i at the uniform rate W/T_1
            phases[c] = [replace(p, t1=p.work * refs[c].t1 / refs[c].work) for p in phases[c]]
        exts[c] = extremes(phases[c], refs[c].work, refs[c].t1) if phases[c] else None
    peak, peak_from, t0 = machine_figures(settings)
    metrics = [row_metrics(r, refs[r.point.inputs], peak, exts[r.point.inputs]) for r in rows]
    for r, m in zip(rows, metrics):
        r.speedup, r.efficiency = m.speedup, m.efficiency
    regions = list(dict.fromkeys(name for o in ordered for name, _ in o.regions))
    return Report(rows, metrics, refs, phases, exts, regions, peak, peak_from, t0, mode, largest, closed)
