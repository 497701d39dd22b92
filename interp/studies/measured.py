"""Measured times for a sweep (``--measured file.csv``) and the prediction error of seed 000
(Xu, Zhang and Sun, "Semi-empirical Multiprocessor Performance Predictions", section 4.1):

    Eq. 4.9   E(A, chi, N)    = | (T_actual(A, chi, N) - T_p(A, chi, N)) / T_actual(A, chi, N) |
    Eq. 4.10  E_bar(A, X, N)  = sum over chi in X of E(A, chi, N) / |X|

chi is one setting of the application's inputs, N the number of processors and X the set of
measured settings at that N: the average error is taken per processor count. The sweep also
reports the same mean over every matched point of the sweep, and says which it is.

The file: a header naming the columns, then one measurement per line. ``procs`` and ``seconds``
are required; every other column is an input of the sweep (its -D name). An input the sweep gives
one value may be left out; one it varies may not (a line would then stand for several points).
Blank lines and lines starting with ``#`` are ignored.
"""
from __future__ import annotations

import csv
import math
from dataclasses import dataclass

from interp.errors import InputError
from interp.output.format import fmt_value


@dataclass(frozen=True)
class Measurement:
    inputs: tuple  # ((name, value), ...) for the input columns of the file, in -D order
    procs: int
    seconds: float
    line: int

    def describe(self) -> str:
        return ", ".join([f"{k}={fmt_value(v)}" for k, v in self.inputs] + [f"procs={self.procs}"])


# The columns ``interp validate --format csv`` writes after ``seconds`` (its runs' min and max,
# their spread, its own prediction, error and spread-larger-than-error flag). A sweep compares its
# own prediction with ``seconds`` (the median) and reads these past; any other unknown column is
# an error, so that a misspelt input name is not taken for a note.
MEASURED_EXTRA_COLUMNS = ("min_seconds", "max_seconds", "spread", "predicted", "error", "noisy")


def relative_error(actual: float, predicted: float) -> float:
    """Seed 000 Eq. 4.9."""
    return abs((actual - predicted) / actual)


def average_error(errors: list[float]) -> float | None:
    """Seed 000 Eq. 4.10: the plain mean of the errors of the measured points."""
    return sum(errors) / len(errors) if errors else None


def _lines(path: str):
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"--measured {path}: cannot read it: {getattr(exc, 'strerror', None) or exc}") from None
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            yield number, next(csv.reader([line]))


def _header(path, number, fields, define_lists) -> list[str]:
    names = [f.strip() for f in fields]
    given = dict(define_lists)
    where = f"{path}:{number}"
    for required in ("procs", "seconds"):
        if required not in names:
            raise InputError(f"{where}: the header has no '{required}' column (columns: one per input name, "
                             f"then procs, seconds; got {', '.join(names)})")
    for name in names:
        if names.count(name) > 1:
            raise InputError(f"{where}: column {name!r} appears twice")
        if name not in ("procs", "seconds", *MEASURED_EXTRA_COLUMNS) and name not in given:
            raise InputError(f"{where}: column {name!r} is not an input of the sweep "
                             f"(its inputs: {', '.join(given) or 'none'})")
    for name, values in define_lists:
        if len(values) > 1 and name not in names:
            raise InputError(f"{where}: no column for input {name!r}, which the sweep varies")
    return names


def read_measured(path: str, define_lists: list[tuple[str, list[float]]]) -> list[Measurement]:
    order = [name for name, _ in define_lists]
    rows = _lines(path)
    first = next(rows, None)
    if first is None:
        raise InputError(f"--measured {path}: the file is empty (expected a header, then one line per measurement)")
    names = _header(path, *first, define_lists)
    seen: dict[tuple, int] = {}
    out = []
    for number, fields in rows:
        where = f"{path}:{number}"
        if len(fields) != len(names):
            raise InputError(f"{where}: {len(fields)} fields, the header has {len(names)}")
        cells = {n: f.strip() for n, f in zip(names, fields)}
        try:
            procs = int(cells["procs"])
        except ValueError:
            raise InputError(f"{where}: procs {cells['procs']!r} is not a whole number") from None
        if procs < 1:
            raise InputError(f"{where}: procs {procs}: must be at least 1")
        values = {}
        for n in names:
            if n == "procs" or (n in MEASURED_EXTRA_COLUMNS and n not in order):
                continue
            try:
                values[n] = float(cells[n])
            except ValueError:
                raise InputError(f"{where}: {n} {cells[n]!r} is not a number") from None
        seconds = values.pop("seconds")
        if not (math.isfinite(seconds) and seconds > 0):
            # Eq. 4.9 divides by the measured time.
            raise InputError(f"{where}: seconds {cells['seconds']!r}: a measured time must be positive")
        m = Measurement(tuple((n, values[n]) for n in order if n in values), procs, seconds, number)
        key = (m.inputs, procs)
        if key in seen:
            raise InputError(f"{where}: the same point ({m.describe()}) was measured on line {seen[key]}")
        seen[key] = number
        out.append(m)
    if not out:
        raise InputError(f"--measured {path}: a header but no measurements")
    return out


def attach(rows, measurements: list[Measurement]) -> list[Measurement]:
    """Give each sweep row its measurement and error; return the measurements no row matched."""
    unmatched = []
    for m in measurements:
        row = next((r for r in rows if r.point.procs == m.procs and
                    all(dict(r.point.inputs)[k] == v for k, v in m.inputs)), None)
        if row is None:
            unmatched.append(m)
            continue
        row.measured, row.measured_line = m.seconds, m.line
        if row.outcome.total is not None:
            row.error = relative_error(m.seconds, row.outcome.total)
    return unmatched


def average_by_procs(rows) -> dict[int, tuple[float, int]]:
    """Eq. 4.10 for every process count N: (average error, |X|) over the matched points at N."""
    out = {}
    for n in sorted({r.point.procs for r in rows}):
        errors = [r.error for r in rows if r.point.procs == n and r.error is not None]
        if errors:
            out[n] = (average_error(errors), len(errors))
    return out
