"""The comm/sync model of paper 3.4.2 on the iPSC/860 (Table 3), with hand-computed expectations."""
import pytest

from interp.errors import ProgramHang
from interp.pipeline import predict

STARTUP, PER_BYTE, PER_HOP = 70e-6, 0.42e-6, 11e-6          # Table 3, static buffers
D_STARTUP, D_PER_BYTE, D_PER_HOP = 175e-6, 0.36e-6, 33e-6   # Table 3, dynamic buffers
SYNC = 67e-6                                                 # Table 3, sync overhead


def run(tmp_path, source, procs, *defines, **kw):
    path = tmp_path / "prog.c"
    path.write_text(source)
    return predict([str(path)], "ipsc860", procs, list(defines), interactive=False, **kw).result


def aau(result, cls, line, proc=None):
    """Stats of the AAU of class ``cls`` starting at ``line`` (on one process, or summed)."""
    if proc is None:
        return next(s for s in result.aau_totals() if s.cls == cls and s.loc.split(":")[1].split("-")[0] == str(line))
    return next(s for (p, _), s in result.aaus.items() if p == proc and s.cls == cls
                and s.loc.split(":")[1].split("-")[0] == str(line))


PAIR = """#include "nx.h"
int main(void)
{
    long me = mynode();
    double buf[200];
    if (me == 0)
        csend(1, (char *) buf, SIZE, 3, 0);
    else if (me == 3)
        crecv(1, (char *) buf, SIZE);
    return 0;
}
"""


def test_static_message_costs_table3_formula(tmp_path):
    # 64 bytes from node 0 to node 3: e-cube route 0 -> 1 -> 3, h = 2 hops.
    r = run(tmp_path, PAIR.replace("SIZE", "64"), 4)
    (msg,) = r.messages
    expected = STARTUP + PER_BYTE * 64 + PER_HOP * 2
    assert msg.arrival - msg.send_time == pytest.approx(expected, rel=1e-12)
    send = aau(r, "Comm", 7, proc=0)
    assert send.total == pytest.approx(expected, rel=1e-12)
    assert send.ovh == pytest.approx(STARTUP) and send.xmit == pytest.approx(PER_BYTE * 64 + PER_HOP * 2)


def test_dynamic_buffers_above_100_bytes(tmp_path):
    r = run(tmp_path, PAIR.replace("SIZE", "1000"), 4)
    (msg,) = r.messages
    assert msg.arrival - msg.send_time == pytest.approx(D_STARTUP + D_PER_BYTE * 1000 + D_PER_HOP * 2, rel=1e-12)


def test_100_bytes_is_still_static(tmp_path):
    r = run(tmp_path, PAIR.replace("SIZE", "100"), 4)
    assert r.messages[0].arrival - r.messages[0].send_time == pytest.approx(STARTUP + PER_BYTE * 100 + PER_HOP * 2)


LATE_SENDER = """#include "nx.h"
int main(void)
{
    long me = mynode();
    double buf[8];
    if (me == 0) {
#pragma interp cost(2 ms)
        compute();
        csend(1, (char *) buf, 8, 1, 0);
    } else {
        crecv(1, (char *) buf, 8);
    }
    return 0;
}
"""


def test_receive_posted_before_the_send_waits_until_arrival(tmp_path):
    r = run(tmp_path, LATE_SENDER, 2)
    (msg,) = r.messages
    recv = aau(r, "Comm", 11, proc=1)
    # The receive starts at its activation time and ends exactly when the message arrives
    # (Table 3 gives no receive overhead).
    assert recv.first + recv.total == pytest.approx(msg.arrival, rel=1e-12)
    assert recv.wait + recv.xmit == pytest.approx(recv.total, rel=1e-12)
    assert msg.send_time > 2e-3


BARRIER = """#include "nx.h"
int main(void)
{
    long me = mynode();
    if (me == 2) {
#pragma interp cost(3 ms)
        compute();
    }
    gsync();
    return 0;
}
"""


def test_barrier_releases_at_last_arrival_plus_sync(tmp_path):
    r = run(tmp_path, BARRIER, 4)
    late = aau(r, "Sync", 9, proc=2)
    release = late.first + SYNC
    for p in range(4):
        s = aau(r, "Sync", 9, proc=p)
        assert s.first + s.total == pytest.approx(release, rel=1e-12)
    assert aau(r, "Sync", 9, proc=0).wait == pytest.approx(late.first - aau(r, "Sync", 9, proc=0).first)


SHARED_LINK = """#include "nx.h"
int main(void)
{
    long me = mynode();
    double buf[8];
    if (me == 0 || me == 1)
        csend(1, (char *) buf, 64, 3, 0);
    if (me == 3) {
        crecv(1, (char *) buf, 64);
        crecv(1, (char *) buf, 64);
    }
    return 0;
}
"""


def test_two_messages_sharing_a_link_serialize(tmp_path):
    # 0 -> 3 holds links (0,1) and (1,3); 1 -> 3 needs (1,3): it waits until the first has arrived.
    r = run(tmp_path, SHARED_LINK, 4)
    first, second = sorted(r.messages, key=lambda m: m.arrival)
    assert first.src == 0 and second.src == 1
    assert first.send_time == pytest.approx(second.send_time)
    assert first.arrival == pytest.approx(first.send_time + STARTUP + PER_BYTE * 64 + 2 * PER_HOP)
    assert second.arrival == pytest.approx(first.arrival + PER_BYTE * 64 + PER_HOP)
    link_wait = aau(r, "Comm", 7, proc=1).wait
    assert link_wait == pytest.approx(first.arrival - (second.send_time + STARTUP))


def test_deadlock_is_reported_with_ranks_and_lines(tmp_path, cli):
    r = cli("run", "samples/broken/deadlock_head_to_head.c", "--procs", 4)
    assert r.exit_code == 1
    assert "the program hangs: 4 of 4 processes" in r.stderr
    for rank in range(4):
        assert f"rank {rank}: blocked in Comm MPI_Ssend" in r.stderr
    assert "deadlock_head_to_head.c:" in r.stderr


def test_hang_raises_programhang(tmp_path):
    src = PAIR.replace("csend(1, (char *) buf, SIZE, 3, 0);", "me = me;").replace("SIZE", "64")
    with pytest.raises(ProgramHang, match="rank 3: blocked in Comm crecv"):
        run(tmp_path, src, 4)


def test_result_does_not_depend_on_chain_order():
    args = (["samples/trapezoid_host.c", "samples/trapezoid_node.c"], "ipsc860", 8, ["n=5000", "reps=3"])
    a = predict(*args, interactive=False, tiebreak=1).result
    b = predict(*args, interactive=False, tiebreak=-1).result
    assert a.total == b.total
    assert [p.end for p in a.procs] == [p.end for p in b.procs]


def test_bounds_bracket_mid():
    args = (["samples/trapezoid_mpi.c"], "ipsc860", 4, ["n=10000", "reps=2"])
    t = {b: predict(*args, bound=b, interactive=False).result.total for b in ("best", "mid", "worst")}
    assert t["best"] < t["mid"] < t["worst"]
