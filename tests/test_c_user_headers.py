"""Functions defined in the program's own headers are the program's (frontends/c/cparse.py
``CSource.headers``, frontends/c/level1.py).

A `static inline` helper in "comm_helpers.h" was taken for an unknown external call: its loops and
its MPI calls were dropped (a silent wrong answer: 74.17 us predicted instead of 16.95 ms for 100
Allreduces on 4 processes) and a note said it was defined nowhere. Each program here is also
written with the header's text pasted into the .c file: the two must predict the same time, with
the header's AAUs located at the header's lines. interp's shipped headers (mpi.h, math.h, ...)
stay declarations.
"""
import json
import os

import pytest

from frontends.aag.bodies import flat
from frontends.c.cparse import parse_c, user_header_name
from frontends.load import load_programs

COMM_H = """#include <mpi.h>
static inline double global_sum(double v)
{
    double r;
    MPI_Allreduce(&v, &r, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return r;
}
"""

COMM_MAIN = """#include <stdio.h>
#include <mpi.h>
{helper}
int main(int argc, char **argv)
{{
    int rank, it;
    double s = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (it = 0; it < 100; it++)
        s += global_sum(1.0 + rank);
    if (rank == 0) printf("%f\\n", s);
    MPI_Finalize();
    return 0;
}}
"""

KERN_H = """static double axpy_sum(double *x, int n)
{
    int i; double s = 0.0;
    for (i = 0; i < n; i++) s += 2.5 * x[i];
    return s;
}
"""

KERN_MAIN = """#include <stdlib.h>
#include <mpi.h>
{helper}
int main(int argc, char **argv)
{{
    int rank, n, i;
    double s = 0.0, *x;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    n = atoi(argv[1]);
    x = malloc(n * sizeof(double));
    for (i = 0; i < n; i++) x[i] = i;
    s = axpy_sum(x, n);
    MPI_Finalize();
    return 0;
}}
"""

BLK_H = """static inline int block_len(int n, int p, int r)
{
    return n / p + (r < n % p ? 1 : 0);
}
"""

BLK_MAIN = """#include <stdlib.h>
#include <mpi.h>
{helper}
int main(int argc, char **argv)
{{
    int rank, size, n, i, m;
    double s = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = atoi(argv[1]);
    m = block_len(n, size, rank);
    for (i = 0; i < m; i++) s += i * 0.5;
    MPI_Finalize();
    return 0;
}}
"""


def _pair(tmp_path, header_name, header, main):
    """The program with its helper in a header, and the same program with the header pasted in
    (the helper then starts at line 3, as in the header at line 1)."""
    (tmp_path / "h").mkdir(exist_ok=True)
    (tmp_path / "h" / header_name).write_text(header)
    with_header = tmp_path / "h" / "prog.c"
    with_header.write_text(main.format(helper=f'#include "{header_name}"'))
    pasted = tmp_path / "pasted.c"
    pasted.write_text(main.format(helper=header))
    return with_header, pasted


