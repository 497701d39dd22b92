"""What a reduction, gather or scatter stores is not followed, so it is forgotten, not kept at its
old value (SyncSeq.result; frontends/msgpass.RESULT_OPS). Before, ``while (err > 0.5)`` after
``MPI_Allreduce(&lerr, &err, ..)`` with lerr = 0 ran on err's initial 1.0 until a cap: a silent
wrong answer (101 iterations where the program runs one).

iPSC/860 (paper 001 Table 3): 8 B over one hop, 70 + 0.42 x 8 + 11 = 84.36 us; at P = 2 an
allreduce is one exchange.
"""
import json

import pytest

PROG = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int iter = 0;
    double err = 1.0, lerr = 0.0;
    MPI_Init(&argc, &argv);
PRAGMA
    while (err > 0.5) {
        lerr = 0.0;
        MPI_Allreduce(&lerr, &err, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        iter++;
        if (iter > 100) break;
    }
    MPI_Finalize();
    return 0;
}
"""


def test_a_loop_on_a_reduced_value_needs_its_trip_count(cli, tmp_path):
    path = tmp_path / "r.c"
    path.write_text(PROG.replace("PRAGMA", ""))
    r = cli("run", path, "-p", "2")
    assert r.exit_code != 0
    text = " ".join(r.output.split())
    assert "depends on 'err'" in text and "iters(N)" in text and "r.c:8" in text


def test_the_stated_trip_count_is_used(cli, tmp_path):
    path = tmp_path / "r.c"
    path.write_text(PROG.replace("PRAGMA", "#pragma interp iters(3)"))
    r = cli("run", path, "-p", "2", "--format", "json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    # 3 allreduces of 84.36 us, plus the loop's control (under a microsecond a pass)
    assert report["total_seconds"] == pytest.approx(3 * 84.36e-6, abs=3e-6)
    assert next(a for a in report["aaus"] if a["label"].startswith("MPI_Allreduce"))["executions"] == 6


CAPPED = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int iter = 0;
    double err = 1.0, lerr = 0.0;
    MPI_Init(&argc, &argv);
    while (err > 0.5 && iter < 7) {
        MPI_Allreduce(&lerr, &err, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        iter++;
    }
    MPI_Finalize();
    return 0;
}
"""


def test_a_solver_loop_with_a_cap_runs_to_the_cap_with_a_note(cli, tmp_path):
    # err > 0.5 reads the reduced err (data): taken as holding, the loop runs until iter < 7 fails:
    # 7 allreduces of 84.36 us = 590.52 us, plus the loop's control
    path = tmp_path / "c.c"
    path.write_text(CAPPED)
    r = cli("run", path, "-p", "2", "--format", "json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["total_seconds"] == pytest.approx(7 * 84.36e-6, abs=5e-6)
    notes = " ".join(" ".join(str(n) for n in report["notes"]).split())
    assert "(err > 0.5) is taken as holding" in notes and "iters(N)" in notes
