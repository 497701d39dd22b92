"""Seed 003 (Xu & Hwang, "Early Prediction of MPP Performance"): the metrics of ``sweep --metrics``,
the phase-parallel model, the prediction modes of Fig. 9, and the APT sample on sp2-apt.

Every expected figure is worked out by hand from the paper's tables in the comments.
"""
import json
import math

import pytest
from click.testing import CliRunner

import sag
from interp.cli import main
from interp.pipeline import predict
from interp.studies.metrics import metrics_sweep
from interp.studies.phase_parallel import Extremes, Phase, extremes, grain_checks, model_time
from interp.studies.sweep import Point, Settings

APT = "samples/apt/apt_mpi.c"
HT_SEQ = "samples/apt/householder_seq.c"
HT_MPI = "samples/apt/householder_mpi.c"


def table7(n):
    """Table 7, APT row: T_n = 0.04 + 14.33/n + 0.51 n^-0.71 + 0.004 log n (log base 2)."""
    return 0.04 + 14.33 / n + 0.51 * n ** -0.71 + 0.004 * math.log2(n)


def _report(files, procs, machine="sp2-apt", **kw):
    settings = Settings(tuple(files), machine)
    return metrics_sweep(settings, [Point((), p) for p in procs], 1, **kw)


# -- the APT sample reproduces Table 7 --------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 32, 64, 100, 128, 200, 255, 256])
def test_apt_time_is_table7_within_0_1_percent(n):
    # The sample's phases: HT 0.04 s on rank 0; DP + BF + TD = 4.12 + 9.64 + 0.57 = 14.33 s over n;
    # total exchange 0.03 n^1.29 m us with m = int(17e6/n^2) bytes (integer truncation: at most
    # 1/259 of the third term at n = 256, 0.01% of T_n); bcast + reduce 2 x 0.002 log2 n s.
    t = predict([APT], "sp2-apt", n, messages=False).result.total
    assert t == pytest.approx(table7(n), rel=1e-3)


def test_apt_256_nodes_table8_metrics():
    report = _report([APT], [256])
    m, row = report.metrics[0], report.rows[0]
    # T_256 = 0.04 + 0.05598 + 0.51*256^-0.71 (= 0.00995) + 0.032 = 0.1379 s (Table 8: 0.137).
    assert row.outcome.total == pytest.approx(0.1379, abs=5e-5)
    ref = report.references[()]
    # T_1 = sum of Table 2's APT times = 4.12 + 0.04 + 9.64 + 0.57 = 14.37 s.
    assert ref.t1 == pytest.approx(14.37, rel=1e-12)
    # W counted by interp on one process: Table 2's 84 + 2.88 + 1314 + 46 = 1446.88 Mflop, plus
    # the sample's own two double operations computing the pair size (a multiply and a divide).
    assert ref.work == pytest.approx(1446.88e6 + 2, rel=1e-15)
    # Speed W/T_256 = 1446.88 Mflop / 0.13791 s = 10.49 Gflop/s; with the paper's W = 1446 Mflop
    # (Table 6) it is 10.48: the two differ by 0.06%.
    assert m.speed == pytest.approx(10.48e9, rel=1.5e-3)
    # Speedup 14.37 / 0.13791 = 104.2 (Table 8: 104).
    assert m.speedup == pytest.approx(104.2, abs=0.05)
    # Utilization 10.49 Gflop/s / (256 x 266 Mflop/s) = 15.4% (Table 8: 15%).
    assert report.peak == pytest.approx(266e6)
    assert m.utilization == pytest.approx(0.154, abs=5e-4)


def test_apt_table9_time_breakdown():
    # Table 9 (s):   n    DP     HT    BF     TD     Index  Reduce Broadcast
    #               64  0.064  0.04  0.150  0.009  0.026  0.012  0.012
    #              128  0.032  0.04  0.075  0.004  0.016  0.014  0.014
    #              256  0.016  0.04  0.037  0.002  0.010  0.016  0.016
    # DP = 4.12/n, BF = 9.64/n, TD = 0.57/n, Index = 0.51 n^-0.71, Reduce = Broadcast = 0.002 log2 n.
    table9 = {64: (0.064, 0.04, 0.150, 0.009, 0.026, 0.012, 0.012),
              128: (0.032, 0.04, 0.075, 0.004, 0.016, 0.014, 0.014),
              256: (0.016, 0.04, 0.037, 0.002, 0.010, 0.016, 0.016)}
    report = _report([APT], [64, 128, 256])
    for row, m in zip(report.rows, report.metrics):
        got = [m.phases[k] for k in ("DP", "HT", "BF", "TD", "Index", "Reduce", "Broadcast")]
        for g, want in zip(got, table9[row.point.procs]):
            assert g == pytest.approx(want, abs=0.0012)  # Table 9 prints 3 decimals


