"""interp sweep: the grid, the metrics against separate predictions, the measured-error arithmetic
of seed 000 (Eq. 4.9, 4.10), the output formats and the error contract."""
import csv
import io
import json

import pytest

from interp.studies.measured import attach, average_by_procs, average_error, read_measured, relative_error
from interp.pipeline import predict
from interp.studies.sweep import Outcome, Point, Row

TRAP = "samples/trapezoid_mpi.c"


def _predict(n, procs, scale=()):
    return predict([TRAP], "ipsc860", procs, [f"n={n}", "reps=1"], scale=scale, interactive=False).result


def _sweep_json(cli, *args):
    res = cli("sweep", TRAP, "--format", "json", *args)
    assert res.exit_code == 0, res.stderr
    return json.loads(res.stdout)


def test_sweep_points_and_metrics_match_separate_predictions(cli):
    doc = _sweep_json(cli, "-D", "n=1000,4000", "-D", "reps=1", "--procs", "4,1,2")
    points = doc["points"]
    # 2 values of n x 1 of reps x 3 process counts, n slowest, process counts ascending.
    assert [(p["inputs"]["n"], p["procs"]) for p in points] == [
        (1000, 1), (1000, 2), (1000, 4), (4000, 1), (4000, 2), (4000, 4)]
    assert doc["p_min"] == 1
    for n in (1000, 4000):
        t1 = _predict(n, 1).total
        for p in points:
            if p["inputs"]["n"] != n:
                continue
            r = _predict(n, p["procs"])
            assert p["predicted_seconds"] == pytest.approx(r.total, rel=1e-12)
            assert p["speedup"] == pytest.approx(t1 / r.total, rel=1e-12)
            assert p["efficiency"] == pytest.approx(t1 / r.total / p["procs"], rel=1e-12)
            comm = sum(q.ovh + q.xmit + q.wait for q in r.procs)
            busy = sum(q.comp + q.ovh + q.xmit + q.wait for q in r.procs)
            assert p["comm_share"] == pytest.approx(comm / busy, rel=1e-12)
    # One process sends nothing: no communication share; more processes do communicate.
    assert points[0]["comm_share"] == 0
    assert points[2]["comm_share"] > 0


def test_speedup_is_relative_to_the_smallest_process_count(cli):
    doc = _sweep_json(cli, "-D", "n=2000", "-D", "reps=1", "--procs", "2,8")
    t2, t8 = _predict(2000, 2).total, _predict(2000, 8).total
    first, second = doc["points"]
    assert doc["p_min"] == 2
    assert first["speedup"] == pytest.approx(2.0) and first["efficiency"] == pytest.approx(1.0)
    assert second["speedup"] == pytest.approx(2 * t2 / t8, rel=1e-12)
    assert second["efficiency"] == pytest.approx(2 * t2 / t8 / 8, rel=1e-12)


def test_sweep_scale_is_applied_to_every_point(cli):
    doc = _sweep_json(cli, "-D", "n=1000", "-D", "reps=1", "--procs", "4", "--scale", "comm_sync.startup=2")
    assert doc["points"][0]["predicted_seconds"] == pytest.approx(
        _predict(1000, 4, ("comm_sync.startup=2",)).total, rel=1e-12)
    assert doc["points"][0]["predicted_seconds"] > _predict(1000, 4).total


def test_jobs_keep_results_and_order(cli):
    args = ("-D", "n=1000,3000", "-D", "reps=1", "--procs", "1,2,4")
    serial = _sweep_json(cli, *args)
    parallel = _sweep_json(cli, *args, "--jobs", "3")
    assert parallel["points"] == serial["points"]


def test_csv_fields(cli):
    res = cli("sweep", TRAP, "-D", "n=1000", "-D", "reps=1", "--procs", "1,2", "--format", "csv")
    assert res.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert list(rows[0]) == ["n", "reps", "procs", "predicted_seconds", "speedup", "efficiency", "comm_share",
                             "comp_seconds", "ovh_seconds", "xmit_seconds", "wait_seconds", "latency_seconds",
                             "status"]
    assert [(r["n"], r["procs"], r["status"]) for r in rows] == [("1000", "1", "ok"), ("1000", "2", "ok")]
    assert float(rows[1]["predicted_seconds"]) == pytest.approx(_predict(1000, 2).total, rel=1e-12)
    # the breakdown adds up to the busy time the comm share is taken of
    r = rows[1]
    comm = sum(float(r[k]) for k in ("ovh_seconds", "xmit_seconds", "wait_seconds"))
    assert float(r["comm_share"]) == pytest.approx(comm / (comm + float(r["comp_seconds"])), rel=1e-12)
    # seed 002 Eq. 3.5 at N = 2: L(W, N) = T_para - (computation summed over the processes) / N
    assert float(r["latency_seconds"]) == pytest.approx(
        float(r["predicted_seconds"]) - float(r["comp_seconds"]) / 2, rel=1e-12)


