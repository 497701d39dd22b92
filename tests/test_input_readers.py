"""Inputs read with every C conversion of text to a number (frontends/c/callstmts.py READERS), and
input values shown exactly in reports (interp/output/format.py fmt_value).

Until 2026-11-24 ``n = atoll(argv[1])`` (and strtoll, strtoull, strtof, strtold) made no input: -D n
was "no external input of that name". And the report's ``inputs:`` line printed -D n=1000000 as
n=1e+06 and 10000001 as 1e+07 (the value used was exact).

Times on the shipped iPSC/860 (paper 001 Tables 1-3, mid of each range): a ``for (i = 0; i < n;
i++)`` loop costs 187.5 ns + 275 ns per iteration besides its body, here ``cost(1 us)``.
"""
from __future__ import annotations

import json

import pytest

from interp.output.format import fmt_value
from interp.pipeline import predict

US = 1e-6

PROGRAM = r"""#include <stdlib.h>
int main(int argc, char **argv)
{
    TYPE n = READ;
    long long i;
    int x = 0;
    for (i = 0; i < LIMIT; i++) {
#pragma interp cost(1 us)
        x = 1;
    }
    return 0;
}
"""


def _write(tmp_path, type_, read, limit="n"):
    path = tmp_path / "prog.c"
    path.write_text(PROGRAM.replace("TYPE", type_).replace("READ", read).replace("LIMIT", limit))
    return str(path)


def _loop(path, defines):
    r = predict([path], "ipsc860", 1, list(defines), interactive=False).result
    (loop,) = [s for s in r.aau_totals() if s.cls == "IterD"]
    (body,) = [s for s in r.aau_totals() if s.loc.endswith(":9")]
    return loop, body


@pytest.mark.parametrize("type_, read", [
    ("long long", "atoll(argv[1])"),
    ("long long", "strtoll(argv[1], NULL, 10)"),
    ("unsigned long long", "strtoull(argv[1], NULL, 10)"),
    ("unsigned long", "strtoul(argv[1], NULL, 0)"),
    ("long", "atol(argv[1])"),
])
def test_integer_readers_make_an_input(tmp_path, type_, read):
    loop, body = _loop(_write(tmp_path, type_, read), ["n=1000"])
    assert body.executions == 1000
    assert loop.total == pytest.approx(0.1875 * US + 1000 * (1.0 + 0.275) * US, rel=1e-12)


@pytest.mark.parametrize("read", ["strtof(argv[1], NULL)", "strtold(argv[1], NULL)", "atof(argv[1])"])
def test_real_readers_make_an_input(tmp_path, read):
    # x = 2.5 read as a real: the loop to (long long)(x * 100) runs 250 times.
    path = _write(tmp_path, "double", read, limit="(long long)(n * 100)")
    _, body = _loop(path, ["n=2.5"])
    assert body.executions == 250


def test_reader_is_listed_by_check(tmp_path, cli):
    r = cli("check", _write(tmp_path, "long long", "atoll(argv[1])"))
    assert "critical external input n has no value" in r.output


@pytest.mark.parametrize("value, shown", [
    (1e6, "1000000"), (10000001.0, "10000001"), (-42.0, "-42"), (0.1234567, "0.1234567"),
    (2.5, "2.5"), (1e-07, "1e-07"), (2.0**53, "9007199254740992.0"), (1e20, "1e+20"),
])
def test_fmt_value_is_exact(value, shown):
    assert fmt_value(value) == shown
    assert float(shown) == value


def test_inputs_line_shows_integers_exactly(tmp_path, cli):
    path = tmp_path / "two.c"
    path.write_text(r"""#include <stdlib.h>
int main(int argc, char **argv)
{
    long long n = atoll(argv[1]), total = atoll(argv[2]), i;
    double y = atof(argv[3]);
    int x = 0;
    for (i = 0; i < n + total * 0 + (long long)(y * 0); i++) {
#pragma interp cost(1 ns)
        x = 1;
    }
    return 0;
}
""")
    r = cli("run", path, "-D", "n=1000000", "-D", "total=10000001", "-D", "y=0.1234567")
    assert r.exit_code == 0, r.output
    line = next(x for x in r.output.splitlines() if x.startswith("inputs:"))
    assert "n=1000000" in line and "total=10000001" in line and "y=0.1234567" in line
    assert "e+" not in line
    r = cli("run", path, "-D", "n=1000000", "-D", "total=10000001", "-D", "y=0.1234567", "--format", "json")
    inputs = json.loads(r.stdout)["inputs"]
    assert inputs["n"] == 1000000 and inputs["total"] == 10000001 and inputs["y"] == 0.1234567


def test_twice_given_input_names_both_values_exactly(tmp_path, cli):
    r = cli("run", _write(tmp_path, "long long", "atoll(argv[1])"), "-D", "n=10000001", "-D", "n=10000000")
    assert r.exit_code != 0 and "as 10000001 and 10000000" in r.output
