"""interp run --level aag|subaag|aau, --format text|json|csv, --region, --output (paper 3.5).

Expected figures are derived by hand from the shipped iPSC/860 (paper 001 Tables 1-3, mid bound):
one clock is 25 ns (40 MHz); a call costs call.per_call = [1, 2] clk -> 1.5 clk; a loop without a
step costs iter.fixed = [5, 10] clk -> 7.5 clk once and iter.per_iter = [8, 14] clk -> 11 clk per
iteration; an 80-byte message (10 doubles, <= the 100-byte static buffer) over one hop costs
70 us of startup and 0.42 us/B * 80 B + 11 us/hop * 1 = 44.6 us of transmission.
"""
import csv
import io
import json

import pytest

from interp.output.csvout import AAU_COLUMNS, to_csv
from interp.output.jsonout import SCHEMA_VERSION, to_json
from interp.output.levels import Levels, Structure
from interp.pipeline import predict
from interp.output.report import render

CLK = 25e-9
CALL = 1.5 * CLK
LOOP3 = 7.5 * CLK + 3 * 11 * CLK  # loop control of a 3-iteration loop

CALLS = """\
void f(void)
{
#pragma interp cost(2 ms)
    work();
}

int main(void)
{
    int i;
#pragma interp region setup
#pragma interp cost(1 ms)
    init();
    f();
#pragma interp end region
    for (i = 0; i < 3; i++) {
#pragma interp cost(0.5 ms)
        step();
    }
    f();
    return 0;
}
"""

