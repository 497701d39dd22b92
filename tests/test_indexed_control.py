"""An array element read by a computed index into a value that decides control (``first =
displs[rank]``, ``work(displs[rank], ...)``) has its array followed element by element
(frontends/critical.py ``indexed_reads``), and a Piecewise reading elements evaluates only its chosen
piece (interp/engine/compiled.py): a prefix sum ``displs[p] = p == 0 ? 0 : displs[p - 1] + w``
looked up displs[-1] and made every element unknown. Before, the branch below was weighted 0.5 with
a note saying its values came from data (session 14's tester: 1.9 ms predicted, 3.3 ms right)."""
from __future__ import annotations

import pytest

from interp.pipeline import predict

PROG = r"""#include <mpi.h>
#include <stdlib.h>
static double work(int first, int nrows)
{
    double s = 0.0;
    for (int i = 0; i < nrows; i++) {
        int g = first + i;
        if (g > 0) s += 1.0 / g;
    }
    return s;
}
int main(int argc, char **argv)
{
    int rank, size, n = atoi(argv[1]);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *displs = malloc(size * sizeof(int));
    for (int p = 0; p < size; p++)
        FILL;
    CALL;
    MPI_Finalize();
    return (int) s;
}
"""

FILLS = {"prefix": "displs[p] = p == 0 ? 0 : displs[p - 1] + n / size",
         "formula": "displs[p] = p * (n / size)"}
CALLS = {"argument": "double s = work(displs[rank], n / size)",
         "variable": "int first = displs[rank]; double s = work(first, n / size)"}


@pytest.mark.parametrize("fill", sorted(FILLS))
@pytest.mark.parametrize("call", sorted(CALLS))
def test_an_element_that_decides_a_branch_is_followed(tmp_path, fill, call):
    # 4 ranks of 1,000 rows from 0, 1000, 2000, 3000: g > 0 fails only at g = 0 on rank 0, so the
    # sum runs 4 x 1,000 - 1 times
    path = tmp_path / "displs.c"
    path.write_text(PROG.replace("FILL", FILLS[fill]).replace("CALL", CALLS[call]))
    r = predict([str(path)], "ipsc860", 4, ["n=4000"], interactive=False).result
    assert not any("weighted" in n for n in r.notes)
    body = sum(s.executions for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":8"))
    assert body == 4 * 1000 - 1
