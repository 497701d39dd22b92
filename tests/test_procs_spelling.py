"""-n and -np (mpirun's spelling) name the process count as -p/--procs do (interp/cli/options.py):
a new user types ``interp run prog.c -n 4`` first, which was "No such option '-n'"."""
import json

import pytest

PROG = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, x = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("flag", ["-n", "-np", "-p", "--procs"])
def test_every_spelling_of_the_process_count(cli, tmp_path, flag):
    path = tmp_path / "p.c"
    path.write_text(PROG)
    r = cli("run", path, flag, "2", "--format", "json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["processes"] == 2
    # one int over one hop (paper 001 Table 3): 70 + 0.42 x 4 + 11 = 82.68 us
    assert report["total_seconds"] == pytest.approx(82.68e-6, abs=0.5e-6)


def test_check_takes_n_too(cli, tmp_path):
    path = tmp_path / "p.c"
    path.write_text(PROG)
    r = cli("check", path, "-n", "3")
    assert r.exit_code == 0, r.output
    assert "3 processes" in r.output
