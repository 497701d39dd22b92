"""Malformed machine files: each gives one clear message naming the YAML path, and exit 2."""
import pytest

from test_sag_model import MINIMAL

CASES = [
    # (description, text transform, expected fragment of the message)
    ("bad unit", lambda t: t.replace("startup: 10 us", "startup: 10 furlongs"), "unknown unit 'furlongs'"),
    ("wrong dimension", lambda t: t.replace("startup: 10 us", "startup: 10 MB"), "is a size but this parameter is a time"),
    ("min > max", lambda t: t.replace("[2 clk, 4 clk]", "[4 clk, 2 clk]"), "range minimum"),
    ("unknown component key", lambda t: t.replace("comm_sync:\n", "network:\n"), "unknown SAU key 'network'"),
    ("unknown parameter", lambda t: t.replace("per_hop: 2 us", "per_hops: 2 us"), "unknown parameter 'per_hops'"),
    ("leaf not simple", lambda t: t.replace("      role: compute\n", "      role: compute\n      memory: compound\n"),
     "leaf SAU N must be simple"),
    ("unsafe expression", lambda t: t.replace("\"0.5*(1+load) us\"", "\"__import__('os').system('true') us\""),
     "not allowed"),
    ("yaml syntax", lambda t: t.replace("ops: {int_add", "ops: {int_add: [,"), "YAML syntax error"),
    ("duplicate id", lambda t: t.replace("id: N", "id: R"), "duplicate SAU id 'R'"),
    ("all void", lambda t: t + "    - id: V\n      processing: void\n", "every component void"),
    ("missing unit", lambda t: t.replace("startup: 10 us", "startup: 10"), "has no unit"),
    ("unknown name", lambda t: t.replace("0.5*(1+load)", "0.5*(1+wind)"), "unknown name 'wind'"),
    ("compound without refinement", lambda t: t.replace("processing: compound", "processing: compound\n  memory: compound"),
     "compound memory component of R has no child"),
    ("bad count", lambda t: t.replace("count: 4", "count: -4"), "count must be a positive integer"),
    ("bad topology", lambda t: t.replace("      comm_sync:\n", "      comm_sync:\n        topology: klein-bottle\n"),
     "unknown topology 'klein-bottle'"),
    ("no clock for clk", lambda t: t.replace("clock: 50 MHz", "max_procs: 4"), "no enclosing processing component gives a clock"),
]


@pytest.mark.parametrize("name,transform,fragment", CASES, ids=[c[0] for c in CASES])
def test_malformed_machine(cli, tmp_path, name, transform, fragment):
    bad = transform(MINIMAL)
    assert bad != MINIMAL, "the transform must change the file"
    path = tmp_path / "bad.yaml"
    path.write_text(bad)
    result = cli("machine", "check", path)
    assert result.exit_code == 2
    lines = [l for l in result.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, lines
    assert fragment in lines[0]
    assert str(path) in lines[0]
    assert "Traceback" not in result.output + result.stderr


def test_error_names_yaml_path_and_line(cli, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(MINIMAL.replace("per_hop: 2 us", "per_hop: 2 parsecs"))
    line = MINIMAL.splitlines().index(next(l for l in MINIMAL.splitlines() if "per_hop" in l)) + 1
    result = cli("machine", "check", path)
    assert f"{path}:{line}: sag.children[0].comm_sync.static.per_hop: unknown unit 'parsecs'" in result.stderr


def test_several_problems_are_all_reported(cli, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(MINIMAL.replace("10 us", "10 xs").replace("2 us", "2 ys"))
    result = cli("machine", "check", path)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 2


def test_missing_file_and_unknown_name(cli, tmp_path):
    r = cli("machine", "check", tmp_path / "nope.yaml")
    assert r.exit_code == 2 and "no such machine file" in r.stderr
    r = cli("machine", "show", "cray-9000")
    assert r.exit_code == 2 and "no shipped machine 'cray-9000'" in r.stderr


def test_check_ok_and_show(cli):
    r = cli("machine", "check", "ipsc860")
    assert r.exit_code == 0 and r.stdout.startswith("ok: Intel iPSC/860")
    r = cli("machine", "show", "ipsc860")
    assert r.exit_code == 0
    assert "SAU-0010 x16" in r.stdout and "static.per_hop=11 us" in r.stdout
    assert max(len(l) for l in r.stdout.splitlines()) <= 120


def test_show_scaled(cli):
    r = cli("machine", "show", "ipsc860", "--scale", "comm_sync.per_hop=2")
    assert "static.per_hop=22 us" in r.stdout and "dynamic.per_hop=66 us" in r.stdout
