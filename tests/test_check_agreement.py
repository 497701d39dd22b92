"""``interp check`` and ``interp run`` agree (three defects found by programs written in the style of
public MPI tutorials, 2026-12).

1. The dynamic receive (``MPI_Probe``, ``MPI_Get_count``, ``malloc``, ``MPI_Recv``) was reported
   by check as a potential deadlock when the message was larger than the eager (static) buffer:
   check's second pass treats such sends as synchronous, and a probe posted before a synchronous
   send was never woken by it (``MPI_Ssend`` with a probe hung in run too). The probe now returns
   when the send's envelope arrives: the sender's startup and the route's hops after the send.
2. A loop bound read from an array of structs (``i < lev[l].n``) was refused by run, while check
   ran until its time budget. The members of an array of structs are now followed as an array's
   elements are (``lev[l].n`` is element l of the array ``lev.n``), so both predict it; a loop
   check must still refuse is taken as running once, as run's refusal of it says.
3. That refusal advised "give the inputs it depends on with -D", for a loop whose condition no
   input decides (no -D value can give a condition the parse found no expression for).

Machine: iPSC/860 (paper 001 Table 3): startup 70 us, 0.42 us per byte, 11 us per hop, static
buffer 100 B; ranks 0 and 1 are one hop apart on the hypercube.
"""
import pytest

from interp.errors import InputError
from interp.pipeline import load_program, predict
from interp.studies.check import check

STARTUP, PER_BYTE, PER_HOP = 70e-6, 0.42e-6, 11e-6


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _check(path, procs, timeout=60):
    return check([load_program(path)], "ipsc860", procs, timeout=timeout)


def _total(path, procs):
    return predict([path], "ipsc860", procs, interactive=False).result.total


# -- 1. a probe before the receive ------------------------------------------------------------

TUTORIAL_PROBE = """#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int rank, size, count, dest, i;
    int *buf;
    int data[1000];
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 0; i < 1000; i++)
            data[i] = i;
        for (dest = 1; dest < size; dest++)
            MPI_Send(data, 1000 / dest, MPI_INT, dest, 7, MPI_COMM_WORLD);
    } else {
        MPI_Probe(0, 7, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        buf = (int *)malloc(count * sizeof(int));
        MPI_Recv(buf, count, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        free(buf);
    }
    MPI_Finalize();
    return 0;
}
"""

# The workers compute first: the master's probe on MPI_ANY_SOURCE is posted before any send.
ANY_SOURCE_PROBE = """#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int rank, size, count, src, k, i;
    int *buf;
    int data[800];
    double acc = 0.0;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0) {
        for (i = 0; i < 200 * rank; i++)
            data[i] = i;
        MPI_Send(data, 200 * rank, MPI_INT, 0, 3, MPI_COMM_WORLD);
    } else {
        for (k = 1; k < size; k++) {
            MPI_Probe(MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, &status);
            src = status.MPI_SOURCE;
            MPI_Get_count(&status, MPI_INT, &count);
            buf = (int *)malloc(count * sizeof(int));
            MPI_Recv(buf, count, MPI_INT, src, 3, MPI_COMM_WORLD, &status);
            for (i = 0; i < count; i++)
                acc += buf[i];
            free(buf);
        }
    }
    MPI_Finalize();
    return 0;
}
"""

SSEND = """#include <mpi.h>
int main(int argc, char **argv) {
    int rank;
    int data[10];
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Ssend(data, 10, MPI_INT, 1, 5, MPI_COMM_WORLD);
    } else {
PROBE        MPI_Recv(data, 10, MPI_INT, 0, 5, MPI_COMM_WORLD, &status);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_a_probed_message_above_the_eager_buffer_is_no_potential_deadlock(tmp_path):
    """Messages of 4000, 2000 and 1332 bytes (above the 100-byte static buffer): check's pass
    with synchronous large sends said "potential-deadlock: rank 0 in MPI_Send at line 15 waits
    for rendezvous: rank 1 to post the matching receive"."""
    path = _write(tmp_path, "probe.c", TUTORIAL_PROBE)
    assert [str(f) for f in _check(path, 4)] == []
    r = predict([path], "ipsc860", 4, interactive=False).result
    assert sorted((m.dst, m.size) for m in r.messages if not m.internal) == [(1, 4000), (2, 2000), (3, 1332)]


def test_a_probe_on_any_source_before_the_sends_is_no_potential_deadlock(tmp_path):
    """The receive names the source the probe found (status.MPI_SOURCE) and its count."""
    path = _write(tmp_path, "any.c", ANY_SOURCE_PROBE)
    assert [str(f) for f in _check(path, 4)] == []
    r = predict([path], "ipsc860", 4, interactive=False).result
    assert sorted((m.src, m.size) for m in r.messages if not m.internal) == [(1, 800), (2, 1600), (3, 2400)]


