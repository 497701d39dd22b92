"""Hostile machine files (issue 14, "Reliability"): every one is a clear error, never a traceback,
a hang, an "internal error" or a silently accepted nonsense value.

A clear error is exit code 2 and one line per problem naming the file, the line, the YAML path,
what is wrong and what to do. Each case here was found by a fuzz run of the machine-file path.
"""
import contextlib
import math
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import sag
from sag import Bound, ExprError, MachineErrors
from sag.errors import EvaluationError
from sag.whatif import parse_assignments, scale, with_runtime
from test_sag_model import MINIMAL

STARTUP = "sag.children[0].comm_sync.static.startup"
STARTUP_LINE = MINIMAL.splitlines().index(next(l for l in MINIMAL.splitlines() if "startup" in l)) + 1
TRAP = "samples/trapezoid_mpi.c"
ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def deadline(seconds=20):
    """Fail (instead of hanging the suite) when the block runs longer than ``seconds``."""
    def expired(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def check(cli, tmp_path, text, seconds=20):
    """``interp machine check`` on ``text``: asserts exit 2 and no traceback; returns stderr lines."""
    path = tmp_path / "hostile.yaml"
    path.write_text(text)
    with deadline(seconds):
        result = cli("machine", "check", path)
    out = result.output + result.stderr
    assert result.exit_code == 2, out[:2000]
    assert "Traceback" not in out and "internal error" not in out and "cannot check" not in out, out[:2000]
    lines = [l for l in result.stderr.splitlines() if l.strip()]
    assert all(l.startswith(str(path)) for l in lines), lines
    return lines


def check_in_subprocess(tmp_path, text, seconds=60):
    """``check`` in a child process with a time limit: a huge exact power is computed in C, where no
    signal interrupts it, so only a separate process can turn a hang into a test failure."""
    path = tmp_path / "hostile.yaml"
    path.write_text(text)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    try:
        r = subprocess.run([sys.executable, "-c", "from interp.cli import main; main()", "machine", "check",
                            str(path)], capture_output=True, text=True, timeout=seconds, env=env, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"machine check still running after {seconds} s")
    assert r.returncode == 2, r.stdout + r.stderr[-2000:]
    assert "Traceback" not in r.stderr and "cannot check" not in r.stderr, r.stderr[-2000:]
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert all(l.startswith(str(path)) for l in lines), lines
    return lines


def one_error(cli, tmp_path, text, *fragments, line=None, path=None, isolated=False):
    lines = check_in_subprocess(tmp_path, text) if isolated else check(cli, tmp_path, text)
    assert len(lines) == 1, lines
    msg = lines[0]
    if line is not None:
        assert f"hostile.yaml:{line}: " in msg, msg
    if path is not None:
        assert f": {path}: " in msg, msg
    for fragment in fragments:
        assert fragment in msg, (fragment, msg)
    return msg


def startup(value):
    return MINIMAL.replace("startup: 10 us", f"startup: {value}")


# -- 1. expressions: bounded, finite and real -------------------------------------------------------

EXPRESSIONS = [
    ('"1/0 us"', "'1/0' is infinite"),
    ('"log2(0) us"', "'log2(0)' is infinite"),
    ('"sqrt(-1) us"', "'sqrt(-1)' is not a real number"),
    ('"1/(m-m) us"', "'1/(m-m)' is infinite"),
    ('"2 + 1/0 us"', "'1/0' in '2 + 1/0' is infinite"),
    ('"(-8)**(1/3) us"', "not a real number"),
    ('"log(-1) us"', "not a real number"),
    ('"2**100000 us"', "exponent exceeds 1024"),
    ('"2**1000 us"', "its value would exceed 1e300"),
    ('"1e300*1e300 us"', "larger than 1e300"),
    ('"(10**200*m)**3 us"', "constant beyond 1e300"),
    ('"1e299 * 1e9 ns"', "larger than 1e300"),
    ('"1' + "0" * 320 + ' us"', "larger than 1e300"),
    ('"' + "-" * 200 + '1 us"', "nests deeper than 64"),
]


@pytest.mark.parametrize("value,fragment", EXPRESSIONS, ids=[e[0][:24] for e in EXPRESSIONS])
def test_expression_that_is_not_finite_is_an_error_with_line_and_path(cli, tmp_path, value, fragment):
    msg = one_error(cli, tmp_path, startup(value), fragment, line=STARTUP_LINE, path=STARTUP)
    assert "; " in msg.split(STARTUP)[1]  # ... what is wrong; what to do


EXPONENT = "exponent exceeds 1024"


@pytest.mark.parametrize("old,new,path,fragment", [
    ("startup: 10 us", 'startup: "10**10**10 us"', STARTUP, EXPONENT),
    ("clock: 50 MHz", 'clock: "10**10**10 MHz"', "sag.children[0].processing.clock", EXPONENT),
    ("int_add: [2 clk, 4 clk]", 'int_add: [2 clk, "9**9**9 clk"]', "sag.children[0].processing.ops.int_add", EXPONENT),
    ("clock: 50 MHz", "clock: 50 MHz\n        max_procs: '10**10**10'", "sag.children[0].processing.max_procs", EXPONENT),
    ('"(20 + 0.1*m)*log2(n) us"', '"m**(10**10) us"', "sag.children[0].comm_sync.collectives.bcast", EXPONENT),
    # each exponent is small, but the exact fraction's denominator would reach a billion digits
    ("startup: 10 us", 'startup: "(((1/3)**1024)**1024)**1024 us"', STARTUP, "too finely divided"),
], ids=["startup", "clock", "clk-range", "count", "of-m", "fraction"])
def test_huge_power_anywhere_in_the_file_ends_quickly(cli, tmp_path, old, new, path, fragment):
    text = MINIMAL.replace(old, new)
    assert text != MINIMAL
    one_error(cli, tmp_path, text, fragment, path=path, isolated=True)


def test_infinite_unit_product_and_clock_overflow(cli, tmp_path):
    # each constant is bounded, but the unit (GB = 1e9 B) takes it past 1e300 bytes
    text = MINIMAL.replace("per_hop: 2 us}", "per_hop: 2 us}\n        static_buffer: 1e299 GB")
    one_error(cli, tmp_path, text, "larger than 1e300", "in B", path="sag.children[0].comm_sync.static_buffer")


@pytest.mark.parametrize("clock,fragment", [
    ("1.0e+400", "inf is infinite"),  # a YAML float beyond 1e308 is inf
    ('"1e400 Hz"', "non-finite number"),
    ("0 Hz", "positive"),
    ("0.001 Hz", "below 1 Hz"),
    ("-5 MHz", "negative value"),
])
def test_clock_must_be_positive_and_finite(cli, tmp_path, clock, fragment):
    one_error(cli, tmp_path, MINIMAL.replace("clock: 50 MHz", f"clock: {clock}"), fragment,
              path="sag.children[0].processing.clock")


@pytest.mark.parametrize("yaml_value,fragment", [(".nan", "not a number (nan)"), (".inf", "infinite"),
                                                 ("1.0e+400", "infinite")])
def test_yaml_non_finite_numbers(cli, tmp_path, yaml_value, fragment):
    text = MINIMAL.replace("per_hop: 2 us}", f"per_hop: 2 us}}\n        overlap: {yaml_value}")
    one_error(cli, tmp_path, text, fragment, path="sag.children[0].comm_sync.overlap")
    one_error(cli, tmp_path, MINIMAL.replace("{load: 0}", f"{{load: {yaml_value}}}"), fragment,
              path="runtime.load")


def test_runtime_expression_infinite_at_the_default_is_caught_on_load(cli, tmp_path):
    msg = one_error(cli, tmp_path, startup('"1/load us"'), "infinite", "load=0", line=STARTUP_LINE,
                    path=STARTUP)
    assert "'1/load us'" in msg


def test_expression_infinite_for_some_message_size_is_caught_at_run_time(cli, tmp_path):
    path = tmp_path / "hostile.yaml"
    path.write_text(startup('"sqrt(m-1e9) us"'))
    assert cli("machine", "check", path).exit_code == 0  # finite for large messages
    with deadline(60):
        r = cli("run", TRAP, "--procs", "4", "-D", "n=1000", "-D", "reps=2", "--machine", path)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output + r.stderr and "internal error" not in r.stderr
    assert f"{path}:{STARTUP_LINE}: {STARTUP}: static.startup = 'sqrt(m-1e9) us'" in r.stderr
    assert "is undefined" in r.stderr and "for m=" in r.stderr


@pytest.mark.parametrize("expr,env,fragment", [
    ("2**m us", {"m": 1e6}, "too large to compute"),
    ("2**m us", {"m": 10**9}, "too large to compute"),  # an int argument must not compute 2**10**9 exactly
    ("log2(m) us", {"m": 0}, "undefined"),
    ("1/(m-1000) us", {"m": 1000}, "infinite (a division by zero)"),
    ("(m-8)**0.5 us", {"m": 4}, "not a real number"),
    ("1e299*m us", {"m": 1e9}, "larger than 1e300"),
])
def test_parameter_value_names_path_line_and_arguments(expr, env, fragment):
    p = sag.loads(startup(f'"{expr}"'), "m.yaml").find("N").effective("comm_sync")["static.startup"]
    with deadline(20), pytest.raises(EvaluationError) as info:
        p.value(Bound("mid"), **env)
    msg = str(info.value)
    assert msg.startswith(f"m.yaml:{STARTUP_LINE}: {STARTUP}: static.startup = '{expr}'"), msg
    assert fragment in msg and f"m={env['m']:g}" in msg
    assert isinstance(info.value, ExprError)  # the CLI reports ExprError as bad input (exit 2)


def test_runtime_parameter_set_to_a_bad_value_is_caught_where_evaluated():
    m = sag.loads(startup('"1/load us"').replace("{load: 0}", "{load: 1}"), "m.yaml")
    p = with_runtime(m, [("load", 0.0)]).find("N").effective("comm_sync")["static.startup"]
    with pytest.raises(EvaluationError, match=r"m\.yaml:\d+: .*static.startup.*infinite.*load=0"):
        p.value(load=0.0)


# -- 2. YAML: aliases, cycles, depth, tags -------------------------------------------------------

CYCLE = """name: cyc
sag:
  id: R
  processing: compound
  children: &kids
    - id: N
      processing: {clock: 50 MHz}
      children: *kids
"""


def test_alias_cycle_is_an_error_with_its_line(cli, tmp_path):
    one_error(cli, tmp_path, CYCLE, "cycle", line=8, path="sag.children[0].children")


def test_mapping_alias_cycle(cli, tmp_path):
    one_error(cli, tmp_path, "name: x\nsag: &s {id: R, processing: {clock: 1 MHz}, children: [*s]}\n",
              "cycle", line=2, path="sag.children[0]")


def deep_machine(levels):
    # Two spaces per level ("- id:" under "children:"), so 300 levels stay under the file size limit.
    lines, ind = ["name: deep", "sag:", "  id: S0"], "  "
    for i in range(levels):
        if i < levels - 1:
            lines += [f"{ind}processing: compound", f"{ind}children:", f"{ind}- id: S{i + 1}"]
            ind += "  "
        else:
            lines.append(f"{ind}processing: {{clock: 50 MHz}}")
    return "\n".join(lines) + "\n"


def test_sau_nesting_300_deep_is_an_error_with_a_line(cli, tmp_path):
    msg = one_error(cli, tmp_path, deep_machine(300), "nest more than 128 deep")
    assert "hostile.yaml:" in msg and ": sag.children[0].children[0]" in msg


def test_deep_flow_lists_are_an_error(cli, tmp_path):
    one_error(cli, tmp_path, "name: x\nsag: " + "[" * 5000 + "]" * 5000 + "\n", "nest more than 128 deep",
              line=2)


def test_moderately_deep_sag_still_loads():
    m = sag.loads(deep_machine(40))
    assert sum(1 for _ in m.walk()) == 40


def test_aliases_that_nest_deeper_than_written_are_an_error(cli, tmp_path):
    # each anchor is 40 deep and holds the previous one: far deeper once expanded
    lines = ["name: x", "a0: &a0 " + "[" * 40 + "1" + "]" * 40]
    for i in range(1, 6):
        lines.append(f"a{i}: &a{i} " + "[" * 40 + f"*a{i - 1}" + "]" * 40)
    lines.append("sag: {id: R, processing: {clock: 1 MHz}, children: *a5}")
    one_error(cli, tmp_path, "\n".join(lines) + "\n", "nest more than 128 deep once aliases are expanded")


def test_billion_laughs_ends_quickly_with_an_error(cli, tmp_path):
    lines = ["name: lol", 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    lines.append("sag: {id: R, processing: {clock: 50 MHz}, children: *a9}")
    with deadline(20):
        one_error(cli, tmp_path, "\n".join(lines) + "\n", "expands to more than 50,000 YAML nodes")


def test_plain_aliases_still_work():
    text = MINIMAL.replace("startup: 10 us", "startup: &s 10 us").replace("per_hop: 2 us", "per_hop: *s")
    p = sag.loads(text).find("N").effective("comm_sync")
    assert p["static.per_hop"].value() == pytest.approx(10e-6)


@pytest.mark.parametrize("old,new,tag,path", [
    ("  children:\n", "  children: !!python/object/apply:os.system\n", "!!python/object/apply:os.system",
     "sag.children"),
    ("processing: compound", "processing: !!python/name:os.system compound", "!!python/name:os.system",
     "sag.processing"),
    ("id: N", "id: !custom N", "!custom", "sag.children[0].id"),
    ("id: N", "id: ! N", "'!'", "sag.children[0].id"),
    ("id: N", "id: !!binary Tg==", "!!binary", "sag.children[0].id"),
    ("static: {", "static: !!map {", "!!map", "sag.children[0].comm_sync.static"),
    ("  children:\n", "  children: !!seq\n", "!!seq", "sag.children"),
    ("  processing: compound", "  !foo processing: compound", "!foo", "sag.<key>"),  # on a key
])
def test_tags_are_refused_wherever_they_appear(cli, tmp_path, old, new, tag, path):
    text = MINIMAL.replace(old, new, 1)
    assert text != MINIMAL
    one_error(cli, tmp_path, text, "tag", tag, "remove the tag", path=path)


def test_standard_scalar_tags_are_allowed():
    text = MINIMAL.replace("id: N", "id: !!str N").replace("count: 4", "count: !!int '4'")
    assert sag.loads(text).find("N").count == 4


@pytest.mark.parametrize("text_change,fragment", [
    (("processing: compound", "processing: compound\n  <<: {name: x}"), "merge keys"),
    (("id: R", "id: R\n  ? [a, b]\n  : 1"), "mapping key must be a plain word"),
    (("count: 4", "count: " + "9" * 5000), "cannot read"),
    (("count: 4", "count: !!int 1e5"), "cannot read '1e5' as int"),
    (("count: 4", "count: !!bool maybe"), "cannot read 'maybe' as bool"),
], ids=["merge", "list-key", "5000-digits", "int-tag", "bool-tag"])
def test_other_yaml_oddities(cli, tmp_path, text_change, fragment):
    one_error(cli, tmp_path, MINIMAL.replace(*text_change), fragment)


def test_file_too_large(cli, tmp_path, monkeypatch):
    monkeypatch.setattr("sag.loader.MAX_FILE_BYTES", 100)
    one_error(cli, tmp_path, MINIMAL, "larger than")


# -- 3. sane ranges --------------------------------------------------------------------------------

@pytest.mark.parametrize("count", [10**9, 10**18, 2 * 1024**2])
def test_huge_count_is_an_error_unless_declared(cli, tmp_path, count):
    msg = one_error(cli, tmp_path, MINIMAL.replace("count: 4", f"count: {count}"),
                    path="sag.children[0].count")
    assert "count_limit" in msg or "more than any machine" in msg


def test_instances_multiply_down_the_tree(cli, tmp_path):
    text = MINIMAL.replace("  processing: compound\n", "  processing: compound\n  count: 2048\n", 1)
    text = text.replace("count: 4", "count: 1024")  # 2048 + 2048*1024 instances
    one_error(cli, tmp_path, text, "2,099,200 SAU instances", "count_limit", path="sag.children[0].count")


def test_count_limit_lets_a_file_describe_a_larger_machine(cli, tmp_path):
    text = "count_limit: 2000000000\n" + MINIMAL.replace("count: 4", "count: 1000000000")
    m = sag.loads(text)
    assert m.find("N").count == 10**9
    one_error(cli, tmp_path, "count_limit: 100\n" + MINIMAL.replace("count: 4", "count: 1000"),
              "more than its count_limit of 100", path="sag.children[0].count")


@pytest.mark.parametrize("limit", ["0", "-1", "1.5", "x", str(2**33)])
def test_bad_count_limit(cli, tmp_path, limit):
    one_error(cli, tmp_path, f"count_limit: {limit}\n" + MINIMAL, "count_limit", "whole number from 1 to 4,294,967,296",
              path="count_limit")


@pytest.mark.parametrize("old,new,fragment,path", [
    ("clock: 50 MHz", "clock: 50 MHz\n        max_procs: 0", "whole number of at least 1",
     "sag.children[0].processing.max_procs"),
    ("clock: 50 MHz", "clock: 50 MHz\n        max_procs: 2.5", "whole number", "sag.children[0].processing.max_procs"),
    ("per_hop: 2 us}", "per_hop: 2 us}\n        static_buffer: -1 KiB", "negative value",
     "sag.children[0].comm_sync.static_buffer"),
    ("per_hop: 2 us}", "per_hop: 2 us}\n        shape: [100000, 100000]", "units",
     "sag.children[0].comm_sync.shape"),
    ("count: 4", "count: 0", "positive integer", "sag.children[0].count"),
    ("count: 4", "count: 4.0", "positive integer", "sag.children[0].count"),
])
def test_sane_ranges(cli, tmp_path, old, new, fragment, path):
    one_error(cli, tmp_path, MINIMAL.replace(old, new), fragment, path=path)


# -- 4. long user text is quoted short ------------------------------------------------------------

@pytest.mark.parametrize("old,new", [
    ("role: compute", "role: " + "x" * 100_000),
    ("startup: 10 us", "startup: 1" + "0" * 100_000 + " furlongs"),
    ("startup: 10 us", "startup: 10 " + "f" * 100_000),
    ("id: N", "id: N\n      ? " + "k" * 100_000 + "\n      : 1"),  # an explicit key: no 1024 limit
    ("      comm_sync:\n", "      comm_sync:\n        topology: " + "t" * 100_000 + "\n"),
], ids=["role", "expression", "unit", "key", "topology"])
def test_long_literals_are_quoted_at_most_about_80_characters(cli, tmp_path, old, new):
    lines = check(cli, tmp_path, MINIMAL.replace(old, new))
    assert lines
    for line in lines:
        assert len(line) < 600, len(line)
        assert "..." in line


def test_long_machine_name_argument(cli):
    r = cli("machine", "check", "x" * 5000)
    assert r.exit_code == 2 and len(r.stderr) < 800 and "no shipped machine" in r.stderr


def test_long_yaml_syntax_error_is_clipped(cli, tmp_path):
    lines = check(cli, tmp_path, "name: x\nsag: *" + "a" * 100_000 + "\n")
    assert len(lines) == 1 and len(lines[0]) < 600 and "YAML syntax error" in lines[0]


# -- 5. options: --scale and --param --------------------------------------------------------------

@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400", "10**10**10", "1e13", "NaN"])
@pytest.mark.parametrize("option", ["--scale", "--param"])
def test_parse_assignments_refuses_non_finite_and_absurd_values(option, value):
    with pytest.raises(ExprError) as info:
        parse_assignments([f"processing.clock={value}"], option)
    assert str(info.value).startswith(f"{option} 'processing.clock={value}'")


@pytest.mark.parametrize("option", [["--scale", "processing.clock=nan"], ["--scale", "comm_sync.per_byte=1e400"],
                                    ["--param", "load=inf"], ["--scale", "processing.clock=1e-20"]])
def test_cli_options_with_absurd_values_exit_2(cli, option):
    r = cli("run", TRAP, "--procs", "4", "-D", "n=1000", "-D", "reps=2", "--machine", "ipsc860", *option)
    assert r.exit_code == 2, r.output
    assert option[0] in r.stderr and "internal error" not in r.stderr and "nan" not in r.stdout


def test_scale_that_makes_a_parameter_overflow_is_an_error():
    m = sag.loads(MINIMAL.replace("per_hop: 2 us}", "per_hop: 2 us}\n        static_buffer: 1e299 B"))
    with pytest.raises(ExprError, match=r"comm_sync.static_buffer=1e\+12.*static_buffer.*larger than 1e300"):
        scale(m, [("comm_sync.static_buffer", 1e12)])


def test_scale_factor_range_checked_for_direct_callers():
    m = sag.loads(MINIMAL)
    for factor in (float("nan"), float("inf"), 0.0, 1e-20, 1e20):
        with pytest.raises(ExprError, match="--scale"):
            scale(m, [("comm_sync.per_byte", factor)])
    with pytest.raises(ExprError, match="--param 'load'"):
        with_runtime(m, [("load", float("nan"))])


# -- a small fuzz run: random damage to a valid file never escapes as anything but MachineErrors -------

_PIECES = ["1/0", "**", "2**100000", "&a", "*a", "!!python/object:x", "[", "]", "{", "}", ": ", "- ",
           "\n  ", "nan", ".inf", "1e400", "-", "0", "log2(0)", "sqrt(-1)", "clk", "m", "<<: ", "*(m-m)",
           "'", '"', "#", "9" * 400, "count: 1000000000", "\t", "?", "|", ">", "1e300*", "/(m-m)", "**m"]
# Where values are: half the damage goes there, so expressions are hit as often as the YAML.
_VALUE_SITES = ["startup: ", "per_byte: \"", "int_add: [", "real_div: \"", "bcast: \"", "clock: ", "count: ",
                "per_iter: \"", "load: "]


def test_fuzzed_machine_files_give_machine_errors_only():
    rng = random.Random(14)
    base = MINIMAL.replace("startup: 10 us", "startup: &a 10 us")
    with deadline(120):
        for _ in range(300):
            text = base
            for _ in range(rng.randint(1, 3)):
                if rng.random() < 0.5:
                    site = rng.choice(_VALUE_SITES)
                    i = text.find(site)
                    i = rng.randrange(len(text)) if i < 0 else i + len(site) + rng.randint(0, 3)
                else:
                    i = rng.randrange(len(text))
                text = text[:i] + rng.choice(_PIECES) + text[i + rng.randint(0, 4):]
            try:
                m = sag.loads(text, "fuzz.yaml")
            except MachineErrors as exc:
                for e in exc.errors:
                    assert str(e).startswith("fuzz.yaml"), str(e)
                    assert len(str(e)) < 1000
                continue
            for _, _, p in m.parameters():  # a file that loads has finite values, or says why not
                env = {n: rng.choice([0.0, 1.0, 1e6]) for n in p.names}
                for bound in (Bound("min"), Bound("max")):
                    try:
                        assert math.isfinite(p.value(bound, **env)), (p.path, p.text)
                    except EvaluationError as exc:
                        assert str(exc).startswith("fuzz.yaml:")
