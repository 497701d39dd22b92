"""The points of a study: lists of input values and process counts as the user gives them
(``-D n=1000,10000``, ``--procs 1,2,4``), and the -D strings of one point."""
from __future__ import annotations

import math
import re

from interp.errors import InputError
from interp.output.format import fmt_value

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


MAX_RANGE = 10_000_000  # values one range may give (a 10^7-point grid is already minutes of output)


def _range(text: str, what: str) -> list[float]:
    """``START:STOP:COUNT`` (COUNT values evenly spaced from START to STOP, both included),
    ``START:STOP:+STEP`` (START, START + STEP, ... up to STOP) or ``START:STOP:xFACTOR`` (START,
    START * FACTOR, ... up to STOP). Each value is computed from START, not accumulated, so that
    1e3:1e6:x10 gives exactly 1000, 10000, 100000, 1000000; one rounded past STOP is STOP
    (1:1e300:x1e50 ended at 1.0000000000000005e300, which -D refuses)."""
    import numpy as np

    parts = text.split(":")
    if len(parts) != 3 or not parts[2].strip():
        raise InputError(f"{what}: {text.strip()!r} is not a range; give START:STOP:COUNT, START:STOP:+STEP "
                         "or START:STOP:xFACTOR (1000:2000:11, 0:1:+0.25, 1e3:1e6:x10)")
    where = f"{what} (range {text.strip()!r})"
    start, stop = _number(parts[0], where), _number(parts[1], where)
    how = parts[2].strip()
    kind = how[0] if how[0] in "+xX" else ""
    size = _number(how[len(kind):], where)
    if kind == "":
        if size != int(size) or size < 2:
            raise InputError(f"{what}: {text.strip()!r}: the count {how} is not a whole number of at least 2")
        count = int(size)
        make = lambda: np.linspace(start, stop, count).tolist()  # noqa: E731
    elif kind == "+":
        if not size > 0 or not start < stop:
            raise InputError(f"{what}: {text.strip()!r}: START:STOP:+STEP needs STEP > 0 and START < STOP")
        count = _how_many(np.floor((stop - start) / size + 1e-9) + 1, what, text)  # STOP included up to rounding
        make = lambda: np.minimum(start + size * np.arange(count), stop).tolist()  # noqa: E731
    else:
        if not size > 1 or not 0 < start < stop:
            raise InputError(f"{what}: {text.strip()!r}: START:STOP:xFACTOR needs FACTOR > 1 and 0 < START < STOP")
        # the logarithms apart: stop / start overflows for 1e-300:1e300 (an internal error)
        count = _how_many(np.floor((np.log(stop) - np.log(start)) / np.log(size) + 1e-9) + 1, what, text)
        make = lambda: [min(_power(start, size, k), stop) for k in range(count)]  # noqa: E731
    if count > MAX_RANGE:
        raise InputError(f"{what}: {text.strip()!r} gives {count:,} values; a range gives at most {MAX_RANGE:,}")
    return make()


def _how_many(values: float, what: str, text: str) -> int:
    """The number of values of a range, refused when not finite ((STOP - START) / STEP overflows:
    -1e300:1e300:+1e-300 is more values than a double holds)."""
    if not values < float(MAX_RANGE + 1):
        many = f"{values:,.0f}" if math.isfinite(values) else "more"
        raise InputError(f"{what}: {text.strip()!r} gives {many} values; a range gives at most {MAX_RANGE:,}")
    return int(values)


def _power(start: float, factor: float, k: int) -> float:
    """START * FACTOR**k, exact where FACTOR**k is (1e3 x 10**3 is 1e6); through logarithms where
    FACTOR**k alone overflows (1e-300:1e300:x1e100: 1e100**6 does, the value 1e300 does not)."""
    try:
        return start * factor ** k
    except OverflowError:
        return math.exp(math.log(start) + k * math.log(factor))


def _first_repeated(values) -> str:
    seen = set()
    for v in values:
        if v in seen:
            return v if isinstance(v, str) else fmt_value(v)
        seen.add(v)
    return "?"


def named_lists(items, what: str, parse, name_ok=bool, ranges=False) -> list[tuple[str, list]]:
    """``NAME=V1,V2,...`` options as [(name, [parse(name, "V1"), ...])], in the order given: each name
    once, no empty or repeated value (the -D lists here, the machine axes in machine_axes.py). With
    ``ranges``, an item START:STOP:... stands for the values of its range (_range)."""
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
        parsed = []
        for p in parts:
            if ranges and ":" in p:
                parsed.extend(_range(p, f"{what} {name}"))
            else:
                parsed.append(parse(name, p))
        if len(set(parsed)) != len(parsed):
            raise InputError(f"{what} {item!r}: a value is repeated ({_first_repeated(parsed)})")
        out.append((name, parsed))
    return out


def parse_define_lists(defines) -> list[tuple[str, list[float]]]:
    """``-D n=1000,10000 -D reps=2`` -> [("n", [1000.0, 10000.0]), ("reps", [2.0])], in the order given."""
    return named_lists(defines, "-D", lambda name, text: _number(text, f"-D {name}"), lambda n: bool(_NAME.match(n)),
                       ranges=True)


def parse_procs_list(text: str) -> list[int]:
    """``"1,2,4"`` -> [1, 2, 4], ascending; every count a positive integer, none repeated. An item
    START:STOP:... is a range as for -D (``1:1024:x2``), each of its values a whole number."""
    counts = []
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            raise InputError(f"--procs {text!r}: empty value in the comma list")
        items = [str(int(v)) if v == int(v) else repr(v) for v in _range(part, "--procs")] if ":" in part else [part]
        for item in items:
            _count(item, text, counts)
    return sorted(counts)


def _count(part: str, text: str, counts: list) -> None:
    try:
        p = int(part)
    except ValueError:
        raise InputError(f"--procs {text!r}: {part!r} is not a whole number of processes") from None
    if p < 1:
        raise InputError(f"--procs {text!r}: {p} processes; the count must be at least 1")
    if p in counts:
        raise InputError(f"--procs {text!r}: {p} is repeated")
    counts.append(p)


def define_args(values: dict[str, float]) -> list[str]:
    """-D strings for predict(); repr keeps every digit of a float."""
    return [f"{k}={int(v) if math.isfinite(v) and v == int(v) else repr(v)}" for k, v in values.items()]
