"""The value a program's own function returns (frontends/c/returns.py), used as a loop bound.

A block decomposition computed in a helper, ``local = block_size(n, size, rank)``, was refused
("the loop trip count depends on 'local' ... it depends on data"). Expected counts by hand:
n = 1000 over 3 ranks gives 334, 333, 333 (the first n % p ranks get one more).
"""
from __future__ import annotations

import pytest

from interp.errors import InputError
from interp.pipeline import predict

PROGRAM = r"""#include <mpi.h>
HELPERS
int main(int argc, char **argv)
{
    int rank, size, n = 1000;
    double s = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int local = block_size(n, size, rank);
    for (int i = 0; i < local; i++)
        s += i;
    MPI_Finalize();
    return 0;
}
"""

HELPERS = {
    "one expression": "static int block_size(int n, int p, int r) { return n / p + (r < n % p ? 1 : 0); }",
    "statements": """static int block_size(int n, int p, int r)
{
    int b = n / p;
    if (r < n % p)
        b++;
    return b;
}""",
    "early return": """static int block_size(int n, int p, int r)
{
    int base = n / p, extra = n % p;
    if (r < extra)
        return base + 1;
    return base;
}""",
    # a local declared without a value, given one in both branches (odd-even sort's partner)
    "declared, then assigned": """static int block_size(int n, int p, int r)
{
    int b;
    if (r < n % p)
        b = n / p + 1;
    else
        b = n / p;
    return b;
}""",
    # a loop counts the block (returned.py: the engine interprets the call and keeps its value)
    "a loop": "static int block_size(int n, int p, int r) { int b = 0; for (int i = r; i < n; i += p) b++; return b; }",
    "a loop and an early return": """static int block_size(int n, int p, int r)
{
    int b = 0, i;
    if (n <= 0)
        return 0;
    for (i = 0; i < n; i++)
        if (i % p == r)
            b++;
    return b;
}""",
    "a helper of a helper": """static int low(int n, int p, int r) { return r * (n / p) + (r < n % p ? r : n % p); }
static int block_size(int n, int p, int r) { int hi = low(n, p, r + 1); return hi - low(n, p, r); }""",
}


def _run(tmp_path, helpers, procs=3):
    path = tmp_path / "p.c"
    text = PROGRAM.replace("HELPERS", helpers)
    path.write_text(text)
    line = text.splitlines().index("        s += i;") + 1
    return predict([str(path)], "ipsc860", procs, [], interactive=False).result, line


@pytest.mark.parametrize("shape", list(HELPERS))
def test_a_returned_value_bounds_the_loop(tmp_path, shape):
    r, line = _run(tmp_path, HELPERS[shape])
    # r.aaus: (process, AAU id) -> that process's statistics
    per_rank = {proc: int(st.executions) for (proc, _), st in r.aaus.items()
                if st.cls == "Seq" and st.loc.endswith(f":{line}")}
    assert per_rank == {0: 334, 1: 333, 2: 333}


def test_a_recursive_function_has_no_value(tmp_path):
    with pytest.raises(InputError, match="recursive call of block_size"):
        _run(tmp_path, "static int block_size(int n, int p, int r) "
                       "{ return r == 0 ? n / p : block_size(n, p, r - 1); }")


@pytest.mark.parametrize("helpers", [
    # a local read before any assignment gives it a value (r >= n % p leaves b unset)
    "static int block_size(int n, int p, int r) { int b; if (r < n % p) b = n / p + 1; return b; }",
    # a static local: its value carries over from call to call
    "static int block_size(int n, int p, int r) { static int b = 0; b += n / p; return b; }",
])
def test_what_is_not_followed_is_still_refused(tmp_path, helpers):
    # the error names the function whose value is not followed, not "data"
    with pytest.raises(InputError, match="the loop trip count depends on 'local', the value block_size"
                                         r"\(\) returns, which interp does not follow"):
        _run(tmp_path, helpers)


def test_a_global_read_by_the_helper_is_the_global(tmp_path):
    # returns.py leaves a helper reading a global without a value (the caller's frame could hide
    # the global); the engine interprets the call in the callee's frame: g_n / p = 1000 / 3 = 333
    # on every rank.
    r, line = _run(tmp_path, "int g_n = 1000;\nstatic int block_size(int n, int p, int r) { return g_n / p; }")
    per_rank = {proc: int(st.executions) for (proc, _), st in r.aaus.items()
                if st.cls == "Seq" and st.loc.endswith(f":{line}")}
    assert per_rank == {0: 333, 1: 333, 2: 333}


SUMMED = r"""#include <mpi.h>
static int count_multiples(int lo, int hi, int d)
{
    int c = 0;
    for (int i = lo; i < hi; i++)
        if (i % d == 0)
            c++;
    return c;
}
int main(int argc, char **argv)
{
    int total = 0;
    double s = 0;
    MPI_Init(&argc, &argv);
    for (int d = 2; d <= 4; d++)
        total += count_multiples(0, 100, d);
    for (int i = 0; i < total; i++)
        s += i;
    MPI_Finalize();
    return 0;
}
"""


def test_returned_values_summed_in_a_loop(tmp_path):
    # multiples of 2, 3 and 4 in 0..99: 50 + 34 + 25 = 109 iterations of the second loop (the first
    # loop is interpreted: its closed form would leave total unknown)
    path = tmp_path / "m.c"
    path.write_text(SUMMED)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    line = SUMMED.splitlines().index("        s += i;") + 1
    assert [int(st.executions) for (_, _), st in r.aaus.items()
            if st.cls == "Seq" and st.loc.endswith(f":{line}")] == [109]
