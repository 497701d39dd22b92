"""--symbolic (paper 3.4.2 "Handling External Inputs"): the time as a closed form of an input."""
import pytest
import sympy

from interp.engine import symtime
from interp.errors import InputError
from interp.pipeline import predict

M = sympy.Symbol("m", positive=True)


def _form(m):
    pr = predict(["samples/pingpong_mpi.c"], "ipsc860", 2, [f"m={m}", "reps=10"], interactive=False,
                 symbolic=["m"])
    return pr.result, symtime.validity([M], {M: m})


def test_pingpong_static_buffers():
    # 10 round trips = 20 messages of m bytes at 0.42 us per byte (Table 3, m <= 100 bytes).
    r, regions = _form(64)
    assert sympy.expand(r.symbolic_total).coeff(M) == pytest.approx(20 * 0.42e-6)
    region = regions[M]
    assert (region.inf, float(region.sup), region.left_open, region.right_open) == (1, 100.0, False, False)
    assert float(r.symbolic_total.subs(M, 64)) == pytest.approx(r.total, rel=1e-12)


def test_pingpong_dynamic_buffers():
    r, regions = _form(1000)
    assert sympy.expand(r.symbolic_total).coeff(M) == pytest.approx(20 * 0.36e-6)
    region = regions[M]
    assert (float(region.inf), region.sup, region.left_open) == (100.0, sympy.oo, True)
    # the closed form predicts another size in its region exactly
    other = predict(["samples/pingpong_mpi.c"], "ipsc860", 2, ["m=5000", "reps=10"], interactive=False).result
    assert float(r.symbolic_total.subs(M, 5000)) == pytest.approx(other.total, rel=1e-12)


def test_an_input_that_decides_control_flow_cannot_stay_symbolic():
    with pytest.raises(InputError, match="loop trip count depends on reps"):
        predict(["samples/pingpong_mpi.c"], "ipsc860", 2, ["m=64", "reps=10"], interactive=False,
                symbolic=["reps"])


def test_cli_prints_the_closed_form_and_its_checks(cli):
    r = cli("run", "samples/pingpong_mpi.c", "-p", 2, "-D", "m=64", "-D", "reps=10", "--symbolic", "m",
            "--level", "aag")
    assert r.exit_code == 0, r.output
    assert "closed form: T = 8.4e-6*m + 0.00186497 s" in r.stdout
    assert "valid for m in Interval(1, 100" in r.stdout
    assert r.stdout.count("checked at m=") == 2
