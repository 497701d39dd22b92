"""The shipped machine files beyond the iPSC/860 cube: SP2, Paragon, T3D (seed paper 003,
Xu & Hwang 1996), the HHPC environment of paper 001 Figures 4-8, and the iPSC/860 SRM side.

Expected values are computed by hand from the papers' tables; the arithmetic is in the comments.
"""
import pytest
from click.testing import CliRunner

import sag
from interp.cli import main
from sag import Bound

MIN, MAX, MID = Bound("min"), Bound("max"), Bound("mid")
NEW = ["sp2", "paragon", "t3d", "hhpc-example"]
ALL = NEW + ["ipsc860"]


def _node(name):
    return sag.open_machine(name).find("SAU-00")


# -- every file checks and every parameter cites a source ----------------------------------------

@pytest.mark.parametrize("name", ALL)
def test_machine_check_exits_zero(name):
    r = CliRunner().invoke(main, ["machine", "check", name])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("ok: ")


@pytest.mark.parametrize("name", ALL)
def test_every_parameter_has_a_source(name):
    params = list(sag.open_machine(name).parameters())
    assert params
    for sau, key, p in params:
        assert p.source and p.source.strip(), f"{name}: {sau.id} {key} has no source"
        # A value evaluates in SI units at both ends of its range (constants need no env).
        if not p.names:
            assert p.value(MIN) <= p.value(MAX)


