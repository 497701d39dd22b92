"""RESHAPE of a whole one-dimensional array into a whole array (sections.py ``_reshape``): the
loop nest a compiler generates, each element taken at the target's position in array element
order, with the index's constants folded. Before, it was refused ("RESHAPE of arrays, whose
result is an array"). The twin written as DO loops must cost the same, figure for figure."""
from __future__ import annotations

import pytest

from interp.pipeline import predict

TEMPLATE = """program r
  implicit none
  integer, parameter :: n = 32, m = 8
  integer :: i, j
  double precision :: a(n, m), buf(n * m)
  buf = 1.0d0
BODY
  print *, a(1, 1)
end program r
"""
RESHAPE = "  a = reshape(buf, [n, m])"
LOOPS = """  do j = 1, m
    do i = 1, n
      a(i, j) = buf(i + 32 * j - 32)
    end do
  end do"""


def _total(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(TEMPLATE.replace("BODY", body))
    return predict([str(path)], "ipsc860", 1, [], interactive=False).result.total


def test_reshape_is_its_loop_nest(tmp_path):
    assert _total(tmp_path, "a.f90", RESHAPE) == pytest.approx(_total(tmp_path, "b.f90", LOOPS), rel=1e-12)
