"""interp extrapolate (seed 000, Xu, Zhang, Sun): Eq. 2.3 and 2.6 with hand values, the work count F,
the measured node model, the instrumented text, and one real sample run (skipped without MPI)."""
import json
import math
from pathlib import Path

import pytest

from interp.calibrate import tools
from interp.errors import InputError
from interp.models.measured import SampleRates, eq_2_3, eq_2_6, timeshare_factor
from interp.studies.extrapolate import Sample, count_work, derive, extrapolate
from interp.studies.grid import parse_define_lists
from interp.studies.instrument import Segment, _Scanner, instrument, segments
from interp.studies.sweep import grid
from sag import open_machine

SAMPLE = str(Path(__file__).resolve().parent.parent / "samples" / "extrapolate" / "harmonic_mpi.c")
LOOP_LINE = 16  # for (int i = rank; i < n; i += size) s += 1.0 / (1.0 + i);
HAS_MPI = tools.mpi_tools() is not None


def test_eq_2_3_scales_by_the_ratio_of_work():
    # tt = F / F0 * tt0 = 3000 / 1000 * 0.25 s = 0.75 s
    assert eq_2_3(3000, 1000, 0.25) == pytest.approx(0.75)


def test_eq_2_6_worked_example_gives_two_tt0():
    # ceil(F/F0 * min(N0, F0) / min(N, F)) = ceil(1000/100 * 4/32) = ceil(1.25) = 2 -> 2 tt0
    assert eq_2_6(1000, 100, 32, 4, 1.0) == 2
    assert eq_2_6(1000, 100, 32, 4, 0.5) == pytest.approx(1.0)
    # fewer iterations than processors: ceil(10/100 * 4 / min(32, 10)) = ceil(0.04) = 1
    assert eq_2_6(10, 100, 32, 4, 1.0) == 1


def test_timeshare_is_eq_2_6_over_processes():
    # 16 processes on 8 processors, sampled with 2 processes on 2: ceil(16/2 * 2/8) = 2
    assert timeshare_factor(16, 8, 2, 2) == 2
    # 8 processes on 16 processors: ceil(8/2 * 2/8) = 1 (no sharing)
    assert timeshare_factor(8, 16, 2, 2) == 1
    # a sample itself time-shared (4 processes on 2 processors), predicted at 4 on 2: ceil(1 * 2/2) = 1
    assert timeshare_factor(4, 2, 4, 2) == 1


def _work(n, procs):
    s = Sample((("n", float(n)),), procs)
    count_work([SAMPLE], open_machine("ipsc860"), s, segments_of())
    return s.work[0]


def segments_of():
    from interp.pipeline import load_programs
    return segments(load_programs([SAMPLE]))


def test_the_loop_is_the_one_segment():
    (seg,) = segments_of()
    assert (Path(seg.file).name, seg.line, seg.kind) == ("harmonic_mpi.c", LOOP_LINE, "for")


def test_work_count_by_hand():
    # F of one rank: 1 (the loop's fixed cost) + its iterations ceil((n - rank) / P) times 8 units:
    # iter.per_iter_step 1, operations 4 (two double adds, one int->double, one double divide),
    # accesses 3 (fetch i, fetch s, store s). Summed over the ranks:
    assert _work(1000, 1) == 1 + 8 * 1000
    assert _work(1000, 2) == 2 + 8 * (500 + 500)
    assert _work(1001, 2) == 2 + 8 * (501 + 500)


def _comp(rate, share, n=1000, procs=2):
    from interp.pipeline import predict
    rates = SampleRates({("harmonic_mpi.c", LOOP_LINE): rate})
    sag = derive(open_machine("ipsc860"), {"model": "measured", "samples": rates, "timeshare": share}, procs, "t")
    result = predict([SAMPLE], sag, procs, [f"n={n}"], interactive=False, messages=False).result
    return result.procs[0].comp


