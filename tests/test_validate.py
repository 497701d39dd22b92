"""interp validate: argv mapping, error arithmetic, CSV for sweep --measured, and the timing shims
on tiny programs (skipped without a C compiler / MPI; no timing asserts)."""
import math
from pathlib import Path

import pytest

from interp.calibrate import tools
from interp.studies.measured import read_measured
from interp.studies.validate import (PointResult, argv_for, argv_indices, mean_error, program_kind, run_interleaved,
                                    to_csv, validate)

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
HAS_CC = tools.which("gcc") is not None
HAS_MPI = tools.mpi_tools() is not None


def test_argv_indices_from_source():
    assert argv_indices((SAMPLES / "trapezoid_mpi.c").read_text()) == {"n": 1, "reps": 2}
    assert argv_indices((SAMPLES / "ring_mpi.c").read_text()) == {"params[0]": 1, "params[1]": 2}
    assert argv_indices("x = (long) strtol(argv[3], 0, 10);") == {"x": 3}


def test_argv_order_follows_index_not_option_order():
    text = "b = atoi(argv[2]);\na = atoi(argv[1]);\n"
    assert argv_for(text, {}, {"b": 20, "a": 10}) == ["10", "20"]


def test_argv_missing_index_is_error():
    from interp.errors import InputError
    with pytest.raises(InputError, match=r"argv\[1\]"):
        argv_for("b = atoi(argv[2]);", {}, {"b": 3})


def test_program_kind():
    read = lambda n: (SAMPLES / n).read_text()  # noqa: E731
    assert program_kind([read("trapezoid_mpi.c")]) == "mpi"
    assert program_kind([read("trapezoid_host.c"), read("trapezoid_node.c")]) == "nx"
    assert program_kind(["int main(void) { return 0; }"]) == "seq"


def test_error_arithmetic_seed000():
    # Eq. 4.9 against the median of the runs: |2 - 2.5| / 2 = 0.25; |4 - 3| / 4 = 0.25; |1 - 1.5| / 1.
    a = PointResult((("n", 1000.0),), 1, [1.0, 2.0, 3.0], 2.5)
    b = PointResult((("n", 2000.0),), 2, [4.0, 5.0, 3.5], 3.0)
    c = PointResult((("n", 3000.0),), 2, [1.0], 1.5)
    assert a.error == pytest.approx(0.25) and b.error == pytest.approx(0.25) and c.error == pytest.approx(0.5)
    assert mean_error([a, b, c]) == pytest.approx(1.0 / 3)   # Eq. 4.10


def test_inside_the_predicted_range():
    from interp.studies.validate import to_text
    # medians 2.0 and 4.0 against ranges [1.5, 2.5] and [2.5, 3.5]
    a = PointResult((("n", 1000.0),), 1, [1.0, 2.0, 3.0], 2.0, best=1.5, worst=2.5)
    b = PointResult((("n", 2000.0),), 1, [4.0, 5.0, 3.5], 3.0, best=2.5, worst=3.5)
    assert a.inside is True and b.inside is False
    text = to_text([a, b], "m.yaml")
    assert "1.5 s-2.5 s in" in text and "2.5 s-3.5 s out" in text
    assert "measured inside the predicted range: 1 of 2 points" in text


def test_csv_is_a_measured_file(tmp_path):
    rows = [PointResult((("n", 1000.0), ("reps", 2.0)), p, [0.5 * p, 0.6 * p], 0.5) for p in (1, 2)]
    path = tmp_path / "m.csv"
    path.write_text(to_csv(rows))
    assert path.read_text().splitlines()[0].startswith("n,reps,procs,seconds,")
    ms = read_measured(str(path), [("n", [1000.0]), ("reps", [2.0])])
    assert [(m.procs, m.seconds) for m in ms] == [(1, pytest.approx(0.55)), (2, pytest.approx(1.1))]


@pytest.mark.skipif(not HAS_CC, reason="no C compiler")
def test_seq_timer_shim(tmp_path):
    prog = tmp_path / "seq.c"
    prog.write_text("#include <stdlib.h>\nint main(int argc, char **argv) {\n"
                    "  int n = atoi(argv[1]); volatile double s = 0;\n"
                    "  for (int i = 0; i < n; i++) s += i;\n  return 0;\n}\n")
    res = validate([str(prog)], "ipsc860", [1], [("n", [1000.0])], repeat=2)
    assert len(res) == 1 and len(res[0].times) == 2
    assert all(math.isfinite(t) and t > 0 for t in res[0].times)
    assert res[0].predicted > 0 and res[0].error is not None


