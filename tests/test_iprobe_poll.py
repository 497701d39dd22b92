"""MPI_Iprobe answered from the engine's clock (interp/engine/completion.py, ``iprobe``): flag 1
once a matching message has reached the process, with its status (source, tag, MPI_Get_count),
so the tutorial pattern "poll, read the size from the status, allocate, receive from the source
the status names" predicts instead of being refused. iPSC/860 figures: paper 001 Table 3."""
from types import SimpleNamespace

import pytest

from interp.engine.ops import ANY
from interp.engine.completion import Completions
from interp.errors import InputError
from interp.pipeline import predict

US = 1e-6

PROBE_SIZE = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, flag = 0, count;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        int data[25];
        MPI_Send(data, 25, MPI_INT, 0, 7, MPI_COMM_WORLD);
    } else if (rank == 0) {
        while (!flag)
            MPI_Iprobe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &flag, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        int *buf = malloc(count * sizeof(int));
        MPI_Recv(buf, count, MPI_INT, status.MPI_SOURCE, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, count, MPI_INT, status.MPI_SOURCE, 8, MPI_COMM_WORLD);
        free(buf);
    }
    if (rank == 1) {
        int back[25];
        MPI_Recv(back, 25, MPI_INT, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_the_status_of_the_poll_sizes_and_addresses_the_receive(tmp_path):
    # 25 ints = 100 B (static, 1 hop): 70 + 0.42 x 100 + 11 = 123 us one way. Rank 0 polls until
    # its first poll at or after 123 us (a pass of the loop is under 1 us), reads count = 25 from
    # the status, receives from status.MPI_SOURCE = 1 and sends the 100 B back: the echo ends
    # 123 us after rank 0 sends it. Total: between 2 x 123 and 2 x 123 + 2 us.
    path = tmp_path / "p.c"
    path.write_text(PROBE_SIZE)
    r = predict([str(path)], "ipsc860", 2, interactive=False).result
    sizes = sorted((m.src, m.dst, m.size) for m in r.messages if not m.internal)
    assert sizes == [(0, 1, 100), (1, 0, 100)]
    assert 246 * US < r.total < 248 * US


def _fake(t_arrival):
    """A Completions on one process (rank 0) with one message from rank 1, tag 7, on its way."""
    msg = SimpleNamespace(src=1, tag=7, size=8.0, arrival=t_arrival, sender_op=None)
    engine = SimpleNamespace(net=SimpleNamespace(unmatched={0: [msg]}),
                             p2p=SimpleNamespace(seen_at=lambda m: m.arrival))
    comp = Completions.__new__(Completions)
    comp.engine, comp.nulled, comp.idle, comp.polls = engine, set(), {}, {}
    chain = SimpleNamespace(index=0, matched=None, matched_bytes=None, requests={}, directive="#pragma interp",
                            stack=[SimpleNamespace(cls="IterND", loc="p.c:11-13")])
    p = SimpleNamespace(index=0, chain=chain, label="rank 0")
    op = SimpleNamespace(kind="iprobe", partner=ANY, tag=7, request=None,
                         aau=SimpleNamespace(id=5, loc="p.c:12", label="MPI_Iprobe(...)"))
    return comp, p, op


def test_a_poll_answers_by_the_arrival_time():
    comp, p, op = _fake(10e-6)
    assert comp.iprobe(p, op, 5e-6).payload["flag"] == 0.0
    done = comp.iprobe(p, op, 10e-6)
    assert done.payload["flag"] == 1.0 and p.chain.matched == (1, 7) and p.chain.matched_bytes == 8.0


def test_a_poll_loop_that_costs_no_time_is_refused():
    # Two fruitless polls of one MPI_Iprobe at the same time: the loop's pass costs nothing, so
    # the message on its way would never be seen. One clear error, not a run to the budget.
    comp, p, op = _fake(10e-6)
    comp.iprobe(p, op, 5e-6)
    with pytest.raises(InputError, match="p.c:12: MPI_Iprobe.* polls again at the same time"):
        comp.iprobe(p, op, 5e-6)


def test_a_long_poll_asks_for_the_trip_count_with_an_estimate(monkeypatch):
    # 4 fruitless polls 2 ns apart with POLL_LIMIT 4: the 4th stops the prediction, naming the
    # loop's first line and the passes the message's arrival at 10 us needs: 3 passes done +
    # (10 us - 6 ns) / 2 ns = 3 + 4,997 = 5,000.
    import interp.engine.completion as completion
    monkeypatch.setattr(completion, "POLL_LIMIT", 4)
    comp, p, op = _fake(10e-6)
    for k in range(3):
        assert comp.iprobe(p, op, k * 2e-9).payload["flag"] == 0.0
    with pytest.raises(InputError) as err:
        comp.iprobe(p, op, 6e-9)
    msg = str(err.value)
    assert "p.c:12: MPI_Iprobe(...) on rank 0 found no message in 4 polls in a row (one every 2 ns" in msg
    assert "'#pragma interp iters(N)' above line 11" in msg
    assert "arrives at 0.01 ms: about 5,000 passes in all" in msg
