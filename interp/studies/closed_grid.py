"""``sweep --symbolic NAME``: closed forms evaluated on whole grids (docs/sweeps.md, "Closed forms
on grids").

When the predicted time is a closed form of some inputs (paper 001 section 3.4.2, "an attempt is
made to interpret the performance of the application as a function of these variables";
interp run --symbolic, studies/symbolic.py), the points that differ only in those inputs need no
interpretation each. For each group of points that share everything else (the other inputs, the
machine axes and the process count):

1. the engine derives the form once, at the group's first point not yet covered, with the NAMEs
   kept as symbols: the total and the four categories summed over processes, and every decision
   it took on the way (a loop trip count, a branch, which message came first) as a relation of
   the symbols that held there (interp/engine/symtime.py);
2. the form is exact wherever all those relations still hold: they are evaluated on the whole
   group at once (sympy lambdify to numpy), and so is the form;
3. it is checked against the engine at the corners of the points it covers and at a few random
   ones; a disagreement beyond a relative 1e-9 discards it;
4. points where a relation fails (the form's validity region ends there) get the next form, derived
   at the first of them, up to MAX_FORMS per group; the rest go to the engine, as does every point
   of a group where no form can be derived (an input that decides control flow, a hang).

How many points came from forms and how many from the engine is reported (GridReport).
"""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

from interp.errors import InputError, ProgramHang
from interp.engine.result import CATEGORIES

MAX_FORMS = 4       # per group: beyond that the validity regions are too small to be worth it
RANDOM_CHECKS = 3   # engine checks at random covered points, besides the corners
TOLERANCE = 1e-9    # relative: the form and the engine add the same terms in another order


@dataclass
class Form:
    where: str          # the group, as the table names it
    text: str           # the total's closed form
    points: int = 0     # grid points it gave
    checks: int = 0     # points where the engine confirmed it


@dataclass
class GridReport:
    names: tuple
    forms: list = field(default_factory=list)
    from_form: int = 0
    from_engine: int = 0
    fallbacks: list = field(default_factory=list)  # why points went to the engine

    def to_json(self) -> dict:
        return {"symbols": list(self.names), "points_from_forms": self.from_form, "points_from_engine": self.from_engine,
                "forms": [{"where": f.where, "total": f.text, "points": f.points, "checks": f.checks}
                          for f in self.forms],
                "fallbacks": list(self.fallbacks)}

    def lines(self) -> list[str]:
        n_forms = len(self.forms)
        out = [f"closed forms (--symbolic {', '.join(self.names)}): {self.from_form} point"
               f"{'s' if self.from_form != 1 else ''} from {n_forms} form{'s' if n_forms != 1 else ''}, "
               f"{self.from_engine} from the engine (checks and points outside every form's region included)"]
        out += [f"  {f.where}: T = {f.text} s ({f.points} point{'s' if f.points != 1 else ''}; "
                f"checked by the engine at {f.checks})" for f in self.forms]
        out += [f"  {why}" for why in self.fallbacks]
        return out


def _vector_functions():
    """numpy versions of the functions a closed form may contain (frontends/aag/symexpr.py):
    the same C semantics, on arrays."""
    import numpy as np

    def c_div(a, b):
        return (a - np.fmod(a, b)) / b  # fmod is exact: truncation toward zero without rounding

    return {
        "CTrunc": np.trunc, "CDiv": c_div, "CMod": np.fmod,
        "Truth": lambda a: (a != 0).astype(float),
        "GridMax": lambda *a: functools.reduce(np.maximum, a),
        "GridMin": lambda *a: functools.reduce(np.minimum, a),
    }


def _compile(exprs, symbols):
    """One numpy function of the symbols giving the list of ``exprs`` (one lambdify: compiling is
    the costly part). Max and Min renamed so that the printer calls ours (numpy's amax of a tuple
    does not broadcast a scalar against an array)."""
    import sympy

    grid_max, grid_min = sympy.Function("GridMax"), sympy.Function("GridMin")
    exprs = [sympy.sympify(e).replace(sympy.Max, grid_max).replace(sympy.Min, grid_min) for e in exprs]
    return sympy.lambdify(symbols, exprs, modules=[_vector_functions(), "numpy"])


