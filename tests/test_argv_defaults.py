"""Arguments a program reads only when argc says they are there keep the program's own default
when not given (ExternalInput.optional; interp/pipeline.py argc_given): argc is the command line
the -D values stand for.

Times on the shipped iPSC/860 (paper 001 Tables 1-3, mid of each range): a `for (i = 0; i < n;
i++)` loop costs 187.5 ns + 275 ns per iteration besides its body, here `cost(1 us)`.
"""
from __future__ import annotations

import pytest

from frontends.load import load_programs
from interp.errors import InputError
from interp.pipeline import predict

US = 1e-6


def loop_us(n: int) -> float:
    return 0.1875 * US + n * (1.0 * US + 0.275 * US)


def _loop_total(path, defines=()):
    r = predict([path], "ipsc860", 1, list(defines), interactive=False).result
    loops = [s for s in r.aaus.values() if s.cls == "IterD"]
    assert len(loops) == 1
    return loops[0].total


IF_FORM = r"""#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = 1000, i;
    if (argc > 1)
        n = atoi(argv[1]);
    for (i = 0; i < n; i++) {
#pragma interp cost(1 us)
        n = n;
    }
    return 0;
}
"""

TERNARY = r"""#include <stdlib.h>
int main(int argc, char *argv[])
{
    int i, reps = argc > 2 ? atoi(argv[2]) : 10;
    long n = argc > 1 ? atol(argv[1]) : 1 << 12;
    for (i = 0; i < n * reps; i++) {
#pragma interp cost(1 us)
        i = i;
    }
    return 0;
}
"""

REQUIRED = r"""#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n, i;
    if (argc < 2) {
        fprintf(stderr, "usage: %s n\n", argv[0]);
        return 1;
    }
    n = atoi(argv[1]);
    for (i = 0; i < n; i++) {
#pragma interp cost(1 us)
        n = n;
    }
    return 0;
}
"""


def _write(tmp_path, name, text):
    (tmp_path / name).write_text(text)
    return str(tmp_path / name)


def test_if_on_argc_keeps_the_programs_default(tmp_path):
    path = _write(tmp_path, "a.c", IF_FORM)
    (aag,) = load_programs([path])
    assert aag.inputs["n"].optional and aag.inputs["n"].index == 1
    # not given: argc = 1, the branch is not taken, n stays 1000 (the loop is IterND: n = n)
    r = predict([path], "ipsc860", 1, [], interactive=False).result
    loop = [s for s in r.aaus.values() if s.cls.startswith("Iter")]
    assert loop[0].total == pytest.approx(loop_us(1000), rel=1e-9)
    r = predict([path], "ipsc860", 1, ["n=300"], interactive=False).result  # given: argc = 2
    loop = [s for s in r.aaus.values() if s.cls.startswith("Iter")]
    assert loop[0].total == pytest.approx(loop_us(300), rel=1e-9)


def test_ternary_on_argc_is_an_input_with_the_programs_default(tmp_path):
    path = _write(tmp_path, "t.c", TERNARY)
    (aag,) = load_programs([path])
    assert (aag.inputs["n"].default, aag.inputs["reps"].default) == (4096.0, 10.0)
    r = predict([path], "ipsc860", 1, [], interactive=False).result
    loop = [s for s in r.aaus.values() if s.cls.startswith("Iter")]
    # 4096 x 10 iterations (before: "depends on data" for the value of a ternary with atoi)
    assert loop[0].total == pytest.approx(loop_us(40960), rel=1e-9)
    r = predict([path], "ipsc860", 1, ["n=100", "reps=3"], interactive=False).result
    loop = [s for s in r.aaus.values() if s.cls.startswith("Iter")]
    assert loop[0].total == pytest.approx(loop_us(300), rel=1e-9)


def test_an_argument_read_unconditionally_is_still_required(tmp_path):
    path = _write(tmp_path, "r.c", REQUIRED)
    (aag,) = load_programs([path])
    assert not aag.inputs["n"].optional
    with pytest.raises(InputError) as err:
        predict([path], "ipsc860", 1, [], interactive=False)
    assert "missing values of critical external inputs" in str(err.value) and "n (" in str(err.value)
    r = predict([path], "ipsc860", 1, ["n=50"], interactive=False).result  # argc = 2: past the usage check
    loop = [s for s in r.aaus.values() if s.cls.startswith("Iter")]
    assert loop[0].total == pytest.approx(loop_us(50), rel=1e-9)
