"""A sweep's results kept as columns (numpy arrays) from the predictions to the writers
(docs/sweeps.md, "Closed forms on grids").

A closed form evaluated on a grid of 10^6 points gives arrays; turning them into one Outcome and
one Row object per point cost more than the evaluation itself. Here the figures stay arrays:
OutcomeColumns holds the total and the four categories of every point (an engine point keeps its
whole Outcome too: its hang, error, notes), and SweepTable adds the metrics of studies/sweep.py
(speedup, efficiency, communication share, L(W,N)) computed on the arrays with the same operations
in the same order as with_metrics, so every digit is the same. The writers (sweep_table.py) read
the columns; objects per point are made only on demand (a plot, --measured, a hung point's line).
"""
from __future__ import annotations

from collections.abc import Sequence

from interp.engine.result import CATEGORIES
from interp.studies.point_grid import Grid
from interp.studies.sweep import Outcome, Row

FIGURES = ("total",) + CATEGORIES


class OutcomeColumns(Sequence):
    """The outcomes of a sweep's points in sweep order; ``self[i]`` makes point i's Outcome."""

    def __init__(self, size: int):
        import numpy as np

        self.size = size
        for name in FIGURES:  # NaN: no time (a hang, an error, not yet predicted)
            setattr(self, name, np.full(size, np.nan))
        self.events = np.zeros(size, dtype=np.int64)
        self.extrapolated = np.zeros(size, dtype=np.int64)
        self.form = np.full(size, -1, dtype=np.int32)  # the closed form that gave the point; -1: none
        self.kept: dict[int, Outcome] = {}  # every point the engine predicted, whole
        self.bases: list[tuple[int, Outcome]] = []  # per form: its first point, its derivation's outcome

    @classmethod
    def of(cls, outcomes) -> "OutcomeColumns":
        if isinstance(outcomes, OutcomeColumns):
            return outcomes
        out = cls(len(outcomes))
        for i, o in enumerate(outcomes):
            out.set(i, o)
        return out

    def set(self, i: int, o: Outcome) -> None:
        """Point i as the engine predicted it."""
        # A hung point keeps its categories (0 or what it did before hanging; the JSON shows them)
        # and has no total: NaN.
        for name in FIGURES:
            value = getattr(o, name)
            getattr(self, name)[i] = float("nan") if value is None else value
        self.events[i], self.extrapolated[i] = o.events, o.extrapolated_events
        self.form[i] = -1
        self.kept[i] = o

    def fill(self, where, values: dict, base: Outcome) -> None:
        """The points at ``where`` (an index array) from a closed form: ``values`` per figure."""
        self.bases.append((int(where[0]) if len(where) else self.size, base))
        for name in FIGURES:
            getattr(self, name)[where] = values[name]
        self.form[where] = len(self.bases) - 1

    def done(self):
        """A boolean array: points with an outcome."""
        import numpy as np

        done = self.form >= 0
        done[np.fromiter(self.kept, dtype=np.int64, count=len(self.kept))] = True
        return done

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.size))]
        if i in self.kept:
            return self.kept[i]
        if self.form[i] < 0:
            return None
        base = self.bases[self.form[i]][1]
        figures = {name: float(getattr(self, name)[i]) for name in FIGURES}
        return Outcome(**figures, machine=base.machine, scenario=base.scenario, notes=base.notes,
                       source="closed form")

    def described(self) -> list[Outcome]:
        """One outcome per distinct origin (each engine point, each form), in the order of their
        first points: what the machine names, what-ifs and notes of the sweep are read from."""
        firsts = [(i, o) for i, o in self.kept.items()] + self.bases
        return [o for _, o in sorted(firsts, key=lambda t: t[0])]


