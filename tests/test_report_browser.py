"""The HTML report (interp run --html) in a real headless browser: Debian's Chromium driven by
Playwright (tests/browser.py). Skipped, with the reason, when either is missing.

The figures the page shows are compared with the JSON report of the same run, formatted as the
text report formats times (4 significant digits and a unit, interp.output.format.fmt_time).
"""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from interp.cli import main
from interp.output.format import fmt_count, fmt_time

from browser import browser_page, chromium_or_reason

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
_PATH, _REASON = chromium_or_reason()
pytestmark = pytest.mark.skipif(_PATH is None, reason=f"no headless browser: {_REASON}")
CATS = ("comp", "ovh", "xmit", "wait")


def _run(args) -> None:
    res = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert res.exit_code == 0, res.output


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    d = tmp_path_factory.mktemp("browser")
    _run(["run", SAMPLES / "trapezoid_host.c", SAMPLES / "trapezoid_node.c", "--procs", "4", "-D", "n=2000",
          "-D", "reps=3", "--format", "json", "-o", d / "run.json", "--html", d / "report"])
    return d / "report", json.loads((d / "run.json").read_text())


@pytest.fixture(scope="module")
def page():
    with browser_page() as p:
        requests = []
        p.on("request", lambda r: requests.append(r.url))
        p.requests = requests
        yield p


def _open(page, path: Path):
    page.requests.clear()
    page.errors.clear()
    page.goto(path.as_uri())
    page.wait_for_load_state("load")


def _offline(page):
    """Nothing but the report's own files was asked for, and the script ran without an error."""
    assert [u for u in page.requests if not u.startswith("file://")] == []
    assert page.errors == []


def test_hottest_line_is_highlighted_with_the_json_figures(page, report):
    d, data = report
    _open(page, d / "src2-trapezoid_node.c.html")
    hot = page.locator("tr.hottest")
    assert hot.count() == 1
    assert hot.get_attribute("id") == "L19"
    # Highlighted: the line number on the report's hot colour, the heat bar the full width.
    assert hot.locator("td.n").evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(196, 78, 82)"
    bar = hot.locator("td.share .bar").evaluate("e => e.getBoundingClientRect().width / e.parentElement.clientWidth")
    assert bar == pytest.approx(1.0, abs=0.01)
    entry = next(a for a in data["aaus"] if a["lines"] == "trapezoid_node.c:19")
    cells = hot.locator("td").all_inner_texts()
    assert [c.strip() for c in cells[2:10]] == [
        "Seq", fmt_count(entry["executions"]), fmt_time(entry["total"]), fmt_time(entry["mean"]),
        *[fmt_time(entry[c]) for c in CATS]]
    assert cells[2:5] == ["Seq", "12,000", "30.49 ms"]  # 12,000 x 2.541 us, as the text report prints it
    _offline(page)


def test_clicking_a_line_shows_its_figures_per_process(page, report):
    d, data = report
    _open(page, d / "src2-trapezoid_node.c.html")
    assert page.locator("#detail").is_hidden()
    page.locator("#L19 td.code").click()
    entry = next(a for a in data["aaus"] if a["lines"] == "trapezoid_node.c:19")
    table = page.locator(f'#detail table[data-aau="{entry["id"]}"]')
    table.wait_for()  # the figures per process are read from the page's data file on the first click
    assert page.locator("#detail").is_visible()
    rows = [[c.strip() for c in r.locator("td").all_inner_texts()] for r in table.locator("tbody tr").all()]
    assert rows == [[p["process"], fmt_count(p["executions"]), fmt_time(p["total"]), fmt_time(p["mean"]),
                     fmt_time(p["min"]), fmt_time(p["max"]), *[fmt_time(p[c]) for c in CATS]]
                    for p in entry["per_process"]]
    # Every node runs 3,000 of the 12,000 executions of f's body: 3,000 x 2.541 us = 7.623 ms.
    assert [r[:3] for r in rows] == [[f"rank {k}", "3,000", "7.623 ms"] for k in range(4)]
    # A line with several AAUs lists each: line 45 holds two calls of f and the statement's Seq.
    page.locator("#L45 td.code").click()
    ids = page.locator("#L45").get_attribute("data-aaus").split()
    assert len(ids) == 3
    page.locator(f'#detail table[data-aau="{ids[-1]}"]').wait_for()
    assert page.locator("#detail table.per-process").count() == 3
    page.locator("#detail .close").click()
    assert page.locator("#detail").is_hidden()
    _offline(page)


