"""interp sweep --html DIR: time and speedup charts and the table, from the sweep's JSON."""
import json
import re
from pathlib import Path

from interp.output.format import fmt_time

ROOT = Path(__file__).resolve().parent.parent


def test_sweep_page_has_the_json_figures(cli, tmp_path):
    args = ["sweep", ROOT / "samples/trapezoid_mpi.c", "--machine", "ipsc860", "-D", "n=1000,10000", "-D", "reps=2",
            "--procs", "1,2,4"]
    res = cli(*args, "--format", "json", "--html", tmp_path / "sweep")
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    text = (tmp_path / "sweep" / "index.html").read_text()
    assert sorted(p.name for p in (tmp_path / "sweep").iterdir()) == ["index.html"]
    # Two series (n=1000 and n=10000) of three points in each chart.
    assert text.count('<path class="series"') == 4
    assert text.count("<circle") == 12
    for p in doc["points"]:
        assert f'data-seconds="{p["predicted_seconds"]}">{fmt_time(p["predicted_seconds"])}<' in text
        tip = f'n=1000, reps=2, {p["procs"]} processes: {fmt_time(p["predicted_seconds"])}, speedup {p["speedup"]:.2f}'
        if p["inputs"]["n"] == 1000:
            assert f'data-tip="{tip}"' in text
    # Speedup is T(1) / T(p) (seed 003): the point at 1 process has speedup 1.
    assert all(p["speedup"] == 1.0 for p in doc["points"] if p["procs"] == 1)
    # The x axis is the process counts, on a log scale: 1, 2, 4 evenly spaced over the 560-px plot that starts at x = 70: 70, 70 + 280, 70 + 560.
    xs = [float(x) for x in re.findall(r'<line class="grid" x1="([\d.]+)"', text)[:3]]
    assert xs == [70.0, 350.0, 630.0]


def test_sweep_html_into_a_file_is_one_clear_error(cli, tmp_path):
    target = tmp_path / "f"
    target.write_text("")
    res = cli("sweep", ROOT / "samples/trapezoid_mpi.c", "-D", "n=100", "-D", "reps=1", "--procs", "1",
              "--html", target)
    assert res.exit_code == 2
    assert res.stderr.strip() == f"interp: --html {target}: it exists and is not a directory; give a directory for the report"


def test_sweep_page_shows_the_closed_form_summary(cli, tmp_path):
    # The ping-pong of test_sweep_closed.py: m <= 100 bytes (static buffers, Table 3 of paper 001:
    # 0.42 us per byte) and m > 100 (dynamic, 0.36 us per byte) give two forms.
    args = ["sweep", ROOT / "samples/pingpong_mpi.c", "-D", "m=1,10,20,30,40,50,60,70,80,90,100,200,500,1000,2000,4000",
            "-D", "reps=10", "--procs", "2", "--symbolic", "m"]
    res = cli(*args, "--format", "json", "--html", tmp_path / "sweep")
    assert res.exit_code == 0, res.stderr
    closed = json.loads(res.stdout)["closed_forms"]
    text = (tmp_path / "sweep" / "index.html").read_text()
    section = text[text.index('<section id="closed-forms">'):]
    section = section[:section.index("</section>")]
    assert (f"{closed['points_from_forms']} points from 2 forms, {closed['points_from_engine']} from the engine"
            in section)
    assert closed["points_from_forms"] + closed["points_from_engine"] == 16
    for f in closed["forms"]:  # each form: where, its total, its points and its engine checks
        assert (f'<tr><td>{f["where"]}</td><td><code>{f["total"]}</code></td><td class="num">{f["points"]}</td>'
                f'<td class="num">{f["checks"]}</td></tr>') in section
    # The points table says where each point came from.
    assert text.count("<td>closed form</td>") == closed["points_from_forms"]
    assert text.count("<td>engine</td>") == closed["points_from_engine"]


def test_sweep_page_lists_the_fallbacks(cli, tmp_path):
    # reps decides the trip count of the loop at line 49: no form, every point from the engine.
    res = cli("sweep", ROOT / "samples/trapezoid_mpi.c", "-D", "n=1000", "-D", "reps=1,2", "--procs", "2",
              "--symbolic", "reps", "--html", tmp_path / "sweep")
    assert res.exit_code == 0, res.stderr
    text = (tmp_path / "sweep" / "index.html").read_text()
    assert "0 points from 0 forms, 2 from the engine" in text
    assert "the loop trip count depends on reps" in text and '<table class="figures" id="forms">' not in text
