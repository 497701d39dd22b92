"""A loop with no count whose only messages are broadcasts: the root receives nothing, so a
repeated state on the root is proof that the loop never ends (engine.stall_visible,
interp/engine/endless.py stall_roots). The interactive loop of benchmarks/slow/ (rank 0 reads n
with scanf each pass and broadcasts it) ran to the prediction's timeout; a receiver's repeated
state is still no proof (the next broadcast may carry the value that ends it)."""
import json
from pathlib import Path

import pytest

# rank 0 reads n with scanf each pass and broadcasts it (the reproducer of benchmarks/slow/)
INTERACTIVE = (Path(__file__).parent.parent / "benchmarks" / "slow" / "interactive_bcast_loop.c").read_text()

# the same pass once, without the loop: what n = 0 (the loop ends at its first test) must cost
ONCE = INTERACTIVE.replace("while (!done) {", "{")

# rank 0 decides when to stop; rank 1 starts passes 2, 3 and 4 with go = 1 each time
ROOT_DECIDES = r"""#include <mpi.h>
int main(int argc, char *argv[])
{
    int go = 1, k = 0, rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    while (go) {
        if (rank == 0) {
            k = k + 1;
            go = k < 5;
        }
        MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


def _run(cli, tmp_path, name, text, *args):
    path = tmp_path / name
    path.write_text(text)
    return cli("run", path, "-p", "2", "--format", "json", "--timeout", "60", *args)


def test_the_root_of_an_endless_broadcast_loop_is_stopped_at_once(cli, tmp_path):
    r = _run(cli, tmp_path, "i.c", INTERACTIVE, "-D", "n=5")
    assert r.exit_code != 0
    assert "i.c:9-14: this loop never ends as written: on rank 0 iteration 3 starts with every " \
           "variable as iteration 2 did" in r.output
    assert "(it reads n (line 11) with scanf on every pass, and interp gives each input one value" in r.output
    assert "#pragma interp iters(N)" in r.output


def test_a_value_that_ends_it_runs_one_pass(cli, tmp_path):
    ended, once = (_run(cli, tmp_path, name, text, "-D", "n=0")
                   for name, text in (("i.c", INTERACTIVE), ("o.c", ONCE)))
    assert ended.exit_code == 0 and once.exit_code == 0, ended.output + once.output
    # the loop's pass is the pass written once, plus the tests of its condition
    loop, straight = json.loads(ended.stdout), json.loads(once.stdout)
    bcast = next(a for a in loop["aaus"] if a["label"].startswith("MPI_Bcast"))
    assert bcast["executions"] == 2      # one pass on each of the two processes
    assert loop["total_seconds"] == pytest.approx(straight["total_seconds"], rel=0.02)
    assert loop["total_seconds"] >= straight["total_seconds"]


def test_a_receivers_repeated_state_is_not_taken_for_an_endless_loop(cli, tmp_path):
    r = _run(cli, tmp_path, "r.c", ROOT_DECIDES)
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    bcast = next(a for a in report["aaus"] if a["label"].startswith("MPI_Bcast"))
    assert bcast["executions"] == 10     # 5 passes on each of the two processes