def test_summary_space_time_diagram_zooms_and_leads_to_the_source(page, report, tmp_path):
    d, data = report
    _open(page, d / "index.html")
    assert page.locator("#total").inner_text() == fmt_time(data["total_seconds"])
    ticks = page.locator("#st-axis text").evaluate_all("els => els.map(e => e.textContent)")
    assert ticks[0] == "0" and len(ticks) >= 4
    assert page.locator("#st-info").inner_text().endswith("(zoom 1.0x)")
    page.get_by_role("button", name="zoom in").click()
    assert page.locator("#st-info").inner_text().endswith("(zoom 2.0x)")
    page.get_by_role("button", name="reset").click()
    # The longest wait of the process that finishes last links to its line.
    first = data["last_process"]["longest_waits"][0]
    page.locator("#waits a").first.click()
    page.wait_for_load_state("load")
    line = first["where"].rsplit(":", 1)[1]
    assert page.url.endswith(f"src2-trapezoid_node.c.html#L{line}")
    # An interval of the diagram leads to its AAU's line.
    _open(page, d / "index.html")
    page.locator("#st").scroll_into_view_if_needed()
    rects = page.locator("#st-zoom rect[data-a]")
    # The widest interval that is on top at its centre (enclosing loops lie under their bodies).
    widths = rects.evaluate_all("""els => els.map(e => {
        const b = e.getBoundingClientRect();
        return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2) === e ? b.width : 0; })""")
    rect = rects.nth(widths.index(max(widths)))
    aau = rect.get_attribute("data-a")
    rect.click()
    page.wait_for_load_state("load")
    assert "#L" in page.url
    target = page.url.rsplit("#", 1)[1]
    assert aau in page.locator(f"#{target}").get_attribute("data-aaus").split()
    shot = tmp_path / "summary.png"
    _open(page, d / "index.html")
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    _offline(page)


def test_hostile_source_renders_as_text(page, tmp_path):
    xss = "</script><img src=x onerror=alert(1)>"
    src = tmp_path / "hostile.c"
    src.write_text(f"""\
#include <mpi.h>
#include <stdio.h>
/* {xss} */
int main(int argc, char **argv)
{{
    MPI_Init(&argc, &argv);
    printf("{xss}\\n");
    MPI_Finalize();
    return 0;
}}
""")
    _run(["run", src, "--procs", "2", "--html", tmp_path / "report"])
    dialogs = []
    page.on("dialog", lambda dlg: (dialogs.append(dlg.message), dlg.dismiss()))
    _open(page, tmp_path / "report" / "src1-hostile.c.html")
    assert page.locator("img").count() == 0
    assert page.locator("#L3 td.code").inner_text() == f"/* {xss} */"
    page.locator("#L7 td.code").click()  # the printf: its label reaches the page through the data file
    page.locator("#detail table").first.wait_for()
    assert xss in page.locator("#detail").inner_text()
    assert page.locator("img").count() == 0
    _open(page, tmp_path / "report" / "index.html")
    assert page.locator("img").count() == 0
    assert dialogs == []
    _offline(page)


def test_long_file_is_complete_at_once_and_opens_at_any_line(page, tmp_path):
    """A virtualized source page: only the lines on screen are in the table, the spacer rows
    stand for the others, so the whole file is scrollable as soon as the page has loaded; an
    address to a line far down opens there, and scrolling shows the lines it reaches."""
    import sys
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from html_report import program

    src = tmp_path / "long_mpi.c"
    src.write_text(program(40))  # 40 kernels of 19 lines, then main: 800-odd lines
    lines = len(src.read_text().splitlines())
    assert lines > 800
    _run(["run", src, "--procs", "2", "-D", "steps=1", "-D", "n=8", "--html", tmp_path / "report"])
    text = src.read_text().splitlines()
    url = (tmp_path / "report" / "src1-long_mpi.c.html").as_uri()
    target = next(k for k in range(450, lines) if text[k - 1].strip() == "for (i = 0; i < n; i++) {")
    page.goto(url + f"#L{target}")
    page.wait_for_load_state("load")
    assert page.locator("#source").get_attribute("data-complete") == ""
    row = page.locator(f"#L{target}")
    assert row.get_attribute("class").startswith("aau")
    assert row.locator("td.code").inner_text().strip() == "for (i = 0; i < n; i++) {"
    assert row.is_visible() and row.evaluate("e => e.classList.contains('targeted')")
    # Only a window of lines is in the table (900 px / 19 px = 48 on screen, 40 either side).
    shown = page.locator("#source tbody tr:not(.pad)").count()
    assert 48 <= shown <= 48 + 2 * 40 + 2 < lines
    # ... but the table is as tall as all of them: 19 px a line.
    height = page.locator("#source tbody").evaluate("e => e.getBoundingClientRect().height")
    assert height == pytest.approx(19 * lines, abs=2)
    # The end of the page shows the file's last line, in its place.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    last = page.locator(f"#L{lines}")
    last.wait_for()
    assert last.locator("td.code").inner_text() == text[-1] and last.is_visible()
    assert page.locator(f"#L{target}").count() == 0  # scrolled away: no longer in the table
    # Back at the top: line 1 directly under the header, none of the lines in between.
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#L1").wait_for()
    assert page.locator(f"#L{lines}").count() == 0
    _offline(page)