def test_measured_model_is_eq_2_3_per_process():
    # rank 0 at n = 1000, P = 2 does 500 iterations: F = 1 + 8 * 500 = 4001 units; at 1e-9 s per unit
    # the loop takes 4.001e-6 s more than with a rate of 0 (what is left is the machine's straight code).
    assert _comp(1e-9, 1) - _comp(0.0, 1) == pytest.approx(4.001e-6, rel=1e-9)
    # time-shared by 2 (Eq. 2.6): the measured loop of the process takes twice as long
    assert _comp(1e-9, 2) - _comp(0.0, 2) == pytest.approx(2 * 4.001e-6, rel=1e-9)


def test_more_processes_than_processors_are_not_an_error():
    # ipsc860 has 16 nodes; 32 processes share them (2 each) in extrapolate's derived machine
    assert _comp(1e-9, 2, n=32000, procs=32) > 0


# -- the instrumented text ------------------------------------------------------------------------
def _end(text, start):
    return text[_Scanner(text).statement(start) - 1]


def test_scanner_finds_statement_ends():
    text = 'for (i = 0; i < n; i++)\n  for (j = 0; j < n; j++) a[i][j] = f("for(;;) }", \'}\'); /* } */\nx = 1;'
    end = _Scanner(text).statement(0)
    assert text[:end].endswith("'}');")
    do = "do { x++; } while (x < 3); y = 2;"
    assert do[:_Scanner(do).statement(0)] == "do { x++; } while (x < 3);"
    iff = "if (a) { b(); } else c(); d();"
    assert iff[:_Scanner(iff).statement(0)] == "if (a) { b(); } else c();"


def test_instrument_keeps_lines(tmp_path):
    src = tmp_path / "t.c"
    src.write_text("void f(int n, double *a) {\n"
                   "  for (int i = 0; i < n; i++) a[i] = 0;\n"
                   "  for (int j = 0; j < n; j++) { a[j] += 1; }\n"
                   "}\n")
    segs = [Segment(0, (1,), str(src), 2, "for", "t.c:2"), Segment(1, (2,), str(src), 3, "for", "t.c:3")]
    text, missed = instrument(str(src), segs)
    assert missed == []
    body = text.split("\n", 2)[2]  # after the declarations and the #line
    assert body.count("\n") == src.read_text().count("\n")
    lines = body.splitlines()
    assert lines[1] == ("  { double __interp_t0 = interp_seg_now(); for (int i = 0; i < n; i++) a[i] = 0;"
                        " interp_seg_add(0, interp_seg_now() - __interp_t0); }")
    assert lines[2].endswith("{ a[j] += 1; } interp_seg_add(1, interp_seg_now() - __interp_t1); }")
    # a loop that is not on the line given is left untimed and reported
    assert instrument(str(src), [Segment(2, (3,), str(src), 1, "for", "t.c:1")])[1][0].key == 2


# -- one real run -----------------------------------------------------------------------------------
@pytest.mark.skipif(not HAS_MPI, reason="mpicc/mpiexec not installed (pip install 'interp[mpi]')")
def test_sample_runs_and_prediction(cli, tmp_path):
    samples = grid(parse_define_lists(["n=200000,400000"]), [1, 2])
    targets = grid(parse_define_lists(["n=800000"]), [4])
    st = extrapolate([SAMPLE], "ipsc860", samples, targets)
    assert [s.procs for s in st.samples] == [1, 2, 1, 2]
    for s in st.samples:
        assert s.seconds > 0 and s.segs[0] > 0
    # F summed over ranks, as in test_work_count_by_hand
    assert [s.work[0] for s in st.samples] == [1 + 8 * 200000, 2 + 8 * 200000, 1 + 8 * 400000, 2 + 8 * 400000]
    (e,) = st.estimates
    # basis: the slowest sample at N0 = 2 (the largest sampled count <= 4)
    assert e.basis.procs == 2 and e.basis.seconds == max(s.seconds for s in st.samples if s.procs == 2)
    rate = e.basis.segs[0] / e.basis.work[0]
    # Eq. 2.3 at n = 800000 on 4 processes: rank 0 has 1 + 8 * 200000 units; the rest is straight code
    straight = _comp(0.0, 1, n=800000, procs=4)
    assert e.comp - straight == pytest.approx(rate * (1 + 8 * 200000), rel=1e-6)
    assert e.share == 1 and e.predicted >= e.comp
    # Eq. 4.8 with a measured time
    e.measured = 2.0
    assert e.ratio(st.t_sample) == pytest.approx(2.0 / (st.t_sample + e.seconds))
    csv = tmp_path / "m.csv"
    csv.write_text("n,procs,seconds\n800000,4,0.5\n")
    r = cli("extrapolate", SAMPLE, "-m", "ipsc860", "--sample", "n=200000", "--procs", "1",
            "--predict", "n=800000", "--procs", "4", "--measured", csv, "--save-rates", tmp_path / "r.json")
    assert r.exit_code == 0, r.output
    assert "R (4.8)" in r.output and "n=800000, P=4" in r.output
    saved = SampleRates.from_file(str(tmp_path / "r.json"))  # what a machine file's samples: reads
    assert list(saved.rates) == [("harmonic_mpi.c", LOOP_LINE)] and saved.rates[("harmonic_mpi.c", LOOP_LINE)] > 0