class SweepTable:
    """The rows of a sweep as columns (what sweep_table.py writes)."""

    def __init__(self, points, outcomes, speedup=None, efficiency=None):
        import numpy as np

        self.points = points
        self.outcomes = OutcomeColumns.of(outcomes)
        self.size = len(points)
        o = self.outcomes
        self.procs = points.procs_column() if isinstance(points, Grid) else \
            np.array([p.procs for p in points], dtype=np.int64)
        # Nothing is a NaN unless it is undefined: the warnings of NaN arithmetic say nothing here.
        with np.errstate(divide="ignore", invalid="ignore"):
            if speedup is None:
                speedup, efficiency = self._speedup()
            self.speedup, self.efficiency = speedup, efficiency
            busy = o.comp + o.ovh + o.xmit + o.wait
            self.comm_share = np.where(~np.isnan(o.total) & (busy > 0), (o.ovh + o.xmit + o.wait) / busy, np.nan)
            self.latency = o.total - o.comp / self.procs  # seed 002 Eq. 3.5 (Outcome.latency)
        self.measured = np.full(self.size, np.nan)
        self.error = np.full(self.size, np.nan)
        self.measured_line: dict[int, int] = {}  # point -> its line in the --measured file

    def _speedup(self):
        """p_min * T(p_min) / T(p) and speedup / p, as studies/sweep.with_metrics."""
        import numpy as np

        total = self.outcomes.total
        if isinstance(self.points, Grid):
            reference = total[self.points.reference()]
        else:
            p_min = min(p.procs for p in self.points) if self.size else 0
            first = {}
            for i, p in enumerate(self.points):
                if p.procs == p_min:
                    first.setdefault(p.setting, i)
            reference = np.array([total[first[p.setting]] if p.setting in first else np.nan
                                  for p in self.points], dtype=float)
        p_min = int(self.procs.min()) if self.size else 0
        ok = ~np.isnan(reference) & ~np.isnan(total) & (total != 0)
        speedup = np.where(ok, p_min * reference / total, np.nan)
        return speedup, speedup / self.procs

    @classmethod
    def from_rows(cls, rows) -> "SweepTable":
        """The table of a list of Rows (as with_metrics and --measured give them)."""
        import numpy as np

        def column(values):
            return np.array([np.nan if v is None else v for v in values], dtype=float)

        table = cls([r.point for r in rows], [r.outcome for r in rows],
                    column(r.speedup for r in rows), column(r.efficiency for r in rows))
        table.measured = column(r.measured for r in rows)
        table.error = column(r.error for r in rows)
        table.measured_line = {i: r.measured_line for i, r in enumerate(rows) if r.measured_line is not None}
        return table

    def __len__(self) -> int:
        return self.size

    def row(self, i: int) -> Row:
        def value(x):
            return None if x != x else float(x)  # NaN: not defined

        return Row(self.points[i], self.outcomes[i], value(self.speedup[i]), value(self.efficiency[i]),
                   value(self.measured[i]), value(self.error[i]), self.measured_line.get(i))

    def rows(self) -> list[Row]:
        return [self.row(i) for i in range(self.size)]

    def status(self, measured: bool, part=slice(None)) -> list[str]:
        """The status of each point (of those in ``part``): ok, hang, error or (with --measured)
        not measured."""
        import numpy as np

        names = np.array(["ok", "not measured"], dtype=object)
        out = names[(np.isnan(self.measured[part]) & measured).astype(np.int64)]
        start = part.start or 0
        for i in self.problems():
            if start <= i < start + len(out):
                out[i - start] = "hang" if self.outcomes.kept[i].hang else "error"
        return out.tolist()

    def problems(self) -> list[int]:
        """The points that hang or could not be predicted, in order."""
        return sorted(i for i, o in self.outcomes.kept.items() if o.hang or o.error)

    def input_values(self, name: str):
        """The values of input ``name`` at every point (a float array)."""
        import numpy as np

        if isinstance(self.points, Grid):
            return self.points.column(name)
        return np.array([dict(p.inputs)[name] for p in self.points], dtype=float)

    def texts(self, d: int, fmt, part=slice(None)) -> list[str]:
        """Dimension d's value at every point (of those in ``part``) as text (``fmt`` of each
        distinct value, once): d counts the inputs, then the machine axes."""
        import numpy as np

        if isinstance(self.points, Grid):
            codes = self.points.codes(d, part)
            used = np.unique(codes)  # a block of a long column holds few of its values
            values = np.empty(len(self.points.dims[d][1]), dtype=object)
            values[used] = [fmt(self.points.dims[d][1][k]) for k in used.tolist()]
            return values[codes].tolist()
        k = len(self.points[0].inputs) if self.size else 0
        return [fmt((p.inputs[d] if d < k else p.machine[d - k])[1]) for p in self.points[part]]

    def axis_values(self, k: int) -> list:
        """The distinct values of machine axis k, in the order of the points."""
        if isinstance(self.points, Grid):
            return list(self.points.dims[len(self.points.names) + k][1])
        return list(dict.fromkeys(p.machine[k][1] for p in self.points))

    def axis_columns(self) -> list[str]:
        if isinstance(self.points, Grid):
            return list(self.points.columns)
        return [c for c, _ in self.points[0].machine] if self.size else []


def as_table(rows) -> SweepTable:
    return rows if isinstance(rows, SweepTable) else SweepTable.from_rows(rows)


def floats(values) -> list:
    """An array as Python floats, None where it is NaN (what the CSV and JSON writers print)."""
    import numpy as np

    values = np.asarray(values, dtype=float)
    nan = np.isnan(values)
    if not nan.any():
        return values.tolist()
    out = values.astype(object)
    out[nan] = None
    return out.tolist()


def formatted(values, fmt, none: str) -> list[str]:
    """``fmt(x)`` of every value of a float array (``none`` where it is NaN: not defined), each
    distinct value formatted once: a closed form with a trip count in it (a ceiling, a truncation)
    repeats its values many times, and formatting a float (its shortest repr, every digit) costs
    far more than finding the distinct values."""
    import numpy as np

    values = np.asarray(values, dtype=float)
    if np.any((values == 0) & np.signbit(values)):  # -0.0 prints apart from 0.0, but they are equal
        distinct, inverse = values, None
    else:
        distinct, inverse = np.unique(values, return_inverse=True)  # every NaN as one
    texts = np.array(list(map(fmt, distinct.tolist())), dtype=object)
    texts[np.isnan(distinct)] = none
    return (texts if inverse is None else texts[inverse.reshape(-1)]).tolist()
