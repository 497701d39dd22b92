"""The integer divider by quotient width (interp/models/divider.py) and the operation classes of
divisions and multiplications by constants (frontends/c/counts.py): values derived by hand."""
import pytest
from interp.calibrate import fit

from frontends.aag import Iter, Seq
from interp.engine.algorithm import Engine
from interp.engine.options import EngineOptions
from interp.models.divider import Divider, extra_time
from interp.models.omega import NodeModel
from interp.models.roofline import RooflineModel
from interp.pipeline import load_machine, load_programs, predict, resolve_inputs
from sag import Bound

NS = 1e-9

# A roofline machine whose divider takes 4 ns for a 1-bit quotient and 8.35 ns for a 30-bit one:
# 0.15 ns per bit, so a quotient of b bits takes 4 + 0.15 (b - 1) ns. throughput.int_div, the
# mid a division of unknown operands costs, is their middle, 6.175 ns (a 15.5-bit quotient).
MACHINE = """
name: divider test machine
sag:
  id: R
  processing: compound
  children:
    - id: N
      role: compute
      count: 1
      processing:
        clock: 1 GHz
        model: roofline
        ops: {{int_add: 1 ns, int_mul: 3 ns, int_div: 20 ns}}
        throughput: {{int_add: 0.25 ns, int_mul: 1 ns, int_div: 6.175 ns, per_iter: 0 ns}}
        {divider}
        iter: {{fixed: 0 ns, per_iter: 0 ns}}
        cond: {{per_condition: 0.5 ns, branch_taken: 1 ns}}
      memory:
        cache: {{size: 32 KiB, block: 64 B, bandwidth: 32 GB/s}}
        main: {{bandwidth: 4 GB/s}}
        fetch: 1 ns
        store: 1 ns
"""
DIVIDER = "divider: {narrow: 4 ns, wide: 8.35 ns, narrow_bits: 1, wide_bits: 30}"

# The divisor loop of trial division: it returns early, so it is interpreted iteration by
# iteration and the engine knows k and d at every test.
TRIAL = """
#include <stdio.h>
int main(void)
{
    int k = KVAL, count = 0;
    for (int d = 3; d * d <= k; d += 2)
        if (k % d == 0)
            return 1;
    printf("%d\\n", count);
    return 0;
}
"""


def _run(tmp_path, src, divider=DIVIDER, **defines):
    c = tmp_path / "p.c"
    c.write_text(src)
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE.format(divider=divider))
    return predict([str(c)], str(m), 1, [f"{k}={v}" for k, v in defines.items()], bound="mid").result


def _stats(result, text):
    return next(a for a in result.aau_totals() if a.label.startswith(text))


def test_divider_time_by_hand():
    d = Divider(4 * NS, 8.35 * NS, 1, 30)
    # 1000003 // 3 = 333334: 19 bits -> 4 + 0.15 x 18 = 6.7 ns
    assert d.time(1000003, 3) == pytest.approx(6.7 * NS)
    # 1009 // 1000 = 1 and 5 // 7 = 0: one bit, the narrow end; C's signs do not matter
    assert d.time(1009, 1000) == pytest.approx(4 * NS)
    assert d.time(5, -7) == pytest.approx(4 * NS)
    assert d.time(-1000003, 3) == pytest.approx(6.7 * NS)
    # 2**40 // 1: 41 bits, the line beyond the wide end: 4 + 0.15 x 40 = 10 ns
    assert d.time(2 ** 40, 1) == pytest.approx(10 * NS)
    assert d.time(7, 0) is None and d.time(7.5, 2) is None
    # a / b and a % b of one statement are one division; an unknown pair keeps the mid
    assert extra_time(d, 6.175 * NS, [(1000003, 3), (1000003, 3)]) == pytest.approx((6.7 - 2 * 6.175) * NS)


def _loop_seqs(tmp_path, src):
    """The first statement group of each of main's loops."""
    c = tmp_path / "p.c"
    c.write_text(src)
    prog = load_programs([str(c)])[0]
    loops = [a for a in prog.functions["main"].body if isinstance(a, Iter)]
    return [next(x for x in loop.body if isinstance(x, Seq)) for loop in loops]


