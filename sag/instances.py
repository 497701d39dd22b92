"""How many SAU instances a machine describes, against the limit it may describe.

``count: 16`` on an SAU means 16 identical units, each with the SAU's children, so a child with
``count: 4`` stands for 64 units. A typo (``count: 1000000000``) would otherwise be accepted and
make every later step (mappings, topologies, reports) work on a nonsense machine; a file that
really describes a larger machine says so with the top-level key ``count_limit``.
"""
from __future__ import annotations

from .limits import DEFAULT_COUNT_LIMIT, MAX_COUNT_LIMIT
from .model import SAU

KEY = "count_limit"


def read_limit(value) -> tuple[int, str | None]:
    """The limit a file's ``count_limit`` sets (or the default) and a problem with it, if any."""
    if value is None:
        return DEFAULT_COUNT_LIMIT, None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_COUNT_LIMIT:
        return DEFAULT_COUNT_LIMIT, (f"'{KEY}' must be a whole number from 1 to {MAX_COUNT_LIMIT:,} "
                                     "(the most SAU instances this machine may describe)")
    return value, None


def first_over(root: SAU, limit: int) -> tuple[SAU, int] | None:
    """The first SAU (in file order) at which the running total of instances passes ``limit``,
    with that total; None when the whole machine is within it.

    Iterative, and totals are Python integers, so neither deep trees nor huge counts overflow.
    """
    total = 0
    stack = [(root, 1)]
    while stack:
        sau, above = stack.pop()
        units = above * sau.count
        total += units
        if total > limit:
            return sau, total
        stack.extend((child, units) for child in reversed(sau.children))
    return None
