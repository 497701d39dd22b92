"""MPI_MAXLOC's value-index pair types (MPI_DOUBLE_INT ...) have their MPI_Type_size
(frontends/mpitypes.py), and ``offsetof(type, member)`` in a struct datatype's displacements is
no undeclared identifier (frontends/c/declared.py). Before: "MPI datatype MPI_DOUBLE_INT is
neither a predefined datatype nor a variable holding one", and "undeclared identifier 'pos'".

iPSC/860 (paper 001 Table 3): m <= 100 B: 70 + 0.42 m + 11 us over one hop.
"""
import json

import pytest

PROG = r"""#include <stddef.h>
#include <mpi.h>
typedef struct { double pos[3]; double mass; int id; } particle_t;
int main(int argc, char **argv)
{
    int rank;
    struct { double val; int rank; } in, out;
    MPI_Aint disps[3] = {offsetof(particle_t, pos), offsetof(particle_t, mass), offsetof(particle_t, id)};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    in.val = rank;
    in.rank = rank;
    MPI_Allreduce(&in, &out, 1, TYPE, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("dtype, size", [("MPI_DOUBLE_INT", 12), ("MPI_2INT", 8), ("MPI_FLOAT_INT", 8)])
def test_a_pair_type_sends_its_type_size(cli, tmp_path, dtype, size):
    path = tmp_path / "m.c"
    path.write_text(PROG.replace("TYPE", dtype))
    r = cli("run", path, "-p", "2", "--format", "json")
    assert r.exit_code == 0, r.output
    # P = 2: one exchange of the pair (12 B for a double and an int: 86.04 us; 8 B: 84.36 us),
    # plus the combining compare and the setup, under a microsecond
    assert json.loads(r.stdout)["total_seconds"] == pytest.approx((81 + 0.42 * size) * 1e-6, abs=1e-6)
