"""Library calls the machine gives no figure for, costed as a relative it does give
(interp/models/omega.py LIB_STAND_INS), the report saying so: the C library's and POSIX's other
pseudo-random generators (drand48, rand_r, random, ...) as rand() (they were "neither defined in
the program nor a known library", costed 0), libm's float variants and other transcendental
functions as the double function calibrate measures."""
import pytest

from interp.pipeline import predict

MACHINE = """
name: generators test machine
sag:
  id: R
  processing: compound
  children:
    - id: N
      role: compute
      count: 1
      processing:
        clock: 1 GHz
        ops: {int_add: 1 ns, double_add: 4 ns, double_mul: 4 ns, int_to_real: 1 ns}
        iter: {fixed: 0 ns, per_iter: 0 ns}
        cond: {per_condition: 0 ns, branch_taken: 0 ns}
        call: {per_call: 0 ns, per_arg: 0 ns}
        lib: {rand: 10 ns, srand: 3 ns, atoi: 0 ns, sin: 20 ns, exp: 12 ns DRAND}
      memory:
        fetch: 0 ns
        store: 0 ns
"""

SRC = """
#include <stdlib.h>
#include <math.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    unsigned int seed = 7;
    double s = 0.0;
    SEED;
    for (int i = 0; i < n; i++)
        s += CALL;
    return (int) s;
}
"""


def _run(tmp_path, seed, call, drand=""):
    c = tmp_path / "gen.c"
    c.write_text(SRC.replace("SEED", seed).replace("CALL", call))
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE.replace(" DRAND", drand))
    return predict([str(c)], str(m), 1, ["n=1000"], interactive=False).result


def test_other_generators_cost_what_rand_costs_and_say_so(tmp_path):
    base = _run(tmp_path, "srand(1)", "1.0").total
    rand = _run(tmp_path, "srand(1)", "(double) rand()").total
    # 1,000 calls at lib.rand = 10 ns and their casts at int_to_real = 1 ns (a call costs nothing
    # more on this machine; s += ... is in both)
    assert rand - base == pytest.approx(1000 * (10 + 1) * 1e-9)
    got = _run(tmp_path, "srand48(1)", "drand48() + (double) rand_r(&seed)")
    # two generators at 10 ns each, the cast (1 ns) and the added double_add (4 ns), 1,000 times
    assert got.total - base == pytest.approx(1000 * (10 + 10 + 1 + 4) * 1e-9)
    assert any("gives no value for processing.lib.drand48, processing.lib.rand_r: costed as processing.lib.rand"
               in note for note in got.notes)
    assert any("processing.lib.srand48: costed as processing.lib.srand" in note for note in got.notes)


def test_a_generator_with_a_figure_of_its_own_keeps_it(tmp_path):
    base = _run(tmp_path, "srand(1)", "1.0").total
    got = _run(tmp_path, "srand48(1)", "drand48()", drand=", drand48: 25 ns")
    assert got.total - base == pytest.approx(1000 * 25e-9)
    assert not any("drand48" in note for note in got.notes)


def test_transcendental_functions_cost_their_relatives(tmp_path):
    base = _run(tmp_path, "srand(1)", "1.0").total
    # tan and atan2 as sin (20 ns), expf as exp (12 ns; the float result widened: no int_to_real)
    got = _run(tmp_path, "srand(1)", "tan(0.5) * atan2(1.0, 2.0) + expf(1.0f)")
    # three calls, a double_mul and a double_add (4 ns each) more than s += 1.0, 1,000 times
    assert got.total - base == pytest.approx(1000 * (20 + 20 + 12 + 4 + 4) * 1e-9)
    assert any("processing.lib.atan2, processing.lib.tan: costed as processing.lib.sin" in n for n in got.notes)
    assert any("processing.lib.expf: costed as processing.lib.exp" in n for n in got.notes)
