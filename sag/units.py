"""Units of machine parameters and their conversion to seconds, bytes, hertz and bytes/second.

Parameters may be given in clocks (paper 3.2.2: "either in the form of absolute times or as a
count of the system clock"); those are converted with the clock period of the SAU's processing
component, once, when the machine is loaded.
"""
from __future__ import annotations

from dataclasses import dataclass

TIME = "time"
SIZE = "size"
FREQUENCY = "frequency"
RATE = "rate"
COUNT = "count"
FRACTION = "fraction"
FLOP_RATE = "flop rate"

# unit name -> (dimension, factor to the base unit). "clk" is special: factor is the clock period.
_UNITS: dict[str, tuple[str, float]] = {
    "s": (TIME, 1.0), "sec": (TIME, 1.0), "ms": (TIME, 1e-3), "us": (TIME, 1e-6),
    "ns": (TIME, 1e-9), "ps": (TIME, 1e-12),
    "clk": (TIME, 0.0), "clks": (TIME, 0.0), "clock": (TIME, 0.0), "clocks": (TIME, 0.0),
    "cycle": (TIME, 0.0), "cycles": (TIME, 0.0),
    "B": (SIZE, 1.0), "byte": (SIZE, 1.0), "bytes": (SIZE, 1.0),
    "KB": (SIZE, 1e3), "MB": (SIZE, 1e6), "GB": (SIZE, 1e9),
    "KiB": (SIZE, 1024.0), "MiB": (SIZE, 1024.0**2), "GiB": (SIZE, 1024.0**3),
    "Hz": (FREQUENCY, 1.0), "kHz": (FREQUENCY, 1e3), "MHz": (FREQUENCY, 1e6), "GHz": (FREQUENCY, 1e9),
    "B/s": (RATE, 1.0), "KB/s": (RATE, 1e3), "MB/s": (RATE, 1e6), "GB/s": (RATE, 1e9),
    "KiB/s": (RATE, 1024.0), "MiB/s": (RATE, 1024.0**2), "GiB/s": (RATE, 1024.0**3),
    "Mbit/s": (RATE, 1e6 / 8), "Gbit/s": (RATE, 1e9 / 8),
    "flop/s": (FLOP_RATE, 1.0), "Mflop/s": (FLOP_RATE, 1e6), "Gflop/s": (FLOP_RATE, 1e9),
}

CLOCK_UNITS = frozenset(u for u, (_, f) in _UNITS.items() if f == 0.0)

BASE_UNIT = {FLOP_RATE: "flop/s", TIME: "s", SIZE: "B", FREQUENCY: "Hz", RATE: "B/s", COUNT: "", FRACTION: ""}


@dataclass(frozen=True)
class Unit:
    name: str
    dimension: str
    factor: float  # 0.0 means "multiply by the clock period"

    @property
    def is_clock(self) -> bool:
        return self.name in CLOCK_UNITS


def lookup(name: str) -> Unit | None:
    entry = _UNITS.get(name)
    if entry is None:
        return None
    return Unit(name, entry[0], entry[1])


def known_units(dimension: str) -> list[str]:
    return sorted(u for u, (d, _) in _UNITS.items() if d == dimension)


def split_value(text: str) -> tuple[str, str | None]:
    """Split ``"(1.256e-6/clk)+2 clk"`` into ``("(1.256e-6/clk)+2", "clk")``.

    The unit is the last whitespace-separated token when it is not part of the expression
    (a token that is a known unit, or a plain word after a number, which is then a bad unit).
    """
    text = text.strip()
    head, sep, tail = text.rpartition(" ")
    if not sep:
        return text, None
    if tail in _UNITS or (tail.replace("/", "").isalpha() and not head.rstrip().endswith(("+", "-", "*", "/", "("))):
        return head.strip(), tail
    return text, None


def format_quantity(value: float, dimension: str) -> str:
    """Human-readable value with a sensible unit (``70 us``, ``8 KiB``, ``40 MHz``)."""
    if dimension == TIME:
        for unit, f in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
            if abs(value) >= f or unit == "ns":
                return f"{value / f:.4g} {unit}"
    if dimension == SIZE:
        for unit, f in (("GiB", 1024.0**3), ("MiB", 1024.0**2), ("KiB", 1024.0), ("B", 1.0)):
            if abs(value) >= f and (value / f == int(value / f) or unit == "B"):
                return f"{value / f:.4g} {unit}"
        return f"{value:.4g} B"
    if dimension == FREQUENCY:
        for unit, f in (("GHz", 1e9), ("MHz", 1e6), ("kHz", 1e3), ("Hz", 1.0)):
            if abs(value) >= f or unit == "Hz":
                return f"{value / f:.4g} {unit}"
    if dimension == RATE:
        for unit, f in (("GB/s", 1e9), ("MB/s", 1e6), ("KB/s", 1e3), ("B/s", 1.0)):
            if abs(value) >= f or unit == "B/s":
                return f"{value / f:.4g} {unit}"
    if dimension == FLOP_RATE:
        for unit, f in (("Gflop/s", 1e9), ("Mflop/s", 1e6), ("flop/s", 1.0)):
            if abs(value) >= f or unit == "flop/s":
                return f"{value / f:.4g} {unit}"
    return f"{value:.6g}"
