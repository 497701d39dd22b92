"""sweep --symbolic NAME: closed forms evaluated on whole grids, checked against the engine, and the
engine where a form's validity region ends (docs/sweeps.md, "Closed forms on grids")."""
import json

import pytest
import sympy

from interp.studies import closed_grid
from interp.studies.closed_grid import run_closed_forms
from interp.studies.sweep import Settings, grid, run_points

PING = "samples/pingpong_mpi.c"
SMALL = [1, 5, 10, 20, 30, 40, 50, 60, 64, 70, 80, 90, 100]  # static buffers: m <= 100 bytes
LARGE = [101, 200, 500, 1000, 2000, 3000, 4000, 5000]        # dynamic buffers: m > 100 bytes
M = sympy.Symbol("m", positive=True)


def test_pingpong_grid_gets_one_form_per_buffer_kind(cli):
    values = ",".join(map(str, SMALL + LARGE))
    res = cli("sweep", PING, "-D", f"m={values}", "-D", "reps=10", "--procs", "2", "--symbolic", "m",
              "--format", "json")
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    closed = doc["closed_forms"]
    # Table 3 of paper 001 (iPSC/860): a message of m <= 100 bytes costs 0.42 us per byte (static
    # buffers), a longer one 0.36 us per byte (dynamic). 10 round trips are 20 messages, so the
    # time grows by 20 * 0.42 us = 8.4 us per byte up to 100 bytes and by 20 * 0.36 us = 7.2 us
    # per byte beyond: two forms, the second derived at m = 101 where the first one's region ends.
    slopes = [float(sympy.sympify(f["total"], locals={"m": M}).diff(M)) for f in closed["forms"]]
    assert slopes == [pytest.approx(20 * 0.42e-6, rel=1e-12), pytest.approx(20 * 0.36e-6, rel=1e-12)]
    assert closed["points_from_forms"] + closed["points_from_engine"] == len(SMALL + LARGE)
    # Each form's checks: its two corners and up to 3 random points (some may coincide).
    assert all(2 <= f["checks"] <= 5 for f in closed["forms"])
    assert closed["points_from_forms"] == sum(f["points"] for f in closed["forms"]) >= len(SMALL + LARGE) - 10
    assert closed["fallbacks"] == []
    # Every point, from a form or from the engine, is the engine's prediction to 1e-9.
    serial = json.loads(cli("sweep", PING, "-D", f"m={values}", "-D", "reps=10", "--procs", "2",
                            "--format", "json").stdout)
    for got, want in zip(doc["points"], serial["points"]):
        for key in ("predicted_seconds", "comp", "ovh", "xmit", "wait"):
            assert got[key] == pytest.approx(want[key], rel=1e-9, abs=1e-15)
    sources = [p["source"] for p in doc["points"]]
    assert sources.count("closed form") == closed["points_from_forms"]
    by_m = {p["inputs"]["m"]: p["predicted_seconds"] for p in doc["points"]}
    assert by_m[90] - by_m[80] == pytest.approx(10 * 8.4e-6, rel=1e-9)
    assert by_m[3000] - by_m[2000] == pytest.approx(1000 * 7.2e-6, rel=1e-9)
    text = cli("sweep", PING, "-D", f"m={values}", "-D", "reps=10", "--procs", "2", "--symbolic", "m").stdout
    assert (f"closed forms (--symbolic m): {closed['points_from_forms']} points from 2 forms, "
            f"{closed['points_from_engine']} from the engine") in text


def test_an_input_that_decides_control_flow_falls_back_to_the_engine(cli):
    res = cli("sweep", "samples/trapezoid_mpi.c", "-D", "n=1000", "-D", "reps=1,2,3", "--procs", "2",
              "--symbolic", "reps", "--format", "csv")
    assert res.exit_code == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0].endswith(",status,source") and all(line.endswith(",ok,engine") for line in lines[1:])
    text = cli("sweep", "samples/trapezoid_mpi.c", "-D", "n=1000", "-D", "reps=1,2,3", "--procs", "2",
               "--symbolic", "reps").stdout
    assert "0 points from 0 forms, 3 from the engine" in text
    assert "n=1000, procs=2: no closed form: samples/trapezoid_mpi.c:49: the loop trip count depends on reps" in text


def test_a_form_the_engine_contradicts_is_discarded(monkeypatch):
    settings = Settings((PING,), "ipsc860")
    points = grid([("m", [float(m) for m in SMALL]), ("reps", [10.0])], [2])
    derive = closed_grid._derive

    def off_by_a_microsecond(*args):
        outcome, exprs, facts = derive(*args)
        return outcome, {**exprs, "total": exprs["total"] + sympy.Float(1e-6)}, facts

    monkeypatch.setattr(closed_grid, "_derive", off_by_a_microsecond)
    outcomes, report = run_closed_forms(settings, points, ["m"])
    assert report.from_form == 0 and report.from_engine == len(SMALL)
    assert "the closed form gives" in report.fallbacks[0] and "its points go to the engine" in report.fallbacks[0]
    assert [o.total for o in outcomes] == [o.total for o in run_points(settings, points)]


def test_symbolic_name_must_be_swept(cli):
    res = cli("sweep", PING, "-D", "m=64", "-D", "reps=10", "--procs", "2", "--symbolic", "n")
    assert res.exit_code == 2
    assert "--symbolic n: not an input of the sweep" in res.stderr


def test_metrics_with_symbolic_agree_with_the_engine(cli):
    args = ("sweep", "samples/trapezoid_mpi.c", "-D", "n=1000:8000:+1000", "-D", "reps=2", "--procs", "1,2,4",
            "--metrics", "--format", "json")
    engine = json.loads(cli(*args).stdout)
    res = cli(*args, "--symbolic", "n")
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    closed = doc["closed_forms"]
    # One form per process count: the trip count of each process's share of the n intervals,
    # ceiling(n/p - (p-1)/p), times 12.539 us per interval (the trapezoid sample's loop body on the
    # i860), plus a constant; each checked at its corners (n = 1000, 8000) and 3 random points.
    assert [f["where"] for f in closed["forms"]] == ["reps=2, procs=1", "reps=2, procs=2", "reps=2, procs=4"]
    assert all("1.2539e-5" in f["total"] for f in closed["forms"])
    assert closed["points_from_forms"] + closed["points_from_engine"] == 24 and closed["points_from_forms"] > 0
    assert [p["source"] for p in doc["points"]].count("closed form") == closed["points_from_forms"]
    # The metrics of seed 003 from a form's T_n are those from the engine's, to 1e-9 (T_1 and W are
    # predicted by the engine in both).
    assert doc["settings"] == engine["settings"]
    for got, want in zip(doc["points"], engine["points"]):
        for key in ("predicted_seconds", "speed_flops", "speedup", "efficiency", "latency_seconds"):
            assert got[key] == pytest.approx(want[key], rel=1e-9)
    text = cli(*args[:-2], "--symbolic", "n").stdout
    assert f"closed forms (--symbolic n): {closed['points_from_forms']} points from 3 forms" in text


def test_metrics_uniform_mode_refuses_symbolic(cli):
    res = cli("sweep", "samples/trapezoid_mpi.c", "-D", "n=1000,2000", "-D", "reps=2", "--procs", "1,2",
              "--mode", "uniform", "--symbolic", "n")
    assert res.exit_code == 2
    assert "--mode uniform predicts each input setting at its own flop rate W/T_1" in res.stderr
