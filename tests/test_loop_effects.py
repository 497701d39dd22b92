"""Issue 14: loops that used to run into the budget or spin until killed.

- Integer constants with a suffix (`10L`, `1UL`, `1LL`) or in octal (`010`) were unknown values, so
  `for (long k = 0; k < 1000000000000000000L; k++)` was IterND and interpreted one iteration at
  a time.
- `while (1)` / `for (;;)` / Fortran `DO` with nothing in the body that leaves the loop never end:
  now one clear refusal at the loop's line.
- A counted loop that updates a critical variable by induction (`off += 2`, `last = i`) was
  IterND; its effect is now a closed form (frontends/aag/effects.py), so its cost does not grow
  with the trip count and the values after it are exact.
"""
import json

import pytest

from frontends.aag import symexpr as S
from frontends.aag.bodies import flat
from interp.pipeline import load_program

MPI_HEAD = """#include <mpi.h>
int main(int argc, char **argv) {
    int rank, size, off = 0, last = -1, i, j;
    double buf[2000];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
"""
MPI_TAIL = """    if (rank == 0) MPI_Send(buf, off, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(buf, off, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (last == 999999999 && rank == 0) MPI_Send(buf, 1, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
    if (last == 999999999 && rank == 1) MPI_Recv(buf, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def _aag(tmp_path, text, name="p.c"):
    f = tmp_path / name
    f.write_text(text)
    return load_program(str(f))


def _loops(aag):
    return [a for a in flat(aag.functions["main"].body) if a.cls.startswith("Iter")]


@pytest.mark.parametrize("literal, count", [("10L", 10), ("10UL", 10), ("10LL", 10), ("10ull", 10),
                                            ("010", 8), ("0x10L", 16), ("1000000000000000000L", 10**18)])
def test_integer_constants_of_every_spelling_are_known(tmp_path, literal, count):
    aag = _aag(tmp_path, f"int main(void) {{ long k; double t = 0; "
                         f"for (k = 0; k < {literal}; k++) t += 1.0; return 0; }}\n")
    (loop,) = _loops(aag)
    assert loop.cls == "IterD" and int(loop.num_iters) == count


@pytest.mark.parametrize("loop", ["while (1) { x++; }", "for (;;) { x++; }", "while (2) { x++; }",
                                  "for (;;) { if (x > 3) continue; x++; }"])
def test_a_loop_that_cannot_end_is_refused_at_its_line(cli, tmp_path, loop):
    f = tmp_path / "endless.c"
    f.write_text(f"int main(void) {{\n    int x = 0;\n    {loop}\n    return 0;\n}}\n")
    r = cli("run", f)
    assert r.exit_code == 2
    assert "endless.c:3: this loop never ends: its condition is always true and nothing in its body " \
           "leaves it" in r.stderr
    assert "#pragma interp iters(N)" in r.stderr


@pytest.mark.parametrize("leave", ["if (x > 3) break;", "if (x > 3) return 1;", "if (x > 3) exit(0);",
                                   "if (x > 3) done();"])
def test_an_endless_condition_with_a_way_out_is_not_refused_as_endless(tmp_path, leave):
    aag = _aag(tmp_path, "#include <stdlib.h>\nvoid done(void) { exit(0); }\n"
                         f"int main(void) {{\n    int x = 0;\n    while (1) {{ x++; {leave} }}\n    return 0;\n}}\n")
    assert not any("never ends" in p.message for p in aag.problems)


def test_fortran_do_without_control_and_no_exit_is_refused(cli, tmp_path):
    f = tmp_path / "endless.f90"
    f.write_text("program p\n  integer :: x\n  x = 0\n  do\n    x = x + 1\n  end do\nend program p\n")
    r = cli("run", f)
    assert r.exit_code == 2
    assert "endless.f90:4: this loop never ends" in r.stderr


def test_induction_updates_of_critical_variables_are_closed_forms(tmp_path):
    aag = _aag(tmp_path, MPI_HEAD + "    for (i = 0; i < 10; i++) for (j = 0; j < i; j++) off += 2;\n"
               "    for (i = 0; i < 1000000000; i++) last = i;\n" + MPI_TAIL)
    outer, inner, counted = _loops(aag)
    assert [outer.cls, inner.cls, counted.cls] == ["IterD"] * 3
    # off after the nest: 2 * sum_{i=0}^{9} i = 90; last after 10^9 passes: 10^9 - 1; i: 10^9
    effects = dict(outer.effects)
    assert effects["off"].subs(S.var("off"), 0) == 90
    last = dict(counted.effects)
    assert last["last"].subs(S.var("last"), -1) == 999999999 and last["i"] == 1000000000


def _predict(cli, tmp_path, loops, name):
    f = tmp_path / name
    f.write_text(MPI_HEAD + loops + MPI_TAIL)
    r = cli("run", f, "--procs", 2, "--format", "json")
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


def test_values_after_closed_loops_drive_the_messages(cli, tmp_path):
    """The closed-form loops give the messages the same sizes and partners as literal values:
    90 doubles, then the tag-1 message guarded by last == 999999999, in 6 events per process
    whatever the 10^9 trip count (it used to take 10^9 interpreted iterations)."""
    closed = _predict(cli, tmp_path, "    for (i = 0; i < 10; i++) for (j = 0; j < i; j++) off += 2;\n"
                                     "    for (i = 0; i < 1000000000; i++) last = i;\n", "closed.c")
    literal = _predict(cli, tmp_path, "    off = 90; last = 999999999;\n", "literal.c")
    comm = [(a["executions"], a["total"]) for a in closed["aaus"] if a["class"] == "Comm"]
    want = [(a["executions"], a["total"]) for a in literal["aaus"] if a["class"] == "Comm"]
    assert [c[0] for c in comm] == [w[0] for w in want] == [1, 1, 1, 1]
    assert [c[1] for c in comm] == pytest.approx([w[1] for w in want], rel=1e-12)
    assert closed["events"] < 40


def test_exact_interpretation_agrees_with_the_closed_form(cli, tmp_path):
    loops = "    for (i = 0; i < 10; i++) for (j = 0; j < i; j++) off += 2;\n" \
            "    for (i = 0; i < 1000; i++) last = i + 999999000;\n"
    f = tmp_path / "both.c"
    f.write_text(MPI_HEAD + loops + MPI_TAIL)
    fast = json.loads(cli("run", f, "--procs", 2, "--format", "json").stdout)
    exact = json.loads(cli("run", f, "--procs", 2, "--format", "json", "--exact").stdout)
    assert fast["total_seconds"] == pytest.approx(exact["total_seconds"], rel=1e-9)
    assert [a["executions"] for a in fast["aaus"] if a["class"] == "Comm"] == [1, 1, 1, 1]


def test_an_update_that_is_not_an_induction_stays_interpreted(tmp_path):
    aag = _aag(tmp_path, MPI_HEAD + "    for (i = 0; i < 10; i++) off = off * 2 + 1;\n" + MPI_TAIL)
    (loop,) = [a for a in _loops(aag)]
    assert loop.cls == "IterND" and loop.effects is None


RING = """#include <mpi.h>
int main(int argc, char **argv) {
    int rank, size, r, reps = 3, done = 0, n = 0, x = 0;
    double token = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    LOOP
    MPI_Finalize();
    return 0;
}
"""


def test_a_loop_whose_condition_nothing_changes_is_refused_on_its_second_pass(cli, tmp_path):
    """Fuzz case c-5-111: `r *= 1` as the step of a ring loop spun until killed (messages in the
    body switched off the repeated-state check)."""
    f = tmp_path / "ring.c"
    f.write_text(RING.replace("LOOP", "for (r = 0; r < reps; r *= 1)\n        MPI_Sendrecv_replace(&token, 1, "
                              "MPI_DOUBLE, (rank + 1) % size, 0, (rank + size - 1) % size, 0, MPI_COMM_WORLD, "
                              "MPI_STATUS_IGNORE);"))
    r = cli("run", f, "--procs", 2)
    assert r.exit_code == 2
    assert "ring.c:8-9: this loop never ends as written: its condition holds and nothing in its body " \
           "changes r, reps (what the condition reads)" in r.stderr


@pytest.mark.parametrize("loop", [
    # a message may change what the condition reads: the worker loop of a master-worker code
    "while (!done) MPI_Recv(&done, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);",
    # never entered: a fixed condition that is false costs nothing
    "while (n > 0) x++;",
])
def test_loops_whose_condition_may_change_or_that_never_run_are_not_refused(tmp_path, loop):
    aag = _aag(tmp_path, RING.replace("LOOP", loop))
    (w,) = _loops(aag)
    assert w.cond_fixed == ("n > 0" in loop)


def test_the_never_entered_fixed_loop_predicts(cli, tmp_path):
    f = tmp_path / "skip.c"
    f.write_text(RING.replace("LOOP", "while (n > 0) x++;"))
    assert cli("run", f, "--procs", 2).exit_code == 0


@pytest.mark.parametrize("helpers, loop, refused", [
    # fuzz c-7-143: `for (rep = 0; rep < reps; )` around a loop that calls a pure function
    ("double f(double x) { return x * x; }\n", "while (n < 3) { x += (int) f(1.0); }", True),
    # a callee that may end the process (on a branch on data, too) can end the loop
    ("#include <stdlib.h>\nvoid quit(int v) { if (v > 2) exit(0); }\n", "while (n < 3) { quit(x); x++; }", False),
    # a callee that changes what the condition reads, through a pointer argument
    ("void bump(int *p) { *p += 1; }\n", "while (n < 3) { bump(&n); }", False),
])
def test_calls_decide_whether_a_fixed_condition_can_change(cli, tmp_path, helpers, loop, refused):
    f = tmp_path / "calls.c"
    f.write_text(helpers + RING.replace("LOOP", loop))
    r = cli("run", f, "--procs", 2)
    assert ("this loop never ends as written: its condition holds" in r.stderr) == refused, r.stderr
