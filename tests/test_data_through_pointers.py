"""A callee that branches on data it reads through a pointer (``x->key`` in a comparison
function called with ``&v[i]``), and loop limits written with an offset (``i + 1 < n``).

Before: the call's closed form read ``*x.key``, whose value is data, and the prediction stopped
("the call's interpretation function depends on '*x.key'"); and ``for (i = 0; i + 1 < n; i++)``
was not a counted loop, so a 100,000-iteration loop with such a call was interpreted iteration by
iteration (26 s). Now the body is interpreted with its branches weighted as data (Algorithm 3,
0.5 per condition, with a note), the loop is counted (n - 1 iterations) and, above the exact
limit, sampled like any loop without a closed form.
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

PROGRAM = r"""#include <stdlib.h>
typedef struct { double key; int id; } item;
static int by_key(const item *x, const item *y)
{
    if (x->key < y->key) return -1;
    return 1;
}
int main(void)
{
    int n = N_VALUE, c = 0;
    item *v = malloc(n * sizeof(item));
    for (int i = 0; i + 1 < n; i++)
        c += by_key(&v[i], &v[i + 1]);
    return c;
}
"""


def _run(tmp_path, n, exact=False):
    path = tmp_path / f"p{n}.c"
    path.write_text(PROGRAM.replace("N_VALUE", str(n)))
    return predict([str(path)], "ipsc860", 1, [], interactive=False, exact=exact)


def test_the_comparison_is_weighted_and_the_loop_counted(tmp_path):
    run = _run(tmp_path, 500)
    calls = [s for s in run.result.aaus.values() if s.cls == "Call"]
    assert [int(s.executions) for s in calls] == [499]         # i = 0 .. n - 2
    notes = " ".join(run.result.notes)
    assert "weighted with probability 0.5 per condition" in notes


def test_sampled_above_the_exact_limit_agrees_with_every_iteration(tmp_path):
    # Every iteration costs the same (the branch is weighted, not followed), so the total is
    # A + B (n - 1): A and B from two exact runs of 500 and 1,000 iterations, and the sampled run
    # at 30,000 iterations (above the exact limit) must land on the same line.
    t500, t1000 = (_run(tmp_path, n, exact=True).result.total for n in (501, 1001))
    per = (t1000 - t500) / 500
    sampled = _run(tmp_path, 30001).result
    assert sampled.total == pytest.approx(t500 + per * (30000 - 500), rel=1e-9)
    assert any("256 of its 30,000 iterations" in n for n in sampled.notes)