def _json(cli, *args):
    r = cli("run", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _aau(report, lines):
    return next(a for a in report["aaus"] if a["lines"] == lines)


def test_an_allreduce_in_a_header_helper_communicates(cli, tmp_path):
    prog, pasted = _pair(tmp_path, "comm_helpers.h", COMM_H, COMM_MAIN)
    got = _json(cli, prog, "--procs", "4")
    want = _json(cli, pasted, "--procs", "4")
    # 100 iterations on each of 4 processes: 400 Allreduces at the header's line 5, 400 returns at 6
    # (reports name a file by its last component)
    allreduce = _aau(got, "comm_helpers.h:5")
    assert allreduce["class"] == "SyncSeq" and allreduce["executions"] == 400
    assert _aau(got, "comm_helpers.h:6")["executions"] == 400
    assert _aau(got, "prog.c:11")["executions"] == 400  # the Call of global_sum()
    # the same prediction as the helper pasted into the .c file (was 74.17 us against 16.95 ms)
    assert got["total_seconds"] == pytest.approx(want["total_seconds"], rel=1e-12)
    assert got["total_seconds"] > 100 * 100e-6  # each Allreduce of 4 costs more than 100 us here
    # no note claims the function is defined nowhere
    assert not any("global_sum" in p["message"] for p in got["problems"]), got["problems"]


def test_a_loop_in_a_header_function_is_costed(cli, tmp_path):
    prog, pasted = _pair(tmp_path, "kern.h", KERN_H, KERN_MAIN)
    got = _json(cli, prog, "--procs", "1", "-D", "n=1000")
    want = _json(cli, pasted, "--procs", "1", "-D", "n=1000")
    body = [a for a in got["aaus"] if a["lines"] == "kern.h:4" and a["class"] == "Seq"]
    assert [a["executions"] for a in body] == [1000]  # s += 2.5 * x[i], n times
    assert got["total_seconds"] == pytest.approx(want["total_seconds"], rel=1e-12)


def test_a_value_a_header_helper_returns_is_followed(cli, tmp_path):
    # was refused: "the loop trip count depends on 'm' ... it depends on data"
    prog, pasted = _pair(tmp_path, "blk.h", BLK_H, BLK_MAIN)
    got = _json(cli, prog, "--procs", "3", "-D", "n=10")
    want = _json(cli, pasted, "--procs", "3", "-D", "n=10")
    body = next(a for a in got["aaus"] if a["lines"] == "prog.c:13" and a["class"] == "Seq")
    assert body["executions"] == 4 + 3 + 3  # 10 / 3 each, rank 0 one more
    assert [p["executions"] for p in body["per_process"]] == [4, 3, 3]
    assert got["total_seconds"] == pytest.approx(want["total_seconds"], rel=1e-12)


UTIL_H = """#ifndef UTIL_H
#define UTIL_H
#include <mpi.h>
static inline double gsum(double x)
{
    double r;
    MPI_Allreduce(&x, &r, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return r;
}
static void never_called(int n) { again: n--; if (n > 0) goto again; }
static int never_called_either(double *a) { int k = 0; while (a[k] > 0) k++; return k; }
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
double solve(int n);
#endif
"""

UTIL_MAIN = """#include <mpi.h>
#include "util.h"
int main(int argc, char **argv)
{
    int it;
    double s = 0;
    MPI_Init(&argc, &argv);
    for (it = 0; it < 10; it++)
        s += gsum(1.0);
    s += solve(100);
    MPI_Finalize();
    return 0;
}
"""

UTIL_SOLVER = """#include "util.h"
double solve(int n)
{
    int i;
    double s = 0;
    for (i = 0; i < n; i++)
        s += i;
    return gsum(s);
}
"""


def test_a_header_included_by_two_files_and_found_by_I(cli, tmp_path, monkeypatch):
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "util.h").write_text(UTIL_H)
    (tmp_path / "main.c").write_text(UTIL_MAIN)
    (tmp_path / "solver.c").write_text(UTIL_SOLVER)
    monkeypatch.chdir(tmp_path)
    # one gsum() of the header, not "defined twice"; its functions that nothing calls (a goto, a
    # loop on data, a recursion) are left out as before, not refused
    report = _json(cli, "main.c", "solver.c", "-I", "inc", "--procs", "2")
    allreduce = _aau(report, "util.h:7")  # the header's own line
    assert allreduce["executions"] == 2 * (10 + 1)  # 10 in main's loop, 1 in solve(), per process
    assert _aau(report, "solver.c:7")["executions"] == 2 * 100
    # the AAG names the header as the directory it was found in is spelled (-I inc)
    (aag,) = load_programs(["main.c", "solver.c"], include_dirs=["inc"])
    assert {a.loc.file for a in flat(aag.functions["gsum"].body)} == {os.path.join("inc", "util.h")}
    assert set(aag.functions) == {"main", "solve", "gsum"}


def test_a_called_recursive_header_function_is_refused_at_its_own_line(cli, tmp_path):
    (tmp_path / "util.h").write_text(UTIL_H)
    (tmp_path / "solver.c").write_text(UTIL_SOLVER)
    main = tmp_path / "main.c"
    main.write_text(UTIL_MAIN.replace("s += solve(100);", "s += solve(100) + fact(3);"))
    r = cli("run", main, tmp_path / "solver.c", "--procs", "2")
    assert r.exit_code != 0
    # the recursive call is line 12 of the header (it was named as line 12 of main.c)
    assert f"{tmp_path / 'util.h'}:12: recursive call of fact()" in r.output, r.output


def test_the_html_report_shows_the_header_lines(cli, tmp_path):
    prog, _ = _pair(tmp_path, "comm_helpers.h", COMM_H, COMM_MAIN)
    out = tmp_path / "report"
    r = cli("run", prog, "--procs", "4", "--html", out)
    assert r.exit_code == 0, r.output
    pages = sorted(p.name for p in out.iterdir())
    assert any(p.endswith("comm_helpers.h.html") for p in pages), pages
    index = (out / "index.html").read_text()
    assert "comm_helpers.h.html#L5" in index  # the Allreduce's line, linked


def test_shipped_headers_are_not_the_program(tmp_path):
    path = tmp_path / "p.c"
    path.write_text('#include <mpi.h>\n#include <math.h>\n#include "comm_helpers.h"\nint main(void) { return 0; }\n')
    (tmp_path / "comm_helpers.h").write_text(COMM_H)
    src = parse_c(path)
    assert src.headers == [str(tmp_path / "comm_helpers.h")]


def test_a_header_is_named_as_the_file_that_finds_it_is_spelled(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "h.h").write_text("int v;\n")
    monkeypatch.chdir(tmp_path)
    assert user_header_name(str(tmp_path / "sub" / "h.h"), os.path.join("sub", "p.c")) == os.path.join("sub", "h.h")
    assert user_header_name(str(tmp_path / "sub" / "h.h"), "p.c") == os.path.join("sub", "h.h")
    assert user_header_name(str(tmp_path / "sub" / "h.h"), "p.c", ["sub"]) == os.path.join("sub", "h.h")
    assert user_header_name("/elsewhere/h.h", "p.c") == "/elsewhere/h.h"
