"""The points of a sweep as a grid (docs/sweeps.md): the cartesian product of the -D lists, the
machine axes and the process counts, kept as its dimensions instead of one object per point.

A sweep of 10^6 points (``sweep --symbolic`` evaluates its closed forms on whole grids) must not
build 10^6 Python objects before the first prediction: point ``i`` is the mixed-radix number of
its dimensions' positions (the inputs vary slowest, then the machine axes, then the process
count), so any point, any column of values and any group of points is computed from ``i`` alone.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Point:
    inputs: tuple  # ((name, value), ...) in the order of the -D options
    procs: int
    machine: tuple = ()  # ((axis column, value), ...): the point's machine axes (machine_axes.py)

    def key(self):
        return (self.inputs, self.machine, self.procs)

    @property
    def setting(self) -> tuple:
        """Everything but the process count: the points of one line of a speedup plot."""
        return (self.inputs, self.machine)


class Grid(Sequence):
    """The points of ``grid(define_lists, procs, axes)`` in sweep order, made on demand."""

    def __init__(self, define_lists, procs, axes=()):
        self.names = [name for name, _ in define_lists]
        self.columns = [a.column for a in axes]
        # (name, values) per dimension: inputs, machine axes, process counts (the last varies fastest)
        self.dims = [(n, list(v)) for n, v in define_lists] + [(a.column, list(a.values)) for a in axes] \
            + [("procs", list(procs))]
        self.strides = []
        stride = 1
        for _, values in reversed(self.dims):
            self.strides.insert(0, stride)
            stride *= len(values)
        self.size = stride

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.size))]
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(i)
        at = [values[(i // stride) % len(values)] for (_, values), stride in zip(self.dims, self.strides)]
        k = len(self.names)
        return Point(tuple(zip(self.names, at[:k])), at[-1], tuple(zip(self.columns, at[k:-1])))

    def machine_points(self) -> list:
        """One point per combination of the machine axes (at the first inputs and count), in order."""
        if not self.size:
            return []
        combos = 1
        for _, values in self.dims[len(self.names):-1]:
            combos *= len(values)
        return [self[k * len(self.dims[-1][1])] for k in range(combos)]

    def codes(self, d: int, part=slice(None)):
        """Each point's position in dimension ``d`` (numpy int array), of the points in ``part``."""
        import numpy as np

        start, stop, _ = part.indices(self.size)
        return (np.arange(start, stop, dtype=np.int64) // self.strides[d]) % len(self.dims[d][1])

    def column(self, name: str):
        """The values of input ``name`` at every point (numpy float array)."""
        import numpy as np

        d = self.names.index(name)
        return np.asarray(self.dims[d][1], dtype=float)[self.codes(d)]

    def procs_column(self):
        import numpy as np

        return np.asarray(self.dims[-1][1], dtype=np.int64)[self.codes(len(self.dims) - 1)]

    def groups(self, names) -> list:
        """Index arrays of the points that share everything but the inputs ``names``, in the order of
        their first points, each ascending."""
        import numpy as np

        key = np.arange(self.size, dtype=np.int64)
        for n in names:
            d = self.names.index(n)
            key -= self.codes(d) * self.strides[d]  # the point with these inputs at their first value
        order = np.argsort(key, kind="stable")
        ordered = key[order]
        cuts = np.flatnonzero(ordered[1:] != ordered[:-1]) + 1
        return np.split(order, cuts)

    def reference(self):
        """For each point, the index of the point with the same inputs and machine axes at the
        smallest process count (speedup's T(p_min))."""
        import numpy as np

        d = len(self.dims) - 1
        counts = self.dims[d][1]
        smallest = min(range(len(counts)), key=counts.__getitem__)
        return np.arange(self.size, dtype=np.int64) + (smallest - self.codes(d)) * self.strides[d]
