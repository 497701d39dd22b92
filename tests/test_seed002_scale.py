"""Seed 002 (Zhang, Yan & He, "Latency Metric"): ``interp scale``, L(W, N) (Eq. 3.5), the scale
matrix (Eq. 3.7), its integral over E (Eq. 3.8) and Theorem 2 (Eq. 3.13)."""
import pytest
from click.testing import CliRunner

from interp.cli import main
from interp.studies.scale import gauss_legendre, latency_of, parse_latencies, run_scale, scale_matrix
from interp.studies.sweep import Outcome, Settings


def test_table12_from_latencies():
    # Table XII, first row: scale(E, (2, N')) = L(2)/L(N') = 1/1.550, 1/6.536, 1/16.21, 1/43.48,
    # 1/2110 = 0.645, 0.153, 0.0617, 0.0230, 0.000474.
    m = scale_matrix(parse_latencies("2:1,4:1.550,8:6.536,16:16.21,24:43.48,32:2110"))
    got = [m[(2, n)] for n in (4, 8, 16, 24, 32)]
    for g, want in zip(got, (0.645, 0.153, 0.0617, 0.0230, 0.000474)):
        assert float(f"{g:.3g}") == want
    # Other rows: 16 -> 24: 16.21/43.48 = 0.373; 24 -> 32: 43.48/2110 = 0.0206 (Table XII).
    assert float(f"{m[(16, 24)]:.3g}") == 0.373 and float(f"{m[(24, 32)]:.3g}") == 0.0206


def test_cli_latencies_prints_table12():
    r = CliRunner().invoke(main, ["scale", "--latencies", "2:1,4:1.550,8:6.536,16:16.21,24:43.48,32:2110"])
    assert r.exit_code == 0, r.output
    row2 = next(line for line in r.output.splitlines() if line.split()[:2] == ["2", "1"])
    assert row2.split()[2:] == ["0.645", "0.153", "0.0617", "0.023", "0.000474"]


@pytest.mark.parametrize("text", ["2:1", "2:1,x:3", "2:0,4:1", "2:1,2:3", "0:1,4:2"])
def test_bad_latencies(text):
    r = CliRunner().invoke(main, ["scale", "--latencies", text])
    assert r.exit_code != 0 and "--latencies" in r.output and "Traceback" not in r.output


def test_latency_eq_3_5_from_a_split():
    # Two processes, T_para = 10 s, computations 8 s and 6 s: sum_i (T_para - comp_i) / N
    # = (2 + 4) / 2 = 3 s.
    assert latency_of(Outcome(10.0, comp=14.0), 2) == 3.0


def test_trapezoid_matrix_agrees_with_theorem2():
    # The shipped trapezoid sample on the iPSC/860 at E = 0.5: the scale matrix from the predicted
    # latencies and Theorem 2's (W/N)/(W'/N') from the sizes found agree within 1%.
    settings = Settings(("samples/trapezoid_mpi.c",), "ipsc860")
    report = run_scale(settings, {"reps": 1.0}, "n", [2, 4, 8, 16], 0.5)
    for n, f in report.found.items():
        assert f.efficiency >= 0.5 and f.efficiency < 0.51
    for key, value in report.matrix.items():
        assert value == pytest.approx(report.theorem[key], rel=0.01), key
    assert report.matrix[(2, 16)] < report.matrix[(8, 16)] < 1  # latency grows with N


def test_gauss_legendre_on_unit_interval():
    # The 2-point rule on [0, 1]: nodes 1/2 -+ 1/(2 sqrt 3), weights 1/2; exact for cubics:
    # integral of E^3 over [0, 1] = 1/4.
    nodes = gauss_legendre(2)
    assert [e for e, _ in nodes] == pytest.approx([0.5 - 0.5 / 3 ** 0.5, 0.5 + 0.5 / 3 ** 0.5])
    assert sum(w * e ** 3 for e, w in nodes) == pytest.approx(0.25)


def test_scale_errors():
    r = CliRunner().invoke(main, ["scale", "samples/trapezoid_mpi.c", "-D", "reps=1"])
    assert r.exit_code != 0 and "--size" in r.output
    r = CliRunner().invoke(main, ["scale", "samples/trapezoid_mpi.c", "--size", "n", "-D", "reps=1",
                                  "--efficiency", "1.5"])
    assert r.exit_code != 0 and "--efficiency 1.5" in r.output


def test_integral_eq_3_8_on_the_trapezoid():
    # By Theorem 2, scale(E, (2, 4)) = (W_2/2)/(W_4/4) for every E; the trapezoid's computation is
    # linear in n, so W_4 ~ 4 W_2 and the integral over E of about 0.5 is about 0.5 (2-node rule).
    settings = Settings(("samples/trapezoid_mpi.c",), "ipsc860")
    report = run_scale(settings, {"reps": 1.0}, "n", [2, 4], 0.5, integral_points=2)
    assert report.integral[(2, 4)] == pytest.approx(0.5, rel=0.02)
    assert report.integral[(2, 2)] == pytest.approx(1.0)
