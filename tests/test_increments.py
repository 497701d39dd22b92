"""An increment inside an expression has a value (frontends/c/expr.py): ``row = next++`` gives
row the value before the update, ``m = ++j`` the value after, and the update is a definition of
its own after it. ``row = next++``, a master's hand-out of tasks, was not followed: the loop
bounded by row was refused ("depends on data")."""
from interp.pipeline import predict

PROG = r"""#include <stdio.h>
int main(void) {
    int next = 3, row, k = 0, s = 0, j = 10, m;
    row = next++;
    for (int i = 0; i < row; i++) s += i;
    for (int i = 0; i < next; i++) s -= i;
    for (int i = 0; i < 100; i++) {
        if (k++ % 4 == 0)
            s += i;
    }
    m = ++j;
    for (int i = 0; i < m; i++) s -= 2;
    for (int i = 0; i < k; i++) s += 3;
    printf("%d %d\n", s, k);
    return 0;
}
"""


def test_increments_in_expressions(tmp_path):
    path = tmp_path / "inc.c"
    path.write_text(PROG)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    counts = {s.loc.split(":")[1]: s.executions for s in r.aau_totals() if s.cls == "Seq"}
    assert counts["5"] == 3      # row = next++: 3
    assert counts["6"] == 4      # next: 4 after it
    assert counts["9"] == 25     # k++ % 4 == 0 for k = 0, 4, ..., 96
    assert counts["12"] == 11    # m = ++j: 11
    assert counts["13"] == 100   # k: 100 after the loop


GUARDED = r"""#include <stdio.h>
int main(void) {
    int next = 0, h = 5, row, s = 0, ok = 0, c = 0, d = 0, e;
    for (int t = 0; t < 8; t++) {
        row = next < h ? next++ : -1;
        e = ok && c++;
        e = ok || d++;
    }
    for (int i = 0; i < next; i++) s += i;
    for (int i = 0; i < c + 10; i++) s += i;
    for (int i = 0; i < d + 20; i++) s += i;
    printf("%d %d\n", s, row);
    return 0;
}
"""


def test_an_increment_in_a_branch_runs_when_the_branch_does(tmp_path):
    # next++ only while next < h: 5 after 8 rounds (was taken as 8); c++ never (ok is 0, so
    # `ok && c++` stops at ok); d++ every round (`ok || d++` evaluates it): 8
    path = tmp_path / "guarded.c"
    path.write_text(GUARDED)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    counts = {s.loc.split(":")[1]: s.executions for s in r.aau_totals() if s.cls == "Seq"}
    assert counts["9"] == 5
    assert counts["10"] == 10
    assert counts["11"] == 28


COUNTS = r"""#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int rank, p, n = atoi(argv[1]);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int *scount = calloc(p, sizeof(int)), *sdispl = calloc(p, sizeof(int));
    int *rcount = calloc(p, sizeof(int)), *rdispl = calloc(p, sizeof(int));
    double *sbuf = malloc(n * sizeof(double)), *rbuf = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++)
        scount[KEY]++;
    for (int d = 1; d < p; d++) sdispl[d] = sdispl[d - 1] + scount[d - 1];
    for (int d = 0; d < p; d++) rcount[d] = n / p;
    for (int d = 1; d < p; d++) rdispl[d] = rdispl[d - 1] + rcount[d - 1];
    MPI_Alltoallv(sbuf, scount, sdispl, MPI_DOUBLE, rbuf, rcount, rdispl, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""


def test_an_element_increment_is_a_store_of_the_element(tmp_path):
    # scount[i % p]++ for i < 400 at p = 4: 100 doubles (800 B) to every rank; each rank's three
    # messages to the others (its own block is a local copy) carry 800 bytes
    path = tmp_path / "counts.c"
    path.write_text(COUNTS.replace("KEY", "i % p"))
    r = predict([str(path)], "ipsc860", 4, ["n=400"], interactive=False).result
    sent = [m for m in r.messages if m.src != m.dst]   # the Alltoallv's steps (internal messages)
    assert len(sent) == 4 * 3 and {m.size for m in sent} == {800}


def test_an_element_incremented_at_a_data_index_is_not_known(tmp_path):
    # scount[rand() % p]++: the counts come from data; they were left at calloc's 0 and the
    # Alltoallv moved nothing, silently
    from interp.errors import InputError
    import pytest
    path = tmp_path / "counts.c"
    path.write_text(COUNTS.replace("KEY", "rand() % p"))
    with pytest.raises(InputError, match=r"counts\.c:17: MPI_Alltoallv.*reads its counts array"):
        predict([str(path)], "ipsc860", 4, ["n=400"], interactive=False)


def test_a_count_loop_at_data_indices_is_closed(tmp_path):
    # scount[rand() % p]++ leaves every element unknown whatever the pass: the loop is summed in
    # closed form (IterD, frontends/aag/effects.py), not interpreted n times before the refusal
    from frontends.aag import Iter
    from interp.pipeline import load_programs
    path = tmp_path / "counts.c"
    path.write_text(COUNTS.replace("KEY", "rand() % p"))
    main = load_programs([str(path)])[0].functions["main"]
    loops = [x for a in main.body for x in a.walk() if isinstance(x, Iter) and x.loc.first == 12]
    assert [lp.cls for lp in loops] == ["IterD"]
    assert ("scount[]", None) in loops[0].effects
