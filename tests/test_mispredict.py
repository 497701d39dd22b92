"""Branch outcomes a predictor would miss (interp/engine/mispredict.py): counts by hand."""
import pytest

from interp.engine import exit_scan
from interp.pipeline import predict

from tests.test_divider import DIVIDER, MACHINE, NS

# x = i + 3, then up to the next multiple of 4: the while's trip counts are 1, 0, 3, 2, 1, 0, 3, 2.
PROGRAM = """
int main(void)
{
    int total = 0;
    for (int i = 0; i < 8; i++) {
        int x = START;
        while (x % 4 != 0)
            x++;
        total += x;
    }
    return total;
}
"""


def _total(tmp_path, src, bound, mispredict, name="p.c"):
    c = tmp_path / name
    c.write_text(src)
    m = tmp_path / "m.yaml"
    text = MACHINE.format(divider=DIVIDER)
    if mispredict:
        text = text.replace("branch_taken: 1 ns}", "branch_taken: 1 ns, mispredict: 10 ns}")
    m.write_text(text)
    return predict([str(c)], str(m), 1, [], bound=bound).result.total


def _misses(tmp_path, src, bound):
    return round((_total(tmp_path, src, bound, True) - _total(tmp_path, src, bound, False)) / (10 * NS), 6)


def _changes(outcomes: str) -> int:
    """Misses of a predictor that repeats a branch's last outcome: every change after the first."""
    return sum(1 for p, q in zip(outcomes, outcomes[1:]) if p != q)


def test_exits_at_mid_and_every_branch_at_worst(tmp_path):
    src = PROGRAM.replace("START", "i + 3")
    # mid: each execution of the while whose trip count differs from the last one's (the first
    # included) misses its exit: counts 1, 0, 3, 2, 1, 0, 3, 2 all differ -> 8; the for's one
    # execution (a first) -> 1
    assert _misses(tmp_path, src, "mid") == 8 + 1
    # worst: every test through the last-outcome predictor. The while's outcomes, C = continue,
    # L = leave: C L | L | C C C L | C C L | C L | L | C C C L | C C L: 11 changes; the for's
    # 8 C then L: 1
    inner = "CL" + "L" + "CCCL" + "CCL" + "CL" + "L" + "CCCL" + "CCL"
    assert _changes(inner) == 11
    assert _misses(tmp_path, src, "worst") == 11 + 1
    assert _misses(tmp_path, src, "best") == 0


def test_a_repeated_count_is_predicted(tmp_path):
    # the same while (3 continues, then leave) for 40 values of i: at mid only its first
    # execution misses (then the count repeats), plus the for's exit; at worst every change
    # C -> L and L -> C: 2 per execution less the first C, plus the for's leave.
    src = PROGRAM.replace("START", "4 * i + 1").replace("i < 8", "i < 40")
    assert _misses(tmp_path, src, "mid") == 1 + 1
    assert _changes("CCCL" * 40) == 79
    assert _misses(tmp_path, src, "worst") == 79 + 1


PRIMES = """
int main(void)
{
    int count = 0;
    for (int i = 2; i < 200; i++) {
        int prime = 1;
        for (int j = 2; j < i; j++)
            if (i % j == 0) { prime = 0; break; }
        count += prime;
    }
    return count;
}
"""


@pytest.mark.parametrize("bound", ["mid", "worst"])
def test_scan_keeps_the_misses(tmp_path, monkeypatch, bound):
    # the scan charges its iterations' outcomes as the interpretation does: the same totals
    with_scan = _total(tmp_path, PRIMES, bound, True, "s.c")
    monkeypatch.setattr(exit_scan.ExitScan, "exit_scan", lambda self, *args: 0)
    without = _total(tmp_path, PRIMES, bound, True, "s.c")
    assert with_scan == pytest.approx(without, rel=1e-12)
    # mid: the j loop runs i - 2 iterations for a prime i, spf(i) - 1 for a composite (j = 2 ..
    # its smallest factor, the break's included): a miss wherever that differs from the i before
    def trips(i):
        spf = next((j for j in range(2, i) if i % j == 0), None)
        return i - 2 if spf is None else spf - 1
    counts = [trips(i) for i in range(2, 200)]
    changed = 1 + sum(1 for p, q in zip(counts, counts[1:]) if p != q)
    assert _misses(tmp_path, PRIMES, "mid") == changed + 1   # and the i loop's one exit
