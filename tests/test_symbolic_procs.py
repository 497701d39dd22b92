"""sweep --metrics --symbolic-procs: T_n as a closed form of n (seed 003, Table 7's form)."""
import math
import re

import pytest

from interp.errors import InputError
from interp.studies.symbolic import fit_procs

NS = [1, 2, 4, 8, 16, 32, 64, 128, 256]


def table7(n):
    """Seed 003 Table 7, APT row (log base 2)."""
    return 0.04 + 14.33 / n + 0.51 * n ** -0.71 + 0.004 * math.log2(n)


def test_fit_recovers_table7_from_its_own_values():
    fit = fit_procs(NS, [table7(n) for n in NS])
    assert fit.coef["1"] == pytest.approx(0.04, rel=1e-6)
    assert fit.coef["1/n"] == pytest.approx(14.33, rel=1e-6)
    assert fit.coef["n^p"] == pytest.approx(0.51, rel=1e-5)
    assert fit.p == pytest.approx(-0.71, abs=1e-4)
    assert fit.coef["log2 n"] == pytest.approx(0.004, rel=1e-4)
    assert fit.formula() == "0.04 + 14.33/n + 0.51 n^-0.71 + 0.004 log2 n"


def test_fit_drops_terms_that_are_not_there():
    # T_n = 2 + 3/n: the n^p and log2 n terms never reach 1e-4 of T_n and are dropped
    fit = fit_procs(NS, [2 + 3 / n for n in NS])
    assert list(fit.coef) == ["1", "1/n"]
    assert fit.formula() == "2 + 3/n"


def test_fit_needs_five_process_counts():
    with pytest.raises(InputError, match="at least 5 process counts"):
        fit_procs([1, 2, 4, 8], [1.0, 0.5, 0.25, 0.125])


def test_apt_sweep_prints_table7(cli):
    r = cli("sweep", "samples/apt/apt_mpi.c", "-m", "sp2-apt", "--procs", ",".join(map(str, NS)),
            "--metrics", "--symbolic-procs")
    assert r.exit_code == 0, r.output
    line = next(ln for ln in r.output.splitlines() if ln.startswith("closed form"))
    # The sample's T_n is Table 7's within 0.1% (test_seed003_metrics: m = int(17e6/n^2) truncates),
    # so the fitted form is Table 7's to about three figures.
    m = re.search(r"T_n = (\S+) \+ (\S+)/n \+ (\S+) n\^(\S+) \+ (\S+) log2 n s", line)
    a, b, c, p, d = map(float, m.groups())
    assert (a, b, c, p, d) == (pytest.approx(0.04, rel=5e-3), pytest.approx(14.33, rel=1e-3),
                               pytest.approx(0.51, rel=5e-3), pytest.approx(-0.71, abs=2e-3),
                               pytest.approx(0.004, rel=5e-3))
    dev = float(re.search(r"largest deviation (\S+)%", line).group(1))
    assert dev < 0.1


def test_symbolic_procs_needs_metrics_and_text(cli):
    r = cli("sweep", "samples/apt/apt_mpi.c", "-m", "sp2-apt", "--procs", "1,2", "--symbolic-procs")
    assert r.exit_code != 0 and "--symbolic-procs is used by --metrics" in r.output
    r = cli("sweep", "samples/apt/apt_mpi.c", "-m", "sp2-apt", "--procs", "1,2", "--metrics",
            "--symbolic-procs", "--format", "csv")
    assert r.exit_code != 0 and "--symbolic-procs prints" in r.output
