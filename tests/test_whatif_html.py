"""interp whatif --html DIR: both runs' reports and the lines whose own time changed."""
import json
import re
from pathlib import Path

from interp.output.format import fmt_time

ROOT = Path(__file__).resolve().parent.parent


def test_whatif_page_lists_the_changed_lines(cli, tmp_path):
    args = ["whatif", ROOT / "samples/trapezoid_mpi.c", "--machine", "ipsc860", "--procs", "4", "-D", "n=1000",
            "-D", "reps=2", "--scale", "comm_sync.per_byte=0.5"]
    res = cli(*args, "--format", "json", "--html", tmp_path / "wi")
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    d = tmp_path / "wi"
    assert (d / "baseline" / "index.html").is_file() and (d / "whatif" / "index.html").is_file()
    text = (d / "index.html").read_text()
    for run in ("baseline", "what_if"):
        total = doc["total"][run]
        assert f'data-seconds="{total}">{fmt_time(total)}<' in text
    rows = re.findall(r'trapezoid_mpi\.c:(\d+) <a href="baseline/src1-trapezoid_mpi\.c\.html#L\1">', text)
    # Halving the time per byte changes only the lines that move bytes: the collectives (MPI_Bcast
    # of the parameters and of reps, MPI_Reduce of the result); computation lines are unchanged.
    labels = re.findall(r'<td class="label">([^<]*)</td>', text)
    assert rows and all(lab.startswith(("MPI_Bcast", "MPI_Reduce")) for lab in labels), labels
    # Every listed difference is a saving (less transmission time), none a rounding residue.
    deltas = re.findall(r'<td class="num (better|worse)">', text)
    assert deltas == ["better"] * len(rows)
