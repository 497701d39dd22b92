"""Numbers as reports print them: times with units, counts with separators, input values."""
from __future__ import annotations


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    a = abs(seconds)
    if a < 1e-15:  # a float residue of sums of times (2.4e-21 s printed as "2.435e-12 ns"): the
        return "0"  # model's smallest cost is a fraction of a nanosecond
    for unit, f in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if a >= f or unit == "ns":
            return f"{seconds / f:.4g} {unit}"
    return f"{seconds:.3g} s"


def fmt_count(n: float) -> str:
    if n == int(n):
        return f"{int(n):,}"
    return f"{n:,.1f}"



def fmt_value(v: float) -> str:
    """An input value as the user would write it, exactly: 1000000 (not 1e+06 nor 1000000.0),
    0.1234567 (not 0.123457); beyond 2**53, where floats skip integers, the shortest exact repr."""
    try:
        v = float(v)
    except (TypeError, ValueError):
        return str(v)
    if v == v and abs(v) < 2.0**53 and v == int(v):
        return str(int(v))
    return repr(v)
