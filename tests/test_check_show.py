"""interp check (level-2 findings with lines and ranks) and interp show (AAG tree, SAAG edges)."""
import pytest

from interp.studies.check import check
from interp.pipeline import load_program, predict
from interp.output.show import saag_edges


def findings(path, procs=4, defines=()):
    return check([load_program(path)], "ipsc860", procs, defines)


@pytest.mark.parametrize("path,kind,line,ranks", [
    ("samples/broken/mismatch_size.c", "size-mismatch", 26, [0, 1]),
    ("samples/broken/mismatch_tag.c", "tag-mismatch", 23, [0, 1]),
    ("samples/broken/missing_recv.c", "unmatched-send", 24, [0, 1]),
    ("samples/broken/deadlock_head_to_head.c", "deadlock", 28, [0, 1, 2, 3]),
    ("samples/broken/skipped_collective.c", "collective-mismatch", 24, [0, 1, 2, 3]),
])
def test_broken_programs(path, kind, line, ranks):
    (f,) = findings(path)
    assert (f.kind, f.line, f.ranks) == (kind, line, ranks)


def test_skipped_collective_names_the_missing_rank():
    (f,) = findings("samples/broken/skipped_collective.c")
    assert "reached by ranks 0, 1, 2 but never by 3" in f.message


def test_potential_deadlock_when_standard_sends_may_block(tmp_path):
    src = tmp_path / "ring.c"
    src.write_text("""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size;
    double buf[1000];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Send(buf, 1000, MPI_DOUBLE, (rank + 1) % size, 0, MPI_COMM_WORLD);
    MPI_Recv(buf, 1000, MPI_DOUBLE, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
""")
    (f,) = findings(str(src))
    assert f.kind == "potential-deadlock" and f.line == 9 and f.ranks == [0, 1, 2, 3]


@pytest.mark.parametrize("args", [
    ["samples/trapezoid_mpi.c", "-D", "n=100", "-D", "reps=2"],
    ["samples/trapezoid_host.c", "samples/trapezoid_node.c", "--procs", "16", "-D", "n=100", "-D", "reps=2"],
    ["samples/jacobi2d_mpi.c", "-D", "n=64", "-D", "iters=2"],
    ["samples/matmul_master_worker_mpi.c", "-D", "n=32"],
    ["samples/pingpong_mpi.c", "-D", "m=100", "-D", "reps=3"],
])
def test_samples_are_clean(cli, args):
    r = cli("check", *args)
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("ok:")


def test_check_exit_codes(cli, tmp_path):
    assert cli("check", "samples/broken/missing_recv.c").exit_code == 1
    missing = cli("check", "samples/trapezoid_mpi.c")
    assert missing.exit_code == 1 and "missing-input" in missing.stdout and "n has no value" in missing.stdout
    bad = tmp_path / "bad.c"
    bad.write_text("int main(void) { return 0 }\n")
    r = cli("check", bad)
    assert r.exit_code == 2 and "syntax error" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("procs", [4, 16])
def test_saag_edges_of_the_host_node_trapezoid(procs):
    files = ["samples/trapezoid_host.c", "samples/trapezoid_node.c"]
    pred = predict(files, "ipsc860", procs, ["n=100", "reps=1"], interactive=False)
    edges = saag_edges(pred.result, pred.programs)
    node = pred.programs[1]
    gdsum = next(a for a in node.walk() if a.cls == "SyncSeq")
    reply = next(a for a in node.walk() if a.cls == "Comm" and a.op == "send")
    host_recv = next(a for a in pred.programs[0].walk() if a.cls == "Comm" and a.label.startswith("crecv"))
    kinds = {(k, a, b) for k, a, b, _ in edges}
    # gdsum: a synchronization relation among the nodes' SyncSeq AAUs (recursive doubling pairs)
    (gd_label,) = [l for k, a, b, l in edges if a == gdsum.id]
    assert ("syncop", gdsum.id, gdsum.id) in kinds and f"0->1" in gd_label
    # node 0's reply to the host: a synchronous-communication edge Comm <=> Comm
    (label,) = [l for k, a, b, l in edges if a == reply.id and b == host_recv.id]
    assert label == f"0->{procs}"


def test_show_prints_classes_and_parameters(cli):
    r = cli("show", "samples/trapezoid_node.c")
    assert r.exit_code == 0
    assert "IterD      :43-45    i = me, step p; NumIters = Max(0, ceiling((-me + n)/p)); step" in r.stdout
    assert "SyncSeq    :50       allreduce size=8 B combine 1 x double_add" in r.stdout


