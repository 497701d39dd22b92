"""Pointers have values in elements (frontends/c/pointers.py): loops over a range of pointers run
their count, and a pointer difference is a count; tests for null keep the non-null assumption.
Before, every pointer was 1: ``for (p = xs; p < end; p++)`` ran 0 times and ``last - first`` was 0
bytes, silently.

Message times on the shipped iPSC/860 (paper 001 Table 3, mid of each range): above 100 bytes
175 us + 0.36 us/B + 33 us a hop.
"""
from __future__ import annotations

import pytest

from interp.errors import InputError
from interp.pipeline import predict


def _run(tmp_path, source, procs=1, defines=()):
    path = tmp_path / "prog.c"
    path.write_text(source)
    return predict([str(path)], "ipsc860", procs, list(defines), interactive=False).result


def _execs(result, line):
    return sum(s.executions for s in result.aau_totals()
               if s.cls == "Seq" and s.loc.split(":")[1].split("-")[0] == str(line))


LOOPS = r"""#include <stdlib.h>
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    double s = 0.0, t = 0.0, u = 0.0, *p, *end;
    double *xs = malloc(n * sizeof(double));
    end = xs + n;
    for (p = xs; p < end; p++)
        s += *p * 1.5;
    for (p = xs; p != xs + n; p += 2)
        t += *p;
    p = end;
    while (p > xs) {
        p--;
        u += *p;
    }
    free(xs);
    return (int) (s + t + u);
}
"""


def test_loops_over_a_pointer_range_run_their_count(tmp_path):
    r = _run(tmp_path, LOOPS, defines=["n=1000"])
    assert _execs(r, 8) == 1000      # p < end, p++
    assert _execs(r, 10) == 500      # p != xs + n, p += 2
    assert _execs(r, 13) == 1000     # while (p > xs) { p--; ... }


STATIC = r"""int main(void) {
    double a[64], s = 0.0, *p, *q = &a[10];
    for (p = &a[2]; p < q; p++)
        s += *p;
    for (p = a + 60; p >= a + 50; p--)
        s -= *p;
    return (int) s;
}
"""


def test_element_addresses_of_an_array(tmp_path):
    r = _run(tmp_path, STATIC)
    assert _execs(r, 4) == 8    # &a[2] .. &a[9]
    assert _execs(r, 6) == 11   # a + 60 down to a + 50


SEND = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int rank, n = atoi(argv[1]);
    double *buf = malloc(n * sizeof(double));
    double *first = buf, *last = buf + n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (buf == NULL || !buf)
        MPI_Abort(MPI_COMM_WORLD, 1);
    if (rank == 0)
        MPI_Send(first, (int) (last - first), MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(buf, n, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_a_pointer_difference_is_a_count(tmp_path):
    # 100 doubles = 800 B from rank 0 to rank 1 (one hop): 175 + 0.36 x 800 + 33 = 496 us
    r = _run(tmp_path, SEND, procs=2, defines=["n=100"])
    (msg,) = r.messages
    assert msg.arrival - msg.send_time == pytest.approx((175 + 0.36 * 800 + 33) * 1e-6, rel=1e-12)
    assert not any("abort" in note.lower() for note in r.notes)  # buf == NULL, !buf: not taken


UNKNOWN = r"""struct range { double *lo, *hi; };
int main(void) {
    double a[100], s = 0.0, *p;
    struct range r;
    r.lo = a;
    r.hi = a + 100;
    for (p = r.lo; p < r.hi; p++)
        s += *p;
    return (int) s;
}
"""


def test_a_pointer_the_parse_cannot_follow_is_refused(tmp_path):
    # a pointer kept in a struct member has no value: the loop is refused, not run 0 times
    with pytest.raises(InputError, match=r"prog\.c:7"):
        _run(tmp_path, UNKNOWN)


BYTES = r"""#include <stdlib.h>
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    double *xs = malloc(n * sizeof(double));
    char *c;
    long k = 0;
    for (c = (char *) xs; c < (char *) (xs + n); c++)
        k += *c;
    return (int) k;
}
"""


def test_a_cast_to_other_units_is_refused(tmp_path):
    # (char *) xs counts bytes, not doubles: no value, so a clear refusal rather than a wrong count
    with pytest.raises(InputError, match=r"prog\.c:7"):
        _run(tmp_path, BYTES, defines=["n=100"])


PARAMS = r"""#include <stdlib.h>
static double span(double x[], double *end) {
    double s = 0.0, *p;
    for (p = x; p < end; p++)
        s += *p;
    return s;
}
static double sum(const double *x, int n) {
    double s = 0.0;
    const double *stop = x + n;
    for (; x < stop; x++)
        s += *x;
    return s;
}
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    double a[5000];
    double *b = malloc(n * sizeof(double));
    double t = 0.0;
    for (int r = 0; r < 10; r++)
        t += span(a, a + n) + sum(b, n / 2);
    return (int) t;
}
"""


def test_pointer_parameters_take_the_callers_values(tmp_path):
    # an array parameter (double x[]) is a pointer: its value is the caller's a, so end - x = n
    r = _run(tmp_path, PARAMS, defines=["n=1000"])
    assert _execs(r, 5) == 10 * 1000
    assert _execs(r, 12) == 10 * 500


GRID = r"""#include <stdlib.h>
struct part { double x, y; };
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    double grid[16][16], s = 0.0, *q;
    struct part *ps = malloc(n * sizeof(struct part)), *pp;
    for (pp = ps; pp < ps + n; pp++)
        s += pp->x * pp->y;
    for (q = &grid[2][0]; q < &grid[3][8]; q++)
        s += *q;
    return (int) s;
}
"""


def test_struct_pointers_and_element_addresses_of_a_2d_array(tmp_path):
    # &grid[3][8] - &grid[2][0] = 16 + 8 = 24 elements (row-major, 16 columns)
    r = _run(tmp_path, GRID, defines=["n=100"])
    assert _execs(r, 8) == 100
    assert _execs(r, 10) == 24


LIST = r"""#include <stdlib.h>
struct node { int v; struct node *next; };
int main(void) {
    struct node *head = malloc(sizeof(struct node)), *nd;
    head->next = NULL;
    int s = 0;
ANNOTATION
    for (nd = head; nd != NULL; nd = nd->next)
        s += nd->v;
    return s;
}
"""


def test_a_linked_list_walk_asks_for_its_trip_count(tmp_path):
    # pointers are taken as never null: the walk cannot end, and the message says why
    with pytest.raises(InputError, match=r"prog\.c:8: this loop walks a linked structure until nd is NULL"):
        _run(tmp_path, LIST.replace("ANNOTATION", ""))
    r = _run(tmp_path, LIST.replace("ANNOTATION", "#pragma interp iters(5)"))
    assert _execs(r, 9) == 5
