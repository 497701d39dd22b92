"""Extents of Fortran arrays for the gather and search models (frontends/fortran/extents.py):
an allocatable's ALLOCATE shape, a declared shape, two different ALLOCATEs (none); and a binary
search's probes in Fortran IF conditions (frontends/probes.py, with the element offsets the
Fortran frontend records in conditions). Before, Fortran gave neither: the gather model had no
extent for an allocatable, and no Fortran probe was recognised.

The figures by hand are the C tests' (tests/test_gather.py, tests/test_search.py) on the same
machines: the same loop written in Fortran must cost the same.
"""
import pytest

from frontends.aag import Condt, Iter, Seq
from frontends.aag import symexpr as S
from frontends.load import load_program
from interp.engine.algorithm import Engine
from interp.engine.options import EngineOptions
from interp.pipeline import load_machine, load_programs, resolve_inputs
from sag import Bound
from tests.test_gather import GATHER, MACHINE as GATHER_MACHINE
from tests.test_search import MACHINE as SEARCH_MACHINE

NS = 1e-9

SRC = """program g
  implicit none
  integer :: n, m, i, j, lo, hi, mid
  integer, allocatable :: idx(:)
  double precision, allocatable :: x(:), y(:)
  double precision :: s, key, t(500)
  read *, n
  read *, m
  allocate(x(n), idx(m))
  do j = 1, n
    x(j) = j
  end do
  s = 0
  do i = 1, m
    s = s + x(idx(i))
  end do
  do i = 1, m
    s = s + t(idx(i))
  end do
  allocate(y(n))
  deallocate(y)
  allocate(y(2 * n))
  do i = 1, m
    s = s + y(idx(i))
  end do
  key = 0.5d0
  lo = 1
  hi = n
  do while (lo <= hi)
    mid = (lo + hi) / 2
    if (x(mid) < key) then
      lo = mid + 1
    else
      hi = mid - 1
    end if
  end do
  print *, s, lo
end program g
"""


def _reads(prog):
    out = {}
    for fn in prog.functions.values():
        for a in fn.body:
            for x in a.walk():
                accs = x.accesses if isinstance(x, Seq) else \
                    [acc for b in x.branches for acc in b.cond_accesses] if isinstance(x, Condt) else []
                for acc in accs:
                    if acc.gathered or acc.probe:
                        out.setdefault(acc.name, []).append(("probe" if acc.probe else "gather", acc.extent))
    return out


def test_extents_allocated_declared_and_reallocated(tmp_path):
    path = tmp_path / "g.f90"
    path.write_text(SRC)
    got = _reads(load_program(str(path)))
    n = S.var("n")
    # x(idx(i)): allocate(x(n)) of doubles, 8n bytes; x(mid) in the search's IF: a probe of x
    assert got["x"] == [("gather", 8 * n), ("probe", 8 * n)]
    # t(idx(i)): t(500) declared, 4000 bytes
    assert got["t"] == [("gather", 4000)]
    # y: allocated as y(n) and as y(2 * n): no known extent (C's rule for two allocations)
    assert got["y"] == [("gather", None)]


def _model(tmp_path, src, machine, values):
    f = tmp_path / "p.f90"
    f.write_text(src)
    path = tmp_path / "m.yaml"
    path.write_text(machine)
    programs = load_programs([str(f)])
    sag = load_machine(str(path))
    engine = Engine(programs, sag, 1, resolve_inputs(programs, values, False), EngineOptions(bound=Bound.parse("mid")))
    return engine._model(sag.find("N"), programs[0]), programs[0]


@pytest.mark.parametrize("n, per_ns", [(1000, 0.75), (100000, 7.53792), (10000000, 19.8753792)])
def test_a_fortran_gather_costs_what_the_c_gather_costs(tmp_path, n, per_ns):
    """tests/test_gather.py's figures: 8n B of x, L1 32 KiB (0.75 ns), L2 512 KiB (1 ns), main
    20 ns; e.g. n = 100000: 0.04096 x 0.75 + 0.6144 x 1 + 0.34464 x 20 = 7.53792 ns a pass."""
    machine = GATHER_MACHINE
    for key, value in GATHER.items():
        machine = machine.replace(", " + key, ", " + value)
    model, prog = _model(tmp_path, SRC, machine, {"n": n, "m": 1000})
    loop = [x for a in prog.functions["g"].body for x in a.walk() if isinstance(x, Iter) and x.var == "i"][0]
    per = float(model.iterd(loop).xreplace({S.var("n"): n, S.var("m"): 1000})) / 1000
    assert per == pytest.approx(per_ns * NS)


def test_a_fortran_search_probe_costs_the_latency_chain(tmp_path):
    """tests/test_search.py's machine: x(mid) over 2^20 doubles (8 MiB, 131072 lines of 64 B):
    D = 20 probes; L1 (32 KiB, 512 lines) serves depths 0..9, L2 (512 KiB random size, 8192
    lines) 10..13, main memory 14..19 (2^14 = 16384 > 8192): (10 x 1 + 4 x 5 + 6 x 100) / 20
    = 31.5 ns a probe, on top of the condition's own operations."""
    machine = SEARCH_MACHINE.replace(" RANDOM1", ", random_size: 32 KiB").replace(" RANDOM2", ", random_size: 512 KiB")
    n = 1 << 20
    model, prog = _model(tmp_path, SRC, machine, {"n": n, "m": 1000})
    condt = next(x for a in prog.functions["g"].body for x in a.walk() if isinstance(x, Condt))
    value = float(model.condt(condt).xreplace({S.var("n"): n}))
    (probe,) = [acc for b in condt.branches for acc in b.cond_accesses if acc.probe]
    probe.probe = False
    model._probes.clear()
    without = float(model.condt(condt).xreplace({S.var("n"): n}))
    assert value - without == pytest.approx(31.5 * NS)
