"""Loop conditions that update a counter (``while (n--)``, ``do { } while (--count)``, ``while
(i++ < n)``): the update runs at every test, the failing one too (frontends/c/control.py
counted_condition), so trip counts and the counter's value after the loop are C's.

Each body is ``cost(1 us)``; on the shipped iPSC/860 the loop's own overhead is left out by
comparing execution counts, which are derived by hand from C's semantics.
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

PROGRAM = r"""int main(void)
{
    int n = 7, c = 5, d = 4, i = 0, m = 6, k, after;
    while (n--) {
#pragma interp cost(1 us)
        k = 0;
    }
    do {
#pragma interp cost(1 us)
        k = 1;
    } while (--c);
    do {
#pragma interp cost(1 us)
        k = 2;
    } while (d--);
    while (i++ < m) {
#pragma interp cost(1 us)
        k = 3;
    }
    after = n + c + d + i;
    for (k = 0; k < after + 20; k++) {
#pragma interp cost(1 us)
        m = m;
    }
    return 0;
}
"""


def test_counter_updates_in_loop_conditions(tmp_path):
    path = tmp_path / "c.c"
    path.write_text(PROGRAM)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    execs = {int(s.loc.rsplit(":", 1)[1].split("-")[0]): int(s.executions)
             for s in r.aaus.values() if s.cls == "Seq" and s.total > 0.9e-6 * s.executions}
    # while (n--) from 7: tests 7..1 true, 0 false: 7 passes; n ends at -1.
    # do while (--c) from 5: passes with c = 5, 4, 3, 2, 1 before the test: 5; c ends at 0.
    # do while (d--) from 4: tests 4, 3, 2, 1 true, 0 false: 5 passes; d ends at -1.
    # while (i++ < m), m = 6: tests 0..5 true, 6 false: 6 passes; i ends at 7.
    assert (execs[6], execs[10], execs[14], execs[18]) == (7, 5, 5, 6)
    # after = -1 + 0 + -1 + 7 = 5: the last loop runs 25 times
    assert execs[23] == 25
