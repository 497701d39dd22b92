"""Message counts computed from strings: ``strlen(line) + 1`` after ``sprintf``, ``strcpy``,
``strcat``, ``snprintf`` and string literals (frontends/c/printf.py, strings.py; the followed
lengths frontends/aag/cstrings.py). Until then every such count was refused as "data the parse
cannot know (a value from rand(), a file or a received message)".

Expected values by hand from the iPSC/860 of paper 001 (sag/machines/ipsc860.yaml), mid of each
range, 40 MHz so 1 clk = 25 ns:
  a message of m <= 100 B over h hops (static buffers, Table 3): 70 us overhead on the sender,
  then 0.42 us * m + 11 us * h transmission; e-cube routes on the hypercube (the lowest differing
  bit first); a circuit holds every link of its route, so messages sharing a link go one by one.
  call overhead (1+2)/2 clk = 37.5 ns; the machine gives no lib.sprintf or lib.strlen, so each
  call costs the call overhead (the report's note says "costed 0"); fetch 25 ns, store 50 ns;
  an if: condition 25 ns, compare 25 ns, fetch 25 ns, branch taken 25 ns; loop iteration 275 ns.
The lengths are C's: "Greetings from process " is 23 characters, "!" one, the rank's digits
one or two; what gcc's printf gives was checked for the formats below.
"""
import json

import pytest

from interp.pipeline import predict

US, NS = 1e-6, 1e-9


def msg(m, hops):
    """Transmission of an m-byte static message over ``hops`` hops (Table 3)."""
    return 0.42 * US * m + 11 * US * hops


def hops(a, b):
    return bin(a ^ b).count("1")


GREETINGS = r"""#include <stdio.h>
#include <string.h>
#include "mpi.h"

int main(int argc, char **argv)
{
    int my_rank, p, source, tag = 0;
    char message[100];
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (my_rank != 0) {
        sprintf(message, "Greetings from process %d!", my_rank);
        MPI_Send(message, strlen(message) + 1, MPI_CHAR, 0, tag, MPI_COMM_WORLD);
    } else {
        for (source = 1; source < p; source++) {
            MPI_Recv(message, 100, MPI_CHAR, source, tag, MPI_COMM_WORLD, &status);
            printf("%s\n", message);
        }
    }
    MPI_Finalize();
    return 0;
}
"""

# What a sender computes before its send: int tag = 0 (a store, 50 ns); the fetches of the
# MPI_Comm_rank/size line (2 x 25 ns; no figure for the MPI calls themselves); the if (100 ns);
# sprintf and strlen (2 x 37.5 ns: call overheads, no library figure) and the fetch of my_rank.
SENDER_COMPUTE = 50 * NS + 50 * NS + 100 * NS + (2 * 37.5 + 25) * NS
PRINTF = 37.5 * NS
ITERATION = 275 * NS


def _predict(tmp_path, source, procs, name="prog.c"):
    path = tmp_path / name
    path.write_text(source)
    return predict([str(path)], "ipsc860", procs, interactive=False).result


def _sizes(result):
    """Bytes of the messages each rank sent, in order."""
    out = {}
    for m in result.messages:
        out.setdefault(m.src, []).append(m.size)
    return out


def _greeting_bytes(rank):
    return 23 + len(str(rank)) + 1 + 1  # the text, the rank's digits, "!", the NUL


def test_greetings_at_4_processes(tmp_path):
    r = _predict(tmp_path, GREETINGS, 4, "greetings.c")
    assert _sizes(r) == {1: [26], 2: [26], 3: [26]}
    for rank in (1, 2, 3):
        proc = r.procs[rank]
        assert proc.ovh == pytest.approx(70 * US, rel=1e-12)
        assert proc.xmit == pytest.approx(msg(26, hops(rank, 0)), rel=1e-12)
        assert proc.comp == pytest.approx(SENDER_COMPUTE, rel=1e-12)
    # 1 -> 0 and 2 -> 0 are one hop each; 3 -> 2 -> 0 waits for 2's circuit on link 2 -> 0
    assert r.procs[3].wait == pytest.approx(msg(26, 1), rel=1e-12)
    last_arrival = SENDER_COMPUTE + 70 * US + msg(26, 1) + msg(26, 2)
    assert r.total == pytest.approx(last_arrival + PRINTF, rel=1e-12)
    # sprintf and strlen (in the send's count) are costed as library calls; no figure: a note
    notes = " ".join(r.notes)
    assert "processing.lib.sprintf" in notes and "processing.lib.strlen" in notes


