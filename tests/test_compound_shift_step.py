"""Compound assignments other than += -= *= /= (``mask <<= 1``, ``mask >>= 1``, ``k %= n``) keep
their values (frontends/c/callstmts._defs: x op= y is x = x op y). The hypercube loop ``for (mask
= 1; mask < size; mask <<= 1)`` was refused: "the loop condition depends on 'mask' ... it depends
on data".

iPSC/860 (paper 001 Table 3): rank ^ mask is one hop away; an exchange of one int costs
70 + 0.42 x 4 + 11 = 82.68 us each way, both directions at once on a link.
"""
import json

import pytest

PROG = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, mask, x = 0, y;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (LOOP) {
        MPI_Sendrecv(&x, 1, MPI_INT, rank ^ mask, 0, &y, 1, MPI_INT, rank ^ mask, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("loop", ["mask = 1; mask < size; mask <<= 1", "mask = size / 2; mask >= 1; mask >>= 1"],
                         ids=["shl", "shr"])
@pytest.mark.parametrize("procs, rounds", [(4, 2), (8, 3)])
def test_a_shifted_mask_counts_log2_p_rounds(cli, tmp_path, loop, procs, rounds):
    path = tmp_path / "h.c"
    path.write_text(PROG.replace("LOOP", loop))
    r = cli("run", path, "-p", str(procs), "--format", "json")
    assert r.exit_code == 0, r.output
    # log2 P exchanges of 82.68 us, plus a microsecond or so of loop control and setup
    assert json.loads(r.stdout)["total_seconds"] == pytest.approx(rounds * 82.68e-6 + 1.5e-6, abs=1.5e-6)