def test_plain_sweep_latency_is_interp_scale_s(cli):
    # docs/scalability.md: interp scale on the trapezoid sample and ipsc860 at E = 0.5 finds W(2) = 81
    # with L(W, N) = 257 us and T_para = 518.8 us; the plain sweep's L(W,N) column at that point is the
    # same Eq. 3.5 (and E = 1 - L/T_para = 0.5046).
    res = cli("sweep", TRAP, "-D", "n=81", "-D", "reps=1", "--procs", "2", "-m", "ipsc860", "--format", "json")
    (point,) = json.loads(res.stdout)["points"]
    assert point["latency_seconds"] == pytest.approx(257e-6, rel=2e-3)
    assert 1 - point["latency_seconds"] / point["predicted_seconds"] == pytest.approx(0.5046, abs=1e-4)
    text = cli("sweep", TRAP, "-D", "n=81", "-D", "reps=1", "--procs", "2", "-m", "ipsc860").stdout
    assert "L(W,N)" in text and "257" in text


def test_text_table_and_quiet_progress(cli):
    res = cli("sweep", TRAP, "-D", "n=1000", "-D", "reps=1", "--procs", "1,4")
    assert res.exit_code == 0
    assert res.stderr == ""  # no progress bar when stderr is not a terminal
    lines = res.stdout.splitlines()
    header = next(line for line in lines if line.split()[:3] == ["n", "reps", "procs"])
    assert "speedup" in header and "comm share" in header
    four = next(line for line in lines if line.split()[:3] == ["1000", "1", "4"])
    t1, t4 = _predict(1000, 1).total, _predict(1000, 4).total
    assert f"{t1 / t4:.2f}" in four.split()
    assert f"{100 * t1 / t4 / 4:.1f}%" in four.split()


# ---- measured times: seed 000 Eq. 4.9 and 4.10 ------------------------------------------------

def test_relative_error_and_average_by_hand():
    assert relative_error(1.0, 0.9) == pytest.approx(0.1)   # Eq. 4.9: |1.0 - 0.9| / 1.0
    assert relative_error(2.0, 2.2) == pytest.approx(0.1)   # over- and under-prediction alike
    assert relative_error(4.0, 3.0) == pytest.approx(0.25)
    assert average_error([0.1, 0.1, 0.25]) == pytest.approx(0.15)
    assert average_error([]) is None


def test_measured_csv_matching_and_errors_by_hand(tmp_path):
    f = tmp_path / "m.csv"
    f.write_text("# measured on a real machine\n"
                 "n,procs,seconds\n"
                 "1000,1,1.0\n"
                 "2000,1,2.0\n"
                 "\n"
                 "1000,2,4.0\n"
                 "5000,2,1.0\n")
    define_lists = [("n", [1000.0, 2000.0]), ("reps", [1.0])]
    ms = read_measured(str(f), define_lists)
    assert [(m.inputs, m.procs, m.seconds, m.line) for m in ms] == [
        ((("n", 1000.0),), 1, 1.0, 3), ((("n", 2000.0),), 1, 2.0, 4),
        ((("n", 1000.0),), 2, 4.0, 6), ((("n", 5000.0),), 2, 1.0, 7)]
    predicted = {(1000, 1): 0.9, (2000, 1): 2.2, (1000, 2): 3.0, (2000, 2): 1.5}
    rows = [Row(Point((("n", float(n)), ("reps", 1.0)), p), Outcome(t)) for (n, p), t in predicted.items()]
    unmatched = attach(rows, ms)
    assert rows[0].error == pytest.approx(0.1) and rows[1].error == pytest.approx(0.1)
    assert rows[2].error == pytest.approx(0.25) and rows[3].error is None and rows[3].measured is None
    assert [m.line for m in unmatched] == [7]  # n=5000 is not in the sweep: reported, not dropped
    # Eq. 4.10 per process count: N=1 averages 0.1 and 0.1; N=2 has one measured point.
    assert average_by_procs(rows) == {1: (pytest.approx(0.1), 2), 2: (pytest.approx(0.25), 1)}


def test_measured_end_to_end_reports_both_kinds_of_unmatched(cli, tmp_path):
    t1 = _predict(1000, 1).total
    f = tmp_path / "m.csv"
    # measured = predicted / 0.8, so Eq. 4.9 gives |M - 0.8 M| / M = 0.2 exactly
    f.write_text(f"n,procs,seconds\n1000,1,{t1 / 0.8!r}\n7000,1,0.5\n")
    doc = _sweep_json(cli, "-D", "n=1000", "-D", "reps=1", "--procs", "1,2", "--measured", f)
    first, second = doc["points"]
    assert first["error"] == pytest.approx(0.2, rel=1e-9) and first["measured_line"] == 2
    assert second["status"] == "not measured" and second["error"] is None
    assert doc["average_error_by_procs"] == {"1": {"error": pytest.approx(0.2, rel=1e-9), "points": 1}}
    assert doc["mean_error"] == pytest.approx(0.2, rel=1e-9)
    assert doc["not_measured"] == [{"inputs": {"n": 1000, "reps": 1}, "procs": 2}]
    assert doc["measured_only"] == [{"inputs": {"n": 7000}, "procs": 1, "measured_seconds": 0.5, "line": 3}]
    text = cli("sweep", TRAP, "-D", "n=1000", "-D", "reps=1", "--procs", "1,2", "--measured", f).stdout
    assert "20.0%" in text
    assert "predicted but not measured (1): n=1000, reps=1, procs=2" in text
    assert "measured but not predicted (line 3: n=7000, procs=1" in text
    out = cli("sweep", TRAP, "-D", "n=1000", "-D", "reps=1", "--procs", "1,2", "--measured", f,
              "--format", "csv").stdout
    statuses = [r["status"] for r in csv.DictReader(io.StringIO(out))]
    assert statuses == ["ok", "not measured", "measured only"]