def test_modes_of_fig9_at_256():
    # uniform: every flop at W/T_1 = 1446.88 Mflop / 14.37 s = 100.7 Mflop/s, no overhead:
    #   HT 2.88 Mflop on one process + (84 + 1314 + 46)/256 Mflop per process
    #   = 8.520625 Mflop (+ 2 flops) x 14.37 / 1446.88 Mflop = 0.0846 s;
    # zero-overhead: 0.04 + 14.33/256 = 0.0960 s;  full: Table 7, 0.1379 s.
    want = {"uniform": 0.0846, "zero-overhead": 0.0960, "full": 0.1379}
    for mode, t in want.items():
        report = _report([APT], [256], mode=mode)
        assert report.rows[0].outcome.total == pytest.approx(t, abs=5e-5), mode
    uniform = _report([APT], [256], mode="uniform").rows[0].outcome.total
    assert uniform == pytest.approx((2.88e6 + 1444e6 / 256 + 2) * 14.37 / (1446.88e6 + 2), rel=1e-9)


def test_phase_parallel_model_of_the_apt_sample():
    report = _report([APT], [64, 256])
    phases = {p.name: p for p in report.phases[()]}
    assert list(phases) == ["DP", "HT", "BF", "TD"]  # the regions that compute, in source order
    assert phases["HT"].dop == 1 and phases["DP"].dop == 256  # read off the n = 256 run
    assert phases["DP"].speed == pytest.approx(84e6 / 4.12)  # P_1(DP) = 20.39 Mflop/s (Table 2: 20)
    ext = report.extremes[()]
    # T_inf = 0.04/1 + (4.12 + 9.64 + 0.57)/256 = 0.09598 s; N_max = 256; T_1/T_inf = 149.7.
    assert ext.t_inf == pytest.approx(0.04 + 14.33 / 256)
    assert ext.n_max == 256
    assert ext.average_parallelism == pytest.approx(14.37 / (0.04 + 14.33 / 256))
    # Eq. 3 bound at n = 64: max(14.37/64 = 0.2245, 0.09598) = 0.2245 s <= T_64 = 0.3145 s.
    m64 = report.metrics[0]
    assert m64.bound == pytest.approx(14.37 / 64) and m64.bound < report.rows[0].outcome.total
    # The phase model's T_n with the predicted interaction (Index + Broadcast + Reduce at 256:
    # 0.00995 + 0.016 + 0.016) is the predicted time.
    interact = sum(report.metrics[1].phases[k] for k in ("Index", "Broadcast", "Reduce"))
    assert model_time(report.phases[()], 256, interact) == pytest.approx(report.rows[1].outcome.total, rel=1e-6)


def test_dop_annotation_for_a_design_not_written():
    # --dop HT=32: T_inf = 0.04/32 + 14.33/256 = 0.0572 s.
    report = _report([APT], [256], dops={"HT": 32})
    assert report.extremes[()].t_inf == pytest.approx(0.04 / 32 + 14.33 / 256)


def test_table6_arithmetic_and_design_checks():
    # Table 6, APT: W = 1446 Mflop, T_1 = 14.37 s, T_inf = 0.08 s: P_inf = 1446/0.08 = 18075 Mflop/s
    # = 18.1 Gflop/s (Table 6: 18), T_1/T_inf = 179.6 (Table 6: 180).
    ext = Extremes(1446e6, 14.37, 0.08)
    assert ext.p_inf == pytest.approx(18.075e9)
    assert round(ext.average_parallelism) == 180
    # Section 3.4: "use no more than twice the average parallelism": n <= 359.25.
    assert ext.most_procs() == pytest.approx(359.25)
    # Eq. 3: T_n >= max(T_1/n, T_inf): at n = 64, 14.37/64 = 0.2245; at n = 256, T_inf = 0.08.
    assert ext.bound(64) == pytest.approx(0.22453125) and ext.bound(256) == 0.08
    # Grain check (section 3.4): grain >= t_0 x P_1(i). DP on SP2: t_0 = 46 us (Eq. 4 fit),
    # P_1(DP) = 84/4.12 = 20.39 Mflop/s: at least 46e-6 x 20.39e6 = 937.9 flop; on 256 processes
    # each does 84e6/256 = 328125 flop: fine. With DOP 1e6 at n = 1e6, 84 flop: too fine.
    dp = Phase("DP", 84e6, 4.12, 1e6)
    (_, grain, least, ok), = grain_checks([dp], 256, 46e-6)
    assert grain == pytest.approx(328125) and least == pytest.approx(937.864, rel=1e-5) and ok
    (_, grain, _, ok), = grain_checks([dp], 10 ** 6, 46e-6)
    assert grain == pytest.approx(84) and not ok
    assert extremes([dp], 84e6, 4.12).t_inf == pytest.approx(4.12e-6)


