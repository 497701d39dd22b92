"""The points of a study: lists of input values and process counts as the user gives them
(``-D n=1000,10000``, ``--procs 1,2,4``), and the -D strings of one point."""
from __future__ import annotations

import math
import re

from interp.errors import InputError

# An input name as level 1 reports it: a variable, or an element read into an array (params[0]).
_NAME = re.compile(r"[A-Za-z_][\w\[\].]*$")


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"{what}: {text.strip()[:80]!r} is not a number") from None
    if not math.isfinite(value) or abs(value) > 1e300:  # as -D of interp run (pipeline.parse_defines)
        raise InputError(f"{what}: {text.strip()[:80]!r} is not a finite number of at most 1e300")
    return value


def named_lists(items, what: str, parse, name_ok=bool) -> list[tuple[str, list]]:
    """``NAME=V1,V2,...`` options as [(name, [parse(name, "V1"), ...])], in the order given: each name
    once, no empty or repeated value (the -D lists here, the machine axes in machine_axes.py)."""
    out: list[tuple[str, list]] = []
    seen = set()
    for item in items:
        name, sep, values = item.partition("=")
        name = name.strip()
        if not sep or not name_ok(name):
            raise InputError(f"{what} {item!r}: expected NAME=VALUE[,VALUE...]")
        if name in seen:
            raise InputError(f"{what} {name}: given twice; give all its values in one comma list")
        seen.add(name)
        parts = values.split(",")
        if any(not p.strip() for p in parts):
            raise InputError(f"{what} {item!r}: empty value in the comma list")
        parsed = [parse(name, p) for p in parts]
        if len(set(parsed)) != len(parsed):
            raise InputError(f"{what} {item!r}: a value is repeated")
        out.append((name, parsed))
    return out


def parse_define_lists(defines) -> list[tuple[str, list[float]]]:
    """``-D n=1000,10000 -D reps=2`` -> [("n", [1000.0, 10000.0]), ("reps", [2.0])], in the order given."""
    return named_lists(defines, "-D", lambda name, text: _number(text, f"-D {name}"), lambda n: bool(_NAME.match(n)))


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


def define_args(values: dict[str, float]) -> list[str]:
    """-D strings for predict(); repr keeps every digit of a float."""
    return [f"{k}={int(v) if math.isfinite(v) and v == int(v) else repr(v)}" for k, v in values.items()]
