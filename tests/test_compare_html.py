"""interp compare --html DIR: two designs side by side, paired by function, region, AAU class and
MPI call, each part linked to its line in the design's own report.

The machine is samples/pamela/mrm_bus.yaml: everything costs nothing there but `#pragma interp
cost` and the bus, which carries one byte per second (its only parameter). So, on 2 processes:
design A runs work(4) of 4 x 0.5 s = 2 s per process, then rank 0 sends 3 bytes to rank 1 (3 s on
the bus); design B runs work(2) of 2 x 1.5 s = 3 s, then sends 5 bytes (5 s).
"""
import html
import re
from pathlib import Path

import pytest

from interp.output.format import fmt_time

from browser import chromium_or_reason

ROOT = Path(__file__).resolve().parent.parent
MACHINE = ROOT / "samples/pamela/mrm_bus.yaml"
DESIGN = """\
#include <mpi.h>
static double work(int n)
{{
    int i;
    double x = 0.0;
    for (i = 0; i < n; i++) {{
#pragma interp cost({cost})
        x = x + 1.0;
    }}
    return x;
}}
int main(int argc, char **argv)
{{
    int rank;
    char buf[8];
    double x;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma interp region compute
    x = work({n});
#pragma interp end region
    if (rank == 0)
        MPI_Send(buf, {m}, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(buf, {m}, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}}
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    from click.testing import CliRunner

    from interp.cli import main

    d = tmp_path_factory.mktemp("compare")
    (d / "a.c").write_text(DESIGN.format(cost=0.5, n=4, m=3))
    (d / "b.c").write_text(DESIGN.format(cost=1.5, n=2, m=5))
    res = CliRunner().invoke(main, ["compare", str(d / "a.c"), str(d / "b.c"), "-m", str(MACHINE), "-p", "2,3",
                                    "--html", str(d / "out")], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return d / "out"


def pairs(text: str, table: str) -> dict:
    """The rows of one pairing table: {part: ([cells], [links])}."""
    body = re.search(rf'<table class="figures pairs" id="{table}">(.*?)</table>', text, re.S).group(1)
    out = {}
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = [html.unescape(re.sub("<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if cells:
            out[cells[0]] = (cells[1:], re.findall(r'href="([^"]+)"', row))
    return out


def test_compare_pairs_functions_regions_classes_and_mpi_calls(report):
    text = (report / "index.html").read_text()
    # The totals: A = 2 s + 3 s = 5 s, B = 3 s + 5 s = 8 s at 2 processes (B - A = 3 s, +60%).
    row = re.search(r'<tr data-procs="2">(.*?)</tr>', text, re.S).group(1)
    assert 'data-seconds="5.0">5 s<' in row and 'data-seconds="8.0">8 s<' in row and "+60.0%" in row
    p2 = "p2"
    # Functions, summed over the 2 processes: main = 2 x (work + message), work = 2 x its loop.
    f = pairs(text, f"{p2}-functions")
    assert f["main"][0][:4] == ["10 s", "16 s", "+6 s", "+60.0%"]
    assert f["work"][0][:4] == ["4 s", "6 s", "+2 s", "+50.0%"]
    assert f["work"][1] == ["p2/A/src1-a.c.html#L2", "p2/B/src1-b.c.html#L2"]
    # The region holds the call of work: the same 4 s and 6 s.
    assert pairs(text, f"{p2}-regions")["compute"][0][:4] == ["4 s", "6 s", "+2 s", "+50.0%"]
    # Classes (self time): the cost statements are Seq (4 s, 6 s); the messages are Comm, each
    # counted on the sender and the receiver: 2 x 3 s and 2 x 5 s; loops and calls keep nothing.
    c = pairs(text, f"{p2}-classes")
    assert c["Seq"][0][:2] == ["4 s", "6 s"] and c["Comm"][0][:2] == ["6 s", "10 s"]
    assert c["IterD"][0][:3] == ["0", "0", "0"]
    # MPI calls in order: the first send of A with the first send of B (3 s and 5 s on the bus).
    m = pairs(text, f"{p2}-mpi")
    assert m["MPI_Send #1"][0][:4] == ["3 s", "5 s", "+2 s", "+66.7%"]
    assert m["MPI_Recv #1"][1] == ["p2/A/src1-a.c.html#L25", "p2/B/src1-b.c.html#L25"]
    # Each design's full report is there, and every link reaches a line of it.
    for link in re.findall(r'href="(p\d/[AB]/[^"#]+)#L(\d+)"', text):
        page = (report / link[0]).read_text()
        assert f'<tr id="L{link[1]}"' in page
    assert "paired by what they share" in text
    # At 3 processes rank 2 only works: work and the region add its 2 s (A) and 3 s (B).
    assert pairs(text, "p3-regions")["compute"][0][:2] == ["6 s", "9 s"]


def test_a_part_only_one_design_has(tmp_path, cli):
    # B sends twice: its second MPI_Send has no partner in A and shows "-" for A.
    a, b = tmp_path / "a.c", tmp_path / "b.c"
    a.write_text(DESIGN.format(cost=0.5, n=4, m=3))
    b.write_text(DESIGN.format(cost=0.5, n=4, m=3).replace(
        "    MPI_Finalize();", "    if (rank == 0)\n        MPI_Send(buf, 1, MPI_BYTE, 1, 1, MPI_COMM_WORLD);\n"
        "    else if (rank == 1)\n        MPI_Recv(buf, 1, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n"
        "    MPI_Finalize();"))
    res = cli("compare", a, b, "-m", MACHINE, "-p", "2", "--html", tmp_path / "out")
    assert res.exit_code == 0, res.output
    m = pairs((tmp_path / "out" / "index.html").read_text(), "p2-mpi")
    assert m["MPI_Send #2"][0][:4] == ["-", "1 s", "-", "-"]  # one byte: 1 s
    assert m["MPI_Send #1"][0][:3] == ["3 s", "3 s", "0"]


def test_compare_html_into_a_file_is_one_clear_error(tmp_path, cli):
    (tmp_path / "taken").write_text("x")
    res = cli("compare", ROOT / "samples/skeletons/sum_ring_mpi.c", ROOT / "samples/skeletons/sum_tree_mpi.c",
              "-p", "2", "--html", tmp_path / "taken")
    assert res.exit_code == 2
    assert "it exists and is not a directory" in res.stderr and "Traceback" not in res.stderr


@pytest.mark.skipif(chromium_or_reason()[0] is None, reason=f"no headless browser: {chromium_or_reason()[1]}")
def test_compare_page_in_a_browser_leads_to_both_designs_lines(report):
    from browser import browser_page

    with browser_page() as page:
        page.goto((report / "index.html").as_uri())
        page.wait_for_load_state("load")
        page.locator("#p2-mpi a", has_text="b.c:23").click()
        page.wait_for_load_state("load")
        assert page.url.endswith("p2/B/src1-b.c.html#L23")
        row = page.locator("#L23")
        assert row.is_visible() and row.evaluate("e => e.classList.contains('targeted')")
        assert row.locator("td.code").inner_text().strip() == "MPI_Send(buf, 5, MPI_BYTE, 1, 0, MPI_COMM_WORLD);"
        assert fmt_time(5.0) in row.inner_text()
        assert page.errors == []
