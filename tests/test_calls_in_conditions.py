"""Issue 13, defects 1 and 4: a function called in a condition is costed; a function whose loop
returns early, called inside a deterministic loop, is interpreted (it was an internal error,
NotClosed); a long such loop is sampled so its prediction does not grow with the trip count."""
import json

import re

import pytest

PRIMES = r"""
#include <stdio.h>
#include <stdlib.h>
int isprime(int n) {
    int i;
    for (i = 2; i * i <= n; i++)
        if (n % i == 0) return 0;
    return 1;
}
int main(int argc, char **argv) {
    int n, N = atoi(argv[1]), cnt = 0;
    for (n = 11; n <= N; n++)
        COUNT;
    printf("%d\n", cnt);
    return 0;
}
"""


def _total(cli, path, *args):
    r = cli("run", path, *args, "--format", "json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    return d["total_seconds"], d


def _program(tmp_path, name, count):
    p = tmp_path / name
    p.write_text(PRIMES.replace("COUNT", count))
    return p


def test_a_call_in_a_condition_costs_what_the_call_costs(cli, tmp_path):
    in_if = _program(tmp_path, "in_if.c", "if (isprime(n)) cnt++")
    in_sum = _program(tmp_path, "in_sum.c", "cnt += isprime(n)")
    no_call = _program(tmp_path, "no_call.c", "cnt++")
    t_if, d = _total(cli, in_if, "-D", "N=300", "--exact")
    t_sum, _ = _total(cli, in_sum, "-D", "N=300", "--exact")
    t_none, _ = _total(cli, no_call, "-D", "N=300", "--exact")
    calls = t_sum - t_none  # the 290 calls of isprime: nearly all of the time
    assert calls > 10 * t_none
    # Both forms run the same calls; they differ only by a branch against an addition per iteration.
    assert t_if == pytest.approx(t_sum, rel=0.05)
    isprime = [a for a in d["aaus"] if a["lines"].endswith(":13") and a["class"] == "Call"]
    assert isprime and isprime[0]["executions"] == 290


def test_the_call_runs_once_per_test_of_a_while_condition(tmp_path):
    from frontends.load import load_program
    p = tmp_path / "w.c"
    p.write_text("int more(int k) { return k < 10; }\n"
                 "int main(void) { int k = 0; while (more(k)) k++; return 0; }\n")
    main = load_program(str(p)).functions["main"]
    kinds = [a.cls for a in main.body]
    loop = next(a for a in main.body if a.cls.startswith("Iter"))
    # once before the loop, once at the end of every pass
    assert kinds.index("Call") < kinds.index(loop.cls)
    assert [a.cls for a in loop.body][-1] == "Call"


def test_long_loops_with_no_closed_form_are_sampled(cli, tmp_path):
    in_sum = _program(tmp_path, "in_sum.c", "cnt += isprime(n)")
    # isprime holds a loop: up to 2,000 iterations (sampling.LOOP_BODY_UP_TO) every one is
    # interpreted: the --exact figure
    exact, _ = _total(cli, in_sum, "-D", "N=500", "--exact")
    default, d = _total(cli, in_sum, "-D", "N=500")
    assert default == pytest.approx(exact, rel=1e-12)
    assert not any("were interpreted and their time scaled" in n for n in d["notes"])
    # beyond, one iteration drawn in each of 256 equal strata stands for all (a body without a
    # loop: from 20,000), twice as many while the estimate's standard error is above 2%
    exact, _ = _total(cli, in_sum, "-D", "N=5000", "--exact")
    sampled, d = _total(cli, in_sum, "-D", "N=5000")
    assert sampled == pytest.approx(exact, rel=0.1)
    note = next(n for n in d["notes"] if "were interpreted and their time scaled" in n)
    assert re.search(r"\b(256|512|1024|2048|4096) of its 4,990 iterations", note)
    assert re.search(r"two standard errors of the estimate: [0-9.]+% of the loop's time", note)


def test_show_names_a_branch_on_data_with_its_probability(tmp_path):
    """It printed "[else]" for a branch whose condition is on data."""
    from frontends.load import load_program
    from interp.output.show import tree
    text = tree(load_program(str(_program(tmp_path, "in_if.c", "if (isprime(n)) cnt++"))))
    assert "NumCondts = 1: data (p=0.5)" in text and "[if on data, p=0.5]" in text
    assert "[else]" not in text


DIGITS = """
static int digit_sum(long x)
{
    int s = 0;
    while (x > 0) {
        s += x % 10;
        x /= 10;
    }
    return s;
}
int main(void)
{
    long x = 1000;
LOOP
    return (int) x;
}
"""


def test_a_call_in_a_loop_condition_is_refused_with_the_rewrite(tmp_path):
    from interp.errors import InputError
    from interp.pipeline import predict
    c = tmp_path / "d.c"
    c.write_text(DIGITS.replace("LOOP", "    while (digit_sum(x) != 20)\n        x++;"))
    with pytest.raises(InputError) as exc:
        predict([str(c)], "ipsc860", 1, [])
    assert "condition calls digit_sum()" in str(exc.value) and "v = f(x); while (v != t)" in str(exc.value)
    # the rewrite it names is predicted: from 1000 to 1199, the first whose digits sum to 20
    c.write_text(DIGITS.replace("LOOP", "    int s = digit_sum(x);\n    while (s != 20) {\n        x++;\n"
                                "        s = digit_sum(x);\n    }"))
    r = predict([str(c)], "ipsc860", 1, []).result
    call = next(t for t in r.aau_totals() if t.label.startswith("digit_sum(x)") and t.executions > 1)
    assert call.executions == 1199 - 1000   # the calls in the loop: x = 1001 .. 1199