def _derive(settings, point, names, shipped):
    """(the outcome at the point, {what: expr}, [relations]) from one symbolic prediction."""
    import sympy

    from interp.engine import symtime
    from interp.errors import bad_input_types
    from interp.pipeline import predict
    from interp.studies.grid import define_args
    from interp.studies.sweep import Outcome

    machine, scale, params = settings.machine_at(point)
    try:
        pred = predict(list(settings.files), shipped.machines[machine], point.procs, define_args(dict(point.inputs)),
                       settings.bound, scale, params, include_dirs=settings.include_dirs, interactive=False,
                       messages=False, loaded=shipped.loaded(point), symbolic=names,
                       max_events=settings.max_events, timeout=settings.timeout, mode=settings.mode)
    except bad_input_types() as exc:
        raise InputError(str(exc).splitlines()[0]) from None
    r = pred.result
    facts = list(dict.fromkeys(f for f in symtime.ASSUMPTIONS if f not in (sympy.true, True)))
    sums = {c: sum(getattr(p, c) for p in r.procs) for c in CATEGORIES}
    exprs = {"total": r.symbolic_total if r.symbolic_total is not None else sympy.Float(r.total)}
    exprs.update({c: e if e is not None else sympy.Float(sums[c]) for c, e in r.symbolic_sums.items()})
    outcome = Outcome(r.total, machine=r.machine, scenario=tuple(r.scenario), notes=tuple(r.notes),
                      source="closed form", **sums)
    return outcome, exprs, facts


def _holds(facts, symbols, columns, size):
    import numpy as np

    ok = np.ones(size, dtype=bool)
    if facts:
        for held in _compile(facts, symbols)(*columns):
            ok &= np.broadcast_to(np.asarray(held, dtype=bool), (size,))
    return ok


def _agrees(form, engine) -> bool:
    if engine.total is None:
        return False
    return all(abs(getattr(form, c) - getattr(engine, c)) <= TOLERANCE * max(abs(engine.total), 1e-30)
               for c in ("total",) + CATEGORIES)


def _check_points(covered, values, rng) -> list[int]:
    """Positions (into ``covered``) of the corners (each name at its smallest or largest value
    among the covered points) and of a few random covered points."""
    import numpy as np

    picks = []
    for col in values:
        for target in (col.min(), col.max()):
            picks.append(int(np.flatnonzero(col == target)[0]))
    if len(values) > 1:  # the joint corners: all smallest, all largest
        lo = np.all([col == col.min() for col in values], axis=0)
        hi = np.all([col == col.max() for col in values], axis=0)
        picks += [int(np.flatnonzero(m)[0]) for m in (lo, hi) if m.any()]
    picks += rng.sample(range(len(covered)), min(RANDOM_CHECKS, len(covered)))
    return sorted(set(picks))


def _label(point, names) -> str:
    from interp.output.format import fmt_value

    parts = [f"{k}={fmt_value(v)}" for k, v in point.inputs if k not in names]
    parts += [f"{k}={v if isinstance(v, str) else fmt_value(v)}" for k, v in point.machine]
    return ", ".join(parts + [f"procs={point.procs}"])


def _evaluate(exprs, facts, symbols, columns):
    """(mask of the points where every relation holds, {what: values at those points})."""
    import numpy as np

    size = columns[0].size
    mask = _holds(facts, symbols, columns, size)
    inside = [c[mask] for c in columns]
    got = _compile(list(exprs.values()), symbols)(*inside)
    values = {k: np.broadcast_to(np.asarray(v, dtype=float), (int(mask.sum()),)) for k, v in zip(exprs, got)}
    return mask, values


