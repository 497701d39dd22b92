"""A sendrecv to rank +- 1 is the machine's fitted circular shift (seed 003 section 3.3.3) only when
every process makes the ring: a non-periodic halo's partners are chosen by a condition
(``rank > 0 ? rank - 1 : MPI_PROC_NULL``), its end ranks send point to point, and treating the
interior ranks' sendrecv as the collective shift made them wait for ranks that never joined (a
false hang on the SP2)."""
import json
from pathlib import Path

import pytest

SYM = Path(__file__).parent / "symmetry"
# sp2 circular_shift (seed 003 Table 4) at n = 8 processes, m = 8 bytes: (6 log2(8) + 60) us +
# (0.003 log2(8) + 0.04) us/B x 8 B = 78 + 0.392 = 78.392 us per shift
SHIFT = 78.392e-6


def _run(cli, src, *args):
    r = cli("run", str(src), "-m", "sp2", "-p", "8", "--format", "json", *args)
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_non_periodic_halo_on_the_sp2_is_point_to_point(cli):
    out = _run(cli, SYM / "nonperiodic.c", "-D", "iters=10", "-D", "n=100", "--no-symmetry")
    assert out["total_seconds"] > 0  # predicted, not a hang
    comm = [a for a in out["aaus"] if a["class"] == "Comm"]
    assert comm and all(abs(a["mean"] - SHIFT) > 1e-6 for a in comm)  # messages, not the fitted shift


def test_periodic_halo_still_uses_the_fitted_shift(cli, tmp_path):
    # the same halo with (rank +- 1) mod size partners: every process makes the ring
    src = tmp_path / "periodic.c"
    src.write_text((SYM / "nonperiodic.c").read_text()
                   .replace("rank > 0 ? rank - 1 : MPI_PROC_NULL", "(rank + size - 1) % size")
                   .replace("rank < size - 1 ? rank + 1 : MPI_PROC_NULL", "(rank + 1) % size"))
    out = _run(cli, src, "-D", "iters=10", "-D", "n=100", "--no-symmetry")
    comm = [a for a in out["aaus"] if a["class"] == "Comm"]
    assert len(comm) == 2 and all(a["mean"] == pytest.approx(SHIFT, rel=1e-9) for a in comm)
