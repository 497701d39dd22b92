"""Issue 14: no hang, no internal error, no traceback, no crash, no nonsense accepted, over hostile
inputs (C and Fortran programs, machine files, command lines; the harness is tests/fuzz/).

(a) The classifier, the runner and the mutators on synthetic results: exit codes, stderr texts,
    a timeout, a signal, non-finite figures; cases re-created from (kind, seed, index).
(b) FUZZ_SMALL_RUN: a seeded run of about 200 cases against this checkout (a fork server, two
    cases at a time; about a minute on 2 cores). It asserts that no case ends in an internal
    error, a traceback, a hang, a crash, accepted non-finite figures or executed code, and lists
    every failing case's reproduction. It is neither skipped nor expected to fail: it fails
    until the defects it finds are fixed. The full run is ``python benchmarks/fuzz.py``.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.fuzz import textmut  # noqa: E402
from tests.fuzz.case import KINDS, MIX, make_case, plan  # noqa: E402
from tests.fuzz.classify import (CLEAN, CLEAR, CRASH, EXECUTED, FORBIDDEN, HANG, INTERNAL,  # noqa: E402
                                 NONFINITE, OK, TRACEBACK, UNCLEAR, RunResult, classify)
from tests.fuzz.report import failures_message, table  # noqa: E402
from tests.fuzz.runner import Runner, stack_location, traceback_location  # noqa: E402
from tests.fuzz.seeds import c_seeds, fortran_seeds  # noqa: E402

# The in-suite seeded run (b): its size, seed, parallel cases and per-case time limit.
FUZZ_SMALL_RUN = {"cases": 200, "seed": 14, "jobs": 2, "timeout": 10.0}


# ---- (a) the classifier -------------------------------------------------------------------------

def outcome(returncode, stdout="", stderr="", argv=(), **kw):
    return classify(RunResult(returncode, stdout, stderr, **kw), argv)[0]


def test_exit_0_and_1_without_traceback_are_ok():
    assert outcome(0, "predicted time: 1.196 ms\n") == OK
    assert outcome(1, "", "interp: the program hangs: 1 of 2 processes cannot finish\n") == OK
    assert outcome(1, "a.c:23: tag-mismatch: rank 0 sends tag 1 to rank 1\n") == OK


def test_exit_2_with_the_interp_message_is_a_clear_error():
    assert outcome(2, "", "interp: a.c:9: syntax error before ';'\n") == CLEAR
    # machine check documents one line per problem, FILE:LINE: PATH: what
    lines = "m.yaml:66: sag.count: count must be a positive integer, got [16]\n" \
            "m.yaml:11: sag.children[0].count: count must be a positive integer, got '0.5'\n"
    assert outcome(2, "", lines, ("machine", "check", "m.yaml")) == CLEAR
    assert outcome(2, "", lines, ("run", "a.c")) == UNCLEAR


def test_exit_2_without_the_message_is_unclear():
    usage = "Usage: interp run [OPTIONS] FILES...\nTry 'interp run --help' for help.\n\n" \
            "Error: No such option '--bogus'.\n"
    assert outcome(2, "", usage) == UNCLEAR
    assert outcome(2, "", "") == UNCLEAR
    assert outcome(2, "", "", ("machine", "check", "m.yaml")) == UNCLEAR


def test_internal_errors():
    msg = "interp: internal error: ValueError: cannot convert float NaN to integer " \
          "(set INTERP_DEBUG=1 for the traceback; please report it)\n"
    assert outcome(3, "", msg) == INTERNAL
    assert outcome(2, "", msg) == INTERNAL          # the words decide, whatever the code
    assert outcome(0, "internal error in the notes\n") == INTERNAL


def test_a_traceback_anywhere_is_a_traceback():
    tb = 'Traceback (most recent call last):\n  File "x.py", line 1, in f\nKeyError: 3\n'
    assert outcome(1, "", tb) == TRACEBACK
    assert outcome(0, tb) == TRACEBACK
    assert outcome(2, "", "interp: bad input\n" + tb) == TRACEBACK
    assert outcome(3, "", tb + "interp: internal error: KeyError: 3\n") == TRACEBACK


def test_timeout_signal_memory_and_odd_exit_codes():
    assert outcome(None, timed_out=True, elapsed=20.0) == HANG
    assert outcome(None, "predicted time: nan s", timed_out=True) == HANG
    assert outcome(-9) == CRASH
    assert outcome(-11, "half a report") == CRASH
    assert outcome(3, "", "interp: internal error: MemoryError:  (set INTERP_DEBUG=1 ...)\n") == CRASH
    assert outcome(137) == CRASH
    assert outcome(130, "", "interp: interrupted\n") == CRASH   # nobody interrupted the case


def test_nonfinite_figures_on_success():
    for text in ("predicted time: nan s\n", "predicted time: inf\n", "  total   inf s\n",
                 '{"predicted_seconds": NaN, "events": 3}\n', '{"t": [1.0, Infinity]}\n',
                 "predicted time: -3.2 ms\n", "  1000     2      1   nan   1.00\n",
                 "inputs:  n=nan\n", "rank 0    SAU-0010     -inf s   nan us\n"):
        assert outcome(0, text) == NONFINITE, text


def test_source_text_and_words_are_not_nonfinite():
    for text in ("  3 Seq  a.c:9   x = nan;\n", "an infinite loop; nanoseconds; info\n",
                 "  1  35.7 us  do while (x > inf_limit)\n", "machine: Infiniband cluster\n"):
        assert outcome(0, text) == OK, text
    assert outcome(1, "predicted time: nan s\n") == OK     # not accepted: exit 1


def test_code_executed_overrides_everything():
    assert outcome(2, "", "interp: m.yaml: tag refused\n", executed=True) == EXECUTED
    assert EXECUTED in FORBIDDEN and not (CLEAN & set(FORBIDDEN))


def test_traceback_location_is_the_innermost_interp_frame(tmp_path):
    repo = tmp_path / "repo"
    text = (f'Traceback (most recent call last):\n  File "{repo}/interp/cli/reported.py", line 20, in w\n'
            f'  File "{repo}/interp/engine/values.py", line 67, in eval\n'
            '  File "/usr/lib/python3.11/json/__init__.py", line 1, in dumps\nValueError: x\n')
    assert traceback_location(text, repo) == "interp/engine/values.py:67 in eval"
    assert traceback_location("no frames", repo) == ""


def test_stack_location_of_a_hang_reads_faulthandler(tmp_path):
    repo = tmp_path / "repo"
    dump = ("Fatal Python error: Aborted\n\nCurrent thread 0x00007f (most recent call first):\n"
            '  File "/usr/lib/python3.11/re/__init__.py", line 223 in finditer\n'
            f'  File "{repo}/interp/pipeline.py", line 42 in macro_names\n'
            f'  File "{repo}/interp/cli/run.py", line 10 in run_cmd\n  File "<string>", line 1 in <module>\n')
    assert stack_location("partial output\n" + dump, repo) == \
        "interp/pipeline.py:42 in macro_names (in __init__.py:223 in finditer)"
    inside = dump.replace('  File "/usr/lib/python3.11/re/__init__.py", line 223 in finditer\n', "")
    assert stack_location(inside, repo) == "interp/pipeline.py:42 in macro_names"
    assert stack_location("no dump", repo) == ""


# ---- (a) cases: reproducible, in the mix, honest ----------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_a_case_is_recreated_from_kind_seed_index(kind):
    for index in (0, 1, 7, 123):
        a, b = make_case(kind, 3, index), make_case(kind, 3, index)
        assert (a.argv, a.files, a.note) == (b.argv, b.files, b.note)
    assert make_case(kind, 3, 0).note != make_case(kind, 4, 0).note or \
        make_case(kind, 3, 0).files != make_case(kind, 4, 0).files


def test_plan_keeps_the_mix_and_the_count():
    counts = {k: 0 for k in KINDS}
    for kind, seed, _ in plan(sum(MIX.values()), 5):
        counts[kind] += 1
        assert seed == 5
    assert counts == MIX
    assert len(plan(2000, 1)) == 2000 and len(plan(200, 1)) == 200
    small = [k for k, _, _ in plan(200, 1)]
    # 200 of the 1,600 of the mix: Fortran 200 x 120 / 1600 = 15, command lines 200 x 60 / 1600 = 7.5,
    # hostile 200 x 200 / 1600 = 25, edge 200 x 300 / 1600 = 37.5
    assert small.count("fortran") >= 15 and small.count("cli") >= 7 and small.count("hostile") >= 25 \
        and small.count("edge") >= 37
    assert set(small[:20]) == set(KINDS)       # interleaved, not one kind after another


def test_cases_write_only_inside_their_directory():
    for kind in KINDS:
        for index in range(60):
            case = make_case(kind, 1, index)
            for name in case.files:
                assert not Path(name).is_absolute() and ".." not in Path(name).parts
            for opt, value in zip(case.argv, case.argv[1:]):
                if opt in ("-o", "--output", "--trace", "--plot", "--dot"):
                    assert not Path(value).is_absolute() and ".." not in Path(value).parts
            for i, a in enumerate(case.argv):
                if a in ("--jobs", "-j") and i + 1 < len(case.argv) and case.argv[i + 1].isdigit():
                    assert int(case.argv[i + 1]) <= 2


def test_tokens_give_the_text_back():
    for seed in c_seeds() + fortran_seeds():
        for name, text in seed.files:
            lang = "c" if name.endswith(".c") else "free" if name.endswith(".f90") else "fixed"
            assert "".join(textmut.tokens(text, lang)) == text


# ---- (a) the runner, on a stand-in for interp ---------------------------------------------------

FAKE_CLI = '''
import os, signal, sys, time
def entry():
    what = sys.argv[1]
    if what == "ok":
        print("predicted time: 1 ms"); return 0
    if what == "bad":
        print("interp: a.c:1: syntax error", file=sys.stderr); return 2
    if what == "nan":
        print("predicted time: nan s"); return 0
    if what == "sleep":
        time.sleep(60)
    if what == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if what == "raise":
        raise KeyError(what)
    if what == "pwn":
        open("PWNED", "w").close(); return 0
    if what == "memory":
        x = bytearray(4 << 30)
    return 3
'''


@pytest.fixture(scope="module")
def fake_repo(tmp_path_factory):
    repo = tmp_path_factory.mktemp("fake-interp")
    (repo / "interp").mkdir()
    (repo / "interp" / "__init__.py").write_text("")
    (repo / "interp" / "cli.py").write_text(FAKE_CLI)
    return repo


@pytest.mark.parametrize("mode", ["exec", "fork"])
def test_runner_classifies_real_processes(fake_repo, tmp_path, mode):
    from tests.fuzz.case import Case

    whats = ("ok", "bad", "nan", "sleep", "segv", "raise", "pwn", "memory", "other")
    cases = [Case("cli", 0, i, [w]) for i, w in enumerate(whats)]
    runner = Runner(fake_repo, timeout=2.0, memory=1 << 30, jobs=2, out=tmp_path, mode=mode,
                    debug_rerun=False)
    start = time.monotonic()
    got = {o.case.argv[0]: o.outcome for o in runner.run(cases)}
    assert time.monotonic() - start < 30
    assert got == {"ok": OK, "bad": CLEAR, "nan": NONFINITE, "sleep": HANG, "segv": CRASH,
                   "raise": TRACEBACK, "pwn": EXECUTED, "memory": TRACEBACK, "other": INTERNAL}
    kept = sorted(p.name for p in (tmp_path / "cli").iterdir())
    assert kept == sorted(f"cli-0-{i}" for i, w in enumerate(whats) if w not in ("ok", "bad"))
    assert (tmp_path / "cli" / "cli-0-3" / "repro.sh").read_text().count("sleep") == 1


# ---- (b) the seeded run -------------------------------------------------------------------------

def test_fuzz_small_run_has_no_forbidden_outcome(tmp_path, capsys):
    cfg = FUZZ_SMALL_RUN
    runner = Runner(timeout=cfg["timeout"], jobs=cfg["jobs"], out=tmp_path / "fuzz", mode="fork")
    start = time.monotonic()
    outcomes = runner.run(make_case(*t) for t in plan(cfg["cases"], cfg["seed"]))
    summary = f"fuzz: {len(outcomes)} cases in {time.monotonic() - start:.0f} s\n{table(outcomes)}"
    with capsys.disabled():
        print("\n" + summary)
    assert len(outcomes) == cfg["cases"]
    if any(o.outcome in FORBIDDEN for o in outcomes):
        pytest.fail(summary + "\n\n" + failures_message(outcomes, FORBIDDEN, runner.repo),
                    pytrace=False)