def test_greetings_at_12_processes_the_two_digit_ranks_send_27_bytes(tmp_path):
    r = _predict(tmp_path, GREETINGS, 12, "greetings.c")
    sizes = _sizes(r)
    assert sizes == {rank: [_greeting_bytes(rank)] for rank in range(1, 12)}
    assert sizes[9] == [26] and sizes[10] == [27] and sizes[11] == [27]
    for rank in range(1, 12):
        assert r.procs[rank].xmit == pytest.approx(msg(sizes[rank][0], hops(rank, 0)), rel=1e-12)
    start = SENDER_COMPUTE + 70 * US
    # link 8 -> 0 carries the lines of 8 (1 hop), 9 and 10 (2 hops) and 11 (3 hops) one by one:
    # 11's 27-byte line arrives last of them
    eleven = start + msg(26, 1) + msg(26, 2) + msg(27, 2) + msg(27, 3)
    assert r.procs[11].end == pytest.approx(eleven, rel=1e-12)
    assert r.procs[10].end == pytest.approx(start + msg(26, 1) + msg(26, 2) + msg(27, 2), rel=1e-12)
    # link 4 -> 0: 4, 5, 6, then 7 (3 hops): rank 0 has 7's line at this time; 8-11 are there
    # already, so each then costs a loop iteration and a printf
    seven = start + msg(26, 1) + msg(26, 2) + msg(26, 2) + msg(26, 3)
    assert r.total == pytest.approx(seven + PRINTF + 4 * (ITERATION + PRINTF), rel=1e-12)


