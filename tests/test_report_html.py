"""interp run --html DIR: the annotated-source report, read as HTML (no browser needed here;
tests/test_report_browser.py opens it in Chromium).

Hand derivations use the shipped iPSC/860 (paper 001 Table 1, mid bound): one clock is 25 ns
(40 MHz) and a call costs call.per_call = [1, 2] clk -> 1.5 clk = 37.5 ns.
"""
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markupsafe import escape

from interp.output.format import fmt_count, fmt_time

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CALL = 1.5 * 25e-9
XSS = "</script><img src=x onerror=alert(1)>"


class Rows(HTMLParser):
    """The annotated lines of a source page: {line number: attributes and cell texts}."""

    def __init__(self):
        super().__init__()
        self.rows, self._row, self._cells, self.tags = {}, None, None, []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        a = dict(attrs)
        if tag == "tr" and (a.get("id") or "").startswith("L"):
            self._row = {"attrs": a, "cells": []}
            self.rows[int(a["id"][1:])] = self._row
        elif tag == "td" and self._row is not None:
            self._row["cells"].append("")

    def handle_endtag(self, tag):
        if tag == "tr":
            self._row = None

    def handle_data(self, data):
        if self._row is not None and self._row["cells"]:
            self._row["cells"][-1] += data


def script_data(path: Path) -> dict:
    """The AAUs of a source page's data file (window.INTERP_AAUS = {...};)."""
    text = path.read_text()
    assert text.startswith("window.INTERP_AAUS = ") and text.endswith(";\n")
    return json.loads(text[len("window.INTERP_AAUS = "):-2])


def parse(path: Path) -> Rows:
    p = Rows()
    p.feed(path.read_text())
    return p


