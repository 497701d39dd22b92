"""Level 3 (paper 3.3.2): the mapping function mu over a heterogeneous SAG, routes and hops."""
import pytest

from interp.errors import InputError
from interp.pipeline import predict
from interp.filter.topology import Topology

CLUSTER = """
    - id: {c}
      processing: compound
      children:
        - id: {c}-nodes
          role: compute
          count: 4
          processing: {{clock: 10 MHz, ops: {{int_add: 1 clk}}}}
          comm_sync: {{topology: crossbar, static: {{startup: 10 us, per_byte: 1 us, per_hop: 0 us}}}}
        - id: {c}-net
          role: link
          connects: [{c}-nodes]
          comm_sync: {{static: {{startup: 5 us, per_byte: 0.1 us}}}}
"""
MACHINE = "name: two clusters joined by a WAN\nsource: test machine, values chosen for hand arithmetic\n" \
          "sag:\n  id: R\n  processing: compound\n  children:" + CLUSTER.format(c="A") + CLUSTER.format(c="B") + """
    - id: WAN
      role: link
      connects: [A, B]
      comm_sync: {static: {startup: 100 us, per_byte: 2 us}}
"""
PROGRAM = """#include <mpi.h>
int main(int argc, char **argv)
{
    int rank;
    char buf[100];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) MPI_Send(buf, 100, MPI_CHAR, 2, 0, MPI_COMM_WORLD);
    if (rank == 2) MPI_Recv(buf, 100, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank == 0) MPI_Send(buf, 100, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(buf, 100, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


@pytest.fixture
def files(tmp_path):
    (tmp_path / "m.yaml").write_text(MACHINE)
    (tmp_path / "p.c").write_text(PROGRAM)
    (tmp_path / "map.yaml").write_text('processes:\n  "0-1": A-nodes\n  "2-3": B-nodes\n')
    return tmp_path


def test_heterogeneous_route_crosses_each_network(files):
    r = predict([str(files / "p.c")], str(files / "m.yaml"), 4, [], interactive=False,
                map_file=str(files / "map.yaml")).result
    by_pair = {(m.src, m.dst): m.arrival - m.send_time for m in r.messages}
    # rank 1 (A) -> rank 2 (B): A-net, WAN, B-net, store and forward: startups and per-byte add.
    assert by_pair[(1, 2)] == pytest.approx((5 + 100 + 5) * 1e-6 + 100 * (0.1 + 2 + 0.1) * 1e-6)
    # rank 0 -> rank 1 inside A: the cluster's own network (crossbar, one hop).
    assert by_pair[(0, 1)] == pytest.approx(10e-6 + 100 * 1e-6)
    assert {p.sau for p in r.procs} == {"A-nodes", "B-nodes"}


def test_default_mapping_uses_the_first_compute_unit(files):
    r = predict([str(files / "p.c")], str(files / "m.yaml"), 4, [], interactive=False).result
    assert {p.sau for p in r.procs} == {"A-nodes"}


@pytest.mark.parametrize("text,fragment", [
    ('processes:\n  "0-4": A-nodes\n', "has 4 unit(s) but more processes"),
    ('processes:\n  "0": Z\n', "not an SAU"),
    ('processes:\n  "0": A-net\n', "cannot run code"),
    ('processes:\n  "x": A-nodes\n', "ranks are 'N' or 'N-M'"),
    ('procs: {}\n', "a map file is a mapping"),
])
def test_bad_maps(files, text, fragment):
    (files / "bad.yaml").write_text(text)
    with pytest.raises(InputError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        predict([str(files / "p.c")], str(files / "m.yaml"), 5 if "0-4" in text else 4, [],
                interactive=False, map_file=str(files / "bad.yaml"))


def test_more_processes_than_nodes_is_an_error():
    with pytest.raises(InputError, match="17 processes asked for|has 16 unit"):
        predict(["samples/trapezoid_mpi.c"], "ipsc860", 17, ["n=10", "reps=1"], interactive=False)


@pytest.mark.parametrize("kind,shape,a,b,hops", [
    ("hypercube", None, 0, 15, 4), ("hypercube", None, 5, 6, 2),
    ("mesh", (4, 4), 0, 15, 6), ("torus", (4, 4), 0, 15, 2), ("ring", None, 0, 9, 7),
    ("crossbar", None, 3, 12, 1), ("fat-tree", None, 0, 1, 2), ("fat-tree", None, 0, 15, 8),
])
def test_hop_counts(kind, shape, a, b, hops):
    assert Topology(kind, 16, shape).hops(a, b) == hops


def test_ecube_route_corrects_low_dimensions_first():
    assert Topology("hypercube", 16).route(0, 7) == [(0, 1), (1, 3), (3, 7)]


def test_map_option_on_the_command_line(files, cli):
    r = cli("run", files / "p.c", "--machine", files / "m.yaml", "--procs", 4, "--map", files / "map.yaml",
            "--level", "aag")
    assert r.exit_code == 0, r.output
    assert "B-nodes" in r.stdout
    bad = cli("run", files / "p.c", "--machine", files / "m.yaml", "--procs", 4, "--map", files / "nope.yaml")
    assert bad.exit_code == 2 and "no such map file" in bad.stderr
