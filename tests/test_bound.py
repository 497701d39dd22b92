"""Seed 004 (van Gemund, PAMELA): switching models, the contention bound and `interp bound`.

Every expected value is derived by hand from the paper's model (section 3.7, Eq. 2-5) or from the
switching model's definition (interp/filter/switching.py); the derivation is next to it.
"""
import math

import pytest
import sympy

from interp.bound.analysis import analyse
from interp.errors import InputError
from interp.pipeline import predict

TRANSFERS = "samples/pamela/t800_transfers_mpi.c"

# Seed 004 section 3.7: move(s, r, l) = par (i = 1, ceil(l/120)) { seq (k = 2, K-1) { use(f_nk, 181)
# || use(x_nk, 108) }; use(x_r, 108) } [us]. For l = 10^6: ceil(10^6 / 120) = 8334 packets, so
# one transfer puts 8334 * 108 us = 0.900072 s on each link it crosses and 8334 * 181 us =
# 1.508454 s on the forwarding of node 1 when it goes on to node 2. All transfers leave node 0, so
# link 0->1 carries every transfer; (0,2) transfers also use forwarding at 1 and link 1->2.
K = math.ceil(1e6 / 120)
X, F = K * 108e-6, K * 181e-6
TABLE1 = [
    # (pattern, A = transfers (0,1), B = transfers (0,2), T^l = max over resources of delta)
    ("(0,1)", 1, 0, X),                          # link 0->1: X                   = 0.900072
    ("(0,2)", 0, 1, F),                          # forwarding 1: F > link 0->1: X = 1.508454
    ("(0,1)^2", 2, 0, 2 * X),                    # link 0->1: 2X                  = 1.800144
    ("(0,2)^2", 0, 2, 2 * F),                    # forwarding 1: 2F               = 3.016908
    ("(0,1)||(0,2)", 1, 1, 2 * X),               # link 0->1: 2X > F              = 1.800144
    ("(0,1)^2||(0,2)", 2, 1, 3 * X),             # link 0->1: 3X > F              = 2.700216
    ("(0,1)||(0,2)^2", 1, 2, 2 * F),             # forwarding 1: 2F > 3X          = 3.016908
    ("(0,1)^3||(0,2)^3", 3, 3, 6 * X),           # link 0->1: 6X > 3F             = 5.400432
]
ISSUE_VALUES = [0.900072, 1.508454, 1.800144, 3.016908, 1.800144, 2.700216, 3.016908, 5.400432]


def test_table1_values_are_the_issue_values():
    assert [round(t, 6) for _, _, _, t in TABLE1] == ISSUE_VALUES


@pytest.mark.parametrize("pattern,a,b,tl", TABLE1, ids=[p for p, *_ in TABLE1])
def test_table1_lower_bound_and_prediction(pattern, a, b, tl):
    defines = [f"A={a}", f"B={b}"]
    bound = analyse([TRANSFERS], "t800", 3, defines, interactive=False)
    assert bound.tl == pytest.approx(tl, rel=1e-6)
    # phi: one packet's path (Eq. 2 on the par over packets): 108 us to node 1; to node 2,
    # max(181, 108) at node 1 then 108 us into node 2 = 289 us. Far below omega in every row.
    assert bound.phi == pytest.approx(289e-6 if b else 108e-6, rel=1e-9)
    assert bound.binding == ("forwarding at node 1" if tl in (F, 2 * F) else "link 0->1")
    full = predict([TRANSFERS], "t800", 3, defines, interactive=False).result.total
    assert full >= bound.tl * (1 - 1e-12)  # equal in the rows the link binds (up to rounding)