@pytest.fixture(scope="module")
def trapezoid(tmp_path_factory):
    """One run, both reports: the HTML in DIR and the JSON report of the same prediction."""
    from click.testing import CliRunner

    from interp.cli import main

    d = tmp_path_factory.mktemp("html")
    res = CliRunner().invoke(main, ["run", str(SAMPLES / "trapezoid_host.c"), str(SAMPLES / "trapezoid_node.c"),
                                    "--procs", "4", "-D", "n=2000", "-D", "reps=3", "--format", "json",
                                    "-o", str(d / "run.json"), "--html", str(d / "report")],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return d / "report", json.loads((d / "run.json").read_text())


def test_pages_are_written_and_self_contained(trapezoid):
    report, _ = trapezoid
    names = sorted(p.name for p in report.iterdir())
    assert names == ["index.html", "src1-trapezoid_host.c.html", "src1-trapezoid_host.c.js",
                     "src2-trapezoid_node.c.html", "src2-trapezoid_node.c.js"]
    for page in report.glob("*.html"):
        text = page.read_text()
        # Nothing outside DIR: no address with a scheme, no external script, style or image.
        assert not re.search(r"\b(?:https?|ftp)://(?!www\.w3\.org/2000/svg)", text), page
        for tag, attrs in parse(page).tags:
            assert not (tag in ("script", "img", "iframe") and attrs.get("src")), (page, tag, attrs)
            assert tag != "link", (page, attrs)
            if attrs.get("data-script"):  # a source page's figures per process, read on demand
                assert (report / attrs["data-script"]).is_file()
            href = attrs.get("href")
            if href:
                target = href.split("#")[0]
                assert not target or (report / target).is_file(), (page, href)


def test_hottest_line_is_marked_and_its_figures_are_the_json_reports(trapezoid):
    report, data = trapezoid
    rows = parse(report / "src2-trapezoid_node.c.html").rows
    hot = [n for n, r in rows.items() if "hottest" in r["attrs"].get("class", "")]
    # f's body, "return 4.0 / (1.0 + x * x);" at line 19: 2 calls per interval, 2000 / 4 = 500
    # intervals per node, 3 repetitions -> 3,000 per node, 12,000 over the 4 nodes; it is the line
    # with the largest self time (55% of the busy time, the next is the host's wait at 19%).
    assert hot == [19]
    row = rows[19]
    entry = next(a for a in data["aaus"] if a["lines"] == "trapezoid_node.c:19")
    assert entry["executions"] == 12_000
    assert row["attrs"]["data-aaus"] == str(entry["id"])
    figures = script_data(report / "src2-trapezoid_node.c.js")[str(entry["id"])]["figures"]
    assert figures == {k: entry[k] for k in ("executions", "total", "mean", "comp", "ovh", "xmit", "wait")}
    cells = [c.strip() for c in row["cells"]]
    assert cells[2:10] == [entry["class"], fmt_count(entry["executions"]), fmt_time(entry["total"]),
                           fmt_time(entry["mean"]), *[fmt_time(entry[c]) for c in ("comp", "ovh", "xmit", "wait")]]
    assert row["cells"][10] == "    return 4.0 / (1.0 + x * x);"  # as in the file, indentation kept
    # Hover: the spread over processes (every node runs the same share here).
    per = entry["per_process"]
    spread = script_data(report / "src2-trapezoid_node.c.js")[str(entry["id"])]["spread"]
    assert spread == (f"Seq trapezoid_node.c:19: total per process min {fmt_time(per[0]['total'])} (rank 0), "
                      f"max {fmt_time(per[0]['total'])} (rank 0) over 4 processes")


def test_shares_are_self_times_over_busy_time(trapezoid):
    report, data = trapezoid
    busy = sum(p["busy"] for p in data["per_process"])
    by_lines = {}
    for a in data["aaus"]:
        by_lines.setdefault(a["lines"], []).append(a)
    node = parse(report / "src2-trapezoid_node.c.html").rows
    host = parse(report / "src1-trapezoid_host.c.html").rows
    share = {("node", n): float(r["attrs"]["data-share"]) for n, r in node.items() if "data-share" in r["attrs"]}
    share.update({("host", n): float(r["attrs"]["data-share"]) for n, r in host.items() if "data-share" in r["attrs"]})
    # Self times partition the busy time: the shares add up to 1.
    assert sum(share.values()) == pytest.approx(1.0, rel=1e-12)
    # Line 19 (f's body, no AAU inside it): its own time is its total.
    f_body = by_lines["trapezoid_node.c:19"][0]["total"]
    assert share[("node", 19)] == pytest.approx(f_body / busy, rel=1e-12)
    # Line 45, "local += 0.5 * (f(x) + f(x + h));": two call sites of f (6,000 calls each) and the
    # Seq of the statement. The calls' own time is their overhead, 12,000 x 1.5 clk = 0.45 ms: the
    # sites' totals less f's body.
    calls = [a for a in by_lines["trapezoid_node.c:45"] if a["class"] == "Call"]
    seq = [a for a in by_lines["trapezoid_node.c:45"] if a["class"] == "Seq"]
    assert sum(a["executions"] for a in calls) == 12_000
    assert sum(a["total"] for a in calls) - f_body == pytest.approx(12_000 * CALL, rel=1e-9)
    assert share[("node", 45)] * busy == pytest.approx(12_000 * CALL + seq[0]["total"], rel=1e-9)
    # A loop's line holds its loop control only: line 43's IterD less the AAUs of its body (the
    # Seq of line 44 and the three AAUs of line 45).
    loop = by_lines["trapezoid_node.c:43-45"][0]
    body = sum(a["total"] for a in by_lines["trapezoid_node.c:44"] + by_lines["trapezoid_node.c:45"])
    assert len(by_lines["trapezoid_node.c:44"]) == 1 and len(by_lines["trapezoid_node.c:45"]) == 3
    assert share[("node", 43)] * busy == pytest.approx(loop["total"] - body, rel=1e-9)


def test_summary_links_the_waits_and_states_the_run(trapezoid):
    report, data = trapezoid
    text = (report / "index.html").read_text()
    assert f'data-seconds="{data["total_seconds"]}"' in text
    assert fmt_time(data["total_seconds"]) in text
    last = data["last_process"]
    assert f"Finishes last: {last['process']} at {fmt_time(last['end'])}" in text
    for w in last["longest_waits"]:
        line = w["where"].rsplit(":", 1)[1]
        assert f'href="src2-trapezoid_node.c.html#L{line}">{w["where"]}</a>' in text
    for note in data["notes"]:
        assert str(escape(note)) in text
    assert "<code>n=2000</code>" in text and "<code>reps=3</code>" in text
    # One process bar per process, each split into its categories.
    assert text.count('<g class="proc"') == len(data["per_process"]) == 5


HOSTILE = f"""\
#include <mpi.h>
#include <stdio.h>
/* {XSS} */
int main(int argc, char **argv)
{{
    int rank, i;
    double s = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 1000; i++)
        s += i * 0.5;
    printf("{XSS}\\n");
    MPI_Finalize();
    return 0;
}}
"""


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    from click.testing import CliRunner

    from interp.cli import main

    d = tmp_path_factory.mktemp("xss")
    src = d / "x<ss>.c"
    src.write_text(HOSTILE)
    res = CliRunner().invoke(main, ["run", str(src), "--procs", "2", "--html", str(d / "report")],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return d / "report"


def test_source_text_is_escaped_in_html_and_in_embedded_json(hostile):
    pages = sorted(hostile.iterdir())
    assert [p.name for p in pages] == ["index.html", "src1-x_ss_.c.html", "src1-x_ss_.c.js"]
    for page in pages:
        text = page.read_text()
        if page.suffix == ".js":
            assert "<" not in text
            continue
        assert "<img" not in text and "onerror=alert(1)>" not in text
        assert "x<ss>" not in text
        # Exactly one script block ends per script block started: the data cannot close one.
        assert text.count("</script>") == text.count("<script")
    src = (hostile / "src1-x_ss_.c.html").read_text()
    rows = parse(hostile / "src1-x_ss_.c.html").rows
    assert rows[3]["cells"][-1] == f"/* {XSS} */"  # the comment, as text
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in src
    # The printf's label travels in the page's data file: '<' as \u003c there too.
    data = (hostile / "src1-x_ss_.c.js").read_text()
    assert "<" not in data and "\\u003c/script>\\u003cimg src=x onerror=alert(1)>" in data
    assert any(XSS in a["label"] for a in script_data(hostile / "src1-x_ss_.c.js").values())
    # The summary's JSON block (the diagram's links) is escaped by tojson.
    index = (hostile / "index.html").read_text()
    block = re.search(r'<script type="application/json" id="st-links">(.*?)</script>', index, re.S).group(1)
    assert "<" not in block


def test_html_dir_that_is_a_file_is_one_clear_error(cli, tmp_path):
    target = tmp_path / "taken"
    target.write_text("x")
    res = cli("run", SAMPLES / "trapezoid_mpi.c", "--procs", "2", "-D", "n=100", "-D", "reps=1",
              "--html", target)
    assert res.exit_code == 2
    assert res.stderr.strip() == f"interp: --html {target}: it exists and is not a directory; give a directory for the report"
    missing = tmp_path / "no" / "such"
    res = cli("run", SAMPLES / "trapezoid_mpi.c", "--procs", "2", "-D", "n=100", "-D", "reps=1",
              "--html", missing)
    assert res.exit_code == 2
    assert res.stderr.strip() == f"interp: --html {missing}: the directory {missing.parent} does not exist"