COPIES = r"""#include <stdio.h>
#include <string.h>
#include <mpi.h>

char prefix[] = "node";

int main(int argc, char **argv)
{
    int rank, size, k;
    const char *sep = "-";
    char name[32], number[12];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    strcpy(name, prefix);
    strcat(name, sep);
    sprintf(number, "%d", rank * 7);
    strcat(name, number);
    if (rank != 0) {
        MPI_Send(name, strlen(name) + 1, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
    } else {
        for (k = 1; k < size; k++)
            MPI_Recv(name, 32, MPI_CHAR, k, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_strcpy_and_strcat_of_literals_and_a_formatted_number(tmp_path):
    r = _predict(tmp_path, COPIES, 4, "copies.c")
    # "node" + "-" + the digits of 7 * rank, and the NUL: "node-7", "node-14", "node-21"
    assert _sizes(r) == {1: [7], 2: [8], 3: [8]}
    for rank, m in ((1, 7), (2, 8), (3, 8)):
        assert r.procs[rank].xmit == pytest.approx(msg(m, hops(rank, 0)), rel=1e-12)


SNPRINTF = r"""#include <stdio.h>
#include <string.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, n;
    char label[10], line[64], big[64];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    n = snprintf(label, sizeof label, "p%d:%s", rank, "abcdefgh");
    sprintf(line, "%-8s|%5.1f|%x|%c", "ab", rank * 2.25, rank * 255, 'z');
    if (rank == 1) {
        MPI_Send(label, strlen(label) + 1, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
        MPI_Send(big, n, MPI_CHAR, 0, 2, MPI_COMM_WORLD);
        MPI_Send(line, strlen(line), MPI_CHAR, 0, 3, MPI_COMM_WORLD);
    } else if (rank == 0) {
        MPI_Recv(label, 10, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(big, 64, MPI_CHAR, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(line, 64, MPI_CHAR, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_snprintf_cut_by_its_bound_and_printf_widths(tmp_path):
    r = _predict(tmp_path, SNPRINTF, 2, "snprintf.c")
    # "p1:abcdefgh" is 11 characters: snprintf stores sizeof label - 1 = 9 of them (strlen 9, 10
    # bytes with the NUL) and returns 11; "ab      |  2.2|ff|z" is 8 + 1 + 5 + 1 + 2 + 1 + 1 = 19
    # (gcc's printf agrees: 9, 11, 19)
    assert _sizes(r) == {1: [10, 11, 19]}
    assert r.procs[1].xmit == pytest.approx(msg(10, 1) + msg(11, 1) + msg(19, 1), rel=1e-12)
    assert r.procs[1].ovh == pytest.approx(3 * 70 * US, rel=1e-12)


HELPERS = r"""#include <stdio.h>
#include <string.h>
#include <mpi.h>

struct job { int id; char name[24]; };

static void post(const char *text, int dest, int tag)
{
    MPI_Send((void *) text, strlen(text) + 1, MPI_CHAR, dest, tag, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    int rank, i, n = 0;
    char list[64];
    struct job j;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 4; i++)
        n += sprintf(list + n, "%d,", i * 5);
    sprintf(j.name, "job-%04d", rank * 3);
    if (rank == 1) {
        post(list, 0, 1);
        post(j.name, 0, 2);
    } else if (rank == 0) {
        MPI_Recv(list, 64, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(j.name, 24, MPI_CHAR, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_appends_a_struct_member_and_strlen_in_a_function(tmp_path):
    r = _predict(tmp_path, HELPERS, 2, "helpers.c")
    # "0,5,10,15," (10) and its NUL; "job-0003" (8) and its NUL: strlen in post() reads the
    # caller's string
    assert _sizes(r) == {1: [11, 9]}
    assert r.procs[1].xmit == pytest.approx(msg(11, 1) + msg(9, 1), rel=1e-12)


FROM_FILE = r"""#include <stdio.h>
#include <string.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank;
    char name[64], message[128];
    FILE *f;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    f = fopen("names.txt", "r");
    fgets(name, 64, f);
    sprintf(message, "%s says hello from %d", name, rank);
    if (rank == 1)
        MPI_Send(message, strlen(message) + 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    else if (rank == 0)
        MPI_Recv(message, 128, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_a_string_read_from_a_file_is_refused_with_what_to_write(cli, tmp_path):
    path = tmp_path / "hello_file.c"
    path.write_text(FROM_FILE)
    r = cli("run", path, "--procs", 2)
    assert r.exit_code == 2
    text = " ".join(r.output.split())
    assert "hello_file.c:17:" in text
    assert "the message size comes from strlen(message), the length of a string whose contents are not known" in text
    assert "message is set at line 15 by sprintf(); name is set at line 14 by fgets()" in text
    assert "'#pragma interp size(N)' above line 17" in text
    assert "rand()" not in text
    # the annotation it names makes the prediction: 40 chars over 1 hop
    path.write_text(FROM_FILE.replace("        MPI_Send(message", "#pragma interp size(40)\n        MPI_Send(message"))
    r = cli("run", path, "--procs", 2, "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["per_process"][1]["xmit"] == pytest.approx(msg(40, 1), rel=1e-12)


def test_a_percent_s_of_data_is_refused_naming_the_conversion(cli, tmp_path):
    source = GREETINGS.replace('"Greetings from process %d!", my_rank', '"%s from %d", argv[0], my_rank')
    path = tmp_path / "argv_greeting.c"
    path.write_text(source)
    r = cli("run", path, "--procs", 4)
    assert r.exit_code == 2
    text = " ".join(r.output.split())
    assert "argv_greeting.c:16:" in text and "strlen(message)" in text
    assert "sprintf() with %s of 'argv[0]', a string interp does not follow" in text
    assert "'#pragma interp size(N)' above line 16" in text


# (conversion, flags, width, precision, value) -> the characters gcc's printf writes for it
# (snprintf(NULL, 0, ...) of the same specification, glibc 2.x)
FORMATTED = [
    ("d", "", 0, -1, 7, 1), ("d", "", 0, -1, 12, 2), ("d", "", 5, -1, -3, 5), ("d", "+", 0, -1, 3, 2),
    ("u", "", 0, -1, -1, 10), ("x", "#", 0, -1, 255, 4), ("x", "#", 0, -1, 0, 1), ("o", "#", 0, -1, 8, 3),
    ("o", "#", 0, 0, 0, 1), ("d", "", 0, 0, 0, 0), ("f", "", 0, 2, 3.14159, 4), ("f", "", 8, 3, -2.5, 8),
    ("e", "", 0, -1, 12345.678, 12), ("g", "", 0, -1, 0.0001, 6), ("g", "#", 0, -1, 1.0, 7),
    ("X", "", 0, 4, 255, 4), ("d", " ", 0, -1, 5, 2), ("x", "+", 0, -1, 5, 1),
]


@pytest.mark.parametrize("conv,flags,width,prec,value,length", FORMATTED)
def test_one_conversion_has_the_length_c_printf_gives(conv, flags, width, prec, value, length):
    from frontends.aag.cstrings import FLAGS, format_len_num

    bits = sum(1 << k for k, f in enumerate(FLAGS) if f in flags)
    assert format_len_num(ord(conv), bits, width, prec, value) == length
