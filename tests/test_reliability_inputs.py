"""Issue 14, "Reliability", for the program inputs: source files, annotations, -D values, --bound.

Every bad input here was found by a fuzz run and used to end in a traceback, "internal error"
(exit 3), a hang, or a prediction computed from a nonsense value. Each must now be ONE message,
exit code 2, naming file:line (or the option) and what is wrong. Cases that used to hang run the
CLI in a subprocess with a timeout, so a regression fails the test instead of stalling the suite.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from frontends.errors import FrontendError
from frontends.source import read_source
from interp.errors import InputError
from interp.pipeline import load_programs, parse_defines, resolve_inputs

ROOT = Path(__file__).resolve().parent.parent

MPI_MAIN = """#include <mpi.h>
int main(int argc, char **argv)
{{
    int i, n = 10, rank;
    double x = 0;
    MPI_Init(&argc, &argv);
{body}
    MPI_Finalize();
    return 0;
}}
"""


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def program(tmp_path, body: str, name: str = "prog.c") -> str:
    """An MPI program whose statements from line 7 on are ``body``."""
    return write(tmp_path, name, MPI_MAIN.format(body=body))


def assert_one_error(result, *fragments):
    """Exit 2 with one message holding every fragment; never a traceback or an internal error."""
    text = result.stderr
    assert result.exit_code == 2, (result.exit_code, text, result.stdout)
    assert "internal error" not in text and "Traceback" not in text, text
    for fragment in fragments:
        assert fragment in text, (fragment, text)


def run_bounded(*args, timeout: float = 90, env=None):
    """The CLI in a subprocess: (exit code, stderr, seconds); fails the test if it hangs."""
    full_env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    start = time.monotonic()
    try:
        proc = subprocess.run([sys.executable, "-c", "import sys; from interp.cli import entry; sys.exit(entry())",
                               *map(str, args)], capture_output=True, text=True, timeout=timeout, env=full_env,
                              cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"interp {' '.join(map(str, args))[:200]} still runs after {timeout} s")
    seconds = time.monotonic() - start
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return proc.returncode, proc.stderr, seconds


# -- 1. annotations outside any function --------------------------------------------------------

@pytest.mark.parametrize("pragma,word", [
    ("#pragma interp cost(5)", "'#pragma interp cost' stands outside any function"),
    ("#pragma interp prob(0.5)", "'#pragma interp prob' stands outside any function"),
    ("#pragma interp iters(3)", "'#pragma interp iters' stands outside any function"),
    ("#pragma interp work(flops=3)", "'#pragma interp work' stands outside any function"),
    ("#pragma interp end region", "'#pragma interp end region' stands outside any function"),
    ("#pragma interp region setup", "'#pragma interp region' stands outside any function"),
])
def test_c_annotation_outside_a_function(cli, tmp_path, pragma, word):
    """Was AttributeError ('CLevel1' object has no attribute '_pending' / '_region'), exit 3."""
    path = write(tmp_path, "outside.c", f"#include <mpi.h>\n{pragma}\n" + MPI_MAIN.format(body="")[17:])
    assert_one_error(cli("run", path, "--procs", 2), "outside.c:2:", word)


def test_c_input_and_granularity_stay_allowed_at_file_scope(cli, tmp_path):
    path = write(tmp_path, "ok.c", "#include <stdio.h>\n#pragma interp input n = 4\n#pragma interp granularity "
                 "statement\nint main(void)\n{\n    int i, n;\n    double x = 0;\n    scanf(\"%d\", &n);\n"
                 "    for (i = 0; i < n; i++) x += i;\n    return 0;\n}\n")
    r = cli("run", path)
    assert r.exit_code == 0, r.stderr


def test_annotation_left_at_the_end_of_a_function_does_not_reach_the_next(cli, tmp_path):
    """A cost() before a function's closing brace used to cost the next function's first statement."""
    path = write(tmp_path, "cross.c", "void f(void)\n{\n    int a;\n    a = 1;\n#pragma interp cost(5)\n}\n"
                 "int main(void)\n{\n    int x;\n    x = 2;\n    f();\n    return 0;\n}\n")
    assert_one_error(cli("run", path), "cross.c:5:", "'#pragma interp cost' is not followed by a statement")


@pytest.mark.parametrize("directive,line", [("!$interp cost(5)", 1), ("!$interp prob(0.5)", 1)])
def test_fortran_directive_outside_a_program_unit(cli, tmp_path, directive, line):
    """Fortran applied it silently to the first statement of the next unit."""
    path = write(tmp_path, "outside.f90", f"{directive}\nprogram p\n  implicit none\n  integer :: k\n  k = 0\n"
                 "  if (k > 3) then\n    k = 1\n  end if\nend program p\n")
    assert_one_error(cli("run", path), f"outside.f90:{line}:", "stands outside any program unit")


def test_fortran_region_around_program_units_still_works(cli, tmp_path):
    path = write(tmp_path, "region.f90", "!$interp region all\nprogram p\n  implicit none\n  integer :: k\n"
                 "  k = 0\nend program p\n!$interp end region\n")
    r = cli("run", path)
    assert r.exit_code == 0, r.stderr


# -- 2. values of -D and of annotations ---------------------------------------------------------

@pytest.mark.parametrize("value,problem", [("1e400", "infinite"), ("inf", "infinite"), ("-inf", "infinite"),
                                           ("nan", "not a number (nan)"), ("-1e301", "larger than 1e300")])
def test_non_finite_define_is_refused(cli, value, problem):
    """Was OverflowError / ValueError ('cannot convert float infinity to integer'), exit 3."""
    r = cli("run", "samples/trapezoid_mpi.c", "-D", f"n={value}", "-D", "reps=1", "--procs", 2)
    assert_one_error(r, f"-D 'n={value}'", problem, "finite number")


def test_non_finite_values_are_refused_by_the_function_too():
    with pytest.raises(InputError, match="finite"):
        parse_defines(["n=1e999"])
    assert parse_defines(["n=1e300", "m=-4"]) == {"n": 1e300, "m": -4.0}


def test_prompted_value_is_asked_again_until_finite(monkeypatch):
    import click

    answers = iter([float("nan"), float("inf"), 7.0])
    monkeypatch.setattr(click, "prompt", lambda *a, **k: next(answers))
    programs = load_programs(["samples/trapezoid_mpi.c"])
    assert resolve_inputs(programs, {"n": 10.0}, interactive=True)["reps"] == 7.0


def test_annotation_default_must_be_finite(cli, tmp_path):
    path = program(tmp_path, "#pragma interp input n = 1e400\n    scanf(\"%d\", &n);", "default.c")
    assert_one_error(cli("run", path, "--procs", 2), "default.c:7:", "input n", "infinite")


SCANF_N = """#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int n, i, rank;
    double x = 0, buf[100];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    scanf("%d", &n);
    for (i = 0; i < LIMIT; i++)
        x += i * 2.0;
    if (rank == 0) MPI_Send(buf, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(buf, n, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_negative_input_as_trip_count(cli, tmp_path):
    """Checked at load time: an input read in a function and not assigned there again, negative, that
    makes a trip count (or message size, below) negative where that count is an expression of such
    inputs only. C would run ``for (i = 0; i < n; i++)`` zero times, but a negative count from the
    inputs is a mistake in the inputs. Counts that also depend on the rank or on variables assigned
    from inputs (after an MPI_Bcast, say) are left to the engine, which evaluates them."""
    path = write(tmp_path, "neg.c", SCANF_N.replace("LIMIT", "n"))
    r = cli("run", path, "--procs", 2, "-D", "n=-5")
    assert_one_error(r, "neg.c:10:", "trip count is -5", "-D n=-5", "n is read at line 9")


def test_negative_input_as_message_size(cli, tmp_path):
    path = write(tmp_path, "negsize.c", SCANF_N.replace("LIMIT", "3"))
    r = cli("run", path, "--procs", 2, "-D", "n=-5")
    assert_one_error(r, "negsize.c:12:", "message size '8*n' is -40 bytes", "-D n=-5")


def test_fractional_input_as_process_number(cli, tmp_path):
    """A process number from the inputs must be whole (a negative one is refused by the engine as
    outside the ranks that run)."""
    text = SCANF_N.replace("LIMIT", "3").replace("MPI_Send(buf, n, MPI_DOUBLE, 1,", "MPI_Send(buf, 4, MPI_DOUBLE, n,")
    r = cli("run", write(tmp_path, "dest.c", text), "--procs", 2, "-D", "n=1.5")
    assert_one_error(r, "dest.c:12:", "the process number 'n' is 1.5 with -D n=1.5", "a whole number")


def test_zero_and_positive_inputs_still_predict(cli, tmp_path):
    path = write(tmp_path, "fine.c", SCANF_N.replace("LIMIT", "n"))
    for value in ("0", "7"):
        r = cli("run", path, "--procs", 2, "-D", f"n={value}")
        assert r.exit_code == 0, r.stderr


def test_fraction_for_an_integer_input(cli):
    """Checked at load time when the augmented symbol table knows the input's variable is an integer
    (it lists the variables the program's statements access): jacobi's int n cannot hold 2.5."""
    r = cli("run", "samples/jacobi2d_mpi.c", "--procs", 2, "-D", "n=2.5", "-D", "iters=2")
    assert_one_error(r, "jacobi2d_mpi.c:32:", "input n is an integer variable", "-D n=2.5")


@pytest.mark.parametrize("pragma,fragment", [
    ("iters(-5)", "iters() '-5' is negative"),
    ("cost(-1 ms)", "cost() '-1' is negative"),
    ("work(flops=-5)", "work() flops= '-5' is negative"),
])
def test_negative_constant_annotations(cli, tmp_path, pragma, fragment):
    """These printed negative predicted times. A fractional iters() stays allowed (a mean count)."""
    path = program(tmp_path, f"    int k = 0;\n#pragma interp {pragma}\n    while (k < 3) {{ k++; }}", "neg_ann.c")
    assert_one_error(cli("run", path, "--procs", 2), "neg_ann.c:8:", fragment)


# -- 3. huge expressions ------------------------------------------------------------------------

@pytest.mark.parametrize("pragma", ["iters(10**10**10)", "cost(10**10**10)", "work(flops=10**10**10)",
                                    "iters(2**(2**2**2**2))"])
def test_huge_annotation_expression_is_refused_at_once(tmp_path, pragma):
    """sag's bounded expressions: a power is refused before it is computed (it used to hang)."""
    path = program(tmp_path, f"    int k = 0;\n#pragma interp {pragma}\n    while (k < 3) {{ k++; }}", "huge.c")
    code, err, seconds = run_bounded("run", path, "--procs", 2)
    assert code == 2 and "huge.c:8:" in err and "is refused" in err, err
    assert seconds < 60


def test_huge_prob_define_and_bound(cli, tmp_path):
    path = program(tmp_path, "    if (x > 1.0)\n        x = 2;", "prob.c")
    body = MPI_MAIN.format(body="#pragma interp prob(10**10**10)\n    if (x > 1.0)\n        x = 2;")
    assert_one_error(cli("run", write(tmp_path, "prob2.c", body), "--procs", 2), "prob2.c:7:", "prob()")
    assert_one_error(cli("run", "samples/trapezoid_mpi.c", "-D", "n=10**10**10", "-D", "reps=1"),
                     "-D 'n=10**10**10'", "is not a number")
    assert_one_error(cli("run", path, "--procs", 2, "--bound", "min*10**10**10"), "--bound", "is refused")


# -- 4. undeclared names and values that cannot be ----------------------------------------------

@pytest.mark.parametrize("body,fragment", [
    ("    for (i = 0; i < n; i += undeclared_x) x += 1;", "undeclared identifier 'undeclared_x'"),
    ("    for (i = 0; i < undeclared_y; i++) x += 1;", "undeclared identifier 'undeclared_y'"),
    ("    for (i = 0; i < *n; i++) x += 1;", "'*n' dereferences 'n', which is not a pointer"),
    ("    for (i = 0; main < n; i++) x += 1;", "the function 'main' is used as a number"),
    ("    x = y + 1;", "undeclared identifier 'y'"),
    ("    MPI_Send(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WRLD);", "undeclared identifier 'MPI_COMM_WRLD'"),
    ("    { int inner = 1; } x = inner;", "undeclared identifier 'inner'"),
    ("    x = 99999999999999999999999;", "integer constant '99999999999999999999999' is too large"),
])
def test_invalid_c_is_an_error_with_the_name(tmp_path, body, fragment):
    """pycparser does not look names up: these hung (a loop bound never known) or were taken as data."""
    path = program(tmp_path, body, "bad.c")
    code, err, _ = run_bounded("run", path, "--procs", 2)
    assert code == 2 and "bad.c:7:" in err and fragment in err, err


@pytest.mark.parametrize("body,code,fragment", [
    # C gives +inf for a constant beyond double (math.h's INFINITY and HUGE_VAL are written so):
    # legal where the value is data, a clear error where a count or time needs a finite number
    ("    x = 1e400; if (x > 1.0) x = 0.5;", 0, ""),
    ("    for (i = 0; i < 1e400; i++) x += 1;", 2, "bad.c:7: the loop trip count is inf on rank 0: not a finite number"),
])
def test_a_floating_constant_beyond_double_is_infinity(tmp_path, body, code, fragment):
    path = program(tmp_path, body, "bad.c")
    rc, err, _ = run_bounded("run", path, "--procs", 2)
    assert rc == code and fragment in err, err


VALID_C = """#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <signal.h>
#include <mpi.h>
enum color { RED, GREEN = 4 };
struct point { int x; double y; };
typedef int count_t;
static int table[GREEN + 1];
static int twice(int v) { return 2 * v; }
static int cmp(const void *a, const void *b) { return *(const int *) a - *(const int *) b; }
static int old_style(a, b) int a; double b; { return a + (int) b; }
int main(int argc, char **argv)
{
    int rank, size, i, v[4] = {3, 1, 2, 0};
    count_t c = RED;
    struct point p = {.x = 1, .y = 2.0};
    int (*fp)(int) = twice;
    enum { LOCAL_A = 2, LOCAL_B } local = LOCAL_B;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int k = 0; k < 4; k++) c += k + p.x + table[0] + sizeof(struct point) + LOCAL_A;
    qsort(v, 4, sizeof v[0], cmp);
    if (errno == EINTR || fp == twice) signal(SIGINT, SIG_IGN);
    printf("%s %d %d %d %d\\n", __func__, c, local, twice(3), old_style(1, 2.0));
    for (i = 0; i < RAND_MAX % 7; i++) fprintf(stderr, "%d", i);
    MPI_Finalize();
    return EXIT_SUCCESS;
}
"""


def test_valid_c_is_not_refused(cli, tmp_path):
    """Enum constants (global, local, in expressions), K&R parameters, struct members, designated
    initializers, function pointers and callbacks, __func__, for-scope declarations, names of the
    shipped headers (MPI_COMM_WORLD, stderr, RAND_MAX, EXIT_SUCCESS) and of libc headers interp
    knows only the types of (errno, EINTR, SIGINT, SIG_IGN) are all declared."""
    r = cli("run", write(tmp_path, "valid.c", VALID_C), "--procs", 2)
    assert r.exit_code == 0, r.stderr


def test_every_sample_still_loads():
    samples = sorted(ROOT.glob("samples/*.c")) + sorted(ROOT.glob("samples/*/*.c"))
    assert len(samples) >= 10
    for path in samples:
        load_programs([str(path)])


# -- 5. source files that are not source files --------------------------------------------------

def test_dev_zero_fifo_and_directory_are_refused_at_once(tmp_path):
    """/dev/zero and a FIFO used to hang (the read never ends / waits for a writer)."""
    fifo = tmp_path / "fifo.c"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.c"
    zero.symlink_to("/dev/zero")
    for target in (zero, fifo):
        code, err, seconds = run_bounded("run", target, timeout=60)
        assert code == 2 and "is not a regular file" in err and str(target.name) in err, err
    with pytest.raises(FrontendError, match="is a directory"):
        read_source(str(tmp_path), "C")


def test_include_of_dev_zero_is_refused(tmp_path):
    path = write(tmp_path, "inc.c", '#include "/dev/zero"\nint main(void) { return 0; }\n')
    code, err, _ = run_bounded("run", path, timeout=60)
    assert code == 2 and "inc.c:1: #include /dev/zero: is not a regular file" in err, err


def test_source_above_the_size_limit(cli, tmp_path, monkeypatch):
    """A 5 MB file kept interp busy for more than 30 s: the limit is 1 MiB (about 16 s of parsing),
    INTERP_MAX_SOURCE_BYTES raises or lowers it, and the message says so."""
    big = tmp_path / "big.c"
    big.write_text("int main(void) { return 0; }\n" + " " * (1024 * 1024 + 10))
    assert_one_error(cli("run", big), "big.c: is 1,048,615 bytes", "up to 1,048,576 bytes",
                     "INTERP_MAX_SOURCE_BYTES")
    text = "int main(void)\n{\n    int a = 0;\n    a = a + 1;\n    return a;\n}\n"
    small = write(tmp_path, "small.c", text)
    monkeypatch.setenv("INTERP_MAX_SOURCE_BYTES", "20")
    assert_one_error(cli("run", small), f"small.c: is {len(text)} bytes", "up to 20 bytes")
    monkeypatch.setenv("INTERP_MAX_SOURCE_BYTES", str(2 * 1024 * 1024))
    assert read_source(str(big), "C").startswith("int main")


def test_binary_and_latin1_sources(cli, tmp_path):
    nul = tmp_path / "nul.c"
    nul.write_bytes(b"int main(void)\n{\0\n    return 0;\n}\n")
    assert_one_error(cli("run", nul), "nul.c:2:", "NUL byte", "not a C source file")
    latin1 = tmp_path / "latin1.c"  # old codes have Latin-1 comments: read, not refused
    latin1.write_bytes(b"/* r\xe9sum\xe9 */\nint main(void)\n{\n    return 0;\n}\n")
    assert cli("run", latin1).exit_code == 0


def test_macro_bomb_is_stopped(tmp_path):
    """Each macro expands to two copies of the previous one: 2**30 tokens."""
    lines = ["#define A0 x"] + [f"#define A{k} A{k - 1} A{k - 1}" for k in range(1, 31)]
    path = write(tmp_path, "bomb.c", "\n".join(lines) + "\nint main(void) { int x = 0; x = A30; return 0; }\n")
    code, err, _ = run_bounded("run", path)
    assert code == 2 and "bomb.c:32:" in err and "macro expansion produces more than" in err, err


# -- 6. long user text in messages --------------------------------------------------------------

LONG = 100_000


@pytest.mark.parametrize("name,text", [
    ("ident.c", "int main(void)\n{\n    int x = %s;\n    return 0;\n}\n" % ("u" * LONG)),
    ("type.c", "int main(void)\n{\n    %s x;\n    return 0;\n}\n" % ("T" * LONG)),
    ("number.c", "int main(void)\n{\n    int x = %s;\n    return 0;\n}\n" % ("9" * LONG)),
    ("include.c", '#include "%s.h"\nint main(void) { return 0; }\n' % ("h" * LONG)),
    ("error.c", "#error %s\nint main(void) { return 0; }\n" % ("e " * LONG)),
    ("pragma.c", "int main(void)\n{\n#pragma interp %s\n    return 0;\n}\n" % ("p" * LONG)),
    ("iters.c", "int main(void)\n{\n    int k = 0;\n#pragma interp iters(%s)\n    while (k < 3) k++;\n"
                "    return 0;\n}\n" % ("1+" * (LONG // 2) + "1")),
    ("syntax.f90", "program p\n  integer :: x\n  x = %s +\nend program p\n" % ("9" * LONG)),
], ids=lambda case: case if len(case) < 20 else "text")
def test_long_literals_are_quoted_short(cli, tmp_path, name, text):
    """A 100,000-character literal was repeated whole in the message."""
    r = cli("run", write(tmp_path, name, text))
    assert_one_error(r, f"{name}:")
    assert len(r.stderr) < 1200, len(r.stderr)


def test_long_names_in_reported_problems_are_clipped(tmp_path):
    path = write(tmp_path, "omp.c", "int main(void)\n{\n#pragma omp %s\n    return 0;\n}\n" % ("p" * LONG))
    (aag,) = load_programs([path])
    assert aag.problems and all(len(p.message) < 1000 for p in aag.problems)


def test_an_mpi_send_to_minus_one_is_refused(cli, tmp_path):
    """-1 is MPI_ANY_SOURCE: only NX/2's csend to node -1 sends to every node; an MPI_Send to -1
    was taken as such a broadcast."""
    p = tmp_path / "neg.c"
    p.write_text("#include <mpi.h>\n#include <stdlib.h>\nint main(int argc, char **argv) {\n"
                 "  int rank, p = atoi(argv[1]); double x[10];\n  MPI_Init(&argc, &argv);\n"
                 "  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n"
                 "  if (rank == 0) MPI_Send(x, 1, MPI_DOUBLE, p, 0, MPI_COMM_WORLD);\n"
                 "  MPI_Finalize();\n  return 0;\n}\n")
    r = cli("run", p, "--procs", 2, "-D", "p=-1")
    assert r.exit_code == 2 and "neg.c:7" in r.stderr and "process -1" in r.stderr


def test_usage_errors_are_one_interp_line():
    """The console script (interp.cli.entry): click's usage errors were "Usage: ... Error: ..."."""
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", "from interp.cli import entry; import sys; sys.exit(entry())",
                        "run", "samples/pingpong_mpi.c", "--procs", "x"], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.startswith("interp: ") and r.stderr.count("\n") == 1 and "--procs" in r.stderr


def test_an_empty_output_name_is_refused(cli):
    r = cli("run", "samples/pingpong_mpi.c", "--procs", 2, "-D", "m=8", "-D", "reps=1", "-o", "")
    assert r.exit_code == 2 and "not a file name" in r.stderr


def test_a_negative_annotated_time_is_refused(cli, tmp_path):
    """cost(len * -1 us) predicted a negative time (fuzz case c-1-240)."""
    p = tmp_path / "negcost.c"
    p.write_text("#include <stdlib.h>\nint main(int argc, char **argv) {\n  int i, len = atoi(argv[1]);\n"
                 "  double s = 0;\n  for (i = 0; i < len; i++) s += 1;\n  #pragma interp cost(len * -1 us)\n"
                 "  s = s + 1;\n  return 0;\n}\n")
    r = cli("run", p, "-D", "len=5")
    assert r.exit_code == 2 and "negcost.c:7" in r.stderr and "cannot be negative" in r.stderr



def test_a_negative_annotated_time_inside_a_closed_loop_is_refused(cli, tmp_path):
    """The same annotation inside a counted loop was summed in closed form, unchecked: -4.09 ms of
    computation per rank and a plausible total (fuzz case c-1-240 of the full run)."""
    p = tmp_path / "negloop.c"
    p.write_text("int main(void) {\n  int i, len = 256;\n  double s = 0;\n  for (i = 0; i < 16; i++) {\n"
                 "  #pragma interp cost(len * -1 us)\n    s = s + 1;\n  }\n  return 0;\n}\n")
    r = cli("run", p)
    assert r.exit_code == 2 and "negloop.c:4-6: the loop's time is -0.00409" in r.stderr, r.stderr  # -16 x 256 us + overheads


def test_an_infinite_value_converted_to_int_has_no_value(cli, tmp_path):
    """`int n = 1e400;` (C: undefined) was an internal error converting oo to int (fuzz c-1-0)."""
    p = tmp_path / "infint.c"
    p.write_text("int main(void) {\n  int i, n = 1e400;\n  double s = 0;\n  for (i = 0; i < n; i++) s += 1;\n"
                 "  return 0;\n}\n")
    r = cli("run", p)
    assert r.exit_code == 2 and "infint.c:4" in r.stderr and "internal error" not in r.stderr, r.stderr


def test_a_loop_beyond_the_budget_that_cannot_be_extrapolated_is_refused_at_once(cli, tmp_path):
    """`reps = (1 << 64)` with the iteration as message tag (no steady state: the tag changes) ran
    until the budget, 10^8 events later (fuzz c-1-913): its count alone says it cannot fit."""
    p = tmp_path / "tagged.c"
    p.write_text("#include <mpi.h>\nint main(int argc, char **argv) {\n  int rank, size, r;\n  double x = 0;\n"
                 "  MPI_Init(&argc, &argv);\n  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n"
                 "  MPI_Comm_size(MPI_COMM_WORLD, &size);\n  for (r = 0; r < 1000000000; r++)\n"
                 "    MPI_Sendrecv_replace(&x, 1, MPI_DOUBLE, (rank + 1) % size, r, (rank + size - 1) % size, r,\n"
                 "                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n  MPI_Finalize();\n  return 0;\n}\n")
    r = cli("run", p, "--procs", 2)
    assert r.exit_code == 2
    assert "tagged.c:8-10 (IterSync) on rank 0: this loop runs 1,000,000,000 iterations" in r.stderr, r.stderr


def test_more_processes_than_interp_can_hold_is_one_error(cli):
    r = cli("run", "samples/pingpong_mpi.c", "--procs", 2147483648, "-D", "m=8", "-D", "reps=1")
    assert r.exit_code == 2 and "--procs 2,147,483,648: interp interprets at most 1,048,576 processes" in r.stderr


@pytest.mark.parametrize("word", ["nan", "inf", "NaN"])
def test_an_annotation_naming_a_non_finite_number_is_refused(cli, tmp_path, word):
    p = tmp_path / "nancost.c"
    p.write_text(f"int main(void) {{\n  double s = 0;\n  #pragma interp cost({word} us)\n  s = s + 1;\n  return 0;\n}}\n")
    r = cli("run", p)
    assert r.exit_code == 2 and f"nancost.c:3: #pragma interp expression '{word}' names '{word}'" in r.stderr


def test_a_hundred_thousand_blank_lines_are_read_in_linear_time(cli, tmp_path):
    """The scan for -D names used in directives matched `^\\s*#` across lines: quadratic, a minute
    for 100,000 blank lines (fuzz c-1-7). Now the file is read at once (and has no main)."""
    p = tmp_path / "blank.c"
    p.write_text("\n" * 100_000)
    r = cli("run", p)
    assert r.exit_code == 2 and "no main() function" in r.stderr
