"""Struct members as loop bounds: initialised by a list, passed by pointer and by value.

``struct cfg cf = {4, 5};`` (and ``{.m = 5, .n = 4}``) gives cf.n = 4, cf.m = 5; members a list
leaves out are 0. A callee reading ``c->n * c->m`` through a pointer, or ``c.n * c.m`` from a copy
passed by value, runs 20 iterations a call. Before, the list gave no values and the copy had none
("the loop trip count depends on 'c.m' ... it depends on data").
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

PROGRAM = r"""double x;
struct cfg { int n; int m; int k; };
static void by_pointer(const struct cfg *c) { for (int j = 0; j < c->n * c->m + c->k; j++) x = x * 1.0; }
static void by_value(struct cfg c) { for (int j = 0; j < c.n * c.m + c.k; j++) x = x * 1.0; }
int main(void)
{
    struct cfg cf = INIT;
    for (int r = 0; r < 6; r++)
        by_pointer(&cf);
    for (int r = 0; r < 3; r++)
        by_value(cf);
    return 0;
}
"""


@pytest.mark.parametrize("init", ["{4, 5}", "{.m = 5, .n = 4}", "{4, 5, 0}"])
@pytest.mark.parametrize("closed_forms", [True, False])
def test_members_bound_the_callees_loops(tmp_path, init, closed_forms):
    path = tmp_path / "s.c"
    path.write_text(PROGRAM.replace("INIT", init))
    r = predict([str(path)], "ipsc860", 1, [], interactive=False, closed_forms=closed_forms).result
    execs = {s.loc.rsplit(":", 1)[1]: s.executions for s in r.aau_totals() if s.cls == "Seq"}
    # 4 * 5 + 0 = 20 iterations a call: 6 calls through the pointer, 3 of the copy
    assert execs["3"] == 6 * 20 and execs["4"] == 3 * 20


COPY = r"""double x;
struct cfg { int n; int m; };
static void by_value(struct cfg c)
{
    c.n = 1;
    for (int j = 0; j < c.n * c.m; j++) x = x * 1.0;
}
int main(void)
{
    struct cfg cf = {4, 5};
    for (int r = 0; r < 3; r++)
        by_value(cf);
    for (int j = 0; j < cf.n; j++) x = x + 1.0;
    return 0;
}
"""


def test_a_copy_changed_by_the_callee_leaves_the_callers_struct(tmp_path):
    path = tmp_path / "s.c"
    path.write_text(COPY)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    execs = {s.loc.rsplit(":", 1)[1]: s.executions for s in r.aau_totals() if s.cls == "Seq"}
    assert execs["6"] == 3 * 5          # the copy: n = 1 inside the callee, 1 * 5 a call
    assert execs["13"] == 4             # the caller's cf.n is still 4
