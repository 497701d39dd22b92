"""Command-line options read with getopt() (frontends/c/getopt.py): ``steps = atoi(optarg)`` in
the option loop is the optional input steps; given with -D it is the value, not given the program
keeps its own; options without a value (-v) are taken as not given. The loop was refused: "the
loop condition '(opt = getopt(..)) != (-1)' is not an expression interp can follow".
"""
import json

import pytest

PROG = r"""#include <stdlib.h>
#include <unistd.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int opt, steps = 5, verbose = 0, s;
    double x = 0.0;
    MPI_Init(&argc, &argv);
    while ((opt = getopt(argc, argv, "s:v")) != -1) {
        switch (opt) {
        case 's':
            steps = atoi(optarg);
            break;
        case 'v':
            verbose = 1;
            break;
        default:
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    for (s = 0; s < steps; s++) {
#pragma interp cost(10 us)
        x = x + 1.0;
    }
    if (verbose) {
#pragma interp cost(1 ms)
        x = 0.0;
    }
    MPI_Finalize();
    return 0;
}
"""


def _run(cli, tmp_path, *defines):
    path = tmp_path / "o.c"
    path.write_text(PROG)
    args = [a for d in defines for a in ("-D", d)]
    r = cli("run", path, "-p", "1", "--format", "json", *args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.parametrize("defines, steps", [((), 5), (("steps=8",), 8)], ids=["default", "given"])
def test_an_option_value_is_an_optional_input(cli, tmp_path, defines, steps):
    report = _run(cli, tmp_path, *defines)
    # steps x (10 us + 275 ns of loop overhead); -v not given: the 1 ms branch is not taken;
    # a microsecond of setup at most
    assert report["total_seconds"] == pytest.approx(steps * 10.275e-6, abs=1e-6)
    assert any("getopt() loop" in n["text"] if isinstance(n, dict) else "getopt() loop" in n
               for n in report["notes"] + report["problems"])


def test_check_lists_the_option_as_an_input(cli, tmp_path):
    path = tmp_path / "o.c"
    path.write_text(PROG)
    r = cli("check", path, "-p", "1")
    assert r.exit_code == 0, r.output
    assert "-s sets steps (-D steps=VALUE)" in " ".join(r.output.split())