# -- the Householder example of Eq. 6-9 ---------------------------------------------------------

def test_householder_speedup_against_the_sequential_baseline():
    # Eq. 8: S_n = n / (2 + n R(n) / (8 q T_flop)), q = 320, T_flop = 1/72 us, R(n) = 20 log2 n + 23 us
    # (Table 5 on sp2): 8 q T_flop = 35.556 us.
    #   S_2   = 2 / (2 + 2 x 43 / 35.556)    = 2 / 4.41875  = 0.4526
    #   S_256 = 256 / (2 + 256 x 183 / 35.556) = 256 / 1319.6 = 0.1940
    report = _report([HT_MPI], [1, 2, 256], machine="sp2", baseline=HT_SEQ)
    s = {r.point.procs: m.speedup for r, m in zip(report.rows, report.metrics)}
    assert s[2] == pytest.approx(0.4526, abs=5e-5)
    assert s[256] == pytest.approx(0.1940, abs=5e-5)
    # T_1 = 8 p^2 q T_flop = 8 x 1024 x 320 / 72e6 = 36.41 ms; W = 8 p^2 q = 2,621,440 flop.
    assert report.references[()].t1 == pytest.approx(8 * 1024 * 320 / 72e6)
    assert report.references[()].work == pytest.approx(8 * 1024 * 320)


def test_householder_plain_sweep_still_divides_by_the_parallel_program():
    # Without --metrics the speedup is T(1)/T(n) of the parallel program itself:
    # (16 q T_flop + R(1)) / (8 q T_flop + R(2)) = (71.11 + 23) / (35.56 + 43) = 1.198.
    r = CliRunner().invoke(main, ["sweep", HT_MPI, "-m", "sp2", "-p", "1,2", "--format", "json"])
    assert r.exit_code == 0, r.output
    points = json.loads(r.output)["points"]
    assert points[1]["speedup"] == pytest.approx(94.111 / 78.556, rel=1e-4)


# -- flops counted from the source ----------------------------------------------------------------

def test_flops_counted_from_source_operations(tmp_path):
    # n iterations of y = y * a + x: one double multiply and one double add each: W = 2n = 2000.
    src = tmp_path / "axpy.c"
    src.write_text("#pragma interp input n = 1000\n#include <stdlib.h>\n"
                   "int main(int argc, char **argv) { int n = atoi(argv[1]); double y = 0, a = 1.5, x = 2;\n"
                   "  for (int i = 0; i < n; i++) y = y * a + x;\n  return (int) y; }\n")
    report = _report([str(src)], [1], machine="ipsc860", t1=1e-3)
    assert report.references[()].work == 2000
    assert report.metrics[0].speed == pytest.approx(2000 / report.rows[0].outcome.total)


# -- the sp2-apt machine file ---------------------------------------------------------------------

def test_sp2_apt_costs_are_table7s():
    cs = sag.open_machine("sp2-apt").find("SAU-00").effective("comm_sync")
    # Table 7's third term: 0.03 n^1.29 (17e6 / n^2) us = 0.51 n^-0.71 s.
    assert cs["collectives.alltoall"].value(m=17e6 / 64 ** 2, n=64) == pytest.approx(0.51 * 64 ** -0.71)
    for key in ("bcast", "reduce"):  # 0.002 log2 n s each (Table 9: 0.012 s at n = 64)
        assert cs[f"collectives.{key}"].value(m=80000, n=64) == pytest.approx(0.012)
    # Table 4's circular shift, as in sp2.yaml: n = 256, m = 1024: 108 + 0.064 x 1024 = 173.536 us.
    assert cs["collectives.circular_shift"].value(m=1024, n=256) == pytest.approx(173.536e-6)
    for _, key, p in sag.open_machine("sp2-apt").parameters():
        assert p.source and p.source.strip(), key


# -- the command line -----------------------------------------------------------------------------

