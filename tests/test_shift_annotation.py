"""#pragma interp shift(bytes=EXPR): a ring shift written otherwise costs the machine's circular_shift
(seed 003 section 3.3.3, docs/annotations.md)."""
import pytest

from frontends.errors import FrontendError
from interp.errors import InputError
from interp.pipeline import predict

# Even ranks send first, odd ranks receive first: a ring shift by +1 in two phases.
EVEN_ODD = r"""
#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int rank, size; char a[1 << 16], b[1 << 16];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int m = atoi(argv[1]);
    int right = (rank + 1) % size, left = (rank - 1 + size) % size;
PRAGMA
    if (rank % 2 == 0) {
        MPI_Send(a, m, MPI_BYTE, right, 0, MPI_COMM_WORLD);
        MPI_Recv(b, m, MPI_BYTE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(b, m, MPI_BYTE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(a, m, MPI_BYTE, right, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


def _write(tmp_path, pragma):
    src = tmp_path / "ring.c"
    src.write_text(EVEN_ODD.replace("PRAGMA", pragma))
    return str(src)


def test_annotated_shift_costs_circular_shift(tmp_path):
    src = _write(tmp_path, "#pragma interp shift(bytes=m)")
    # sp2 Table 4 circular shift at n = 256, m = 1024: (6 x 8 + 60) + (0.003 x 8 + 0.04) x 1024 = 173.536 us
    t = predict([src], "sp2", 256, ["m=1024"], messages=False).result.total
    assert t == pytest.approx(173.536e-6, rel=1e-9)


def test_without_the_annotation_it_is_point_to_point(tmp_path):
    src = _write(tmp_path, "")
    # Unannotated: even ranks send while odd ones receive, then the reverse: two phases of point-to-point
    # messages, each the Eq. 4 fit 46 + 0.035 x 1024 = 81.84 us, so 163.68 us.
    t = predict([src], "sp2", 256, ["m=1024"], messages=False).result.total
    assert t == pytest.approx(2 * 81.84e-6, rel=1e-9)


def test_machine_without_circular_shift_costs_two_messages(tmp_path):
    src = _write(tmp_path, "#pragma interp shift(bytes=m)")
    # t3d has no circular_shift expression: a Sendrecv to rank+1 from rank-1, 2 us + 1024/150 us
    # (as the native MPI_Sendrecv ring shift of test_seed003_metrics).
    t = predict([src], "t3d", 64, ["m=1024"], messages=False).result.total
    assert t == pytest.approx((2 + 1024 / 150) * 1e-6, rel=1e-6)


def test_shift_on_code_that_does_not_communicate_is_an_error(tmp_path):
    src = tmp_path / "bad.c"
    src.write_text("#include <mpi.h>\nint main(int argc, char **argv) {\n  int x = 0;\n  MPI_Init(&argc, &argv);\n"
                   "#pragma interp shift(bytes=8)\n  x = x + 1;\n  MPI_Finalize();\n  return x;\n}\n")
    with pytest.raises((FrontendError, InputError), match=r"bad.c.*5|must communicate"):
        predict([str(src)], "sp2", 4, messages=False)


def test_malformed_shift_is_an_error(tmp_path):
    src = _write(tmp_path, "#pragma interp shift(m)")
    with pytest.raises((FrontendError, InputError), match="bytes=EXPR"):
        predict([src], "sp2", 4, ["m=8"], messages=False)


def test_fortran_shift_is_one_clear_error(tmp_path):
    src = tmp_path / "f.f90"
    src.write_text("program t\n  use mpi\n  implicit none\n  integer :: ierr, rank, n, a(4), b(4)\n"
                   "  call MPI_Init(ierr)\n  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)\n"
                   "  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)\n!$interp shift(bytes=16)\n"
                   "  call MPI_Sendrecv(a, 4, MPI_INTEGER, mod(rank+1,n), 0, b, 4, MPI_INTEGER, mod(rank-1+n,n), 0, "
                   "MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)\n  call MPI_Finalize(ierr)\nend program t\n")
    with pytest.raises((FrontendError, InputError), match="C programs only"):
        predict([str(src)], "sp2", 4, messages=False)