@pytest.mark.skipif(not HAS_MPI, reason="mpicc/mpiexec not installed (pip install 'interp[mpi]')")
def test_pmpi_timer_on_tiny_mpi_program(tmp_path):
    prog = tmp_path / "tiny.c"
    prog.write_text("#include <mpi.h>\nint main(int argc, char **argv) {\n  int r;\n"
                    "  MPI_Init(&argc, &argv);\n  MPI_Comm_rank(MPI_COMM_WORLD, &r);\n"
                    "  MPI_Barrier(MPI_COMM_WORLD);\n  MPI_Finalize();\n  return 0;\n}\n")
    from interp.studies.validate import build, run_once

    b = build([str(prog)], tmp_path, "gcc", "-O2")
    assert b.kind == "mpi"
    t = run_once(b, 2, [], tmp_path, 120)
    assert math.isfinite(t) and t > 0


@pytest.mark.skipif(not HAS_MPI, reason="mpicc/mpiexec not installed (pip install 'interp[mpi]')")
def test_nx_shim_runs_trapezoid(tmp_path):
    files = [str(SAMPLES / "trapezoid_host.c"), str(SAMPLES / "trapezoid_node.c")]
    res = validate(files, "ipsc860", [2], [("n", [2000.0]), ("reps", [2.0])], repeat=1)
    assert res[0].times[0] > 0 and res[0].predicted > 0


def test_validate_cli_bad_machine_is_exit_2(cli):
    res = cli("validate", str(SAMPLES / "trapezoid_mpi.c"), "--machine", "no-such-machine", "-D", "n=10")
    assert res.exit_code == 2


def test_validate_cli_bad_procs_is_exit_2(cli):
    res = cli("validate", str(SAMPLES / "trapezoid_mpi.c"), "--machine", "ipsc860", "--procs", "0")
    assert res.exit_code == 2


@pytest.mark.skipif(not HAS_CC, reason="no C compiler")
@pytest.mark.parametrize("ftz,flushed", [(False, "0"), (True, "1")])
def test_ftz_shim_flushes_subnormals(tmp_path, ftz, flushed):
    from interp.studies.validate import build
    prog = tmp_path / "tiny.c"
    # 1e-300 * 1e-10 is subnormal: kept as is by default, 0 with flush-to-zero.
    prog.write_text("#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv) {\n"
                    "  volatile double tiny = 1e-300 * atof(argv[1]);\n  volatile double x = tiny * 1e-10;\n"
                    "  printf(\"%d\\n\", x == 0.0);\n  return 0;\n}\n")
    b = build([str(prog)], tmp_path, "gcc", "-O2", ftz=ftz)
    out = tools.run([b.exe, "1"], env={"INTERP_TIME_FILE": str(tmp_path / "t.txt")})
    assert out.strip() == flushed


# --- interleaved repeats, spread and the spread-larger-than-error flag (fake runner, no timing) ---

def test_runs_are_interleaved_round_robin():
    pts = [PointResult((("n", float(k)),), 1) for k in (1, 2, 3)]
    order = []

    def fake(r):
        order.append(dict(r.inputs)["n"])
        return 1.0

    run_interleaved(pts, 2, fake)
    # R = 2 rounds over the 3 points, not 1, 1, 2, 2, 3, 3
    assert order == [1.0, 2.0, 3.0, 1.0, 2.0, 3.0]
    assert all(len(p.times) == 2 for p in pts)


def _fake_validate(monkeypatch, tmp_path):
    """validate() with the compiler, the runs and the predictions replaced: each run returns
    1 ms times its position in the sequence of all runs; the prediction is n ms (best n/2, worst
    2n). Returns the list the argv of every run is appended to."""
    import interp.pipeline
    import interp.studies.validate as v

    prog = tmp_path / "p.c"
    prog.write_text("#include <stdlib.h>\nint main(int argc, char **argv) {\n  int n = atoi(argv[1]);\n"
                    "  volatile double s = 0;\n  for (int i = 0; i < n; i++) s += i;\n  return 0;\n}\n")
    calls = []

    class Pred:
        def __init__(self, total):
            self.result = type("R", (), {"total": total})()

    def fake_predict(files, machine, procs, defines, bound, **kw):
        n = float(defines[0].split("=")[1])
        return Pred({"mid": n, "best": n / 2, "worst": 2 * n}[bound] * 1e-3)

    monkeypatch.setattr(interp.pipeline, "predict", fake_predict)
    monkeypatch.setattr(v, "build", lambda files, tmp, cc, cflags, ftz: v.Build(tmp / "x", "seq", prog.read_text()))
    monkeypatch.setattr(v, "run_once", lambda b, procs, args, tmp, timeout: calls.append(args[0]) or 1e-3 * len(calls))
    return str(prog), calls