def test_a_probe_returns_when_a_synchronous_sends_envelope_arrives(tmp_path):
    """MPI_Ssend of 40 bytes from rank 0 to rank 1 (one hop). Without the probe the receive is
    posted first: the message arrives STARTUP + 40 PER_BYTE + PER_HOP after rank 0's send. With
    the probe (it hung: the probe was never woken by a synchronous send), the probe returns when
    the envelope arrives, STARTUP + PER_HOP after the send; the receive posted then starts the
    transfer, which arrives 40 PER_BYTE + PER_HOP later: one hop (11 us) more than without it."""
    plain = _write(tmp_path, "plain.c", SSEND.replace("PROBE", ""))
    probed = _write(tmp_path, "probed.c", SSEND.replace(
        "PROBE", "        MPI_Probe(0, 5, MPI_COMM_WORLD, &status);\n"))
    t0 = _total(plain, 2)
    before_send = t0 - (STARTUP + 40 * PER_BYTE + PER_HOP)  # rank 0's test of its rank: 5 clk
    assert before_send == pytest.approx(5 * 25e-9, abs=1e-12)
    assert _total(probed, 2) == pytest.approx(before_send + STARTUP + PER_HOP + 40 * PER_BYTE + PER_HOP, rel=1e-12)
    assert [str(f) for f in _check(probed, 2)] == []


# -- 2. a loop bound read from an array of structs --------------------------------------------

LEVELS = """#include <mpi.h>
#include <stdlib.h>
#define N 4096
typedef struct { int n; double h; } level_t;
int main(int argc, char **argv) {
    int rank, size, l, i;
    level_t lev[4];
    double *u, sum = 0.0, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (l = 0; l < 4; l++) {
        lev[l].n = N >> l;
        lev[l].h = 1.0 / lev[l].n;
    }
    u = (double *)malloc(N * sizeof(double));
    for (l = 0; l < 4; l++) {
ITERS        for (i = 0; i < lev[l].n; i++)
            u[i] = u[i] * 0.5 + lev[l].h;
        MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    free(u);
    MPI_Finalize();
    return 0;
}
"""


def test_a_bound_from_an_array_of_structs_is_followed_by_run_and_check(tmp_path):
    """lev[l].n = 4096 >> l: the inner loop runs 4096 + 2048 + 1024 + 512 = 7680 times on each of
    4 processes, and the prediction is the one the remedy the refusal named gives (the counts
    stated with iters(4096 / 2**l)). Check ran until its time budget (1800 s) on it."""
    path = _write(tmp_path, "levels.c", LEVELS.replace("ITERS", ""))
    stated = _write(tmp_path, "stated.c", LEVELS.replace("ITERS", "#pragma interp iters(4096 / 2**l)\n"))
    assert [str(f) for f in _check(path, 4)] == []
    r = predict([path], "ipsc860", 4, interactive=False).result
    body = next(s for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":19"))
    assert body.executions == 4 * 7680
    assert r.total == pytest.approx(_total(stated, 4), rel=1e-12)


