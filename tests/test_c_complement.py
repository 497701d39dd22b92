"""C's ``~`` has a value (two's complement: ~x == -x - 1), so a mask built with it decides loops
and partners like ``^``, ``&`` and ``|`` do (frontends/c/expr.py)."""
from interp.pipeline import predict

PROG = r"""int main(void) {
    int n = 1000, k, s = 0;
    int low = n & ~7;          /* 1000 & ...11111000 = 1000 */
    int odd = 37 & ~1;         /* 36 */
    for (k = 0; k < low - 992; k++)   /* 8 */
        s += k;
    for (k = 0; k < odd; k++)         /* 36 */
        s -= k;
    for (k = 0; k < -(~5); k++)       /* ~5 = -6: 6 */
        s += 2 * k;
    return s;
}
"""


def test_complement_values_bound_loops(tmp_path):
    path = tmp_path / "c.c"
    path.write_text(PROG)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    counts = {int(s.loc.split(":")[1].split("-")[0]): s.executions for s in r.aau_totals() if s.cls == "Seq"}
    assert counts[6] == 8 and counts[8] == 36 and counts[10] == 6
