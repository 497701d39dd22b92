"""Generic interfaces (frontends/fortran/generics.py): a call of the generic name is a call of
the specific procedure its arguments fit. Before, 'call advance(...)' was "a call interp does
not model" and its time was left out of the prediction (2.49 ms instead of 7.99 ms for the
corpus program particles_generic_f90)."""
from __future__ import annotations

from frontends.load import load_programs
from interp.pipeline import predict


def test_calls_of_a_generic_name_reach_their_specific(tmp_path):
    # tests/corpus/particles_generic_f90.f90: 20 steps of advance(ps, np, dt) -> advance_all,
    # which calls advance_one 500 times; then advance(ps(1), dt) -> advance_one once: 10001
    # executions of advance_one's statement on each process.
    r = predict(["tests/corpus/particles_generic_f90.f90"], "ipsc860", 1, [], interactive=False).result
    (body,) = [s for s in r.aaus.values() if s.cls == "Seq" and s.loc.endswith("particles_generic_f90.f90:18")]
    assert body.executions == 20 * 500 + 1
    (aag,) = load_programs(["tests/corpus/particles_generic_f90.f90"])
    assert not [p for p in aag.problems if "ADVANCE" in str(p).upper()]


AMBIGUOUS = """module m
  implicit none
  interface twice
    module procedure twice_a, twice_b
  end interface twice
contains
  subroutine twice_a(x)
    double precision, intent(inout) :: x
    x = 2 * x
  end subroutine twice_a
  subroutine twice_b(y)
    double precision, intent(inout) :: y
    y = 2 * y
  end subroutine twice_b
end module m

program p
  use m
  implicit none
  double precision :: z
  z = 1
  call twice(z)
end program p
"""


def test_a_call_two_specifics_fit_stays_reported(tmp_path):
    path = tmp_path / "a.f90"
    path.write_text(AMBIGUOUS)
    (aag,) = load_programs([str(path)])
    assert any("TWICE" in str(p).upper() and "not modelled" in str(p) for p in aag.problems), \
        [str(p) for p in aag.problems]