def test_validate_runs_points_in_turn(monkeypatch, tmp_path):
    prog, calls = _fake_validate(monkeypatch, tmp_path)
    res = validate([prog], "ipsc860", [1], [("n", [10.0, 20.0])], repeat=3)
    assert calls == ["10", "20", "10", "20", "10", "20"]
    # runs 1..6 ms in that order: n=10 got 1, 3, 5 ms (median 3 ms), n=20 got 2, 4, 6 ms (median 4 ms)
    assert res[0].times == pytest.approx([1e-3, 3e-3, 5e-3]) and res[1].median == pytest.approx(4e-3)
    assert res[0].predicted == pytest.approx(10e-3) and res[0].best == pytest.approx(5e-3)


def test_validate_explicit_sizes_are_interleaved_too(monkeypatch, tmp_path):
    prog, calls = _fake_validate(monkeypatch, tmp_path)
    res = validate([prog], "ipsc860", [1], None, repeat=2, sizes=[{"n": 30}, {"n": 10}, {"n": 20}])
    assert calls == ["30", "10", "20", "30", "10", "20"]
    assert [r.inputs for r in res] == [(("n", 30.0),), (("n", 10.0),), (("n", 20.0),)]
    # n=30: runs 1 and 4 ms, median 2.5 ms, predicted 30 ms: error |2.5 - 30| / 2.5 = 11
    assert res[0].error == pytest.approx(11.0)


def test_validate_repeats_five_times_by_default():
    import inspect
    from interp.cli.validate import validate_cmd
    assert inspect.signature(validate).parameters["repeat"].default == 5
    assert next(p for p in validate_cmd.params if p.name == "repeat").default == 5


def test_spread_arithmetic_and_flag():
    # runs 0.9, 1.0, 1.2 s: median 1.0, half-range (1.2 - 0.9) / 2 = 0.15, i.e. 15% of the median.
    # predicted 1.1 s: error |1.0 - 1.1| / 1.0 = 10% < 15%: flagged; predicted 1.3 s: 30% > 15%.
    a = PointResult((("n", 1.0),), 1, [1.2, 0.9, 1.0], 1.1)
    b = PointResult((("n", 2.0),), 1, [1.2, 0.9, 1.0], 1.3)
    assert a.spread == pytest.approx(0.15) and b.spread == pytest.approx(0.15)
    assert a.noisy is True and b.noisy is False
    # four runs 2, 3, 5, 6 s: median 4, spread (6 - 2) / (2 * 4) = 0.5
    assert PointResult((), 1, [2.0, 3.0, 5.0, 6.0]).spread == pytest.approx(0.5)
    # no prediction: no error, no flag
    assert PointResult((), 1, [1.0, 2.0]).noisy is None


def test_flag_in_text_csv_json(tmp_path):
    from interp.studies.validate import to_json, to_text
    a = PointResult((("n", 1.0),), 1, [1.2, 0.9, 1.0], 1.1)   # spread 15% > error 10%
    b = PointResult((("n", 2.0),), 1, [1.2, 0.9, 1.0], 1.3)   # spread 15% < error 30%
    lines = to_text([a, b], "m.yaml").splitlines()
    assert lines[1].endswith("spread > error") and "15.0%" in lines[1] and "10.0%" in lines[1]
    assert not lines[2].endswith("spread > error")
    assert "spread > error: 1 of 2 points" in to_text([a, b], "m.yaml")
    csv_lines = to_csv([a, b]).splitlines()
    assert csv_lines[0] == "n,procs,seconds,min_seconds,max_seconds,spread,predicted,error,noisy"
    assert csv_lines[1] == "1,1,1,0.9,1.2,0.15,1.1,0.1,1" and csv_lines[2].endswith(",0")
    j = to_json([a, b], "m.yaml", 3)
    assert [p["spread_exceeds_error"] for p in j["points"]] == [True, False]
    assert j["points"][0]["measured"] == {"min": 0.9, "median": 1.0, "max": 1.2, "spread": pytest.approx(0.15)}
    assert j["spread_exceeds_error"] == 1 and j["order"] == "interleaved"
    # the CSV with its spread columns is still a --measured file of interp sweep (the median)
    path = tmp_path / "m.csv"
    path.write_text(to_csv([a, b]))
    assert [m.seconds for m in read_measured(str(path), [("n", [1.0, 2.0])])] == [1.0, 1.0]


def test_measured_file_unknown_column_still_refused(tmp_path):
    from interp.errors import InputError
    path = tmp_path / "m.csv"
    path.write_text("n,procs,seconds,sprad\n1,1,1.0,0.1\n")
    with pytest.raises(InputError, match="column 'sprad' is not an input"):
        read_measured(str(path), [("n", [1.0])])
