"""Machine axes of a sweep: ``--machine a.yaml,b.yaml``, ``--scale KEY=F1,F2,...`` and
``--param NAME=V1,V2,...`` as dimensions of the grid, like the ``-D`` lists (docs/sweeps.md).

A ``--scale`` or ``--param`` with one value is a fixed what-if applied to every point, as in
``interp run``; with a comma list it becomes an axis. ``--machine`` with one name is the machine of
every point; with a comma list, the machines are compared. An axis is named by its column:
``machine``, ``scale:KEY`` and ``param:NAME`` (prefixed, so that no axis can share a column name
with an input of the program).

Applied at a point: the point's machine, then the fixed ``--scale`` options and the swept ones in
the order given on the command line, then the ``--param`` options likewise (pipeline.load_machine).
"""
from __future__ import annotations

from dataclasses import dataclass

from sag.errors import quote
from sag.whatif import parse_assignments

from interp.errors import InputError
from interp.studies.grid import named_lists


@dataclass(frozen=True)
class Axis:
    column: str        # "machine", "scale:comm_sync.per_byte", "param:load"
    values: tuple      # machine names (str) or numbers (float), in the order given


@dataclass(frozen=True)
class MachineOptions:
    """The options as given, each --scale/--param item with its list of values."""

    machines: tuple            # (name, ...)
    scale: tuple               # ((key, (values...)), ...) in the order given
    params: tuple              # ((name, (values...)), ...)

    def axes(self) -> list[Axis]:
        out = [Axis("machine", self.machines)] if len(self.machines) > 1 else []
        out += [Axis(f"scale:{k}", vs) for k, vs in self.scale if len(vs) > 1]
        out += [Axis(f"param:{k}", vs) for k, vs in self.params if len(vs) > 1]
        return out

    def at(self, values: tuple) -> tuple[str, tuple, tuple]:
        """(machine, scale strings, param strings) at a point's axis values ((column, value), ...)."""
        chosen = dict(values)
        machine = chosen.get("machine", self.machines[0])

        def items(prefix, pairs):
            return tuple(f"{k}={_number_text(chosen.get(f'{prefix}:{k}', vs[0]))}" for k, vs in pairs)

        return machine, items("scale", self.scale), items("param", self.params)


def _number_text(v: float) -> str:
    return repr(float(v))


def _split(items, what: str) -> tuple:
    """``KEY=V1,V2`` items as ((key, (v1, v2)), ...); each value checked as interp run checks it."""
    def number(key, text):
        return parse_assignments([f"{key}={text}"], what)[0][1]

    return tuple((key, tuple(values)) for key, values in named_lists(items, what, number))


def parse_machine_options(machine: str, scale, params) -> MachineOptions:
    names = [m.strip() for m in str(machine).split(",")]
    if any(not m for m in names):
        raise InputError(f"--machine {quote(machine)}: empty name in the comma list")
    if len(set(names)) != len(names):
        raise InputError(f"--machine {quote(machine)}: a machine is repeated")
    return MachineOptions(tuple(names), _split(scale, "--scale"), _split(params, "--param"))


def check_machines(options: MachineOptions, mode=("full", None, "")) -> None:
    """Load every machine with every value of every axis once, before any prediction: a missing
    file or a factor no parameter takes is reported at once, not after the points before it."""
    from interp.pipeline import load_machine

    for machine in options.machines:
        load_machine(machine, (), (), mode)
        for column, pairs, what in (("scale", options.scale, 0), ("param", options.params, 1)):
            for key, values in pairs:
                for v in values:
                    one = (f"{key}={_number_text(v)}",)
                    load_machine(machine, one if what == 0 else (), one if what == 1 else (), mode)