def test_cli_metrics_text_and_json():
    r = CliRunner().invoke(main, ["sweep", APT, "-m", "sp2-apt", "-p", "256", "--metrics"])
    assert r.exit_code == 0, r.output
    assert "phase-parallel model" in r.output and "T_1 = 14.37 s" in r.output
    assert "n <= 2 T_1/T_inf = 299.4" in r.output  # 2 x 14.37 / 0.09598
    r = CliRunner().invoke(main, ["sweep", APT, "-m", "sp2-apt", "-p", "128,256", "--metrics", "--format", "json"])
    doc = json.loads(r.output)
    assert doc["points"][1]["speedup"] == pytest.approx(104.2, abs=0.05)
    assert doc["settings"][0]["n_max"] == 256


@pytest.mark.parametrize("args,message", [
    (["--t1", "2"], "--t1 is used by --metrics"),
    (["--metrics", "--dop", "HT=0"], "--dop 'HT=0'"),
    (["--metrics", "--dop", "XX=4"], "--dop XX: no computing region"),
    (["--metrics", "--t1", "2", "--baseline", HT_SEQ], "give T_1 once"),
])
def test_cli_metrics_errors(args, message):
    r = CliRunner().invoke(main, ["sweep", APT, "-m", "sp2-apt", "-p", "4"] + args)
    assert r.exit_code != 0
    assert message in r.output
    assert "Traceback" not in r.output


# -- the ring shift uses the machine's fitted circular_shift ----------------------------------------

SHIFT = """#include <mpi.h>
#include <stdlib.h>
#pragma interp input m = 1024
int main(int argc, char **argv) {
    int rank, size; char a[1 << 16], b[1 << 16];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int m = atoi(argv[1]);
    MPI_Sendrecv(a, m, MPI_BYTE, (rank + 1) % size, 0, b, m, MPI_BYTE, (rank - 1 + size) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("direction", ["forward", "backward"])
def test_ring_shift_uses_circular_shift(tmp_path, direction):
    src = tmp_path / "shift.c"
    text = SHIFT if direction == "forward" else SHIFT.replace("(rank + 1) % size, 0, b", "(rank - 1 + size) % size, 0, b") \
        .replace("MPI_BYTE, (rank - 1 + size) % size, 0,\n", "MPI_BYTE, (rank + 1) % size, 0,\n")
    src.write_text(text)
    # Table 4, Circular Shift, n = 256, m = 1024: (6 x 8 + 60) + (0.003 x 8 + 0.04) x 1024
    # = 108 + 65.536 = 173.536 us.
    t = predict([str(src)], "sp2", 256, messages=False).result.total
    assert t == pytest.approx(173.536e-6, rel=1e-9)
    # A machine without the expression (t3d) costs it as point-to-point: 2 us + 1024/150 us.
    t = predict([str(src)], "t3d", 64, messages=False).result.total
    assert t == pytest.approx((2 + 1024 / 150) * 1e-6, rel=1e-6)


def test_a_shift_by_two_is_not_a_ring_shift(tmp_path):
    # rank -> rank + 2: point-to-point, the Eq. 4 fit: 46 + 0.035 x 1024 = 81.84 us.
    src = tmp_path / "shift2.c"
    src.write_text(SHIFT.replace("(rank + 1) % size", "(rank + 2) % size").replace("(rank - 1 + size) % size",
                                                                                    "(rank - 2 + size) % size"))
    t = predict([str(src)], "sp2", 256, messages=False).result.total
    assert t == pytest.approx(81.84e-6, rel=1e-9)


# -- a variable read only by an annotation's expression is critical ---------------------------------

def test_variable_read_only_by_cost_is_an_input_c():
    # householder_seq.c reads cols only in cost(8 * cols / 72e6 s): T_1 = 32^2 x 8 x 320 / 72e6 s.
    t = predict([HT_SEQ], "sp2", 1, messages=False).result.total
    assert t == pytest.approx(1024 * 8 * 320 / 72e6)


def test_variable_read_only_by_cost_is_an_input_fortran(tmp_path):
    src = tmp_path / "ht.f90"
    src.write_text("program t\n  implicit none\n  integer :: rows, cols, k\n  character(len=32) :: arg\n"
                   "  call get_command_argument(1, arg)\n  read(arg, *) rows\n"
                   "  call get_command_argument(2, arg)\n  read(arg, *) cols\n"
                   "  do k = 1, rows\n!$interp cost(8 * cols / 72e6 s)\n    call reflect(cols)\n  end do\n"
                   "end program t\n")
    # 32 steps of 8 x 320 / 72e6 s = 1.1378 ms.
    t = predict([str(src)], "sp2", 1, ["rows=32", "cols=320"], messages=False).result.total
    assert t == pytest.approx(32 * 8 * 320 / 72e6)
