"""NINT, ANINT and their specific names DNINT, IDNINT (frontends/fortran/intrinsics.py: nearest):
the nearest whole number, a half rounded away from zero as Fortran does (not Python's
round-half-to-even). Before, NINT had no value: ``nsteps = nint(tend / dt)`` left the loop's trip
count "depending on data" and the prediction was refused.

By hand, on 4 ranks:
- nint(1.0 / 0.01) = 100 passes; nint(sqrt(dble(4))) = 2;
- nint(dble(me) / 2): ranks 0..3 give nint(0, 0.5, 1, 1.5) = 0, 1, 1, 2 (half-to-even: 0, 0, 1, 2);
- -nint(-2.5) + idnint(0.5) = 3 + 1 = 4 (half-to-even: 2 + 0);
- int(anint(2.5)) - int(dnint(-3.5)) = 3 + 4 = 7 (half-to-even: 2 + 4).
"""
from __future__ import annotations

from interp.pipeline import predict

PROGRAM = """program rounding
  use mpi
  implicit none
  integer :: ierr, me, np, nsteps, q, i
  double precision :: dt, tend, s
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, me, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  dt = 1.0d-2
  tend = 1.0d0
  nsteps = nint(tend / dt)
  q = nint(sqrt(dble(np)))
  s = 0.0d0
  do i = 1, nsteps
    s = s + dt
  end do
  do i = 1, q
    s = s + 1.0d0
  end do
  do i = 1, nint(dble(me) / 2.0d0)
    s = s + 2.0d0
  end do
  do i = 1, -nint(-2.5d0) + idnint(0.5d0)
    s = s + 3.0d0
  end do
  do i = 1, int(anint(2.5d0)) - int(dnint(-3.5d0))
    s = s + 4.0d0
  end do
  call MPI_Finalize(ierr)
end program rounding
"""


def _executions(tmp_path, procs=4):
    path = tmp_path / "rounding.f90"
    path.write_text(PROGRAM)
    r = predict([str(path)], "ipsc860", procs, [], interactive=False).result
    return {(proc, s.loc.rsplit(":", 1)[1]): s.executions for (proc, _), s in r.aaus.items()
            if s.cls == "Seq"}


def test_nint_rounds_half_away_from_zero_in_trip_counts(tmp_path):
    ex = _executions(tmp_path)
    for me in range(4):
        assert ex[(me, "15")] == 100                       # nint(tend / dt)
        assert ex[(me, "18")] == 2                         # nint(sqrt(dble(np)))
        assert ex[(me, "24")] == 4                         # -nint(-2.5) + idnint(0.5)
        assert ex[(me, "27")] == 7                         # anint(2.5) - dnint(-3.5)
    # the rank's own half: evaluated per process by the engine's compiled expression
    assert [ex.get((me, "21"), 0) for me in range(4)] == [0, 1, 1, 2]


def test_anint_costs_as_c_round_and_nint_as_a_conversion(tmp_path):
    from frontends.aag import Seq
    from frontends.fortran import load_fortran
    path = tmp_path / "costs.f90"
    path.write_text("""program costs
  double precision :: x, y
  integer :: k
  read *, y
  x = anint(y)
  k = nint(y)
end program costs
""")
    seqs = [a for a in load_fortran(str(path), granularity="statement").walk() if isinstance(a, Seq)]
    anint, nint = seqs[1].counts, seqs[2].counts   # seqs[0] is the READ
    assert anint.calls == {"lib.round": 1} and "real_to_int" not in anint.ops
    assert nint.calls == {} and nint.ops["real_to_int"] == 1
