"""sizeof of arrays whose length is not a literal (frontends/c/types.py, initlists.py).

Until 2026-11-24 an array declared ``double c[] = {...}`` or with a dimension such as ``N / 2`` had no
length, and ``sizeof`` of it was one element: the loop to ``sizeof(c) / sizeof(c[0])`` ran once and
the message of ``sizeof(halo)`` bytes was costed as 8 bytes, silently. The length now comes from
the initializer or from the integer constant expression; where it cannot be told (a variable-length
array) the value is refused, naming ``sizeof(v)``.

Times on the shipped iPSC/860 (paper 001 Table 3, mid of each range), rank 0 to rank 1 (one hop):
a message of m <= 100 bytes takes 70 us + 0.42 us*m + 11 us, above 100 bytes 175 us + 0.36 us*m
+ 33 us.
"""
from __future__ import annotations

import pytest
from pycparser import c_parser

from frontends.c.types import TypeTable
from interp.errors import InputError
from interp.pipeline import predict

US = 1e-6


def static_us(m: int) -> float:
    return (70 + 0.42 * m + 11) * US


def dynamic_us(m: int) -> float:
    return (175 + 0.36 * m + 33) * US


def _run(tmp_path, text, procs=2, defines=()):
    path = tmp_path / "prog.c"
    path.write_text(text)
    return predict([str(path)], "ipsc860", procs, list(defines), interactive=False).result


def _executions(result, line: int, cls: str = "Seq") -> float:
    """Executions, summed over processes, of the AAU of class ``cls`` starting at ``line``."""
    return next(s.executions for s in result.aau_totals()
                if s.cls == cls and s.loc.split(":")[1].split("-")[0] == str(line))


def _one_message(result) -> tuple[float, float]:
    (msg,) = result.messages
    return msg.size, msg.arrival - msg.send_time


SEND_BYTES = r"""#include <mpi.h>
DECLS
int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(BUF, COUNT, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(BUF, COUNT, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def _send(tmp_path, decls, buf, count):
    text = SEND_BYTES.replace("DECLS", decls).replace("BUF", buf).replace("COUNT", count)
    return _one_message(_run(tmp_path, text))


def test_length_from_the_initializer_list(tmp_path):
    # The tester's reproducer: 8 values, so the loop runs 8 times on each of 2 processes (it ran
    # once), and the broadcast sends 8 doubles = 64 bytes (it sent 8).
    r = _run(tmp_path, r"""#include <mpi.h>
