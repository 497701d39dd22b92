"""Options and argument parsing shared by the commands that run several predictions: sweep,
whatif and compare.

They live here, not in cli.py, so those commands can be added to the CLI without editing the
``run`` command's options; their names and meanings are the same as ``run``'s.
"""
from __future__ import annotations

import re

import click

from interp.errors import InputError

# An input name as level 1 reports it: a variable, or an element read into an array (params[0]).
_NAME = re.compile(r"[A-Za-z_][\w\[\].]*$")


def prediction_options(procs_help: str, procs_default: str | int, procs_type=int):
    """--machine, --procs, -D, --bound, --scale, --param, -I, as ``interp run`` has them."""

    def decorate(fn):
        options = [
            click.option("--machine", "-m", default="ipsc860", show_default=True,
                         help="Machine description: a shipped name (interp machine list) or a YAML file."),
            click.option("--procs", "-p", default=procs_default, show_default=True, type=procs_type,
                         help=procs_help),
            click.option("-D", "defines", multiple=True, metavar="NAME=VALUE",
                         help="Value of an external input."),
            click.option("--bound", default="mid", show_default=True,
                         help="Which end of parameter ranges: best, worst, mid, or a formula of min and max."),
            click.option("--scale", multiple=True, metavar="COMP.PARAM=F",
                         help="What-if: scale machine parameters (*.speed=F: the machine F times as fast)."),
            click.option("--param", multiple=True, metavar="NAME=V",
                         help="Run-time parameter of the machine (load=0.3)."),
            click.option("-I", "include_dirs", multiple=True, metavar="DIR",
                         help="Directory for #include files."),
        ]
        for option in reversed(options):
            fn = option(fn)
        return fn

    return decorate


def _number(text: str, what: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise InputError(f"{what}: {text.strip()!r} is not a number") from None


def parse_define_lists(defines) -> list[tuple[str, list[float]]]:
    """``-D n=1000,10000 -D reps=2`` -> [("n", [1000.0, 10000.0]), ("reps", [2.0])], in the order given."""
    out: list[tuple[str, list[float]]] = []
    seen = set()
    for item in defines:
        name, sep, values = item.partition("=")
        name = name.strip()
        if not sep or not _NAME.match(name):
            raise InputError(f"-D {item!r}: expected NAME=VALUE[,VALUE...]")
        if name in seen:
            raise InputError(f"-D {name}: given twice; give all its values in one comma list")
        seen.add(name)
        parts = values.split(",")
        if any(not p.strip() for p in parts):
            raise InputError(f"-D {item!r}: empty value in the comma list")
        nums = [_number(p, f"-D {name}") for p in parts]
        if len(set(nums)) != len(nums):
            raise InputError(f"-D {item!r}: a value is repeated")
        out.append((name, nums))
    return out


def parse_procs_list(text: str) -> list[int]:
    """``"1,2,4"`` -> [1, 2, 4], ascending; every count a positive integer, none repeated."""
    counts = []
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            raise InputError(f"--procs {text!r}: empty value in the comma list")
        try:
            p = int(part)
        except ValueError:
            raise InputError(f"--procs {text!r}: {part!r} is not a whole number of processes") from None
        if p < 1:
            raise InputError(f"--procs {text!r}: {p} processes; the count must be at least 1")
        if p in counts:
            raise InputError(f"--procs {text!r}: {p} is repeated")
        counts.append(p)
    return sorted(counts)


def fmt_value(v: float) -> str:
    """An input value as the user would write it: 1000, not 1000.0."""
    if v == int(v) and abs(v) < 1e15:
        return str(int(v))
    return f"{v:g}"


def define_args(values: dict[str, float]) -> list[str]:
    """-D strings for predict(); repr keeps every digit of a float."""
    return [f"{k}={int(v) if v == int(v) else repr(v)}" for k, v in values.items()]