COMM = """\
#include <mpi.h>

double buf[10];

void g(int to)
{
    MPI_Send(buf, 10, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    int rank, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 2; i++) {
#pragma interp region work
#pragma interp cost(1 ms)
        compute();
#pragma interp end region
        if (rank == 0)
            g(1);
        else
            MPI_Recv(buf, 10, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""

# Per process: init 1 ms, two calls of f (2 ms + call overhead each), the loop (3 x 0.5 ms + control).
F_CALL = 2e-3 + CALL
LOOP = 1.5e-3 + LOOP3
TOTAL = 1e-3 + 2 * F_CALL + LOOP


@pytest.fixture(scope="module")
def calls(tmp_path_factory):
    path = tmp_path_factory.mktemp("calls") / "calls.c"
    path.write_text(CALLS)
    return str(path), predict([str(path)], "ipsc860", 2, [], interactive=False)


@pytest.fixture(scope="module")
def comm(tmp_path_factory):
    path = tmp_path_factory.mktemp("comm") / "comm.c"
    path.write_text(COMM)
    return str(path), predict([str(path)], "ipsc860", 2, [], interactive=False)


def _sub(pred, region=None):
    return Levels(pred.result, Structure(pred.programs)).sub_aag(region)


def _row(rows, name):
    return next(r for r in rows if r.name == name)


# -- AAG level ---------------------------------------------------------------------------------
def test_aag_level_figures(calls, cli):
    path, pred = calls
    r = pred.result
    assert r.total == pytest.approx(TOTAL, rel=1e-12)
    doc = to_json(r, "aag")
    assert doc["schema_version"] == SCHEMA_VERSION == 1 and doc["level"] == "aag"
    assert "aaus" not in doc and "functions" not in doc
    for p in doc["per_process"]:
        assert p["comp"] == pytest.approx(TOTAL, rel=1e-12)
        assert p["ovh"] == p["xmit"] == p["wait"] == 0 and p["idle"] == pytest.approx(0, abs=1e-15)
    assert doc["last_process"] == {"process": "rank 0", "end": pytest.approx(TOTAL), "longest_waits": []}
    out = cli("run", path, "--procs", 2, "--level", "aag")
    assert out.exit_code == 0
    assert "predicted time: 6.501 ms" in out.output and "AAUs" not in out.output
    assert "finishes last: rank 0 at 6.501 ms, without waiting" in out.output


def test_aag_level_last_process_and_why(comm):
    _, pred = comm
    doc = to_json(pred.result, "aag")
    rank1 = doc["per_process"][1]
    assert rank1["ovh"] == 0 and rank1["xmit"] == pytest.approx(2 * 44.6e-6, rel=1e-9)
    # Rank 1 posts its receive as rank 0 starts the send: it waits out the 70 us startup each time.
    assert rank1["wait"] == pytest.approx(2 * 70e-6, rel=1e-3)
    text = render(pred.result, level="aag")
    assert "finishes last:" in text


# -- sub-AAG level -----------------------------------------------------------------------------
def test_functions_self_and_inclusive(calls):
    _, pred = calls
    sub = _sub(pred)
    f, main = _row(sub.functions, "f"), _row(sub.functions, "main")
    for p in (0, 1):
        assert f.inclusive[p].count == 2 and main.inclusive[p].count == 1
        assert f.inclusive[p].total == pytest.approx(2 * F_CALL, rel=1e-12)
        assert f.per_process[p].total == pytest.approx(2 * F_CALL, rel=1e-12)  # f calls nothing
        assert main.inclusive[p].total == pytest.approx(TOTAL, rel=1e-12)
        assert main.per_process[p].total == pytest.approx(1e-3 + LOOP, rel=1e-12)  # callees excluded
        assert main.per_process[p].comp == main.per_process[p].total
    assert f.summed.total == pytest.approx(4 * F_CALL, rel=1e-12)
    # Self figures add up to each process's busy time: nothing counted twice, nothing lost.
    for proc in pred.result.procs:
        assert sum(r.per_process[proc.index].total for r in sub.functions) == pytest.approx(proc.busy, rel=1e-12)


def test_outermost_loops_and_regions(calls):
    _, pred = calls
    sub = _sub(pred)
    assert [l.name for l in sub.loops] == ["for (i < 3)"]
    loop = sub.loops[0]
    assert loop.where == "calls.c:15-17"
    assert loop.summed.count == 2
    assert loop.summed.total == pytest.approx(2 * LOOP, rel=1e-12) == pytest.approx(loop.summed.comp)
    setup = _row(sub.regions, "setup")
    assert setup.summed.count == 2  # entered once per process
    for p in (0, 1):
        assert setup.per_process[p].total == pytest.approx(1e-3 + F_CALL, rel=1e-12)


def test_split_of_interpreted_loops_and_calls(comm):
    _, pred = comm
    sub = _sub(pred)
    g = _row(sub.functions, "g")
    assert list(g.per_process) == [0]  # only rank 0 calls g
    own = g.per_process[0]
    assert g.inclusive[0].count == 2
    assert own.ovh == pytest.approx(2 * 70e-6, rel=1e-12)
    assert own.xmit == pytest.approx(2 * 44.6e-6, rel=1e-9)
    assert own.wait == 0 and own.comp == pytest.approx(2 * CALL, rel=1e-9)
    loop = sub.loops[0]
    for p in (0, 1):
        f = loop.per_process[p]
        raw = pred.result.aaus[(p, loop.aau_id)]
        # The split adds up to the loop's time: the loop control is counted once.
        assert f.total == pytest.approx(raw.total, rel=1e-12)
    assert loop.per_process[0].ovh == pytest.approx(2 * 70e-6) and loop.per_process[1].ovh == 0
    assert loop.per_process[1].wait == pytest.approx(2 * 70e-6, rel=1e-3)
    work = _row(sub.regions, "work")
    assert work.summed.count == 4 and work.summed.total == pytest.approx(4e-3, rel=1e-12)
    for proc in pred.result.procs:
        assert sum(r.per_process.get(proc.index).total for r in sub.functions if proc.index in r.per_process) \
            == pytest.approx(proc.busy, rel=1e-12)


def test_subaag_json_and_text(calls, cli):
    path, pred = calls
    doc = to_json(pred.result, "subaag", Structure(pred.programs))
    assert doc["level"] == "subaag" and "aaus" not in doc
    f = next(x for x in doc["functions"] if x["name"] == "f")
    assert f["calls"] == 4 and f["self"]["total"] == pytest.approx(4 * F_CALL)
    assert [p["process"] for p in f["per_process"]] == ["rank 0", "rank 1"]
    assert f["per_process"][0]["inclusive"]["comp"] == pytest.approx(2 * F_CALL)
    assert doc["loops"][0]["executions"] == 2 and doc["loops"][0]["total"] == pytest.approx(2 * LOOP)
    assert doc["regions"][0]["name"] == "setup" and doc["regions"][0]["entries"] == 2
    out = cli("run", path, "--procs", 2, "--level", "subaag")
    assert out.exit_code == 0
    lines = out.output.splitlines()
    row = next(l for l in lines if l.startswith("f "))
    assert row.split() == ["f", "4", "8", "ms", "8", "ms", "8", "ms", "0", "0", "0"]
    assert any(l.startswith("setup ") and "6 ms" in l for l in lines)
    assert max(len(l) for l in lines) <= 100


# -- AAU level ---------------------------------------------------------------------------------
def test_aau_level_json_matches_engine_statistics(calls):
    _, pred = calls
    r = pred.result
    doc = to_json(r, "aau", Structure(pred.programs))
    merged = {s.aau_id: s for s in r.aau_totals()}
    assert [a["id"] for a in doc["aaus"]] == [s.aau_id for s in r.aau_totals()]
    totals = [a["total"] for a in doc["aaus"]]
    assert totals == sorted(totals, reverse=True)
    for a in doc["aaus"]:
        s = merged[a["id"]]
        for key in ("executions", "first", "last", "total", "mean", "min", "max", "comp", "ovh", "xmit", "wait"):
            assert a[key] == getattr(s, key), key
        assert {p["process"] for p in a["per_process"]} == {"rank 0", "rank 1"}
    f_calls = [a for a in doc["aaus"] if a["class"] == "Call"]
    assert len(f_calls) == 2 and all(a["mean"] == pytest.approx(F_CALL) and a["executions"] == 2 for a in f_calls)
    assert len(to_json(r, "aau", top=3)["aaus"]) == 3


def test_aau_level_text(calls, cli):
    path, _ = calls
    out = cli("run", path, "--procs", 2, "--top", 2)
    assert out.exit_code == 0
    lines = out.output.splitlines()
    assert "AAUs by total time over all processes (top 2 of" in out.output
    first = next(l for l in lines if l.strip().startswith("1 "))
    second = next(l for l in lines if l.strip().startswith("2 "))
    # The body of f() (its cost(2 ms) statement at line 4) runs at both call sites on both
    # processes: 4 executions, first at 1 ms, 8 ms in all, 2 ms each.
    assert first.split()[:5] == ["1", "Seq", "calls.c:4", "4", "1"] and first.split()[8:12] == ["8", "ms", "2", "ms"]
    # Call f() at line 13: 2 executions, first at 1 ms, last at 1 ms, total 4 ms, mean 2 ms.
    assert second.split() == ["2", "Call", "calls.c:13", "2", "1", "ms", "1", "ms", "4", "ms", "2", "ms"]
    assert max(len(l) for l in lines) <= 100


def test_csv_one_row_per_aau_per_process(calls, cli):
    path, pred = calls
    out = cli("run", path, "--procs", 2, "--format", "csv")
    assert out.exit_code == 0
    assert out.output.splitlines()[0] == ",".join(AAU_COLUMNS)
    assert len(out.output.splitlines()) == 1 + len(pred.result.aaus)
    rows = list(csv.DictReader(io.StringIO(to_csv(pred.result))))  # AAU ids are those of this parse
    assert len(rows) == len(pred.result.aaus)
    assert {(int(x["process_index"]), int(x["aau_id"])) for x in rows} == set(pred.result.aaus)
    for x in rows:
        s = pred.result.aaus[(int(x["process_index"]), int(x["aau_id"]))]
        assert x["class"] == s.cls and x["lines"] == s.loc and x["region"] == (s.region or "")
        for key in ("executions", "first", "last", "total", "mean", "min", "max", "comp", "ovh", "xmit", "wait"):
            value = getattr(s, key)
            assert (float(x[key]) if x[key] else None) == value, key
    aag = list(csv.DictReader(io.StringIO(cli("run", path, "--procs", 2, "--format", "csv", "--level", "aag").output)))
    assert [x["process"] for x in aag] == ["rank 0", "rank 1"]
    assert float(aag[0]["comp"]) == pred.result.procs[0].comp
    sub = list(csv.DictReader(io.StringIO(cli("run", path, "--procs", 2, "--format", "csv", "--level",
                                              "subaag").output)))
    f = [x for x in sub if x["kind"] == "function" and x["name"] == "f"]
    assert len(f) == 2 and float(f[0]["total"]) == pytest.approx(2 * F_CALL) and f[0]["count"] == "2"


# -- --region and --output -----------------------------------------------------------------------
def test_region_restricts_subaag_and_aau(calls, cli):
    path, pred = calls
    sub = _sub(pred, "setup")
    assert [r.name for r in sub.regions] == ["setup"] and sub.loops == []
    assert [r.name for r in sub.functions] == ["f"]  # the call made inside the region
    assert sub.functions[0].summed.count == 2 and sub.functions[0].summed.total == pytest.approx(2 * F_CALL)
    doc = json.loads(cli("run", path, "--procs", 2, "--format", "json", "--region", "setup").output)
    assert doc["region"] == "setup"
    assert {a["region"] for a in doc["aaus"]} == {"setup"} and len(doc["aaus"]) == 3
    text = cli("run", path, "--procs", 2, "--region", "setup").output
    assert "AAUs in region setup" in text and "step()" not in text


def test_unknown_region_is_an_input_error(calls, cli):
    path, _ = calls
    out = cli("run", path, "--procs", 2, "--level", "subaag", "--region", "solve")
    assert out.exit_code == 2
    assert "--region solve" in out.output and "setup" in out.output
    out = cli("run", path, "--procs", 2, "--level", "aag", "--region", "setup")
    assert out.exit_code == 2


def test_output_writes_the_report_to_a_file(calls, cli, tmp_path):
    path, _ = calls
    target = tmp_path / "report.json"
    out = cli("run", path, "--procs", 2, "--format", "json", "--level", "subaag", "--output", target)
    assert out.exit_code == 0 and "wrote" in out.output and "{" not in out.output
    doc = json.loads(target.read_text())
    assert doc["schema_version"] == 1 and doc["level"] == "subaag"
    text = tmp_path / "report.txt"
    assert cli("run", path, "--procs", 2, "--level", "subaag", "-o", text).exit_code == 0
    assert text.read_text() == cli("run", path, "--procs", 2, "--level", "subaag").output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json", "report.txt"]  # no temporary files