def test_plot_is_written(cli, tmp_path):
    f = tmp_path / "m.csv"
    f.write_text("n,procs,seconds\n1000,1,0.013\n1000,2,0.007\n")
    png = tmp_path / "s.png"
    res = cli("sweep", TRAP, "-D", "n=1000,2000", "-D", "reps=1", "--procs", "1,2", "--measured", f,
              "--plot", png, "--format", "json")
    assert res.exit_code == 0
    json.loads(res.stdout)  # stdout stays one JSON document; the "wrote" line goes to stderr
    assert f"wrote {png}" in res.stderr
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


# ---- errors: one message, exit 2, no traceback ---------------------------------------------------

@pytest.mark.parametrize("args,message", [
    (["-D", "n=1000,abc", "-D", "reps=1"], "-D n: 'abc' is not a number"),
    (["-D", "n=1000,,2", "-D", "reps=1"], "empty value"),
    (["-D", "n=1000", "-D", "n=2000", "-D", "reps=1"], "given twice"),
    (["-D", "n=1000,1000", "-D", "reps=1"], "repeated"),
    (["-D", "nn=5", "-D", "reps=1"], "no external input of that name"),
    (["-D", "n=1000", "-D", "reps=1", "--procs", "1,x"], "'x' is not a whole number"),
    (["-D", "n=1000", "-D", "reps=1", "--procs", "0,2"], "at least 1"),
    (["-D", "n=1000", "-D", "reps=1", "--procs", "1,32"], "more processes"),
    (["-D", "n=1000", "-D", "reps=1", "--jobs", "0"], "--jobs 0"),
    (["-D", "n=1000", "-D", "reps=1", "--plot", "out.txt"], "give a .png"),
])
def test_bad_sweep_input_exits_2(cli, args, message):
    res = cli("sweep", TRAP, *args)
    assert res.exit_code == 2
    assert message in res.stderr
    assert "Traceback" not in res.stderr and res.stdout == ""


@pytest.mark.parametrize("content,message", [
    ("", "the file is empty"),
    ("n,procs\n1000,1\n", "m.csv:1: the header has no 'seconds' column"),
    ("procs,seconds\n1,0.1\n", "m.csv:1: no column for input 'n', which the sweep varies"),
    ("n,reps2,procs,seconds\n", "m.csv:1: column 'reps2' is not an input of the sweep"),
    ("n,procs,seconds\n", "a header but no measurements"),
    ("n,procs,seconds\n1000,1,0.1\n2000,1\n", "m.csv:3: 2 fields, the header has 3"),
    ("n,procs,seconds\n1000,1,fast\n", "m.csv:2: seconds 'fast' is not a number"),
    ("n,procs,seconds\n# note\n1000,one,0.1\n", "m.csv:3: procs 'one' is not a whole number"),
    ("n,procs,seconds\n1000,1,0\n", "m.csv:2: seconds '0': a measured time must be positive"),
    ("n,procs,seconds\n1000,1,0.1\n1000,1,0.2\n", "m.csv:3: the same point (n=1000, procs=1) was measured on line 2"),
])
def test_malformed_measured_csv_exits_2_with_line(cli, tmp_path, content, message):
    f = tmp_path / "m.csv"
    f.write_text(content)
    res = cli("sweep", TRAP, "-D", "n=1000,2000", "-D", "reps=1", "--procs", "1", "--measured", f)
    assert res.exit_code == 2
    assert message in res.stderr
    assert "Traceback" not in res.stderr


def test_hang_point_is_reported_and_exit_1(cli):
    # skipped_collective.c is correct for P <= 3 and hangs from P = 4 on (rank 3 skips the allreduce).
    res = cli("sweep", "samples/broken/skipped_collective.c", "--procs", "2,4", "--format", "json")
    assert res.exit_code == 1
    doc = json.loads(res.stdout)
    ok, hung = doc["points"]
    assert ok["status"] == "ok" and ok["predicted_seconds"] > 0
    assert hung["status"] == "hang" and hung["predicted_seconds"] is None and "hang" in hung["hang"]
