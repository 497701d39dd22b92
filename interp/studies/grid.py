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


def define_args(values: dict[str, float]) -> list[str]:
    """-D strings for predict(); repr keeps every digit of a float."""
    return [f"{k}={int(v) if math.isfinite(v) and v == int(v) else repr(v)}" for k, v in values.items()]
