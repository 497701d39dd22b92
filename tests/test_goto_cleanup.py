"""Forward gotos to a label of the function's outermost block (frontends/c/gotos.py): each goto is
the statements from the label to the end of the function, then a return. They were refused ("goto
cleanup is not modelled"), the usual error handling of real C programs."""
from __future__ import annotations

import pytest

from interp.errors import InputError
from interp.pipeline import predict


def _run(tmp_path, source, procs=1, defines=(), name="prog.c"):
    path = tmp_path / name
    path.write_text(source)
    return predict([str(path)], "ipsc860", procs, list(defines), interactive=False).result


def _execs(result, line):
    return sum(s.executions for s in result.aau_totals()
               if s.cls == "Seq" and s.loc.split(":")[1].split("-")[0] == str(line))


CLEANUP = r"""#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int rc = 0, n = atoi(argv[1]);
    double *a = NULL, s = 0.0;
    MPI_Init(&argc, &argv);
    a = malloc(n * sizeof(double));
    if (a == NULL) { rc = 1; JUMP }
    for (int i = 0; i < n; i++) a[i] = i;
    for (int i = 0; i < n; i++) s += a[i];
    MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
LABEL
    free(a);
    MPI_Finalize();
    return rc;
}
"""


def test_a_cleanup_goto_is_its_tail_and_a_return(tmp_path):
    jumped = _run(tmp_path, CLEANUP.replace("JUMP", "goto cleanup;").replace("LABEL", "cleanup:"),
                  4, ["n=1000"], "goto.c")
    written = _run(tmp_path, CLEANUP.replace("JUMP", "free(a); MPI_Finalize(); return rc;").replace("LABEL", ""),
                   4, ["n=1000"], "written.c")
    assert jumped.total == pytest.approx(written.total, rel=1e-12)
    assert _execs(jumped, 10) == _execs(written, 10) == 4 * 1000


LEAVE = r"""int main(void) {
    double s = 0.0;
    int i, j;
    for (i = 0; i < 100; i++) {
        for (j = 0; j < 10; j++) {
            if (i == 7 && j == 3)
                goto done;
            s += i * j;
        }
    }
    s = -s;
done:
    s += 1.0;
    return (int) s;
}
"""


def test_a_goto_out_of_a_nest_leaves_it(tmp_path):
    # 7 full rows of 10 and 3 of row 7: the statement at line 8 runs 73 times; `s = -s` never,
    # `s += 1.0` once
    r = _run(tmp_path, LEAVE)
    assert _execs(r, 8) == 73
    assert _execs(r, 11) == 0
    assert _execs(r, 13) == 1


LAYERED = r"""#include <stdlib.h>
int main(int argc, char **argv) {
    int n = atoi(argv[1]), rc = 0;
    double *a = malloc(n * sizeof(double)), *b = NULL, s = 0.0;
    if (!a) { rc = 1; goto fail_a; }
    b = malloc(n * sizeof(double));
    if (!b) { rc = 2; goto fail_b; }
    for (int i = 0; i < n; i++) s += a[i] * b[i];
fail_b:
    free(b);
fail_a:
    free(a);
    return rc + (int) s;
}
"""


def test_layered_cleanup_labels(tmp_path):
    r = _run(tmp_path, LAYERED, defines=["n=500"])
    assert _execs(r, 8) == 500


BACKWARD = r"""int main(void) {
    int k = 0;
again:
    k++;
    if (k < 10) goto again;
    return k;
}
"""


def test_a_backward_goto_is_still_refused(tmp_path):
    with pytest.raises(InputError, match="goto again is not modelled"):
        _run(tmp_path, BACKWARD)
