"""Executions per source line against the program's own run: tests/data/linecounts/shapes.c
(helpers with loops after loops, values returned and assigned in branches, switch, do-while,
halving steps, two-variable for, continue in a while (n--), stepped triangular nests).

EXPECTED holds, for every statement line, how often it ran when the program was compiled with
gcc -O0 --coverage and run (gcov, 2026-11-23): the ground truth of C's semantics, which interp's
Seq AAUs on those lines must reproduce exactly (a switch's ``break;`` has no AAU of its own
and is left out). Three silent errors this shape set found were
fixed with it (docs/model.md: values a loop leaves, stepped triangular nests, a continue in a
rotated loop).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from interp.pipeline import predict

SRC = Path(__file__).parent / "data" / "linecounts" / "shapes.c"
EXPECTED = {9: 6, 11: 4, 13: 2, 15: 310, 19: 6, 21: 66, 25: 6, 27: 45, 29: 39, 33: 6, 35: 16, 37: 40,
            41: 6, 43: 18, 45: 189, 50: 6, 53: 37, 55: 37, 59: 6, 62: 2, 65: 2, 68: 2,
            71: 120, 75: 6, 77: 30, 83: 88, 87: 6, 89: 29, 90: 29, 96: 27, 101: 30, 105: 6, 108: 15,
            109: 42, 110: 42, 115: 6, 118: 16, 119: 12, 122: 102}


# returns.c: returns in a helper's branches (clamp), an early return from a loop, a two-variable
# for with &&, Collatz steps, a tripling loop, nested ternaries (gcov, 2026-11-23). The attribution
# of a closed form counted the statements after an if whose branch returns at every call (line 9:
# 8 executions for C's 5) until the same day.
RETURNS = Path(__file__).parent / "data" / "linecounts" / "returns.c"
RETURNS_EXPECTED = {6: 1, 8: 2, 9: 5, 13: 8, 15: 105, 20: 63, 26: 3, 27: 54, 29: 5, 33: 8, 36: 90, 38: 32,
                    39: 122, 46: 266, 50: 8, 52: 54}


@pytest.mark.parametrize("closed_forms", [True, False])
@pytest.mark.parametrize("src, expected", [(SRC, EXPECTED), (RETURNS, RETURNS_EXPECTED)], ids=["shapes", "returns"])
def test_every_statement_runs_as_often_as_in_c(closed_forms, src, expected):
    EXPECTED = expected
    r = predict([str(src)], "ipsc860", 1, [], interactive=False, closed_forms=closed_forms).result
    got: dict[int, float] = {}
    for s in r.aau_totals():
        if s.cls != "Seq":
            continue
        first, _, last = s.loc.rsplit(":", 1)[1].partition("-")
        for line in range(int(first), int(last or first) + 1):  # a cluster: straight-line statements
            got[line] = got.get(line, 0) + s.executions
    wrong = {line: (got.get(line), n) for line, n in EXPECTED.items() if got.get(line) != n}
    assert not wrong, f"line: (interp, C) {wrong}"