def test_show_dot(cli, tmp_path):
    out = tmp_path / "g.dot"
    r = cli("show", "samples/trapezoid_mpi.c", "--dot", out, "--procs", 4, "-D", "n=10", "-D", "reps=1")
    assert r.exit_code == 0
    text = out.read_text()
    assert text.startswith("digraph AAG {") and text.rstrip().endswith("}")
    assert text.count("color=red") == 3  # two broadcasts and the reduce


def test_define_reaches_the_preprocessor_when_a_directive_uses_it(tmp_path):
    src = tmp_path / "m.c"
    src.write_text("""#include "nx.h"
#ifndef STEPS
#define STEPS 3
#endif
int main(void)
{
    long i;
    double x = 0.0;
    for (i = 0; i < STEPS; i++)
        gsync();
    return 0;
}
""")
    default = predict([str(src)], "ipsc860", 2, [], interactive=False).result
    given = predict([str(src)], "ipsc860", 2, ["STEPS=7"], interactive=False).result
    sync = lambda r: next(s for s in r.aau_totals() if s.cls == "Sync")  # noqa: E731
    assert sync(default).executions == 2 * 3 and sync(given).executions == 2 * 7


def test_unknown_define_is_an_error(cli):
    r = cli("run", "samples/trapezoid_mpi.c", "-D", "n=10", "-D", "reps=1", "-D", "nn=3")
    assert r.exit_code == 2 and "-D nn: the program has no external input of that name" in r.stderr


def test_output_into_a_missing_directory_is_a_clear_error(cli, tmp_path):
    r = cli("show", "samples/trapezoid_mpi.c", "--dot", tmp_path / "no" / "g.dot")
    assert r.exit_code == 2 and "the directory" in r.stderr and "does not exist" in r.stderr


def test_variable_read_in_a_macro_body_stays_an_input(tmp_path):
    # #define AT(i, j) reads the variable n; -D n=... sets the input n, and is not handed to the
    # preprocessor (that would turn "int n = atoi(argv[1])" into "int 200 = ..."); N, read in a
    # body without being declared, is a cc -D macro and is handed on.
    from interp.pipeline import directive_names
    src = tmp_path / "a.c"
    src.write_text("#include <stdlib.h>\n#define AT(g, i, j) ((g)[(i) * n + (j)])\n#define SIZE (N * 2)\n"
                   "int main(int argc, char **argv)\n{\n    int n = atoi(argv[1]);\n"
                   "    double *u = calloc(n * n, sizeof(double));\n    double s = 0.0;\n"
                   "    for (int i = 0; i < n; i++)\n        s += AT(u, i, i);\n    free(u);\n"
                   "    return (int) s + SIZE;\n}\n")
    assert directive_names([str(src)]) == {"AT", "SIZE", "N"}
    r = predict([str(src)], "ipsc860", 1, ["n=50", "N=3"], interactive=False).result
    assert r.total > 0


SURVEY = r"""#include <string.h>
#include <stdlib.h>
#include <mpi.h>
static int popcount(unsigned int x)
{
    int c = 0;
    while (x) {
        x &= x - 1;
        c++;
    }
    return c;
}
int main(int argc, char **argv)
{
    char line[81];
    int k, len, bits = 0, all;
    MPI_Init(&argc, &argv);
    memset(line, 'a', 80);
    line[80] = '\0';
    len = strlen(line);
    for (k = 0; k < len; k++)
        bits += popcount((unsigned int) rand());
    MPI_Reduce(&bits, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""


def test_check_names_every_loop_that_needs_iters_at_once(tmp_path, cli):
    """Two loops whose counts come from data (strlen's result, a popcount's while (x)): check lists
    both with their iters(N) (it stopped at the first, so each took a check of its own), and says
    the communication was not checked, since those loops were taken as running once."""
    path = tmp_path / "survey.c"
    path.write_text(SURVEY)
    found = [(f.kind, f.line) for f in findings(str(path), procs=2)]
    assert ("missing-iters", 7) in found and ("missing-iters", 21) in found
    r = cli("check", str(path), "--procs", "2")
    assert r.exit_code == 1
    assert "above line 7" in r.output and "above line 21" in r.output
    assert "the communication was not checked" in r.output


def test_run_names_every_loop_that_needs_iters_at_once(tmp_path, cli):
    path = tmp_path / "survey.c"
    path.write_text(SURVEY)
    r = cli("run", str(path), "--procs", "2")
    assert r.exit_code == 2
    text = " ".join(r.output.split())
    assert "2 loops have trip counts that depend on data" in text
    assert "above line 7" in text and "above line 21" in text
