"""calibrate's choice of llvm-mca scheduling model (interp/calibrate/mca_cpu.py), on recorded
cycle counts (no llvm-mca needed)."""
import math

import pytest

from interp.calibrate import mca_cpu
from interp.errors import InputError
from interp.models import mca

# cycles per pass of each probe block under two models; "ghost" is a name llvm-mca refuses
TABLE = {
    "native": {"addsd %xmm1, %xmm0": 3, "mulsd %xmm1, %xmm0": 3, "addsd %xmm8, %xmm0": 8},
    "other": {"addsd %xmm1, %xmm0": 3, "mulsd %xmm1, %xmm0": 4, "addsd %xmm8, %xmm0": 4},
}
MEASURED = {"ops.double_add": 1.2e-9, "ops.double_mul": 1.6e-9, "throughput.double_add": 0.2e-9}


@pytest.fixture
def recorded(monkeypatch):
    def cycles(block, cpu):
        if cpu not in TABLE:
            raise InputError(f"processing.compiled.cpu {cpu!r}: not known")
        return mca.McaResult(TABLE[cpu][block.splitlines()[0]], 0.0)
    monkeypatch.setattr(mca, "cycles", cycles)
    monkeypatch.setattr(mca, "analyzer", lambda: "/usr/bin/llvm-mca")
    monkeypatch.setattr(mca_cpu, "CANDIDATES", ("native", "other", "ghost"))
    monkeypatch.setattr(mca_cpu, "PROBES", {k: v for k, v in mca_cpu.PROBES.items() if k in MEASURED})


def test_each_model_is_scored_by_its_log_errors(recorded):
    # native: cycle = 1.2 / 3 = 0.4 ns; a mulsd chain 3 cycles = 1.2 ns against 1.6 (x 0.75);
    # 8 independent addsd in 8 cycles = 0.4 ns each against 0.2 (x 2)
    native = mca_cpu.fit("native", MEASURED)
    assert native.errors == {"ops.double_mul": pytest.approx(0.75), "throughput.double_add": pytest.approx(2.0)}
    assert native.score == pytest.approx((abs(math.log(0.75)) + math.log(2.0)) / 2)
    assert mca_cpu.fit("other", MEASURED).score == pytest.approx(0.0)
    assert mca_cpu.fit("ghost", MEASURED) is None


def test_the_closest_model_replaces_the_compilers(recorded):
    cpu, fits = mca_cpu.choose(MEASURED, "native")
    assert cpu == "other" and [f.cpu for f in fits] == ["other", "native"]
    words = mca_cpu.describe(cpu, "native", fits)
    assert "0.00" in words and "-march=native native: 0.49" in words


def test_the_compilers_model_stays_within_the_margin(recorded, monkeypatch):
    monkeypatch.setattr(mca_cpu, "MARGIN", 0.5)
    assert mca_cpu.choose(MEASURED, "native")[0] == "native"


def test_without_llvm_mca_the_compilers_name_stands(monkeypatch):
    monkeypatch.setattr(mca, "analyzer", lambda: None)
    assert mca_cpu.choose(MEASURED, "znver1") == ("znver1", [])
