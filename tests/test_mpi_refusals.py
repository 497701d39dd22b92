"""Each family of MPI calls interp does not model is refused with its own message: what is not
modelled and what the program can do instead; an MPI name interp does not know at all is "not an
MPI call interp models", and only a known call with too few arguments says "with N arguments"."""
import pytest

from interp.errors import InputError
from interp.pipeline import predict

PROGRAM = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, idx, buf[4], flag;
    MPI_Request req[2];
    MPI_Status st;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    CALL
    MPI_Finalize();
    return 0;
}
"""


def refusal(tmp_path, call: str, language: str = "c") -> str:
    path = tmp_path / "p.c"
    path.write_text(PROGRAM.replace("CALL", call))
    with pytest.raises(InputError) as err:
        predict([str(path)], "ipsc860", 2, interactive=False)
    return str(err.value)


@pytest.mark.parametrize("call, says, alternative", [
    ("MPI_Put(buf, 4, MPI_INT, 1, 0, 4, MPI_INT, win);", "MPI_Put: one-sided communication",
     "write the transfer as MPI_Send/MPI_Recv"),
    ("MPI_Win_fence(0, win);", "MPI_Win_fence: one-sided communication", "MPI_Send/MPI_Recv"),
    # MPI_Ibcast and MPI_Send_init are modelled (tests/test_nbcoll.py); a collective with no blocking
    # model is still refused, blocking or not
    # (MPI_Ireduce_scatter is modelled since 2026-11-25: tests/test_reduce_scatter.py)
    ("MPI_Ineighbor_alltoall(buf, 1, MPI_INT, buf, 1, MPI_INT, MPI_COMM_WORLD, &req[0]);",
     "MPI_Ineighbor_alltoall: this collective is not modelled, blocking or not", "MPI_Isend/MPI_Irecv to each"),
    ("MPI_Comm_split_type(MPI_COMM_WORLD, 0, 0, MPI_INFO_NULL, &idx);", "shared-memory splits",
     "build the communicator with one of those"),
])
def test_each_family_has_its_own_message(tmp_path, call, says, alternative):
    msg = refusal(tmp_path, call)
    assert "p.c:10" in msg and says in msg and alternative in msg
    assert "arguments is not modelled" not in msg
    if "Comm_split_type" not in call:  # the communicator message belongs to communicator calls only
        assert "build the communicator" not in msg


def test_an_unknown_mpi_name_is_not_an_mpi_call_interp_models(tmp_path):
    msg = refusal(tmp_path, "MPI_Frobnicate(buf);")
    assert "p.c:10: MPI_Frobnicate is not an MPI call interp models" in msg
    assert "with 1 arguments" not in msg


def test_a_known_call_with_too_few_arguments_says_how_many_it_needs(tmp_path):
    # MPI_Send reads buf, count, datatype, dest, tag, comm: 6 arguments
    msg = refusal(tmp_path, "MPI_Send(buf, 4, MPI_INT);")
    assert "p.c:10: MPI_Send with 3 arguments is not modelled: it needs at least 6" in msg
