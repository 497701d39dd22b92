"""memcpy / memmove / memset as the loops they perform (frontends/c/memcalls.py).

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
