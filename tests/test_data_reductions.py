"""A counted loop whose only carried value comes from data (``diff = fmax(diff, fabs(unew - u))``,
the residual of a convergence test) is summed in closed form, that value unknown after it
(frontends/aag/effects.py): interpreting every element, as before, gave the same unknown value
and took 0.7 s a sweep (session 14's tester: a 500-sweep solver ran for minutes). And the
prediction budget counts the iterations of every loop of a process together, so --timeout and
--max-events stop a nest of short loops (interp/engine/chain.py)."""
from __future__ import annotations

import pytest

from interp.engine.budget import BudgetExceeded
from interp.pipeline import predict

SOLVER = r"""#include <mpi.h>
#include <stdlib.h>
#include <math.h>
#define N 64
static double u[18][N], unew[18][N];
int main(int argc, char **argv)
{
    int rank, size, maxit = atoi(argv[1]), iter = 0;
    double diff, gdiff;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    do {
        MPI_Sendrecv(u[1], N, MPI_DOUBLE, up, 0, u[17], N, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        diff = 0.0;
        for (int i = 1; i <= 16; i++)
            for (int j = 1; j < N - 1; j++) {
                unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
                diff = fmax(diff, fabs(unew[i][j] - u[i][j]));
            }
        MPI_Allreduce(&diff, &gdiff, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        iter++;
        diff = gdiff;
    } while (diff > 1e-9 && iter < maxit);
    MPI_Finalize();
    return iter;
}
"""


def _run(tmp_path, **kw):
    path = tmp_path / "solver.c"
    path.write_text(SOLVER)
    return predict([str(path)], "ipsc860", 4, ["maxit=6"], interactive=False, **kw).result


def test_a_residual_from_data_leaves_the_sweep_in_closed_form(tmp_path):
    fast = _run(tmp_path)
    sweeps = [s for s in fast.aau_totals() if s.cls.startswith("Iter") and s.loc.endswith(":18-21")]
    assert [s.cls for s in sweeps] == ["IterD"]
    slow = _run(tmp_path, closed_forms=False)   # every element interpreted
    assert fast.total == pytest.approx(slow.total, rel=1e-9)
    body = lambda r: sum(s.executions for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":20-21"))
    assert body(fast) == body(slow) == 4 * 6 * 16 * 62


def test_the_budget_counts_the_iterations_of_short_nested_loops(tmp_path):
    # 6 sweeps x 16 rows x 62 columns interpreted (closed forms off): 6,048 iterations a process,
    # each loop run shorter than the 4,096 between two looks at the budget
    with pytest.raises(BudgetExceeded, match="--max-events"):
        _run(tmp_path, closed_forms=False, max_events=4_000)
