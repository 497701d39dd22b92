"""Loop nests whose inner trip count is a shift or a C quotient of the outer index.

sympy has no closed form for floor(n / 2**lev) or n / k summed over the index, and its search
for one ran for minutes, uninterruptible (--timeout was checked between units of work only): a
multigrid level loop over 6 levels hung interp. Such sums are now evaluated term by term at
once (interp/models/omega.py ``_closable``), ``1 << k`` is summed as the geometric 2**k, and a
hard deadline stops a step that runs away (interp/engine/budget.py ``deadline``). Counts by hand.
"""
from __future__ import annotations

import time

import pytest

from interp.engine.budget import BudgetExceeded
from interp.pipeline import predict

NEST = """#include <stdio.h>
int main(void) {
    double s = 0.0;
    int n = N;
    for (int k = KLO; k < KHI; k++)
        for (int i = 0; i < BOUND; i++)
            s += 1.0;
    printf("%f\\n", s);
    return 0;
}
"""


def _body_execs(tmp_path, bound, n=256, klo=0, khi=6):
    path = tmp_path / "nest.c"
    path.write_text(NEST.replace("BOUND", bound).replace("KLO", str(klo)).replace("KHI", str(khi))
                    .replace("N;", f"{n};"))
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    return next(s.executions for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":7"))


@pytest.mark.parametrize("bound, klo, khi, expected", [
    ("(1 << k)", 0, 6, 63),             # 1 + 2 + ... + 32
    ("(1 << k)", 0, 24, 2 ** 24 - 1),   # geometric: a closed form, not 16 million terms
    ("(n >> k)", 0, 6, 504),            # 256 + 128 + ... + 8: multigrid levels
    ("n / (1 << k)", 0, 6, 504),
    ("n / k", 1, 257, 1466),            # sum of floor(256 / k), k = 1..256
])
def test_shift_and_quotient_bounds_are_counted_at_once(tmp_path, bound, klo, khi, expected):
    start = time.monotonic()
    assert _body_execs(tmp_path, bound, klo=klo, khi=khi) == expected
    assert time.monotonic() - start < 60  # minutes before (no timing figure is asserted finer)


def test_a_step_that_runs_away_is_stopped_at_the_deadline(tmp_path, monkeypatch):
    """The cooperative --timeout check cannot run while one step computes: a closed form that
    takes forever (simulated) is stopped by the hard deadline, --timeout + 5 s."""
    import interp.models.omega as omega

    def forever(term, k, nn):
        time.sleep(120)
    monkeypatch.setattr(omega, "_sum_rounded", forever)
    path = tmp_path / "nest.c"
    path.write_text(NEST.replace("BOUND", "k + 1").replace("KLO", "0").replace("KHI", "6").replace("N;", "100;"))
    start = time.monotonic()
    with pytest.raises(BudgetExceeded, match=r"more than 1 s of wall time .*--timeout"):
        predict([str(path)], "ipsc860", 1, [], interactive=False, timeout=1)
    assert time.monotonic() - start < 60