POINTER_LEVELS = """#include <mpi.h>
#include <stdlib.h>
typedef struct { double h; int n; int tag; } level_t;
int main(int argc, char **argv) {
    int rank, l, i, n;
    level_t *lev;
    double *u, s = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    lev = (level_t *)malloc(5 * sizeof(level_t));
    u = (double *)malloc(2048 * sizeof(double));
    lev[0].n = 2048;
    lev[0].tag = 100;
    for (l = 1; l < 5; l++) {
        lev[l].n = lev[l - 1].n / 2;
        lev[l].tag = lev[l - 1].tag + 1;
    }
    for (l = 0; l < 5; l++) {
        n = lev[l].n;
        for (i = 0; i < n; i++)
            s += u[i];
        if (rank == 0)
            MPI_Send(u, lev[l].n, MPI_DOUBLE, 1, lev[l].tag, MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(u, lev[l].n, MPI_DOUBLE, 0, lev[l].tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_members_of_a_pointer_to_structs_by_constant_and_computed_index(tmp_path):
    """lev[0].n set by a constant index is the element the computed index lev[l - 1].n reads;
    a member read into a variable (n = lev[l].n) bounds a loop, and members are message counts
    and tags: 2048, 1024, 512, 256, 128 doubles with tags 100 to 104."""
    path = _write(tmp_path, "ptr.c", POINTER_LEVELS)
    assert [str(f) for f in _check(path, 2)] == []
    r = predict([path], "ipsc860", 2, interactive=False).result
    assert [(m.size, m.tag) for m in r.messages if not m.internal] == [
        (8 * 2048, 100), (8 * 1024, 101), (8 * 512, 102), (8 * 256, 103), (8 * 128, 104)]
    body = next(s for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":21"))
    assert body.executions == 2 * (2048 + 1024 + 512 + 256 + 128)


NESTED_LEVELS = """#include <mpi.h>
typedef struct { int n; int tag; } dims_t;
typedef struct { dims_t g; double h; } level_t;
int main(int argc, char **argv) {
    int rank, l, i;
    level_t lev[3];
    double u[64], s = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    lev[0].g.n = 16;
    for (l = 1; l < 3; l++) {
        lev[l].g.n = 2 * lev[l - 1].g.n;
        lev[l].g.tag = 7 + l;
    }
    for (l = 0; l < 3; l++) {
        for (i = 0; i < lev[l].g.n; i++)
            s += u[i];
        if (l > 0 && rank == 0)
            MPI_Send(u, lev[l].g.n, MPI_DOUBLE, 1, lev[l].g.tag, MPI_COMM_WORLD);
        else if (l > 0 && rank == 1)
            MPI_Recv(u, lev[l].g.n, MPI_DOUBLE, 0, lev[l].g.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_a_member_of_a_member_of_an_element_is_followed(tmp_path):
    """lev[l].g.n: the members n of the members g of lev's elements are the array "lev.g.n"
    (16, 32, 64), read as loop bounds and message counts, with tags lev[l].g.tag (8, 9). Until
    2026-12-02 the loop was refused for iters(N)."""
    path = _write(tmp_path, "nested.c", NESTED_LEVELS)
    assert [str(f) for f in _check(path, 2)] == []
    r = predict([path], "ipsc860", 2, interactive=False).result
    assert [(m.size, m.tag) for m in r.messages if not m.internal] == [(8 * 32, 8), (8 * 64, 9)]
    body = next(s for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":17"))
    assert body.executions == 2 * (16 + 32 + 64)


HELPER_LEVELS = """#include <mpi.h>
typedef struct { int n; double h; } level_t;
static void setup(level_t *lv, int nl, int n0) {
    int l;
    for (l = 0; l < nl; l++) {
        lv[l].n = n0 >> l;
        lv[l].h = 1.0 / (n0 >> l);
    }
}
int main(int argc, char **argv) {
    int rank, l, i;
    level_t lev[4];
    double u[1024], s = 0.0, t;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    setup(lev, 4, 1024);
    for (l = 0; l < 4; l++) {
ITERS        for (i = 0; i < lev[l].n; i++)
            s += u[i] * lev[l].h;
        MPI_Allreduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_members_filled_by_a_helper_are_followed(tmp_path):
    """setup(lev, ...) stores lv[l].n through its pointer parameter: the caller's lev[l].n."""
    path = _write(tmp_path, "helper.c", HELPER_LEVELS.replace("ITERS", ""))
    stated = _write(tmp_path, "stated.c", HELPER_LEVELS.replace("ITERS", "#pragma interp iters(1024 / 2**l)\n"))
    assert [str(f) for f in _check(path, 4)] == []
    assert _total(path, 4) == pytest.approx(_total(stated, 4), rel=1e-12)


TABLES = """#include <mpi.h>
typedef struct { int n; double w; int reps; } phase_t;
phase_t table[4] = {{512, 0.5, 2}, {256, 0.25, 3}, {128}};
int main(int argc, char **argv) {
    int rank, p, r, i;
    phase_t local[2] = {{100, 1.0, 1}, {50, 2.0, 2}};
    double s = 0.0, t, u[512];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    table[3] = local[1];
    for (p = 0; p < 4; p++)
        for (r = 0; r < table[p].reps; r++) {
            for (i = 0; i < table[p].n; i++)
                s += u[i] * table[p].w;
            MPI_Allreduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        }
    for (p = 0; p < 2; p++)
        for (i = 0; i < local[p].n; i++)
            s += u[i];
    MPI_Finalize();
    return 0;
}
"""


def test_members_given_by_initializer_lists_and_struct_copies(tmp_path):
    """A global table of structs (its third element's reps left out: 0, the fourth element all
    0 until table[3] = local[1] copies {50, 2.0, 2} into it) and a local one: the phases run
    2 + 3 + 0 + 2 = 7 Allreduces, the inner loop 2 x 512 + 3 x 256 + 2 x 50 = 1892 times and
    the last loop 100 + 50 = 150 times on each of 2 processes."""
    path = _write(tmp_path, "tables.c", TABLES)
    assert [str(f) for f in _check(path, 2)] == []
    r = predict([path], "ipsc860", 2, interactive=False).result
    execs = {s.loc.rsplit(":", 1)[1]: s.executions for s in r.aau_totals()}
    assert (execs["15"], execs["14"], execs["19"]) == (2 * 7, 2 * 1892, 2 * 150)


# -- 2 and 3. a bound interp does not follow: the same quick refusal, no -D ---------------------

NESTED = """#include <mpi.h>
#include <stdlib.h>
#define N 4096
typedef struct { int n; double h; } grid_t;
typedef struct { grid_t g; int id; } level_t;
int main(int argc, char **argv) {
    int rank, l, i;
    level_t lev[4][2];
    double *u, sum = 0.0, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (l = 0; l < 4; l++)
        lev[l][1].g.n = N >> l;
    u = (double *)malloc(N * sizeof(double));
    for (l = 0; l < 4; l++) {
        for (i = 0; i < lev[l][1].g.n; i++)
            u[i] = u[i] * 0.5 + 1.0;
        MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    free(u);
    MPI_Finalize();
    return 0;
}
"""

REFUSAL = ("the trip count of this loop cannot be known: its condition 'i < lev[l][1].g.n' reads values the "
           "parse does not follow (data such as rand() or a file gives, or values interp does not track); "
           "state it with '#pragma interp iters(N)' above line 16 (N: its mean trip count)")


def test_an_unfollowed_bound_is_refused_by_run_and_check_alike_without_minus_d(tmp_path):
    """A member of an element of a two-dimensional array of structs is not followed (a member of
    a member of a one-dimensional one is, since 2026-12-02): run refuses at once, and
    check (which ran until its time budget: the refused loop had no condition to end it) lists
    the same refusal once, with the note that the communication was not checked. Neither
    suggests -D: no input decides the condition (it said "or give the inputs it depends on with
    -D")."""
    path = _write(tmp_path, "nested.c", NESTED)
    with pytest.raises(InputError) as err:
        predict([path], "ipsc860", 4, interactive=False)
    assert str(err.value) == f"nested.c:16-17: {REFUSAL}"
    found = _check(path, 4, timeout=30)
    assert [(f.kind, f.line, f.message) for f in found] == [
        ("missing-iters", 16, REFUSAL),
        ("note", 16, "the communication was not checked: state the trip counts above, then check again")]
    assert not any("-D" in f.message for f in found)


def test_the_cli_says_the_same_in_run_and_check(tmp_path, cli):
    path = _write(tmp_path, "nested.c", NESTED)
    ran = cli("run", path, "--procs", "4")
    checked = cli("check", path, "--procs", "4", "--timeout", "30")
    assert ran.exit_code == 2 and checked.exit_code == 1
    assert REFUSAL in " ".join(ran.output.split()) and REFUSAL in checked.output
    assert "-D" not in ran.output and "-D" not in checked.output


RANDOM_SIZES = """#include <mpi.h>
#include <stdlib.h>
typedef struct { int n; double h; } level_t;
int main(int argc, char **argv) {
    int rank, l, i;
    level_t lev[4];
    double s = 0.0, u[128];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (l = 0; l < 4; l++)
        lev[l].n = 1 + rand() % 100;
    for (l = 0; l < 4; l++) {
        for (i = 0; i < lev[l].n; i++)
            s += u[i];
        MPI_Send(u, lev[l].n, MPI_DOUBLE, (rank + 1) % 2, 0, MPI_COMM_WORLD);
        MPI_Recv(u, lev[l].n, MPI_DOUBLE, (rank + 1) % 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_members_from_data_are_refused_by_run_and_check_alike(tmp_path):
    """lev[l].n from rand(): data, never followed. Run refuses at the loop; check lists that loop
    with run's words and the two message sizes from data (the survey, past the loop taken as
    running once, stopped at the send: before, check ran on the loop until its time budget)."""
    path = _write(tmp_path, "rand.c", RANDOM_SIZES)
    loop = ("the trip count of this loop cannot be known: its condition 'i < lev[l].n' reads values the parse "
            "does not follow (data such as rand() or a file gives, or values interp does not track); state it "
            "with '#pragma interp iters(N)' above line 13 (N: its mean trip count)")
    with pytest.raises(InputError) as err:
        predict([path], "ipsc860", 2, interactive=False)
    assert str(err.value) == f"rand.c:13-14: {loop}"
    found = _check(path, 2, timeout=30)
    assert [(f.kind, f.line) for f in found] == [("data-dependent", 15), ("data-dependent", 16),
                                                 ("missing-iters", 13), ("note", 13)]
    assert found[2].message == loop and "size(N)' above line 15" in found[0].message