def test_max_min_fair_sharing_of_link_and_forwarding():
    # (0,1) || (0,2)^2 with max-min fair packet rates (engine/packets.py): link 0->1 would give
    # each of the 3 flows one packet per 3 * 108 = 324 us, but forwarding at 1 saturates first,
    # its 2 flows at one packet per 2 * 181 = 362 us. The (0,1) flow takes the rest of the link:
    # 1 - 2 * 108/362 = 146/362, one packet per 108 * 362/146 us, and ends at
    # K * 108 * 362 / 146 us; it frees no resource the (0,2) flows are short of, so they end at
    # K * 362 us plus the pipeline fill (289 - 181 = 108 us) of their last packet.
    r = predict([TRANSFERS], "t800", 3, ["A=1", "B=2"], interactive=False).result
    end = {p.label: p.end for p in r.procs}
    assert end["rank 2"] == pytest.approx(K * 362e-6 + 108e-6, rel=1e-12)
    assert end["rank 1"] == pytest.approx(K * 108e-6 * 362 / 146, rel=1e-12)
    assert r.total == pytest.approx(K * 362e-6 + 108e-6, rel=1e-12)


# -- switching models: one message over three hops --------------------------------------------

LINE = """name: line of four nodes
sag:
  id: S
  processing: compound
  children:
    - id: N
      role: compute
      count: 4
      processing: {{max_procs: 4}}
      comm_sync:
        topology: mesh
        shape: [4]
{comm}
"""
CIRCUIT = """        switching: {switching}
        static: {{startup: 5 us, per_byte: 1 us, per_hop: 10 us}}"""
PACKET = """        switching: {switching}
        static: {{startup: 5 us}}
        packet: 100 B
        packet_link: 12 us
        packet_forward: 20 us"""
