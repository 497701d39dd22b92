"""A search loop fast-forwarded to its exit (interp/engine/exit_scan.py): the same figures as
interpreting every iteration, and values derived by hand."""
import pytest

from frontends.aag import Iter
from interp.engine import exit_scan
from interp.engine.exit_scan import _plan
from interp.pipeline import load_programs, predict

from tests.test_divider import DIVIDER, MACHINE, NS

PRIMES = """
#include <stdio.h>
int main(int argc, char **argv)
{
    int n = N, count = 0;
    for (int i = 2; i <= n; i++) {
        int prime = 1;
        for (int j = 2; j < i; j++) {
            if (i % j == 0) {
                prime = 0;
                break;
            }
        }
        count += prime;
    }
    printf("%d\\n", count);
    return 0;
}
"""

# The induction variable stepped in the body (the loop has no canonical variable: d * d <= k),
# statements before and after the if, and a return as the exit.
TRIAL = """
#include <stdio.h>
static int is_prime(int k)
{
    double x = 1.0;
    int d = 3;
    if (k % 2 == 0)
        return k == 2;
    for (; d * d <= k; ) {
        x = x * 0.5 + 1.0;
        if (k % d == 0)
            return 0;
        x = x + 2.0;
        d += 2;
    }
    return x > 0.0;
}
int main(void)
{
    int count = 0;
    for (int k = 2; k < N; k++)
        if (is_prime(k))
            count++;
    printf("%d\\n", count);
    return 0;
}
"""


def _machine(tmp_path, divider=DIVIDER):
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE.format(divider=divider))
    return str(m)


def _figures(path, machine, bound="mid", scan=True, monkeypatch=None):
    if not scan:
        monkeypatch.setattr(exit_scan.ExitScan, "exit_scan", lambda self, *args: 0)
    r = predict([path], machine, 1, [], bound=bound).result
    if not scan:
        monkeypatch.undo()
    return r.total, {(t.aau_id, t.label): (t.executions, t.total, t.comp, t.first, t.last, t.min, t.max)
                     for t in r.aau_totals()}


def _same(a, b):
    return a == b or (a is not None and b is not None and abs(a - b) <= 1e-9 * max(abs(a), abs(b)))


@pytest.mark.parametrize("src,n,longest", [(PRIMES, 400, 100), (TRIAL, 1500, 10)])
@pytest.mark.parametrize("machine", ["divider", "no divider", "ipsc860"])
@pytest.mark.parametrize("bound", ["mid", "best", "worst"])
def test_scan_gives_the_interpretations_figures(tmp_path, monkeypatch, src, n, longest, machine, bound):
    c = tmp_path / "p.c"
    c.write_text(src.replace("N", str(n)))
    m = "ipsc860" if machine == "ipsc860" else _machine(tmp_path, DIVIDER if machine == "divider" else "")
    used = []
    real = exit_scan.ExitScan._charge_bulk
    monkeypatch.setattr(exit_scan.ExitScan, "_charge_bulk", lambda self, *a: used.append(a[-1]) or real(self, *a))
    total, rows = _figures(str(c), m, bound)
    monkeypatch.undo()
    assert used and max(used) > longest   # the scan charged the primes' searches
    total_i, rows_i = _figures(str(c), m, bound, scan=False, monkeypatch=monkeypatch)
    assert _same(total, total_i)
    assert rows.keys() == rows_i.keys()
    for key, row in rows.items():
        assert all(_same(x, y) for x, y in zip(row, rows_i[key])), key


def test_search_of_a_prime_by_hand(tmp_path):
    # 1009 is prime: j = 2 .. 1008 are tested (1007 iterations), none divides. Per iteration on
    # the divider test machine (tests/test_divider.py), in one window (overlap.py): the counted
    # loop's own overhead (per_iter 0; its test j < i is in that overhead) and the if's
    # per_condition 0.5 + compare 0.25 ns on the pipelined ports beside the division, 4 + 0.15
    # (bits(1009 // j) - 1) ns: the division, all charged to the if.
    src = PRIMES.replace("int i = 2; i <= n; i++", "int i = 1009; i <= 1009; i++").replace("N", "1009")
    c = tmp_path / "p.c"
    c.write_text(src)
    r = predict([str(c)], _machine(tmp_path), 1, [], bound="mid").result
    divisions = [4 + 0.15 * ((1009 // j).bit_length() - 1) for j in range(2, 1009)]
    cond = next(t for t in r.aau_totals() if t.label.startswith("if ((i % j) == 0)"))
    assert cond.executions == 1007
    assert cond.total == pytest.approx(sum(divisions) * NS, rel=1e-9)
    assert cond.max == pytest.approx(5.2 * NS) and cond.min == pytest.approx(4 * NS)   # 504: 9 bits


def _loop(tmp_path, src):
    c = tmp_path / "q.c"
    c.write_text(src)
    fn = load_programs([str(c)])[0].functions["main"]
    return next(y for x in fn.body for y in x.walk() if isinstance(y, Iter) and y.cls == "IterND")


def test_what_the_scan_does_not_take(tmp_path):
    # an exit on an element (data the loop reads) is no search on known values
    assert _plan(_loop(tmp_path, """int main(void) { int a[100], i, k = 5; for (i = 0; i < 100; i++) a[i] = i;
        for (i = 0; i < 100; i++) { if (a[i] == k) break; } return i; }""")) is None
    # a variable the body sets otherwise than by a fixed step carries from one iteration to the next
    assert _plan(_loop(tmp_path, """int main(void) { int s = 1, i; for (i = 0; i < 100; i++) {
        if (s > 50) break; s = 2 * s; } return i + s; }""")) is None
    # a step that reads another induction variable is no fixed step
    assert _plan(_loop(tmp_path, """int main(void) { int s = 1, t = 1, i; for (i = 0; i < 100; i++) {
        if (s > 5000) break; s = s + t; t = t + 1; } return s; }""")) is None
    # two ifs: not a single exit
    assert _plan(_loop(tmp_path, """int main(void) { int i; for (i = 1; i < 100; i++) {
        if (i % 7 == 0) break; if (i % 11 == 0) break; } return i; }""")) is None
    # the plain search is taken: its steps by variable (d, read by the exit, stepped in the body)
    plan = _plan(_loop(tmp_path, """int main(void) { int i, d = 3; for (i = 1; i < 100; i++) {
        if (d > 50 && i % 7 == 0) break; d += 2; } return i + d; }"""))
    assert plan is not None and set(plan[3]) == {"i", "d"} and str(plan[3]["d"]) == "2"


def test_a_run_without_a_search_does_not_import_numpy(tmp_path):
    # numpy (0.1 s of start-up, issue 16) is imported at the first scan, through engine/lazynp.py
    import subprocess
    import sys
    c = tmp_path / "t.c"
    c.write_text("int main(void) { int s = 0; for (int i = 0; i < 10; i++) s += i; return s; }\n")
    code = ("import sys; from interp.pipeline import predict; "
            f"predict([{str(c)!r}], 'ipsc860', 1, []); print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
