"""MPI_Exscan, the exclusive prefix (a block's offset in a distributed prefix sum), is costed as
MPI_Scan (frontends/msgpass.py; docs/model.md): Hillis-Steele, log2 P rounds in which rank r
receives from r - 2^k. Before, it was refused as "not an MPI call interp models".

iPSC/860 (paper 001 Table 3): one long (8 B, static buffers) over one hop costs
70 + 0.42 x 8 + 11 = 84.36 us.
"""
import json

import pytest

PROG = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    long mine = 5, offset = 0;
    MPI_Init(&argc, &argv);
    CALL(&mine, &offset, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""


def _total(cli, tmp_path, call, procs):
    path = tmp_path / "x.c"
    path.write_text(PROG.replace("CALL", call))
    r = cli("run", path, "--machine", "ipsc860", "-p", str(procs), "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["total_seconds"]


def test_exscan_on_two_ranks_is_one_message(cli, tmp_path):
    # P = 2: one round, rank 0 -> rank 1: 84.36 us, then rank 1 combines one long (tens of ns)
    assert _total(cli, tmp_path, "MPI_Exscan", 2) == pytest.approx(84.36e-6, abs=0.5e-6)


@pytest.mark.parametrize("procs", [3, 4, 8])
def test_exscan_costs_what_scan_costs(cli, tmp_path, procs):
    assert _total(cli, tmp_path, "MPI_Exscan", procs) == _total(cli, tmp_path, "MPI_Scan", procs)