int main(int argc, char **argv)
{
    double c[] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};
    double s = 0.0;
    MPI_Init(&argc, &argv);
    for (int k = 0; k < (int)(sizeof(c) / sizeof(c[0])); k++)
        s += c[k] * 3.0;
    MPI_Bcast(c, sizeof(c) / sizeof(c[0]), MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
""")
    assert _executions(r, 8) == 2 * 8
    size, took = _one_message(r)
    assert size == 64 and took == pytest.approx(static_us(64), rel=1e-12)


def test_dimension_with_a_division(tmp_path):
    # static double halo[N / 2] with N 4096: 2048 doubles, 16,384 bytes (costed as 8 before).
    size, took = _send(tmp_path, "#define N 4096\nstatic double halo[N / 2];", "halo", "sizeof(halo)")
    assert size == 16384 and took == pytest.approx(dynamic_us(16384), rel=1e-12)


@pytest.mark.parametrize("dim, length", [
    ("(-7) / 2 + 10", 7),         # C truncates toward zero: -3, not Python's -4
    ("-7 % 4 + 10", 7),           # the remainder takes the dividend's sign: -3
    ("1 << 5", 32),
    ("(1 << 7) >> 2", 32),
    ("K * 3 + 1", 13),            # an enumerator, K = 4
    ("(int)sizeof(double) * 3", 24),
    ("(10 - 3) * (2 + 1)", 21),
    ("K > 3 ? 40 : 50", 40),
])
def test_integer_constant_expressions(tmp_path, dim, length):
    size, took = _send(tmp_path, f"enum {{K = 4}};\nchar b[{dim}];", "b", "sizeof(b)")
    assert size == length and took == pytest.approx(static_us(length), rel=1e-12)


def test_dimension_from_sizeof_of_declared_arrays(tmp_path):
    # times has sizeof(sizes) / sizeof(sizes[0]) = 3 doubles (24 bytes), a row of t2 is 5 ints
    # (20 bytes): loc is 44 chars.
    decls = ("static const int sizes[] = {1, 16, 128};\n"
             "static double times[sizeof(sizes) / sizeof(sizes[0])];\n"
             "static int t2[2][5];\nchar loc[sizeof(t2[0]) + sizeof(times)];")
    size, took = _send(tmp_path, decls, "loc", "sizeof(loc)")
    assert size == 44 and took == pytest.approx(static_us(44), rel=1e-12)


def test_string_literal_counts_its_nul(tmp_path):
    # "abc\n": four characters (the escape is one) and the terminating NUL.
    size, _ = _send(tmp_path, 'char s[] = "abc\\n";', "s", "sizeof(s)")
    assert size == 5


def test_designated_and_two_dimensional_initializers(tmp_path):
    # d: [5] = 1 makes 6 ints (24 bytes); t: 2 rows of 3 ints (24 bytes, a row 12), u: 4 ints
    # without inner braces fill 2 rows of 3. 24 + 2 * (24 / 12) + 24 = 52 bytes.
    # *t is a row too: + 3 * (sizeof(t) / sizeof(*t)) = 6 more, 58 bytes.
    decls = "int d[] = {[5] = 1};\nint t[][3] = {{1, 2, 3}, {4, 5, 6}};\nint u[][3] = {1, 2, 3, 4};"
    count = "sizeof(d) + 2 * (sizeof(t) / sizeof(t[0])) + sizeof(u) + 3 * (sizeof(t) / sizeof(*t))"
    size, took = _send(tmp_path, decls, "d", count)
    assert size == 58 and took == pytest.approx(static_us(58), rel=1e-12)


def test_array_parameter_is_a_pointer(tmp_path):
    # void f(int a[]): sizeof(a) is a pointer's 8 bytes (LP64), as C has it (not one int's 4).
    r = _run(tmp_path, r"""#include <mpi.h>
static void f(int a[], int rank)
{
    if (rank == 0)
        MPI_Send(a, sizeof(a), MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(a, sizeof(a), MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
int main(int argc, char **argv)
{
    int rank;
    int b[100];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    f(b, rank);
    MPI_Finalize();
    return 0;
}
""")
    size, took = _one_message(r)
    assert size == 8 and took == pytest.approx(static_us(8), rel=1e-12)


VLA = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, i, n = atoi(argv[1]);
    double s = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double v[n];
    USE
    MPI_Finalize();
    return 0;
}
"""


def test_variable_length_array_size_is_refused(tmp_path):
    use = "if (rank == 0) MPI_Send(v, sizeof(v), MPI_BYTE, 1, 0, MPI_COMM_WORLD);\n" \
          "    else if (rank == 1) MPI_Recv(v, sizeof(v), MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);"
    with pytest.raises(InputError) as info:
        _run(tmp_path, VLA.replace("USE", use))
    text = str(info.value)
    assert "prog.c:10: the message size depends on sizeof(v)" in text
    assert "length interp cannot tell" in text and "'#pragma interp size(N)' above line 10" in text


def test_variable_length_array_loop_is_refused(tmp_path):
    use = "for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) s += 1.0;"
    with pytest.raises(InputError) as info:
        _run(tmp_path, VLA.replace("USE", use))
    text = str(info.value)
    assert "the loop trip count depends on sizeof(v)" in text and "iters(N)' above line 10" in text


def _decl_type(text: str):
    decl = c_parser.CParser().parse(text).ext[-1]
    return TypeTable(constants={"K": 4}).of(decl)


@pytest.mark.parametrize("text, length, dims", [
    ("double c[] = {1, 2, 3};", 3, (3,)),
    ('char s[] = "ab" "cd";', 5, (5,)),            # adjacent literals are one string
    ('char s[] = {"xyz"};', 4, (4,)),
    ("int d[] = {1, [4] = 2, 3};", 6, (6,)),       # positions 0, 4 and 5
    ("int t[][2] = {{1, 2}, {3}, {4, 5}};", 6, (3, 2)),
    ("int u[][2] = {1, 2, 3};", 4, (2, 2)),        # brace elision: 3 scalars take 2 rows
    ('char w[][4] = {"ab", "cde"};', 8, (2, 4)),
    ("int e[K + 1];", 5, (5,)),
])
def test_type_table_lengths(text, length, dims):
    t = _decl_type(text)
    assert t.is_array and t.length == length and t.dims == dims


def test_unknown_length_has_no_size():
    table = TypeTable()
    t = table.of(c_parser.CParser().parse("void f(int n) { double v[n]; }").ext[0].body.block_items[0])
    assert t.length is None and table.sizeof(t) is None
