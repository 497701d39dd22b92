"""What a sweep reads once and gives every point: the programs parsed to AAGs and the machine
descriptions read (docs/sweeps.md, "What is shipped to the workers").

A point then needs no file: a Dask worker on another host predicts from these objects alone.
Programs are parsed again only when a point's -D values change what their preprocessor sees (an
input also tested in ``#if``/``#ifdef``, pipeline.macro_names): one parse per distinct set of such
values, usually one for the whole sweep.
"""
from __future__ import annotations

from dataclasses import dataclass

from interp.studies.grid import define_args


@dataclass
class Shipped:
    used: frozenset   # names the programs use in preprocessor directives
    programs: dict    # tuple(sorted(macros.items())) -> pipeline.Loaded
    machines: dict    # machine name or file as given -> SAG as read (what-ifs applied per point)

    def loaded(self, point):
        if len(self.programs) == 1 and () in self.programs:  # no input is a macro: one parse for all
            return self.programs[()]
        return self.programs[_macro_key(self.used, point)]


def _macro_key(used, point) -> tuple:
    from interp.pipeline import macro_names, parse_defines

    if not any(name in used for name, _ in point.inputs):
        return ()  # the common case: no input is a macro too (and 10^6 points stay cheap)
    return tuple(sorted(macro_names((), parse_defines(define_args(dict(point.inputs))), used).items()))


def prepare(settings, points) -> Shipped:
    """Parse the programs and read the machines the points need, here, once."""
    from sag import open_machine

    from interp.pipeline import Loaded, directive_names, load_programs, parse_defines, refuse_unsupported

    files = list(settings.files)
    used = frozenset(directive_names(files))
    programs = {}
    # When no input is a macro too, every point parses the same: once.
    parsing = points if used & {name for name, _ in points[0].inputs} else points[:1]
    for point in parsing:
        key = _macro_key(used, point)
        if key not in programs:
            values = parse_defines(define_args(dict(point.inputs)))
            parsed = load_programs(files, "cluster", settings.include_dirs, values)
            refuse_unsupported(parsed)
            programs[key] = Loaded(parsed, dict(key))
    # A Grid names its machine combinations without making every point (studies/point_grid.py).
    sample = points.machine_points() if hasattr(points, "machine_points") else points
    names = dict.fromkeys(settings.machine_at(p)[0] for p in sample)
    return Shipped(used, programs, {name: open_machine(name) for name in names})
