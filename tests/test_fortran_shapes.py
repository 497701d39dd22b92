"""Array shapes (frontends/fortran/shapes.py): SIZE / UBOUND / LBOUND of stated shapes, and
assumed-shape dummies (``u(:, :)``) whose extents come from each call's actual argument.

Execution counts are derived by hand from the shapes.
"""
from __future__ import annotations

from frontends.load import load_programs
from interp.pipeline import predict

KERNELS = """\
module kern
  implicit none
contains
  subroutine relax(u, unew)
    double precision, intent(in) :: u(:, :)
    double precision, intent(out) :: unew(:, :)
    integer :: i, j
    do j = 2, size(u, 2) - 1
      do i = 2, size(u, 1) - 1
        unew(i, j) = 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
      end do
    end do
  end subroutine relax
  subroutine zero(a)
    double precision, intent(out) :: a(:)
    a = 0.0d0
  end subroutine zero
end module kern

program main
  use kern
  implicit none
  integer :: n, it, i
  double precision, allocatable :: u(:, :), v(:, :), w(:)
  double precision :: t(0:9)
  read *, n
  allocate(u(n, 2 * n), v(n, 2 * n), w(3 * n))
  call zero(w)
  call zero(w(1:n:2))
  do it = 1, 10
    call relax(u, v)
    call relax(v, u)
  end do
  do i = lbound(t, 1), ubound(t, 1)
    t(i) = size(w)
  end do
end program main
"""


def _execs(result, line, cls="Seq"):
    return sorted(int(s.executions) for s in result.aaus.values()
                  if s.cls == cls and s.loc.rsplit(":", 1)[1].split("-")[0] == str(line))


def test_assumed_shape_extents_come_from_the_calls(tmp_path):
    path = tmp_path / "k.f90"
    path.write_text(KERNELS)
    (aag,) = load_programs([str(path)])
    assert set(aag.inputs) == {"n"}, aag.inputs  # n bounds relax's loops through the extents
    assert aag.functions["relax"].params == ["u", "unew", "interp_u_1", "interp_u_2",
                                             "interp_unew_1", "interp_unew_2"]
    r = predict([str(path)], "ipsc860", 1, ["n=50"], interactive=False).result
    # relax on u(50, 100): (100 - 2) x (50 - 2) updates per call, 20 calls
    assert _execs(r, 10) == [98 * 48 * 20]
    # zero(w) on w(150): 150 stores; zero(w(1:50:2)): 25 stores; both on line 16
    assert _execs(r, 16) == [25 + 150]
    # lbound(t, 1) .. ubound(t, 1) of t(0:9): 10 iterations
    assert _execs(r, 35) == [10]