def test_classes_of_divisions_and_multiplications(tmp_path):
    src = """
int main(int argc, char **argv)
{
    int n = argc * 1000, m = argc, s = 0;
    for (int i = 1; i < n; i++) s += i % m;
    for (int i = 1; i < n; i++) s += i / 10;
    for (int i = 1; i < n; i++) s += i % 8;
    for (int i = 1; i < n; i++) s += 4 * i;
    for (int i = 1; i < n; i++) s += i * 3;
    return s;
}
"""
    seqs = _loop_seqs(tmp_path, src)
    ops = [dict(q.counts.ops) for q in seqs]
    assert ops[0].get("int_div") == 1 and len(seqs[0].counts.quotients) == 1   # by a variable
    assert str(seqs[0].counts.quotients[0][0]) == "i" and str(seqs[0].counts.quotients[0][1]) == "m"
    assert ops[1].get("int_div_const") == 1 and "int_div" not in ops[1]   # by 10: a multiply
    assert ops[2].get("int_shift") == 1 and not seqs[2].counts.quotients  # by 8: a shift
    assert ops[3].get("int_mul_pow2") == 1 and "int_mul" not in ops[3]    # by 4: a shift
    assert ops[4].get("int_mul") == 1                                     # by 3: imul


def test_classes_cost_on_roofline_and_paper(tmp_path):
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE.format(divider=DIVIDER))
    sag = load_machine(str(m))
    c = tmp_path / "p.c"
    c.write_text("int main(void) { return 0; }")
    programs = load_programs([str(c)])
    engine = Engine(programs, sag, 1, resolve_inputs(programs, {}, False), EngineOptions(bound=Bound.parse("mid")))
    model = engine._model(sag.find("N"), programs[0])
    assert type(model) is RooflineModel
    # a multiply-high, a shift and a fix-up: int_mul + 2 int_add = 1 + 0.5 ns; a shift: int_add
    assert model.op_time("int_div_const") == pytest.approx(1.5 * NS)
    assert model.op_time("int_mul_pow2") == pytest.approx(0.25 * NS)
    # the paper's model (Table 1 has int div and int mul only): the same as those
    paper = NodeModel(model.sau, Bound.parse("mid"), {}, programs[0].functions, {})
    assert paper.t("ops.int_div_const") == pytest.approx(20 * NS)
    assert paper.t("ops.int_mul_pow2") == pytest.approx(3 * NS)


