"""benchmarks/vs_smpi.py without SimGrid: the "skipped" path, and that the SMPI platform and the
interp machine it writes describe the same network (issue 16). No timing is asserted."""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

import sag

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import vs_smpi  # noqa: E402


def test_skipped_without_smpirun(tmp_path):
    # A PATH with no smpirun on it (an empty directory): the benchmark says so and succeeds.
    env = dict(os.environ, PATH=str(tmp_path), PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "vs_smpi.py")], capture_output=True,
                         text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "skipped: smpirun not installed\n"


@pytest.fixture(scope="module")
def node():
    # Any machine file with a compute SAU stands for the calibrated node here (CI has no
    # calibration); the iPSC/860's cube node, whose own hypercube network must be replaced.
    return yaml.safe_load((ROOT / "sag" / "machines" / "ipsc860.yaml").read_text())


# SimGrid's units, written out by hand for this test (simgrid.org, "Platform description": lat in
# seconds with s/ms/us/ns, bw in bytes per second with Bps/kBps/MBps/GBps).
SECONDS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}
BPS = {"Bps": 1.0, "kBps": 1e3, "MBps": 1e6, "GBps": 1e9}


def simgrid(text, units):
    for suffix in sorted(units, key=len, reverse=True):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * units[suffix]
    raise AssertionError(text)


def test_platform_and_machine_carry_the_same_numbers(tmp_path, node):
    plat, hosts, machine = vs_smpi.write_inputs(tmp_path, 16, node)
    cluster = ET.parse(plat).getroot().find("cluster")
    lat, bw = simgrid(cluster.get("lat"), SECONDS), simgrid(cluster.get("bw"), BPS)
    # The platform chosen in the benchmark: 2.5 us and 1.25 GB/s per link.
    assert lat == pytest.approx(2.5e-6, rel=1e-12) and bw == pytest.approx(1.25e9, rel=1e-12)
    assert cluster.get("speed") == vs_smpi.HOST_SPEED
    # 16 hosts node-0..node-15 (prefix + radical), one rank each in the host file, in rank order.
    assert (cluster.get("prefix"), cluster.get("radical"), cluster.get("suffix")) == ("node-", "0-15", "")
    assert hosts.read_text().split() == [f"node-{i}" for i in range(16)]
    # No backbone: a route is the sender's link then the receiver's.
    assert cluster.get("bb_bw") is None and cluster.get("bb_lat") is None

    loaded = sag.open_machine(str(machine))
    computes = [s for s in loaded.walk() if s.role == "compute"]
    assert len(computes) == 1 and computes[0].count == 16
    cs = computes[0].effective("comm_sync")
    assert computes[0].setting("comm_sync", "topology") == "crossbar"
    # A message through two SimGrid links costs 2 x lat + m / bw (CM02): startup 2 x 2.5 us = 5 us,
    # per byte 1 / 1.25e9 B/s = 0.8 ns; interp's crossbar route is one hop and has no per_hop.
    assert cs["static.startup"].value() == pytest.approx(2 * lat, rel=1e-12) == pytest.approx(5e-6)
    assert cs["static.per_byte"].value() == pytest.approx(1 / bw, rel=1e-12) == pytest.approx(0.8e-9)
    assert "static.per_hop" not in cs and "dynamic.startup" not in cs
    # The 8-byte halo message: 5 us + 8 x 0.8 ns = 5.0064 us on both tools.
    assert cs["static.startup"].value() + 8 * cs["static.per_byte"].value() == pytest.approx(5.0064e-6, rel=1e-12)
    # The node is the given file's: the iPSC/860's 40 MHz clock and Table 1's 1-clock int add
    # (25 ns), with max_procs raised to the 16 processes.
    proc = computes[0].effective("processing")
    assert proc["clock"].value() == pytest.approx(40e6, rel=1e-12)
    assert proc["ops.int_add"].value() == pytest.approx(25e-9, rel=1e-12)
    assert proc["max_procs"].value() == 16


def test_unit_value_refuses_what_it_cannot_read():
    assert vs_smpi.unit_value("2.5us", vs_smpi._SECONDS) == pytest.approx(2.5e-6)
    with pytest.raises(ValueError, match="expected a number followed by one of"):
        vs_smpi.unit_value("2.5 fortnights", vs_smpi._SECONDS)


def test_interp_half_of_the_benchmark(tmp_path, node):
    """The interp runs as the benchmark times them (fresh processes, default text report), on
    the generated machine with the iPSC/860 node: the report is read, the default run stands for
    every event of --exact, and both print the same predicted time."""
    prog = tmp_path / "stencil.c"
    prog.write_text(vs_smpi.PROGRAM)
    machine = vs_smpi.write_inputs(tmp_path, 4, node)[2]
    fast = vs_smpi.interp_run(prog, machine, 4, 4000, False, tmp_path)
    exact = vs_smpi.interp_run(prog, machine, 4, 4000, True, tmp_path)
    assert fast["shown"] == exact["shown"] and fast["predicted"] == exact["predicted"] > 0
    assert fast["represented"] == exact["events"] == exact["represented"]
    # Rank symmetry and the period-10 steady state leave far fewer events interpreted.
    assert fast["events"] < exact["events"] / 4
    assert fast["wall"] > 0 and fast["rss_mb"] > 0


def test_read_report_takes_the_header_and_total():
    text = ("program: s.c\nprocesses: 1024   bound: mid   events interpreted: 630 (+ 270 in extrapolated "
            "steady-state iterations, + 920,700 of the processes rank 0 stood for)\n\npredicted time: 1.743 ms\n")
    # 630 + 270 + 920,700 = 921,600 represented; 1.743 ms = 1.743e-3 s.
    assert vs_smpi.read_report(text) == {"predicted": pytest.approx(1.743e-3, rel=1e-12),
                                         "shown": "predicted time: 1.743 ms", "events": 630,
                                         "represented": 921_600}
    with pytest.raises(SystemExit, match="no predicted time"):
        vs_smpi.read_report("program: s.c\n")