ONE_MESSAGE = """#include <mpi.h>
int main(int argc, char **argv)
{
    int rank;
    char buf[1000];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(buf, 1000, MPI_BYTE, 3, 0, MPI_COMM_WORLD);
    else if (rank == 3)
        MPI_Recv(buf, 1000, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def _line(tmp_path, comm):
    machine = tmp_path / "line.yaml"
    machine.write_text(LINE.format(comm=comm))
    prog = tmp_path / "one.c"
    prog.write_text(ONE_MESSAGE)
    return str(prog), str(machine)


@pytest.mark.parametrize("switching,template,expected", [
    # Circuit: the route 0->1->2->3 is held for the whole message:
    # startup + m * per_byte + h * per_hop = 5 + 1000 * 1 + 3 * 10 = 1035 us.
    ("circuit", CIRCUIT, 1035e-6),
    # Store-and-forward: the whole message crosses each of the 3 links in turn:
    # startup + h * (m * per_byte + per_hop) = 5 + 3 * (1000 + 10) = 3035 us.
    ("store-and-forward", CIRCUIT, 3035e-6),
    # Packet: ceil(1000/100) = 10 packets; hops into nodes 1 and 2 take max(link 12, forward 20) =
    # 20 us, the hop into node 3 takes 12 us: one packet's path 52 us, slowest stage 20 us;
    # startup + 10 * 20 + (52 - 20) = 5 + 232 = 237 us.
    ("packet", PACKET, 237e-6),
    ("wormhole", PACKET, 237e-6),
])
def test_one_message_over_three_hops(tmp_path, switching, template, expected):
    prog, machine = _line(tmp_path, template.format(switching=switching))
    r = predict([prog], machine, 4, interactive=False).result
    assert r.total == pytest.approx(expected, rel=1e-12)


def test_store_and_forward_demand_is_one_hop_per_link(tmp_path):
    # Each of the 3 links carries the message once: m * per_byte + per_hop = 1010 us; the
    # critical path is the message's whole way, 3035 us, so it binds.
    prog, machine = _line(tmp_path, CIRCUIT.format(switching="store-and-forward"))
    b = analyse([prog], machine, 4, interactive=False)
    links = {d.name: float(d.delta) for d in b.resources if d.name.startswith("link")}
    assert links == pytest.approx({"link 0->1": 1010e-6, "link 1->2": 1010e-6, "link 2->3": 1010e-6})
    assert b.phi == pytest.approx(3035e-6) and b.binding == "critical path (phi)"


@pytest.mark.parametrize("comm,fragment", [
    (PACKET.format(switching="packet").replace("        packet_forward: 20 us", ""),
     "switching is packet: give comm_sync.packet_forward"),
    (CIRCUIT.format(switching="circuit") + "\n        packet: 100 B",
     "switching is circuit, which does not cut messages into packets, but comm_sync.packet is given"),
    (PACKET.format(switching="packet") + "\n        static_x: 1",
     "unknown parameter"),
    (PACKET.format(switching="wormhole").replace("static: {startup: 5 us}", "static: {per_byte: 1 us}"),
     "comm_sync.static.per_byte would be ignored; remove it"),
])
def test_switching_errors_are_one_clear_message(cli, tmp_path, comm, fragment):
    prog, machine = _line(tmp_path, comm)
    r = cli("run", prog, "--machine", machine, "-p", 4)
    assert r.exit_code == 2
    assert fragment in r.stderr and "Traceback" not in r.stderr
    with pytest.raises(Exception):
        predict([prog], machine, 4, interactive=False)


def test_unmodelled_switching_word_is_refused(cli, tmp_path):
    prog, machine = _line(tmp_path, CIRCUIT.format(switching="cut-through"))
    r = cli("run", prog, "--machine", machine, "-p", 4)
    assert r.exit_code == 2 and "cut-through" in r.stderr


# -- the commands ------------------------------------------------------------------------------

def test_bound_command_prints_phi_omega_and_binding(cli):
    r = cli("bound", TRANSFERS, "--machine", "t800", "--procs", 3, "-D", "A=1", "-D", "B=2")
    assert r.exit_code == 0, r.output
    assert "T^l = max(phi, omega)                          3.016908 s  bound by: forwarding at node 1" in r.stdout
    assert "link 0->1                                2.700216 s" in r.stdout


def test_run_bound_analysis_prints_the_bound_beside_the_prediction(cli):
    r = cli("run", TRANSFERS, "--machine", "t800", "--procs", 3, "-D", "A=3", "-D", "B=3", "--bound-analysis",
            "--level", "aag")
    assert r.exit_code == 0, r.output
    assert "lower bound T^l              5.400432 s  bound by: link 0->1" in r.stdout
    assert "T / T^l" in r.stdout
    bad = cli("run", TRANSFERS, "--machine", "t800", "--procs", 3, "-D", "A=1", "-D", "B=0", "--bound-analysis",
              "--format", "csv")
    assert bad.exit_code == 2 and "CSV" in bad.stderr


def test_symbolic_run_on_a_packet_network_is_refused():
    with pytest.raises(InputError, match="use interp bound --symbolic"):
        predict([TRANSFERS], "t800", 3, ["A=1", "B=0", "L=1000000"], interactive=False, symbolic=["L"])


# -- closed forms (--symbolic) of the paper's examples ------------------------------------------

def _symbols(*names):
    return [sympy.Symbol(n, positive=True) for n in names]


def test_pipeline_closed_form():
    # Section 3.1: T^l = max(sum tau_m, N max tau_m). Rank 0 -> rank 3 on the T800 row 0-1-2-3:
    # the stages are the hops, tau = (max(181, 108), max(181, 108), 108) us, sum 470 us, max
    # 181 us, and the N data sets are the message's ceiling(L/120) packets.
    (L,) = _symbols("L")
    b = analyse(["samples/pamela/pipeline_mpi.c"], "t800", 4, ["M=3", "L=1000000"], symbolic=["L"],
                interactive=False)
    expected = sympy.Max(sympy.Rational(470, 10**6), sympy.Rational(181, 10**6) * sympy.ceiling(L / 120))
    for value in (1, 120, 121, 300, 10**6):
        assert float(b.symbolic.tl.subs(L, value)) == pytest.approx(float(expected.subs(L, value)), rel=1e-12)
    assert b.tl == pytest.approx(181e-6 * K, rel=1e-12)  # at the sample L = 10^6: omega binds


@pytest.mark.parametrize("axis,coefficient", [
    # Section 3.6 with N = 64, P = 4: j axis, each process updates its N/P = 16 columns of rows
    # 1..N-2: (N-2) N/P = 62 * 16 = 992 updates, no messages (linear speedup).
    (0, 992),
    # i axis: the rows run through the processes in turn: (N-2) N = 62 * 64 = 3968 updates on the
    # critical path (no speedup), plus P-1 = 3 row messages of 512 bytes = 5 packets, each one
    # packet's path on phi: 3 * 108 us.
    (1, 3968),
])
def test_adi_closed_forms(axis, coefficient):
    (tau_u,) = _symbols("tau_u")
    b = analyse(["samples/pamela/adi_mpi.c"], "t800", 4, ["N=64", f"AXIS={axis}", "tau_u=1e-6"],
                symbolic=["tau_u"], interactive=False)
    phi = sympy.expand(b.symbolic.phi)
    assert float(phi.coeff(tau_u)) == pytest.approx(coefficient, rel=1e-12)
    assert float(phi.subs(tau_u, 0)) == pytest.approx(0 if axis == 0 else 3 * 108e-6, rel=1e-12)
    assert b.binding == "critical path (phi)" and b.tl == pytest.approx(coefficient * 1e-6 + (axis * 324e-6))


def test_machine_repair_closed_form():
    # Section 2.2: T^l = N max(P tau_s, tau_l + tau_s); N = 10 iterations, P = 4 clients. phi is a
    # client's N (tau_l + tau_s), the server's (bus) demand P N tau_s.
    tau_l, tau_s = _symbols("tau_l", "tau_s")
    b = analyse(["samples/pamela/mrm_mpi.c"], "samples/pamela/mrm_bus.yaml", 5, ["N=10", "tau_l=3", "tau_s=2"],
                symbolic=["tau_l", "tau_s"], interactive=False)
    assert b.symbolic.tl == 10 * sympy.Max(4 * tau_s, tau_l + tau_s)
    assert b.tl == pytest.approx(80.0) and b.binding == "bus (shared medium)"
    # below saturation (P tau_s < tau_l + tau_s) the critical path binds: tau_l = 7 s, 10 * 9 = 90 s
    low = analyse(["samples/pamela/mrm_mpi.c"], "samples/pamela/mrm_bus.yaml", 5, ["N=10", "tau_l=7", "tau_s=2"],
                  interactive=False)
    assert low.tl == pytest.approx(90.0) and low.binding == "critical path (phi)"
    full = predict(["samples/pamela/mrm_mpi.c"], "samples/pamela/mrm_bus.yaml", 5, ["N=10", "tau_l=3", "tau_s=2"],
                   interactive=False).result.total
    assert full >= b.tl


# -- closed forms in N and P (fitted over interpretations, interp/bound/fitted.py) --------------

@pytest.mark.parametrize("axis", [0, 1])
def test_adi_closed_forms_in_n_and_p(axis):
    # Section 3.6, with N and P symbolic. N decides the loop counts and P is the number of
    # processes, so both are fitted over a grid of interpretations; tau_u stays a symbol.
    # j axis: each process updates its B = N/P columns of rows 1..N-2: phi = (N-2) N/P tau_u, and
    # every processor's demand is the same (no messages).
    # i axis: the rows 1..N-2 of N updates each run through the processes one after the other:
    # (N-2) N tau_u, plus P-1 row messages on the chain, each one packet's path over one link of
    # the 4 x 4 mesh (ranks 0..3 are neighbours in its first row): 108 us each.
    N, P, tau_u = _symbols("N", "P", "tau_u")
    b = analyse(["samples/pamela/adi_mpi.c"], "t800", 4, ["N=16", f"AXIS={axis}", "tau_u=1e-6"],
                symbolic=["N", "P", "tau_u"], interactive=False)
    s = b.symbolic
    if axis == 0:
        assert sympy.simplify(s.phi - (N - 2) * N / P * tau_u) == 0
        assert sympy.simplify(s.tl - (N - 2) * N / P * tau_u) == 0
        assert dict(s.bounds) == {"processor of rank #": s.phi}
    else:
        assert sympy.simplify(s.phi - ((N - 2) * N * tau_u + sympy.Rational(108, 10**6) * (P - 1))) == 0
        # The links' demand is ceiling(8N / 120) packets x 108 us (no polynomial); the busiest
        # processor's is (N-2) N tau_u at P = 1, (B-1) N tau_u at P = 2, B N tau_u above (neither).
        assert {name for name, _ in s.left_out} == {"link #->#", "processor of rank #"}
    assert s.grid == {N: [4, 8, 12, 16, 24, 32], P: [1, 2, 3, 4]}
    # 16 is no multiple of 3 or 5: the program aborts there, and says so.
    assert [sorted(p.values()) for p in s.skipped["the program calls MPI_Abort at adi_mpi.c:37"]] == \
        [[3, 4], [3, 8], [3, 16], [3, 32], [5, 16]]
    holds = {(p[N], p[P]): diff is None for p, diff in s.checks}
    # Off the grid: N = 48 holds on both axes; P = 8 puts rank 4 on the mesh's second row, four
    # hops from rank 3 (three forwardings of 181 us and a 108 us link: 651 us, not 108 us), so the
    # i axis's message term no longer holds there, while the j axis has no messages.
    assert holds == {(48, 4): True, (16, 8): axis == 0}


def test_machine_repair_closed_form_in_n_and_p():
    # Section 2.2: T^l = N max(P' tau_s, tau_l + tau_s) with P' clients. interp's P is the number
    # of processes, the P' = P - 1 clients and the collector (mrm_mpi.c), so the form reads
    # N max((P-1) tau_s, tau_l + tau_s): phi is a client's chain N (tau_l + tau_s), the bus's
    # demand (P-1) N tau_s, a client's processor N tau_l.
    N, P, tau_l, tau_s = _symbols("N", "P", "tau_l", "tau_s")
    b = analyse(["samples/pamela/mrm_mpi.c"], "samples/pamela/mrm_bus.yaml", 5, ["N=10", "tau_l=3", "tau_s=2"],
                symbolic=["N", "P", "tau_l", "tau_s"], interactive=False)
    s = b.symbolic
    assert s.tl == N * sympy.Max((P - 1) * tau_s, tau_l + tau_s)
    assert sympy.simplify(s.phi - N * (tau_l + tau_s)) == 0
    assert dict(s.bounds) == {"bus (shared medium)": N * tau_s * (P - 1), "processor of rank #": N * tau_l}
    assert s.grid == {N: [5, 10, 15, 20], P: [2, 3, 4, 5]} and s.used == 16 and not s.skipped
    assert [(p[N], p[P], diff) for p, diff in s.checks] == [(30, 5, None), (10, 6, None), (10, 10, None)]
    assert b.tl == pytest.approx(80.0)  # the sample: 10 max(4 * 2, 3 + 2)


def test_bound_command_prints_fitted_closed_forms(cli):
    r = cli("bound", "samples/pamela/mrm_mpi.c", "--machine", "samples/pamela/mrm_bus.yaml", "-p", 5,
            "-D", "N=10", "-D", "tau_l=3", "-D", "tau_s=2", "--symbolic", "N", "--symbolic", "P",
            "--symbolic", "tau_l", "--symbolic", "tau_s")
    assert r.exit_code == 0, r.output
    assert "T^l   = N*Max(tau_s*(P - 1), tau_l + tau_s) s" in r.stdout
    assert "P = the number of processes (--procs)" in r.stdout
    assert "checked at N=10, P=10: the closed forms hold" in r.stdout
    bad = cli("bound", "samples/pamela/mrm_mpi.c", "--machine", "samples/pamela/mrm_bus.yaml", "-p", 5,
              "-D", "N=10", "-D", "tau_l=3", "-D", "tau_s=2", "--symbolic", "Q")
    assert bad.exit_code == 2 and "--symbolic Q: the program has no external input" in bad.stderr
    assert "P names the number of processes" in bad.stderr and "Traceback" not in bad.stderr
