"""memcpy / memmove / memset as the loops they perform (frontends/c/libloops.py).

The expected figures follow from the rule by hand: a copy of n * sizeof(double) bytes is n
iterations of ``d[k] = s[k]``, so it must cost exactly what the same loop written out costs; a
char buffer moves 8 bytes per iteration (m / 8 iterations, C division); shapes the rule does not
read keep the per-call ``lib.memcpy`` cost.
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

COPY = r"""#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
    int n = 1000, iters = 7;
    double *u = malloc(n * sizeof(double)), *v = malloc(n * sizeof(double));
    for (int it = 0; it < iters; it++) {
        for (int i = 1; i < n - 1; i++)
            v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        COPY_STATEMENT
    }
    return 0;
}
"""


def _run(tmp_path, text, name="p.c", machine="ipsc860"):
    path = tmp_path / name
    path.write_text(text)
    return predict([str(path)], machine, 1, [], interactive=False)


def _execs_at(result, line):
    return sorted(int(s.executions) for s in result.aaus.values()
                  if s.cls == "Seq" and int(s.loc.rsplit(":", 1)[1].split("-")[0]) == line)


@pytest.mark.parametrize("call", ["memcpy(u + 1, v + 1, (n - 2) * sizeof(double));",
                                  "memmove(&u[1], &v[1], sizeof(double) * (n - 2));"])
def test_a_copy_costs_what_the_loop_costs(tmp_path, call):
    loop = "for (int i = 1; i < n - 1; i++) u[i] = v[i];"
    by_call = _run(tmp_path, COPY.replace("COPY_STATEMENT", call), "a.c").result
    by_loop = _run(tmp_path, COPY.replace("COPY_STATEMENT", loop), "b.c").result
    assert by_call.total == pytest.approx(by_loop.total, rel=1e-12)
    # 7 sweeps x 998 elements: the copy's body runs 6,986 times
    assert _execs_at(by_call, 10) == [6986]


def test_the_note_names_the_call(tmp_path):
    run = _run(tmp_path, COPY.replace("COPY_STATEMENT", "memcpy(u, v, n * sizeof(double));"))
    notes = " ".join(p.message for p in run.programs[0].problems)
    assert "memcpy() is costed as the copy loop it performs, one of its 8-byte elements" in notes


def test_a_char_buffer_is_filled_a_word_at_a_time(tmp_path):
    text = r"""#include <string.h>
int main(void)
{
    char buf[100];
    int m = 100;
    memset(buf, 1, m);
    return 0;
}
"""
    r = _run(tmp_path, text).result
    assert _execs_at(r, 6) == [12]  # 100 bytes / 8 per word, C division: 12 iterations


@pytest.mark.parametrize("decl, call", [
    ("struct p { double x, y; } a[10], b[10];", "memcpy(a, b, sizeof a);"),   # struct elements
    ("double m[4][4], w[4][4];", "memcpy(m, w, sizeof m);"),                  # 2-D array rows
    ("double x[10]; int y[20];", "memcpy(x, y, sizeof x);"),                  # element sizes differ
])
def test_other_shapes_keep_the_call_cost(tmp_path, decl, call):
    text = f"#include <string.h>\nint main(void)\n{{\n    {decl}\n    {call}\n    return 0;\n}}\n"
    run = _run(tmp_path, text)
    assert not any("costed as the copy loop" in p.message for p in run.programs[0].problems)
    assert not any(s.cls.startswith("Iter") for s in run.result.aaus.values())


def test_the_programs_own_memcpy_is_called(tmp_path):
    text = r"""void memcpy(double *d, double *s, int n) { for (int i = 0; i < n; i++) d[i] = s[i]; }
int main(void)
{
    double a[10], b[10];
    memcpy(a, b, 10);
    return 0;
}
"""
    run = _run(tmp_path, text)
    assert not any("costed as the copy loop" in p.message for p in run.programs[0].problems)
    assert any(s.cls == "Call" for s in run.result.aaus.values())


SORT = r"""#include <stdlib.h>
typedef struct { double key; int id; } item;
static int by_key(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->key < y->key) return -1;
    else if (x->key > y->key) return 1;
    else return 0;
}
static int by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
int main(void)
{
    int n = 200, m = 300;
    item *v = malloc(n * sizeof(item));
    int *w = malloc(m * sizeof(int));
    qsort(v, n, sizeof(item), by_key);
    qsort(w, m, sizeof *w, by_value);
    return 0;
}
"""


def test_qsort_is_a_merge_sort_of_the_programs_comparisons(tmp_path):
    run = _run(tmp_path, SORT)
    r = run.result
    calls = {int(s.loc.rsplit(":", 1)[1].split("-")[0]): int(s.executions)
             for s in r.aaus.values() if s.cls == "Call"}
    # ceil(log2 200) = 8 passes of 200 comparisons; ceil(log2 300) = 9 passes of 300
    assert calls[20] == 8 * 200 and calls[21] == 9 * 300
    # the int elements are moved once per comparison; the struct elements are not
    # Seqs on those lines: the pass loop's start (once), its w *= 2 (once a pass) and the body
    # around the call (the arguments' addresses; for ints also the move: one load, one store more)
    assert _execs_at(r, 21) == [1, 9, 2700] and _execs_at(r, 20) == [1, 8, 1600]
    body = {int(s.loc.rsplit(":", 1)[1].split("-")[0]): s.total / s.executions
            for s in r.aaus.values() if s.cls == "Seq" and int(s.executions) in (1600, 2700)}
    assert body[21] > body[20]
    notes = " ".join(p.message for p in run.programs[0].problems)
    assert "ceil(log2 n) passes of n calls of by_key() (the moves of its struct elements are not costed)" in notes
    assert "n calls of by_value() and n element moves" in notes


def test_a_library_comparison_keeps_the_call_cost(tmp_path):
    text = SORT.replace("qsort(w, m, sizeof *w, by_value);", "qsort(w, m, sizeof *w, strcmp);")
    run = _run(tmp_path, "#include <string.h>\n" + text)
    assert sum(1 for s in run.result.aaus.values() if s.cls == "Call") == 1   # by_key's only
