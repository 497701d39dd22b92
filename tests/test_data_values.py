"""Issue 13, defects 6, 7 and 10: values the parse cannot know.

- ``rc = MPI_Send(...); if (rc != MPI_SUCCESS)``: interp models calls that succeed, so rc is
  MPI_SUCCESS (0) and the error branch is not taken (it was refused as data-dependent).
- A branch on values from rand() (no prob() given) is weighted with probability 0.5 and the note
  names the annotation filled in for its line (it was refused).
- Globals set by MPI_Comm_rank / MPI_Comm_size are no external inputs (they were listed as
  "rank=0, size=0" and -D size=2 was accepted and ignored).

iPSC/860 (sag/machines/ipsc860.yaml): clock 40 MHz (25 ns); a blocking send of m <= 100 bytes over
h hops: startup 70 us + 0.42 us * m + 11 us * h.
"""
import json

import pytest

RC = r"""#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int rank, rc;
    double x = 1.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        rc = MPI_Send(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
        if (rc != MPI_SUCCESS) printf("error\n");
    } else if (rank == 1) {
        MPI_Recv(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def _run(cli, path, *args):
    r = cli("run", path, *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_return_codes_of_mpi_calls_are_mpi_success(cli, tmp_path):
    p = tmp_path / "rc.c"
    p.write_text(RC)
    d = _run(cli, p, "--procs", 2)
    rank0 = d["per_process"][0]
    assert rank0["ovh"] == pytest.approx(70e-6)
    assert rank0["xmit"] == pytest.approx(0.42e-6 * 8 + 11e-6)
    # the error branch's printf is never executed
    assert not any(a["label"].startswith("printf") and a["executions"] for a in d["aaus"])


MONTE_CARLO = r"""#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int rank, i, n = 200, hits = 0, total;
    double x, y;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    srand(rank + 1);
    for (i = 0; i < n; i++) {
        x = (double)rand() / RAND_MAX;
        y = (double)rand() / RAND_MAX;
        PRAGMA
        if (x * x + y * y <= 1.0) hits++;
    }
    MPI_Reduce(&hits, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""


def test_a_branch_on_data_is_weighted_and_the_note_names_the_annotation(cli, tmp_path):
    p = tmp_path / "mc.c"
    p.write_text(MONTE_CARLO.replace("PRAGMA", ""))
    d = _run(cli, p, "--procs", 2)
    # x and y come from rand(): the parse knows the condition is on data (the report's problems,
    # printed under "notes on the program"), so the loop around it stays a closed form.
    assert any("mc.c:14" in n and "'#pragma interp prob(0.5)' above line 14" in n
               for n in d["notes"] + d["problems"])
    # The same program with the default written out predicts the same time.
    q = tmp_path / "mc_prob.c"
    q.write_text(MONTE_CARLO.replace("PRAGMA", "#pragma interp prob(0.5)"))
    assert _run(cli, q, "--procs", 2)["total_seconds"] == pytest.approx(d["total_seconds"], rel=1e-12)
    # Algorithm 3: taken, a branch costs t1 + t2 + tests + body; not taken, t1 + tests. hits++ is a
    # fetch (1 clk), an int_add (1 clk) and a store (2 clk, Table 2); t2 (branch taken) is 1 clk. So
    # prob(1) and prob(0.5) differ by 200 iterations x 0.5 x (1 + 4) clk.
    r = tmp_path / "mc_one.c"
    r.write_text(MONTE_CARLO.replace("PRAGMA", "#pragma interp prob(1)"))
    one = _run(cli, r, "--procs", 2)["total_seconds"]
    assert one - d["total_seconds"] == pytest.approx(200 * 0.5 * 5 * 25e-9, rel=1e-6)


GLOBALS = r"""#include <mpi.h>
int rank, size;
int main(int argc, char **argv) {
    double x = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) MPI_Send(&x, 1, MPI_DOUBLE, size - 1, 0, MPI_COMM_WORLD);
    if (rank == size - 1) MPI_Recv(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_globals_set_by_comm_rank_and_size_are_not_inputs(cli, tmp_path):
    p = tmp_path / "g.c"
    p.write_text(GLOBALS)
    d = _run(cli, p, "--procs", 4)
    assert "rank" not in d["inputs"] and "size" not in d["inputs"]
    r = cli("run", p, "--procs", 4, "-D", "size=2")
    assert r.exit_code == 2 and "no external input of that name" in r.stderr


ITERS = r"""#include <stdlib.h>
int main(int argc, char **argv) {
    int i, n = atoi(argv[1]);
    double s = 0.0;
    PRAGMA
    for (i = 0; i < n; i++) s += 1.0;
    return 0;
}
"""


def test_iters_replaces_the_count_of_a_for_loop(cli, tmp_path):
    """iters() was ignored on a for (and a DO) whose limits the source gives."""
    p = tmp_path / "it.c"
    p.write_text(ITERS.replace("PRAGMA", "#pragma interp iters(50)"))
    q = tmp_path / "plain.c"
    q.write_text(ITERS.replace("PRAGMA", ""))
    annotated = _run(cli, p, "-D", "n=1000")["total_seconds"]
    assert annotated == pytest.approx(_run(cli, q, "-D", "n=50")["total_seconds"], rel=1e-12)


def test_a_refusal_names_the_annotation_filled_in_for_its_line(cli, tmp_path):
    """Issue 13, defect 14: "state it with an annotation" named none."""
    p = tmp_path / "loop.c"
    p.write_text("#include <stdlib.h>\nint main(void) {\n    int n = rand() % 100, i;\n    double s = 0;\n"
                 "    for (i = 0; i < n; i++) s += i;\n    return 0;\n}\n")
    r = cli("run", p)
    assert r.exit_code == 2
    assert "loop.c:5:" in r.stderr and "'#pragma interp iters(N)' above line 5" in r.stderr