@pytest.mark.parametrize("name", ALL)
def test_machine_show_all_sources(name):
    r = CliRunner().invoke(main, ["machine", "show", name, "--all", "--sources"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["machine", "show", name])
    assert max(len(line) for line in r.output.splitlines()) <= 120


# -- SP2 (paper 003) ---------------------------------------------------------------------------

def test_sp2_table1_and_configuration():
    m = sag.open_machine("sp2")
    node = m.find("SAU-00")
    assert m.root.id == "SAU-0" and m.root.kind == "compound"
    assert node.role == "compute" and node.count == 256   # section 3.3: n up to 256
    p = node.effective("processing")
    assert p["peak_flops"].value() == pytest.approx(267e6)          # Table 1: 267 Mflop/s
    assert p["clock"].value() == pytest.approx(1 / 15e-9)           # 15 ns cycle = 66.67 MHz
    assert p["max_procs"].value() == 256
    assert p["machine.process_create"].value() == pytest.approx(10000e-6)  # section 3.3.1
    assert p["machine.group_create"].value() == pytest.approx(1000e-6)
    mem = node.effective("memory")
    assert mem["cache.size"].value(MIN) == 64 * 1024                # Table 1: 64-256 KB
    assert mem["cache.size"].value(MAX) == 256 * 1024
    assert mem["main.size"].value(MIN) == 64 * 1024**2              # Table 1: 64 MB-2 GB
    assert mem["main.size"].value(MAX) == 2 * 1024**3
    c = node.effective("comm_sync")
    assert c["bandwidth"].value() == pytest.approx(35e6)             # Table 1: 35 MB/s
    assert node.setting("comm_sync", "topology") is None             # multistage HPS: omitted
    assert "static.per_hop" not in c                                 # equal distance (3.3.2)


def test_sp2_point_to_point_hockney():
    c = _node("sp2").effective("comm_sync")
    t0, per_byte = c["static.startup"].value(), c["static.per_byte"].value()
    assert t0 == pytest.approx(46e-6) and per_byte == pytest.approx(0.035e-6)
    # Section 3.3.2: t = 46 + 0.035 m us; m = 1000 B: 46 + 35 = 81 us.
    assert t0 + per_byte * 1000 == pytest.approx(81e-6, rel=1e-12)
    # Asymptotic bandwidth r_inf = 1/0.035 = 28.57 MB/s (section 3.3.2).
    assert 1 / per_byte == pytest.approx(28.57e6, rel=1e-3)
    # Against Table 3 (one-way times, n = 2): 4 B -> 46 us measured; the fit gives 46.14 us.
    assert t0 + per_byte * 4 == pytest.approx(46.14e-6, rel=1e-9)


# Each collective at m = 1024 bytes, n = 64 processes (log2 64 = 6), in us, from Tables 4 and 5:
#   bcast          52*6 + 0.029*6*1024             = 312 + 178.176        = 490.176
#   gather/scatter 17*6 + 15 + (0.025*64 - 0.02)*1024 = 117 + 1.58*1024  = 1734.92
#   alltoall       80*6 + 0.03*64**1.29*1024;  64**1.29 = 2**(6*1.29) = 2**7.74
#                  = 480 + 30.72*2**7.74
#   circular_shift 6*6 + 60 + (0.003*6 + 0.04)*1024 = 96 + 0.058*1024   = 155.392
#   barrier        94*6 + 10                                            = 574
#   reduce         20*6 + 23                                            = 143
#   scan           60*6 - 25                                            = 335
SP2_COLLECTIVES = [
    ("bcast", 490.176),
    ("gather", 1734.92),
    ("scatter", 1734.92),
    ("alltoall", 480 + 30.72 * 2**7.74),
    ("circular_shift", 155.392),
    ("barrier", 574.0),
    ("reduce", 143.0),
    ("scan", 335.0),
]


@pytest.mark.parametrize("name,us", SP2_COLLECTIVES)
def test_sp2_collectives_at_one_point(name, us):
    p = _node("sp2").effective("comm_sync")[f"collectives.{name}"]
    assert p.source and "Table" in p.source
    assert p.value(MID, m=1024, n=64) == pytest.approx(us * 1e-6, rel=1e-9)


def test_sp2_barrier_256_nodes_matches_paper_text():
    # Section 3.3.4: "over 256 processors, the barrier overhead is 768 us"; the Table 5 fit
    # gives 94*log2(256) + 10 = 94*8 + 10 = 762 us (log base 2; natural log would give 531 us).
    p = _node("sp2").effective("comm_sync")["collectives.barrier"]
    assert p.value(n=256) == pytest.approx(762e-6, rel=1e-12)
    assert abs(p.value(n=256) - 768e-6) / 768e-6 < 0.01


def test_sp2_broadcast_matches_table9_step():
    # Table 9: broadcast 0.012, 0.014, 0.016 s at n = 64, 128, 256 -- a step of 0.002 s per
    # doubling. With m = 64 KB the Table 4 formula steps by 52 + 0.029*65536 = 1952.5 us.
    p = _node("sp2").effective("comm_sync")["collectives.bcast"]
    t = [p.value(m=65536, n=n) for n in (64, 128, 256)]
    assert t[1] - t[0] == pytest.approx(1952.544e-6, rel=1e-9)
    for got, table9 in zip(t, (0.012, 0.014, 0.016)):
        assert got == pytest.approx(table9, rel=0.03)


# -- Paragon and T3D (paper 003 Table 1 vendor figures) ----------------------------------------

def test_paragon_values():
    node = _node("paragon")
    assert node.role == "compute" and node.count == 400             # abstract: 400-node SDSC
    p = node.effective("processing")
    assert p["peak_flops"].value() == pytest.approx(100e6)          # Table 1: 100 Mflop/s
    assert p["clock"].value() == pytest.approx(50e6)                # 20 ns cycle
    mem = node.effective("memory")
    assert mem["cache.size"].value() == 16 * 1024                   # Table 1: 16 KB
    assert mem["main.size"].value() == 16 * 1024**2                 # 2.2.2: 16 MB at SDSC
    assert node.setting("comm_sync", "topology") == "mesh"
    c = node.effective("comm_sync")
    # Table 1: 30 us, 175 MB/s. m = 1000 B: 30 us + 1000/175 us = 30 + 5.714286 = 35.714286 us.
    t = c["static.startup"].value() + c["static.per_byte"].value() * 1000
    assert t == pytest.approx((30 + 1000 / 175) * 1e-6, rel=1e-12)
    assert c["bandwidth"].value() == pytest.approx(175e6)


def test_t3d_values():
    node = _node("t3d")
    assert node.role == "compute" and node.count == 128             # abstract: 128-node T3D
    p = node.effective("processing")
    assert p["peak_flops"].value() == pytest.approx(150e6)          # Table 1: 150 Mflop/s
    assert p["clock"].value() == pytest.approx(150e6)
    assert p["max_procs"].value() == 128
    mem = node.effective("memory")
    assert mem["cache.size"].value() == 8 * 1024                    # Table 1: 8 KB
    assert (mem["main.size"].value(MIN), mem["main.size"].value(MAX)) == (32 * 1024**2, 64 * 1024**2)
    assert node.setting("comm_sync", "topology") == "torus"
    c = node.effective("comm_sync")
    # Table 1: 2 us, 150 MB/s. m = 1500 B: 2 us + 1500/150 us = 2 + 10 = 12 us.
    t = c["static.startup"].value() + c["static.per_byte"].value() * 1500
    assert t == pytest.approx(12e-6, rel=1e-12)


# -- HHPC environment of paper 001 Figures 4-8 --------------------------------------------------

# (id, level, parent) from the paper's Level 0-4 text (section 3.2.2).
HHPC_TREE = [
    ("SAU-0", 0, None),
    ("SAU-00", 1, "SAU-0"), ("SAU-01", 1, "SAU-0"), ("SAU-02", 1, "SAU-0"),
    ("SAU-000", 2, "SAU-00"), ("SAU-001", 2, "SAU-00"), ("SAU-002", 2, "SAU-00"),
    ("SAU-020", 2, "SAU-02"), ("SAU-021", 2, "SAU-02"), ("SAU-022", 2, "SAU-02"),
    ("SAU-023", 2, "SAU-02"),
    ("SAU-0010", 3, "SAU-001"), ("SAU-0011", 3, "SAU-001"), ("SAU-0012", 3, "SAU-001"),
    ("SAU-00100", 4, "SAU-0010"), ("SAU-00101", 4, "SAU-0010"),
]


def test_hhpc_ids_and_levels_follow_the_paper():
    m = sag.open_machine("hhpc-example")
    got = {s.id: s.level for s in m.walk()}
    assert got == {i: lvl for i, lvl, _ in HHPC_TREE}
    for sau_id, _, parent in HHPC_TREE:
        p = m.parent_of(sau_id)
        assert (p.id if p else None) == parent


def test_hhpc_component_kinds_follow_the_paper():
    m = sag.open_machine("hhpc-example")

    def kinds(i):
        s = m.find(i)
        return tuple(s.component(c).kind for c in ("processing", "memory", "comm_sync", "io"))

    C, S, V = "compound", "simple", "void"
    assert kinds("SAU-0") == (C, V, V, V)        # Level 0
    assert kinds("SAU-00") == (C, V, V, V)       # Level 1
    assert kinds("SAU-02") == (C, V, V, V)
    assert kinds("SAU-01") == (V, V, S, V)       # the LAN
    assert kinds("SAU-001") == (C, V, V, V)      # Level 2: iPSC/860 system
    assert kinds("SAU-002") == (V, V, S, V)      # HSBN-1
    assert kinds("SAU-022") == (V, V, S, V)      # HSBN-2
    assert kinds("SAU-023") == (V, V, V, S)      # file server: simple I/O only
    assert kinds("SAU-020")[0] == S and kinds("SAU-021")[0] == S   # HPW: simple processing
    assert kinds("SAU-0011") == (V, V, S, V)     # Level 3: SRM-cube link
    assert kinds("SAU-0012")[0] == S             # SRM: simple processing
    assert m.find("SAU-0010").component("memory").kind == C


def test_hhpc_roles_and_links():
    m = sag.open_machine("hhpc-example")
    assert m.find("SAU-01").role == "link" and set(m.find("SAU-01").connects) == {"SAU-00", "SAU-02"}
    assert set(m.find("SAU-002").connects) == {"SAU-000", "SAU-001"}
    assert set(m.find("SAU-022").connects) == {"SAU-020", "SAU-021", "SAU-023"}
    assert set(m.find("SAU-0011").connects) == {"SAU-0010", "SAU-0012"}
    assert m.find("SAU-0012").role == "host"
    assert m.find("SAU-023").role == "storage"
    assert {s.id for s in m.by_role("compute")} == {"SAU-000", "SAU-0010", "SAU-020", "SAU-021"}


def test_hhpc_standard_rates():
    m = sag.open_machine("hhpc-example")
    lan = m.find("SAU-01").effective("comm_sync")["bandwidth"]
    assert lan.value(MIN) == pytest.approx(10e6 / 8)     # Ethernet 10 Mbit/s = 1.25 MB/s
    assert lan.value(MAX) == pytest.approx(100e6 / 8)    # FDDI 100 Mbit/s = 12.5 MB/s
    for hsbn in ("SAU-002", "SAU-022"):                  # HIPPI 800 Mbit/s = 100 MB/s
        assert m.find(hsbn).effective("comm_sync")["bandwidth"].value() == pytest.approx(100e6)
    disk = m.find("SAU-023").effective("io")["device.transfer_rate"]
    assert (disk.value(MIN), disk.value(MAX)) == (5e6, 10e6)
    cm2 = m.find("SAU-000").effective("processing")["max_procs"]
    assert (cm2.value(MIN), cm2.value(MAX)) == (4096, 65536)


def test_hhpc_ipsc860_subtree_equals_ipsc860_file():
    """SAU-0010..SAU-0012 (and the cube's memory parts) carry exactly the ipsc860.yaml values."""
    hh, ip = sag.open_machine("hhpc-example"), sag.open_machine("ipsc860")
    ids = ["SAU-0010", "SAU-00100", "SAU-00101", "SAU-0011", "SAU-0012"]
    for i in ids:
        a, b = hh.find(i), ip.find(i)
        assert a.count == b.count and a.role == b.role and a.connects == b.connects
        for comp in ("processing", "memory", "comm_sync", "io"):
            ca, cb = a.component(comp), b.component(comp)
            assert ca.kind == cb.kind and ca.settings == cb.settings
            assert set(ca.params) == set(cb.params)
            for key, pa in ca.params.items():
                pb = cb.params[key]
                assert pa.source == pb.source
                if not pa.names:
                    for bound in (MIN, MAX):
                        assert pa.value(bound) == pb.value(bound)


# -- iPSC/860 SRM side (paper 001 Level 3) -------------------------------------------------------

def test_ipsc860_srm_side():
    m = sag.open_machine("ipsc860")
    assert [c.id for c in m.root.children] == ["SAU-0010", "SAU-0011", "SAU-0012"]
    link, srm = m.find("SAU-0011"), m.find("SAU-0012")
    assert link.role == "link" and link.connects == ("SAU-0010", "SAU-0012")
    assert link.kind == "simple" and link.setting("comm_sync", "routing") == "direct"
    # No timing is citable for the SRM-cube link: it exports no numeric parameter.
    assert link.component("comm_sync").params == {}
    assert srm.role == "host" and srm.kind == "simple"
    assert srm.effective("processing")["max_procs"].value() == 1   # "a 80386 based host processor"
    # The cube is unchanged: Table 3 static startup 70 us + 0.42 us/B * 100 B + 11 us * 2 hops
    # = 70 + 42 + 22 = 134 us.
    c = m.find("SAU-0010").effective("comm_sync")
    t = c["static.startup"].value() + c["static.per_byte"].value() * 100 + c["static.per_hop"].value() * 2
    assert t == pytest.approx(134e-6, rel=1e-12)

