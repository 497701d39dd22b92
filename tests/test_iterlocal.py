"""Iteration-local names (frontends/aag/iterlocal.py): a counted loop whose body sets a critical
name afresh before reading it stays IterD (sampled or summed), where it used to be interpreted
iteration by iteration as IterND."""
import pytest

from frontends.aag import Iter
from frontends.load import load_program
from interp.pipeline import predict

COLLATZ = """
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    long steps = 0;
    for (int k = 1; k <= n; k++) {
        BODY
        while (x != 1) {
            if (x % 2 == 0)
                x = x / 2;
            else
                x = 3 * x + 1;
            steps++;
        }
    }
    printf("%ld\\n", steps);
    return 0;
}
"""


def _loops(tmp_path, body):
    p = tmp_path / "c.c"
    p.write_text(COLLATZ.replace("BODY", body))
    main = load_program(str(p)).functions["main"]
    return [x.cls for a in main.body for x in a.walk() if isinstance(x, Iter)], str(p)


@pytest.mark.parametrize("body, outer", [
    ("long x = k;", "IterD"),                       # set afresh from k: nothing carries
    ("long x = 2 * k + 1; long y = x;", "IterD"),   # set, then read, in one statement group
    ("static long x = 7; x = x + k;", "IterND"),    # read before it is set: the value carries
])
def test_which_loops_carry_their_values(tmp_path, body, outer):
    kinds, _ = _loops(tmp_path, body)
    assert kinds == [outer, "IterND"]


def test_reading_before_setting_in_one_statement_group_carries(tmp_path):
    # `y = x` reads the previous iteration's x before `x = k` sets it
    kinds, _ = _loops(tmp_path, "static long x = 5; long y; y = x; x = k + y;")
    assert kinds[0] == "IterND"


def test_the_prediction_is_the_interpretation(tmp_path):
    # 400 iterations (at most 2 x 256, not sampled): every outer iteration interpreted, as --exact
    _, path = _loops(tmp_path, "long x = k;")
    a = predict([path], "ipsc860", 1, ["n=400"]).result
    b = predict([path], "ipsc860", 1, ["n=400"], exact=True).result
    assert a.total == pytest.approx(b.total, rel=1e-12)
    inner = [s for s in a.aau_totals() if s.cls == "IterND"][0]
    # the number of Collatz steps of 1..400 is the inner loop's executions of its body
    steps = 0
    for k in range(1, 401):
        x = k
        while x != 1:
            x = x // 2 if x % 2 == 0 else 3 * x + 1
            steps += 1
    body = [s for s in a.aau_totals() if s.label.startswith("steps++") or "steps" in s.label]
    assert inner.executions == 400
    assert any(s.executions == steps for s in body)
