"""READ of a NAMELIST group (``READ (iu, NML=params)``, ``READ (iu, params)``): its variables are
what the READ stores, external inputs as a READ of them one by one is. Before, the READ stored
nothing: the program's defaults before it (nx = 100, nsteps = 10) were taken as the values, a
silent wrong prediction whatever the file held."""
from __future__ import annotations

import pytest

from frontends.load import load_programs
from interp.pipeline import predict

PROGRAM = """program nml
  implicit none
  integer :: nx, nsteps, i, s, iu
  double precision :: dt, q(100000)
  namelist /params/ nx, nsteps, dt
  nx = 100
  nsteps = 10
  open(newunit=iu, file='params.nml')
  READ
  close(iu)
  do s = 1, nsteps
    do i = 2, nx
      q(i) = q(i) - dt * q(i - 1)
    end do
  end do
end program nml
"""


@pytest.mark.parametrize("read", ["read(iu, nml=params)", "read(iu, params)", "read(unit=iu, nml=params)"])
def test_a_namelist_read_makes_its_variables_inputs(tmp_path, read):
    path = tmp_path / "n.f90"
    path.write_text(PROGRAM.replace("READ", read))
    (aag,) = load_programs([str(path)])
    assert {n for n, i in aag.inputs.items() if i.critical} == {"nx", "nsteps"}
    r = predict([str(path)], "ipsc860", 1, ["nx=50", "nsteps=3"], interactive=False).result
    (body,) = [s for s in r.aaus.values() if s.cls == "Seq" and s.loc.endswith("n.f90:13")]
    assert body.executions == 3 * 49  # nsteps x (nx - 1), from the values given, not the defaults
