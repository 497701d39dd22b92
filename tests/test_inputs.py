"""External inputs (paper 3.1): from -D, annotation defaults, a prompt on a terminal, else an error."""
import click
import pytest

from interp.errors import InputError
from interp.pipeline import load_programs, resolve_inputs


@pytest.fixture(scope="module")
def trapezoid():
    return load_programs(["samples/trapezoid_mpi.c"])


def test_defines_and_defaults(trapezoid):
    values = resolve_inputs(trapezoid, {"n": 10.0, "reps": 2.0}, interactive=False)
    assert values == {"n": 10.0, "reps": 2.0, "argc": 3}  # argc: one more than the argv used


def test_prompt_on_a_terminal(trapezoid, monkeypatch):
    asked = []

    def fake_prompt(text, type=None, err=False):
        asked.append(text)
        return 7.0

    monkeypatch.setattr(click, "prompt", fake_prompt)
    values = resolve_inputs(trapezoid, {"n": 10.0}, interactive=True)
    assert values["reps"] == 7.0
    assert len(asked) == 1 and "trapezoid_mpi.c:39: value of external input reps" in asked[0]


def test_missing_inputs_in_a_pipe_name_each_input_and_line(trapezoid):
    with pytest.raises(InputError) as info:
        resolve_inputs(trapezoid, {}, interactive=False)
    text = str(info.value)
    assert "n (samples/trapezoid_mpi.c:38, read from argv)" in text
    assert "reps (samples/trapezoid_mpi.c:39, read from argv)" in text


def test_missing_input_cli_exit_code(cli):
    r = cli("run", "samples/trapezoid_mpi.c", "-D", "n=10")
    assert r.exit_code == 2 and "reps (samples/trapezoid_mpi.c:39" in r.stderr