def test_procs_given_three_times_is_one_error(cli):
    r = cli("extrapolate", SAMPLE, "-m", "ipsc860", "--sample", "n=10", "--predict", "n=20",
            "--procs", "1", "--procs", "2", "--procs", "4")
    assert r.exit_code != 0 and "--procs given 3 times" in r.output


def test_fortran_is_refused():
    f = Path(__file__).resolve().parent.parent / "samples" / "fortran"
    prog = next(iter(sorted(f.glob("*.f*"))))
    with pytest.raises(InputError, match="instruments C sources"):
        extrapolate([str(prog)], "ipsc860", [], [])


# -- the measured model chosen by a machine file ----------------------------------------------------

def _machine_with_rates(tmp_path, rate):
    rates = tmp_path / "rates.json"
    rates.write_text(json.dumps(SampleRates({("harmonic_mpi.c", LOOP_LINE): rate}, "test").to_json()))
    text = open("sag/machines/ipsc860.yaml").read().replace(
        "        clock: 40 MHz", f"        model: measured\n        samples: {rates}\n        clock: 40 MHz", 1)
    machine = tmp_path / "measured.yaml"
    machine.write_text(text)
    return str(machine)


def test_a_machine_file_selects_the_measured_model_with_a_rates_file(cli, tmp_path):
    """Seed 000's model is selectable like the others: `processing.model: measured` with the file
    `interp extrapolate --save-rates` writes. Rank 0's loop at n = 1000, P = 2: F = 4001 units
    (test_work_count_by_hand), so 1e-9 s per unit adds 4.001e-6 s to its computation."""
    def comp(rate):
        r = cli("run", SAMPLE, "-m", _machine_with_rates(tmp_path, rate), "-p", 2, "-D", "n=1000",
                "--format", "json")
        assert r.exit_code == 0, r.stderr
        return json.loads(r.stdout)["per_process"][0]["comp"]
    from interp.models import measured
    measured._read_rates.cache_clear()
    base = comp(0.0)
    measured._read_rates.cache_clear()
    assert comp(1e-9) - base == pytest.approx(4.001e-6, rel=1e-9)


@pytest.mark.parametrize("content, fragment", [
    (None, "processing.samples: cannot read"),
    ("{", "not a sample-rates file (invalid JSON"),
    ('{"format": "interp-sample-rates-1", "rates": [{"file": "a.c"}]}', "rates[0] needs file, line and"),
    ('{"format": "interp-sample-rates-1", "rates": [{"file": "a.c", "line": 3, "seconds_per_unit": -1}]}',
     "rates[0].seconds_per_unit must be a finite number >= 0"),
])
def test_a_bad_rates_file_is_one_clear_error(cli, tmp_path, content, fragment):
    machine = _machine_with_rates(tmp_path, 1e-9)
    if content is None:
        (tmp_path / "rates.json").unlink()
    else:
        (tmp_path / "rates.json").write_text(content)
    from interp.models import measured
    measured._read_rates.cache_clear()
    r = cli("run", SAMPLE, "-m", machine, "-p", 2, "-D", "n=1000")
    assert r.exit_code == 2 and fragment in r.stderr, r.stderr
