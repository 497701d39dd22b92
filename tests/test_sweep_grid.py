"""The sweep's grid and columns (studies/point_grid.py, studies/sweep_columns.py) and the range
syntax of -D and --procs (studies/grid.py): docs/sweeps.md."""
import itertools
import math

import pytest

from interp.errors import InputError
from interp.studies.grid import parse_define_lists, parse_procs_list
from interp.studies.machine_axes import Axis
from interp.studies.sweep import Outcome, Point, grid, with_metrics
from interp.studies.sweep_columns import SweepTable, formatted
from interp.studies.sweep_table import render_csv, render_text


@pytest.mark.parametrize("item,values", [
    ("n=1e3:1e6:x10", [1e3, 1e4, 1e5, 1e6]),                 # START * 10^k up to STOP, STOP included
    ("n=1:1024:x2", [2.0 ** k for k in range(11)]),
    ("n=1000:2000:5", [1000, 1250, 1500, 1750, 2000]),        # 5 values, step (2000-1000)/4 = 250
    ("n=0:1:+0.25", [0, 0.25, 0.5, 0.75, 1]),
    ("n=1:10:+4", [1, 5, 9]),                                 # 13 > 10: STOP is a bound, not a value
    ("n=1,5:9:3,20", [1, 5, 7, 9, 20]),                       # ranges mix with single values
])
def test_define_ranges(item, values):
    assert parse_define_lists([item]) == [("n", [float(v) for v in values])]


def test_a_million_points_fit_on_a_command_line():
    # 1e3:1e6:1000 is 1000 values 1000 apart (999000 / 999 = 1000 exactly); with --procs 1:512:x2 (10
    # counts) and a second input of 100 values the grid has 10^6 points.
    (_, n), (_, m) = parse_define_lists(["n=1e3:1e6:1000", "m=1:100:+1"])
    assert n[:3] == [1000.0, 2000.0, 3000.0] and n[-1] == 1e6 and len(n) == 1000 and len(m) == 100
    procs = parse_procs_list("1:512:x2")
    assert procs == [2 ** k for k in range(10)]
    assert len(grid([("n", n), ("m", m)], procs)) == 10 ** 6


@pytest.mark.parametrize("item,message", [
    ("n=1:2", "-D n: '1:2' is not a range; give START:STOP:COUNT, START:STOP:+STEP or START:STOP:xFACTOR "
              "(1000:2000:11, 0:1:+0.25, 1e3:1e6:x10)"),
    ("n=1:2:1", "-D n: '1:2:1': the count 1 is not a whole number of at least 2"),
    ("n=2:1:+1", "-D n: '2:1:+1': START:STOP:+STEP needs STEP > 0 and START < STOP"),
    ("n=0:10:x10", "-D n: '0:10:x10': START:STOP:xFACTOR needs FACTOR > 1 and 0 < START < STOP"),
    ("n=1:a:3", "-D n (range '1:a:3'): 'a' is not a number"),
    ("n=0:1e9:+1e-3", "-D n: '0:1e9:+1e-3' gives 1,000,000,000,001 values; a range gives at most 10,000,000"),
    ("n=1,1:3:3", "-D 'n=1,1:3:3': a value is repeated (1)"),
])
def test_bad_ranges(item, message):
    with pytest.raises(InputError) as err:
        parse_define_lists([item])
    assert str(err.value) == message


def test_bad_procs_range_and_cli_error(cli):
    with pytest.raises(InputError, match=r"--procs '1:10:3': '5.5' is not a whole number of processes"):
        parse_procs_list("1:10:3")  # 1, 5.5, 10
    res = cli("sweep", "samples/trapezoid_mpi.c", "-D", "n=1:2:1", "-D", "reps=1")
    assert res.exit_code == 2 and res.stderr.strip() == "interp: -D n: '1:2:1': the count 1 is not a whole number of at least 2"