@pytest.mark.parametrize("k", [1000003, 1009])
def test_trial_division_by_quotient_width(tmp_path, k):
    # k is prime: every odd d with d*d <= k is tested, none divides.
    ds = [d for d in range(3, k + 1, 2) if d * d <= k]
    # The loop is interpreted and its iterations overlap (interp/models/overlap.py): per
    # iteration the loop's test d * d <= k (int mul 1 + compare 0.25 = 1.25 ns on the pipelined
    # ports), then the if's per_condition 0.5 ns and compare 0.25 ns (ports) beside its division
    # in the divider, 4 + 0.15 (bits(k // d) - 1) ns: an iteration costs max(2.0, divider) =
    # the divider; the loop is charged its 1.25 ns, the if the rest.
    # (The not-taken branch pays no branch_taken: Algorithm 3, the untaken if's tests only.)
    divider = [4 + 0.15 * ((k // d).bit_length() - 1) for d in ds]
    with_div = _run(tmp_path, TRIAL.replace("KVAL", str(k)))
    cond = _stats(with_div, "if ((k % d) == 0)")
    assert cond.executions == len(ds)
    assert cond.total == pytest.approx(sum(t - 1.25 for t in divider) * NS, rel=1e-9)
    loop = _stats(with_div, "for ((d * d) <= k)")
    assert loop.total == pytest.approx(sum(divider) * NS, rel=1e-9)
    # Without processing.divider every test costs the mid, 6.175 ns
    mid = _run(tmp_path, TRIAL.replace("KVAL", str(k)), divider="")
    assert _stats(mid, "if ((k % d) == 0)").total == pytest.approx(len(ds) * (6.175 - 1.25) * NS, rel=1e-9)
    assert _stats(mid, "for ((d * d) <= k)").total == pytest.approx(len(ds) * 6.175 * NS, rel=1e-9)


def test_fortran_counts_as_c(tmp_path):
    from frontends.load import load_program
    p = tmp_path / "t.f90"
    p.write_text("""\
program t
  integer :: k, d, q, r
  read *, k, d
  q = k / d + mod(k, d)
  r = mod(k, 7) + k / 8 + 4 * k
end program t
""")
    seqs = [a for a in load_program(str(p), granularity="statement").walk() if isinstance(a, Seq)]
    first, second = seqs[1].counts, seqs[2].counts
    # k / d and mod(k, d): two divisions by a variable, both with their operands (one idiv in the
    # compiled code: extra_time takes the repeated pair once)
    assert first.ops["int_div"] == 2 and [tuple(map(str, q)) for q in first.quotients] == [("k", "d")] * 2
    assert (second.ops["int_div_const"], second.ops["int_shift"], second.ops["int_mul_pow2"]) == (1, 1, 1)
    assert not second.quotients


GCD = """
#include <stdio.h>
#include <stdlib.h>
static int gcd(int a, int b) { while (b != 0) { int t = a % b; a = b; b = t; } return a; }
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    long total = 0;
    for (int i = 2; i <= n; i++)
        for (int j = 1; j < i; j++)
            total += gcd(i, j);
    printf("%ld\\n", total);
    return 0;
}
"""


def test_nested_loops_with_no_closed_form_are_sampled_at_both_levels(tmp_path):
    # The i loop (n - 1 = 2,999 iterations) holds a loop: sampled above 2,000 iterations
    # (engine/sampling.py LOOP_BODY_UP_TO); each sampled i's j loop (up to 2,999 iterations, gcd's
    # loop inside) is sampled with 64 (NESTED_SAMPLES); the j loops of i <= 129 run in full.
    r = _run(tmp_path, GCD, divider="", n=3000)
    notes = [n for n in r.notes if "were interpreted and their time scaled" in n]
    assert any("256 of its 2,999 iterations" in n for n in notes)   # a smooth trend: no more needed
    assert any("64 of its" in n for n in notes)
    calls = _stats(r, "gcd(i, j)")
    assert calls.executions == pytest.approx(2999 * 3000 / 2, rel=0.02)  # every pair stands for one call
    # 60 numbers: no loop is sampled, every pair's gcd is interpreted (the --exact figures)
    small = _run(tmp_path, GCD.replace("i <= n", "i <= 60"), divider="")
    assert not any("were interpreted and their time scaled" in n for n in small.notes)


FACTOR = """
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = 6561, d = atoi(argv[1]);
    while (n % d == 0)
        n = n / d;
    return n;
}
"""


def test_a_loop_condition_divides_by_quotient_width(tmp_path):
    # n = 3^8, d = 3: 8 passes; the test and the body divide 3^(8-k) by 3 at pass k, quotients
    # 3^(7-k) = 2187, 729, 243, 81, 27, 9, 3, 1 of 12, 10, 8, 7, 5, 4, 2, 1 bits. Each costs
    # 4 + 0.15 (bits - 1) ns (the compare's 0.25 ns overlaps the divider): 8 x 4 + 0.15 x 41 =
    # 38.15 ns for the tests and as much for the body's n / d; the last test (1 % 3) ends the loop
    # and is not charged (per_iter and iter.fixed are 0 in MACHINE).
    r = _run(tmp_path, FACTOR, d=3)
    loop = next(s for s in r.aau_totals() if s.cls == "IterND")
    assert loop.executions == 1
    assert loop.total == pytest.approx(2 * 38.15 * NS, rel=1e-9)
    # without a divider: 2 x 8 x 6.175 ns
    mid = _run(tmp_path, FACTOR, divider="", d=3)
    assert next(s for s in mid.aau_totals() if s.cls == "IterND").total == pytest.approx(16 * 6.175 * NS, rel=1e-9)


# Euclid's loop: the division reads what the previous iteration's division computed (b = t).
EUCLID = """
int main(void)
{
    int a = AVAL, b = BVAL;
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}
"""


def test_divider_chain_is_summed_at_mid_and_overlapped_at_best(tmp_path):
    from interp.models.overlap import divider_chain
    c = tmp_path / "g.c"
    c.write_text(EUCLID.replace("AVAL", "1000").replace("BVAL", "999"))
    loop = next(x for x in load_programs([str(c)])[0].functions["main"].body if isinstance(x, Iter))
    assert divider_chain(loop)
    t = tmp_path / "t.c"
    t.write_text(TRIAL.replace("KVAL", "1009"))
    trial = next(x for x in load_programs([str(t)])[0].functions["main"].body if isinstance(x, Iter))
    assert not divider_chain(trial)   # k % d: d steps by 2, no division feeds another
    # gcd(1000, 999): 1000 % 999 = 1 (1 bit), 999 % 1 = 0 (999: 10 bits), then b = 0 ends it.
    # Per test of b != 0: compare 0.25 ns, charged with the iteration it starts (the failing
    # third test is not: the loop's per-iteration overhead); per division 4 + 0.15 (bits - 1) ns.
    src = EUCLID.replace("AVAL", "1000").replace("BVAL", "999")
    tests, divisions = 2 * 0.25, [4.0, 4 + 0.15 * 9]
    mid = _run(tmp_path, src)
    loop_mid = _stats(mid, "while (b != 0)")
    assert loop_mid.total == pytest.approx((tests + sum(divisions)) * NS, rel=1e-9)   # summed
    best = predict([str(c)], str(tmp_path / "m.yaml"), 1, [], bound="best").result
    # overlapped: each iteration max(compare, division)
    assert _stats(best, "while (b != 0)").total == pytest.approx(sum(divisions) * NS, rel=1e-9)
    worst = predict([str(c)], str(tmp_path / "m.yaml"), 1, [], bound="worst").result
    assert _stats(worst, "while (b != 0)").total == pytest.approx((tests + sum(divisions)) * NS, rel=1e-9)


CHAINED = DIVIDER.replace("}", ", latency_narrow: 10 ns, latency_wide: 15.8 ns}")


def test_a_divider_chain_pays_the_chained_divisions_latency(tmp_path):
    # With the chained divider (calibrate: node_bench's int_div_narrow and int_div chains),
    # Euclid's divisions wait for each other and cost 10 + 0.2 (bits - 1) ns each:
    # (15.8 - 10) / (30 - 1) = 0.2 ns a bit. gcd(1000, 999): 1000 % 999 (1 bit) 10 ns, 999 % 1
    # (10 bits) 11.8 ns; the two tests' compares 0.25 ns each, summed (a chain) at mid.
    src = EUCLID.replace("AVAL", "1000").replace("BVAL", "999")
    mid = _run(tmp_path, src, divider=CHAINED)
    assert _stats(mid, "while (b != 0)").total == pytest.approx((0.5 + 10 + 11.8) * NS, rel=1e-9)
    # at worst the same chain: the widths are the divisions', not the bound's
    c = tmp_path / "p.c"
    worst = predict([str(c)], str(tmp_path / "m.yaml"), 1, [], bound="worst").result
    assert _stats(worst, "while (b != 0)").total == pytest.approx((0.5 + 10 + 11.8) * NS, rel=1e-9)
    # at best the iterations overlap at the divider's issue times, as without the chain figures
    best = predict([str(c)], str(tmp_path / "m.yaml"), 1, [], bound="best").result
    assert _stats(best, "while (b != 0)").total == pytest.approx((4.0 + 4 + 0.15 * 9) * NS, rel=1e-9)


def test_independent_divisions_keep_the_issue_times_with_the_chain_figures(tmp_path):
    # trial division (k % d, d stepping): no division waits for another, so the chained figures
    # change nothing: the same total as with the plain divider.
    src = TRIAL.replace("KVAL", "1009")
    plain = _run(tmp_path, src).total
    assert _run(tmp_path, src, divider=CHAINED).total == pytest.approx(plain, rel=1e-12)
    # and they are the divider's issue times: 1009 % d for odd d in 3..31 (15 divisions)
    assert plain > 15 * 4.0 * NS


LONG_TRIAL = TRIAL.replace("int k = KVAL", "long k = KVAL").replace("int d = 3", "long d = 3")


def test_divisions_of_64_bit_operands_are_long_divisions(tmp_path):
    src = """
#include <stdint.h>
int main(int argc, char **argv)
{
    long n = argc * 1000L, m = argc, s = 0;
    int j = argc;
    for (long i = 1; i < n; i++) s += i % m;
    for (long i = 1; i < n; i++) s += i / j;
    for (int i = 1; i < j; i++) s += i % j;
    for (int64_t i = 1; i < n; i++) s += i % 10;
    for (long i = 1; i < n; i++) s /= m;
    return (int) s;
}
"""
    seqs = _loop_seqs(tmp_path, src)
    ops = [dict(q.counts.ops) for q in seqs]
    assert ops[0].get("long_div") == 1 and "int_div" not in ops[0]   # long % long
    assert str(seqs[0].counts.quotients[0][0]) == "i"                 # operands kept for widths
    assert ops[1].get("long_div") == 1                                # long / int: promoted to long
    assert ops[2].get("int_div") == 1 and "long_div" not in ops[2]    # int % int
    assert ops[3].get("int_div_const") == 1                           # by a constant: a multiply
    assert ops[4].get("long_div") == 1                                # s /= m, compound


def test_long_divisions_cost_their_own_time_or_the_int_divisions(tmp_path):
    # 1009 % d for odd d from 3 to 31: 15 divisions (d = 33 fails the test). Without a
    # throughput.long_div the long loop costs what the int loop does; with 9.175 ns (3 ns over
    # int_div's mid 6.175) each division costs 3 ns more at its quotient's width (divider.py:
    # the int line by width plus the difference at mid).
    src = LONG_TRIAL.replace("KVAL", "1009")
    as_int = _run(tmp_path, TRIAL.replace("KVAL", "1009")).total
    assert _run(tmp_path, src).total == pytest.approx(as_int, rel=1e-12)
    m = MACHINE.replace("int_div: 6.175 ns,", "int_div: 6.175 ns, long_div: 9.175 ns,")
    assert m != MACHINE
    (tmp_path / "p.c").write_text(src)
    (tmp_path / "m.yaml").write_text(m.format(divider=DIVIDER))
    r = predict([str(tmp_path / "p.c")], str(tmp_path / "m.yaml"), 1, [], bound="mid").result
    assert r.total == pytest.approx(as_int + 15 * 3 * NS, rel=1e-9)


def test_calibrate_moves_the_int_span_onto_64_bit_operands():
    # node_bench's long_div (a 30-bit quotient of 64-bit operands) medians 9.0 ns against
    # int_div's 8.5: ops.long_div is int_div's span [4.1, 8.7] moved by 0.5 ns, mid 6.35 + 0.5.
    runs = [{"ops.int_div": w, "ops.int_div_narrow": n, "ops.long_div_wide": w + 0.5e-9}
            for w, n in ((8.3e-9, 4.2e-9), (8.7e-9, 4.1e-9), (8.5e-9, 4.4e-9))]
    s = fit.over_runs(runs)
    assert set(s) == {"ops.int_div", "ops.long_div"}
    d = s["ops.long_div"]
    assert (d.lo, d.hi) == (pytest.approx(4.6e-9), pytest.approx(9.2e-9))
    assert d.median == pytest.approx((4.2e-9 + 8.5e-9) / 2 + 0.5e-9)
    assert d.ends == (pytest.approx(4.7e-9), pytest.approx(9.0e-9))
