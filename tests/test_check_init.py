"""Issue 13, defect 13: MPI calls before MPI_Init, or none at all, are flagged by check."""
from interp.pipeline import load_program
from interp.studies.check import check


def _findings(tmp_path, text):
    p = tmp_path / "p.c"
    p.write_text(text)
    return [(f.kind, f.line) for f in check([load_program(str(p))], "ipsc860", 2)]


def test_a_call_before_mpi_init(tmp_path):
    assert _findings(tmp_path, """#include <mpi.h>
int main(int argc, char **argv) {
    int rank;
    double t0 = MPI_Wtime();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    return 0;
}
""") == [("before-init", 4)]  # the Seq of lines 4-5: MPI_Wtime may come first (MPI 11.2.1), MPI_Comm_rank not


def test_no_mpi_init(tmp_path):
    assert _findings(tmp_path, """#include <mpi.h>
int main(int argc, char **argv) {
    MPI_Barrier(MPI_COMM_WORLD);
    return 0;
}
""") == [("before-init", 3), ("no-init", 2)]


def test_a_call_in_a_helper_before_mpi_init(tmp_path):
    assert _findings(tmp_path, """#include <mpi.h>
static int me(void) { int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); return r; }
int main(int argc, char **argv) {
    int rank = me();
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    return 0;
}
""") == [("before-init", 2)]


def test_the_samples_start_mpi_first(tmp_path):
    for s, d in (("samples/trapezoid_mpi.c", ["n=64", "reps=1"]), ("samples/jacobi2d_mpi.c", ["n=64", "iters=2"]),
                 ("samples/ring_mpi.c", ["params[0]=8", "params[1]=1"])):
        assert not [f for f in check([load_program(s)], "ipsc860", 4, d) if "init" in f.kind]
