"""benchmarks/validation/ (the corpus of benchmarks/accuracy.py, docs/validation.md): the manifest
names real programs with the inputs they read, both halves cover every kind, and the per-half
arithmetic of accuracy.py. Nothing is compiled, run or timed here."""
import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

from interp.studies.validate import argv_indices, program_kind

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "benchmarks" / "validation"


def _accuracy():
    spec = importlib.util.spec_from_file_location("accuracy", ROOT / "benchmarks" / "accuracy.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["accuracy"] = mod  # dataclasses look their module up while the class is made
    spec.loader.exec_module(mod)
    return mod


acc = _accuracy()
CASES = acc.corpus_cases()


def test_corpus_is_large_enough_and_not_the_samples():
    assert len(CASES) >= 15
    samples = {p.name for p in (ROOT / "samples").rglob("*.c")}
    assert not samples & {Path(c.files[0]).name for c in CASES}
    assert {c.group for c in CASES} == {"tune", "report"}


def test_both_halves_have_every_paired_kind():
    import yaml
    entries = yaml.safe_load((CORPUS / "manifest.yaml").read_text())["programs"]
    # the kinds the corpus has in both halves (docs/validation.md): the part before any " ("
    paired = {"dependence-bound reduction", "vectorizable stream", "integer and branch-heavy",
              "stencil with residual reduction", "collective"}
    for half in ("tune", "report"):
        kinds = {e["kind"].split(" (")[0] for e in entries if e["half"] == half}
        assert paired <= kinds, (half, paired - kinds)
        assert {1, 2} <= {p for e in entries if e["half"] == half for p in e["procs"]}
    # two report programs added in session 10, written after the divider model (held out), and
    # three in session 11 after the interpreted-iteration models
    assert Counter(e["half"] for e in entries) == {"tune": 9, "report": 14}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_manifest_sizes_give_the_inputs_the_program_reads(case):
    text = Path(case.files[0]).read_text()
    assert len(case.sizes) == 3
    # every size gives exactly the argv inputs of the source (interp validate places them by index)
    read = set(argv_indices(text))
    assert all(set(size) == read for size in case.sizes), (read, case.sizes)
    # a sequential program runs at P = 1 only; MPI programs list P = 2 (and 1 where they compute alone)
    kind = program_kind([text])
    assert case.procs == [1] if kind == "seq" else 2 in case.procs


def test_every_corpus_program_parses_with_its_inputs():
    from interp.pipeline import load_programs
    for case in CASES:
        prog, = load_programs(case.files)
        assert set(case.sizes[0]) <= set(prog.inputs), (case.name, set(prog.inputs))


def test_select_half_and_subset():
    cases = acc.sample_cases() + CASES
    report = acc.select(cases, "corpus", "report", [])
    assert report and all(c.group == "report" for c in report)
    some = acc.select(cases, "all", "both", ["triad", "jacobi"])
    assert sorted(c.name for c in some) == ["jacobi2d_mpi.c", "triad_mpi.c"]
    assert all(c.group == "samples" for c in acc.select(cases, "samples", "tune", []))
    rest = acc.select(cases, "corpus", "both", [], ["sieve", "triad"])
    assert len(rest) == len(CASES) - 2 and not {"sieve_mpi.c", "triad_mpi.c"} & {c.name for c in rest}


def test_samples_sizes_pair_their_inputs():
    jacobi = next(c for c in acc.sample_cases() if c.name == "jacobi2d_mpi.c")
    assert jacobi.sizes == [{"n": 302.0, "iters": 2500.0}, {"n": 602.0, "iters": 700.0},
                            {"n": 1002.0, "iters": 250.0}]
    trap = next(c for c in acc.sample_cases() if c.name == "trapezoid_mpi.c")
    assert trap.sizes == [{"n": 1.5e7, "reps": 10.0}, {"n": 3e7, "reps": 10.0}, {"n": 6e7, "reps": 10.0}]


def test_half_summary_arithmetic():
    # errors 10%, 30%, 20%: mean (Eq. 4.10) 20%, max 30%; ranges: in, out, none -> 1 of 2 inside;
    # one point's spread exceeds its error
    s = acc.summarize([(0.10, True, False), (0.30, False, True), (0.20, None, False)])
    assert s.points == 3 and s.mean == pytest.approx(0.2) and s.max == pytest.approx(0.3)
    assert (s.inside, s.ranged, s.noisy) == (1, 2, 1)
    assert acc.summarize([]) is None


def test_repredict_keeps_the_measurement_and_its_spread(tmp_path, monkeypatch):
    import json

    import interp.pipeline

    # a recorded point: runs 0.8-1.2 s around a 1.0 s median; predicted again at 1.1 s (best 0.9,
    # worst 1.3): error |1.0 - 1.1| / 1.0 = 10%, spread (1.2 - 0.8) / 2 = 20% > 10%: flagged; inside
    rec = tmp_path / "old.json"
    rec.write_text(json.dumps({"points": [{"group": "report", "program": "triangle_dot.c", "inputs": {"n": 16000},
                                           "procs": 1, "measured": 1.0, "min": 0.8, "max": 1.2}]}))

    class Pred:
        def __init__(self, total):
            self.result = type("R", (), {"total": total})()

    monkeypatch.setattr(interp.pipeline, "predict",
                        lambda files, machine, procs, defines, bound, **kw: Pred({"mid": 1.1, "best": 0.9, "worst": 1.3}[bound]))
    out = acc.repredict("m.yaml", CASES, str(rec))
    (key, r), = out.items()
    assert key == ("report", "triangle_dot.c", (("n", 16000.0),), 1)
    assert r.median == 1.0 and r.spread == pytest.approx(0.2) and r.error == pytest.approx(0.1)
    assert r.noisy is True and r.inside is True


def test_combined_rounds_take_each_points_median_error(tmp_path, capsys):
    import json

    # one point in three rounds measured apart: medians 1.0, 2.0, 1.0 s, predicted 1.1, 1.5, 1.3:
    # errors 10%, 25%, 30%; the point's error is their median, 25%; inside comes from the last
    # round (best 1.2, worst 1.4 around 1.0: out)
    paths = []
    for k, (measured, predicted) in enumerate(((1.0, 1.1), (2.0, 1.5), (1.0, 1.3))):
        path = tmp_path / f"r{k}.json"
        path.write_text(json.dumps({"points": [{
            "group": "report", "program": "triangle_dot.c", "inputs": {"n": 16000}, "procs": 1,
            "measured": measured, "min": measured, "max": measured,
            "predicted": predicted, "best": predicted - 0.1, "worst": predicted + 0.1}]}))
        paths.append(str(path))
    rounds = [acc.recorded(CASES, p) for p in paths]
    assert [r[("report", "triangle_dot.c", (("n", 16000.0),), 1)].error for r in rounds] == \
        [pytest.approx(0.1), pytest.approx(0.25), pytest.approx(0.3)]
    out = tmp_path / "combined.json"
    acc.report(rounds, str(out))
    row, = json.loads(out.read_text())["points"]
    assert row["error"] == pytest.approx(0.25) and row["inside"] is False
    assert "3 rounds" in capsys.readouterr().out