def _cover_group(settings, points, idx, names, columns, symbols, shipped, outcomes, report, rng) -> None:
    """Fill ``outcomes`` (OutcomeColumns) of the group's points (``idx``, ascending) from closed
    forms where they hold and are confirmed; the rest stay empty for the engine. ``columns``: the
    values of each NAME at every point of the grid."""
    import numpy as np

    from interp.studies.sweep import Outcome, predict_point

    columns = [c[idx] for c in columns]
    remaining = np.arange(idx.size)
    where = _label(points[int(idx[0])], names)
    for _ in range(MAX_FORMS):
        if not remaining.size:
            return
        first = points[int(idx[remaining[0]])]
        try:
            base, exprs, facts = _derive(settings, first, names, shipped)
        except (InputError, ProgramHang) as exc:
            report.fallbacks.append(f"{where}: no closed form: {str(exc).splitlines()[0]}")
            return
        try:
            mask, values = _evaluate(exprs, facts, symbols, [c[remaining] for c in columns])
        except Exception as exc:  # a function numpy has no version of: the engine does these points
            report.fallbacks.append(f"{where}: the closed form cannot be evaluated on arrays "
                                    f"({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''})")
            return
        if not mask[0]:  # cannot happen if the relations were recorded faithfully; never trusted then
            report.fallbacks.append(f"{where}: the closed form's relations fail at its own sample")
            return
        covered = remaining[mask]
        checks = _check_points(covered, [c[covered] for c in columns], rng)
        checked = {}
        for k in checks:
            i = int(idx[covered[k]])
            checked[i] = predict_point(settings, points[i], shipped)
            form = {c: float(values[c][k]) for c in values}
            if not _agrees(Outcome(**form), checked[i]):
                for j, o in checked.items():  # the engine's predictions are kept, the form is not
                    outcomes.set(j, o)
                report.fallbacks.append(f"{where}: the closed form gives {form['total']!r} s at "
                                        f"{', '.join(f'{n}={dict(points[i].inputs)[n]:g}' for n in names)} where "
                                        f"the engine gives {checked[i].total!r} s: its points go to the engine")
                return
        # The form's points: events 0 (nothing interpreted), the sample's machine, what-ifs and
        # notes; the checked points keep the engine's outcome.
        outcomes.fill(idx[covered], values, base)
        for i, o in checked.items():
            outcomes.set(i, o)
        report.forms.append(Form(where, str(exprs["total"]), int(covered.size) - len(checks), len(checks)))
        remaining = remaining[~mask]


def run_closed_forms(settings, points, names, jobs=1, what="predicting", cluster=None, seed=19):
    """Outcomes in the order of ``points`` (a Grid, studies/point_grid.py) as OutcomeColumns
    (studies/sweep_columns.py), and the GridReport."""
    import sympy

    from interp.studies.shipped import prepare
    from interp.studies.sweep import run_points
    from interp.studies.sweep_columns import OutcomeColumns

    swept = {k for p in points[:1] for k, _ in p.inputs}
    for n in names:
        if n not in swept:
            raise InputError(f"--symbolic {n}: not an input of the sweep (give its values with -D {n}=V1,V2,...)")
    shipped = prepare(settings, points)
    symbols = [sympy.Symbol(n, positive=True) for n in names]  # as pipeline.symbolic_inputs makes them
    columns = [points.column(n) for n in names]
    outcomes = OutcomeColumns(len(points))
    report = GridReport(tuple(names))
    rng = random.Random(seed)  # the same random checks every run: reproducible reports
    for idx in points.groups(names):
        _cover_group(settings, points, idx, names, columns, symbols, shipped, outcomes, report, rng)
    engine = [int(i) for i in (~outcomes.done()).nonzero()[0]]
    for i, o in zip(engine, run_points(settings, [points[i] for i in engine], jobs, what, cluster)):
        outcomes.set(i, o)
    report.from_form = sum(f.points for f in report.forms)
    report.from_engine = len(points) - report.from_form
    return outcomes, report
