"""Issue 13, defect 3: an MPI_Datatype or MPI_Comm passed to a helper function is followed.

Before, `send_to(buf, n, MPI_DOUBLE, dest, comm)` made its message disappear (exit 0, no
communication costed) and, with only one side going through a helper, a predicted hang. Now the
datatype's value is its size in bytes where it is passed or stored, and a communicator variable
holds MPI_COMM_WORLD in a program that creates no communicators. And a construct interp cannot
model refuses the prediction instead of being left out of it.

iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 3): messages above the 100-byte static buffer
take the dynamic class; the same program with the MPI_Send/MPI_Recv written inline gives the
reference.
"""
import json

import pytest

HELPERS = r"""#include <mpi.h>
static void send_to(double *buf, int n, MPI_Datatype t, int dest, MPI_Comm c) {
    MPI_Send(buf, n, t, dest, 0, c);
}
static void recv_from(double *buf, int n, MPI_Datatype t, int src, MPI_Comm c) {
    MPI_Recv(buf, n, t, src, 0, c, MPI_STATUS_IGNORE);
}
int main(int argc, char **argv) {
    int rank;
    double a[100];
    MPI_Datatype kind = MPI_DOUBLE;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) SEND;
    else if (rank == 1) MPI_Recv(a, 100, kind, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def _comm(cli, path):
    r = cli("run", path, "--procs", 2, "--format", "json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    return [(p["ovh"], p["xmit"]) for p in d["per_process"]]


def test_a_datatype_through_a_helper_is_the_same_message(cli, tmp_path):
    helper = tmp_path / "helper.c"
    helper.write_text(HELPERS.replace("SEND", "send_to(a, 100, MPI_DOUBLE, 1, MPI_COMM_WORLD)"))
    inline = tmp_path / "inline.c"
    inline.write_text(HELPERS.replace("SEND", "MPI_Send(a, 100, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD)"))
    got, ref = _comm(cli, helper), _comm(cli, inline)
    assert [x for pair in got for x in pair] == pytest.approx([x for pair in ref for x in pair])
    assert ref[0][0] > 0 and ref[0][1] > 0  # 800 bytes were sent and costed


def test_a_datatype_unknown_to_the_parse_is_refused_not_dropped(cli, tmp_path):
    p = tmp_path / "opaque.c"
    p.write_text(HELPERS.replace("SEND", "MPI_Send(a, 100, (MPI_Datatype)rank, 1, 0, MPI_COMM_WORLD)"))
    r = cli("run", p, "--procs", 2)
    assert r.exit_code == 2
    assert "cannot predict" in r.stderr and "opaque.c:14" in r.stderr and "datatype" in r.stderr


DERIVED = r"""#include <mpi.h>
int main(int argc, char **argv) {
    int rank;
    double a[400];
    MPI_Datatype row, col;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(20, MPI_DOUBLE, &row);
    MPI_Type_commit(&row);
    MPI_Type_vector(20, 1, 20, MPI_DOUBLE, &col);
    MPI_Type_commit(&col);
    if (rank == 0) MPI_Send(a, 1, row, 1, 0, MPI_COMM_WORLD);
    if (rank == 0) MPI_Send(a, 1, col, 1, 1, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(a, 1, row, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank == 1) MPI_Recv(a, 1, col, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_free(&row);
    MPI_Type_free(&col);
    MPI_Finalize();
    return 0;
}
"""


def test_derived_datatypes_of_predefined_ones(cli, tmp_path):
    """Issue 13, defect 11: MPI_Type_contiguous / MPI_Type_vector were unmodelled (and a run
    reported a hang). A row of 20 doubles and a column of 20 doubles (stride 20) are 160 bytes each:
    above the 100-byte static buffer, so each send costs the dynamic class (paper 001 Table 3):
    startup 175 us, 0.36 us per byte, 33 us per hop (1 hop between nodes 0 and 1)."""
    p = tmp_path / "derived.c"
    p.write_text(DERIVED)
    (ovh, xmit), _ = _comm(cli, p)
    assert ovh == pytest.approx(2 * 175e-6)
    assert xmit == pytest.approx(2 * (0.36e-6 * 160 + 33e-6))


DERIVED_F90 = """program derived
  implicit none
  include 'mpif.h'
  integer :: rank, ierr, row
  double precision :: a(400)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Type_contiguous(20, MPI_DOUBLE_PRECISION, row, ierr)
  call MPI_Type_commit(row, ierr)
  if (rank == 0) call MPI_Send(a, 1, row, 1, 0, MPI_COMM_WORLD, ierr)
  if (rank == 1) call MPI_Recv(a, 1, row, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call MPI_Type_free(row, ierr)
  call MPI_Finalize(ierr)
end program derived
"""


def test_derived_datatypes_in_fortran(cli, tmp_path):
    """The same row of 20 DOUBLE PRECISION, 160 bytes: one dynamic-class send (as above)."""
    p = tmp_path / "derived.f90"
    p.write_text(DERIVED_F90)
    (ovh, xmit), _ = _comm(cli, p)
    assert ovh == pytest.approx(175e-6) and xmit == pytest.approx(0.36e-6 * 160 + 33e-6)