def test_grid_is_the_cartesian_product_in_sweep_order():
    defines = [("n", [1.0, 2.0, 3.0]), ("r", [5.0, 6.0])]
    axes = [Axis("machine", ("ipsc860", "paragon")), Axis("scale:comm_sync.per_byte", (0.5, 1.0))]
    g = grid(defines, [1, 4], axes)
    # inputs slowest, then the machine axes in order, then the process counts
    want = [Point((("n", n), ("r", r)), p, (("machine", m), ("scale:comm_sync.per_byte", s)))
            for n, r, m, s, p in itertools.product([1.0, 2.0, 3.0], [5.0, 6.0], ["ipsc860", "paragon"], [0.5, 1.0], [1, 4])]
    assert list(g) == want and len(g) == 48 and g[-1] == want[-1] and g[3:5] == want[3:5]
    assert g.column("r").tolist() == [p.inputs[1][1] for p in want]
    assert [list(ix) for ix in g.groups(["n"])][:2] == [[0, 16, 32], [1, 17, 33]]
    assert g.machine_points() == [want[0], want[2], want[4], want[6]]


def test_columns_give_the_digits_of_the_per_point_rows():
    # Speedup, efficiency, comm share and L(W,N) computed on arrays (SweepTable) against the
    # per-point objects (with_metrics), with a hung point (no time) and a point that is an error.
    g = grid([("n", [1.0, 2.0])], [1, 2, 4])
    outcomes = [Outcome(0.3, 0.1, 0.2, 0.05, 0.01), Outcome(0.1 + 0.2, 0.7, 0.1, 1e-7, 3e-9),
                Outcome(None, 0.0, hang="stuck"), Outcome(2.0 / 3.0, 1.3, 0.02), Outcome(None, error="lost"),
                Outcome(1e-5, 2e-5, 1e-6, 1e-6, 1e-6)]
    rows = with_metrics(list(g), outcomes)
    table = SweepTable(g, outcomes)
    defines = [("n", [1.0, 2.0])]
    assert render_csv(table, defines) == render_csv(rows, defines)
    assert render_text(table, ["p.c"], "mid", defines) == render_text(rows, ["p.c"], "mid", defines)
    line = render_csv(table, defines).splitlines()[2]  # n=1, p=2: speedup 1 * 0.3 / (0.1 + 0.2)
    assert line.split(",")[:5] == ["1", "2", repr(0.1 + 0.2), repr(0.3 / (0.1 + 0.2)), repr(0.3 / (0.1 + 0.2) / 2)]


def test_formatted_prints_each_value_as_given():
    values = [0.1 + 0.2, math.nan, -0.0, 0.0, 1e-7, 0.1 + 0.2]
    assert formatted(values, repr, "") == ["0.30000000000000004", "", "-0.0", "0.0", "1e-07", "0.30000000000000004"]
    assert formatted([2.0, 1.0, 2.0], repr, "") == ["2.0", "1.0", "2.0"]


def test_csv_in_blocks_is_the_csv_in_one_piece(monkeypatch):
    # 20 points written 7 lines at a time (blocks end inside the grid's dimensions, a hung point in
    # the second block) against one block.
    from interp.studies import sweep_table

    g = grid([("n", [float(k) for k in range(10)])], [1, 2])
    outcomes = [Outcome(1.0 / (k + 1), 0.1 * k) if k != 9 else Outcome(None, hang="stuck") for k in range(20)]
    defines = [("n", [float(k) for k in range(10)])]
    whole = render_csv(SweepTable(g, outcomes), defines)
    monkeypatch.setattr(sweep_table, "BLOCK", 7)
    pieces = list(sweep_table.csv_pieces(SweepTable(g, outcomes), defines))
    assert len(pieces) == 1 + 3 + 1 and "".join(pieces) == whole
    assert whole.splitlines()[10] == "4,2" + ",,,,,,,,," + ",hang"
