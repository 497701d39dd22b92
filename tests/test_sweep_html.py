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
