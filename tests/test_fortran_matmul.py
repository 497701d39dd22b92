"""Array-valued intrinsics as the loops they stand for (frontends/fortran/matmul.py).

``c = MATMUL(a, b)``, ``b = TRANSPOSE(a)`` and ``s = SUM(a, DIM=1)`` (PRODUCT, MAXVAL, MINVAL)
are rewritten into DO loops before the level-1 parse. Each program is compared with its twin
written out by hand in the loop order docs/model.md gives (MATMUL: j outermost, then k, then i;
a reduction with DIM=: for each result element, its accumulation along DIM): the predicted time
must be the same, and the executions of the statements at the intrinsic's line are derived by hand
from the extents. Before, every one of these statements was refused ("MATMUL of arrays, whose
result is an array" / "SUM with DIM= or MASK="); ``c = c + MATMUL(a, b)`` until 2026-12-02.
"""
from __future__ import annotations

import pytest

from frontends.errors import FrontendError
from frontends.fortran import load_fortran
from interp.pipeline import predict

HEAD = """program t
  implicit none
  integer :: i, j, k
  double precision :: a(30, 20), b(20, 10), c(30, 10), x(40), y(40), z(10), bt(20, 30)
  double precision :: s(20), m(30), acc, tot
  a = 1.0d0
  b = 2.0d0
  x = 3.0d0
"""
LINE = 9  # the line of the statement after HEAD
TAIL = "  print *, c(1, 1), y(2), z(1), bt(1, 1), s(1), m(1)\nend program t\n"

# c = c + a b written out: the product's nest without its zeroing
ACCUMULATED = """  do j = 1, 10
    do k = 1, 20
      do i = 1, 30
        c(i, j) = c(i, j) + a(i, k) * b(k, j)
      end do
    end do
  end do
"""

# (statement, its loops written out by hand, {executions of the Seqs at its line})
CASES = {
    "matmul 30x20 by 20x10": (
        "  c = matmul(a, b)\n",
        """  do j = 1, 10
    do i = 1, 30
      c(i, j) = 0
    end do
    do k = 1, 20
      do i = 1, 30
        c(i, j) = c(i, j) + a(i, k) * b(k, j)
      end do
    end do
  end do
""",
        # zeroing: 30 x 10 = 300; the product's statement: 30 x 20 x 10 = 6000
        [300, 6000]),
    "matrix times vector, sections": (
        "  y(2:31) = matmul(a(:, 1:20), x(5:24))\n",
        """  do i = 2, 31
    y(i) = 0
  end do
  do k = 1, 20
    do i = 2, 31
      y(i) = y(i) + a(i - 1, k) * x(k + 4)
    end do
  end do
""",
        # y(2:31) zeroed: 30; 20 columns of 30 rows: 600
        [30, 600]),
    "accumulated into the target": (
        "  c = c + matmul(a, b)\n",
        ACCUMULATED,
        # no zeroing: the product's statement only, 30 x 20 x 10 = 6000
        [6000]),
    "accumulated, the product first": (
        "  c = matmul(a, b) + c\n",
        ACCUMULATED,
        [6000]),
    "subtracted from a section": (
        "  y(2:31) = y(2:31) - matmul(a(:, 1:20), x(5:24))\n",
        """  do k = 1, 20
    do i = 2, 31
      y(i) = y(i) - a(i - 1, k) * x(k + 4)
    end do
  end do
""",
        [600]),
    "vector times matrix": (
        "  z = matmul(x(1:20), b)\n",
        """  do j = 1, 10
    z(j) = 0
    do k = 1, 20
      z(j) = z(j) + x(k) * b(k, j)
    end do
  end do
""",
        # 10 zeroings, 20 x 10 products
        [10, 200]),
    "transpose": (
        "  bt = transpose(a)\n",
        """  do j = 1, 30
    do i = 1, 20
      bt(i, j) = a(j, i)
    end do
  end do
""",
        [600]),
    "transpose in an expression": (
        "  bt = 2.0d0 * transpose(a) + bt\n",
        """  do j = 1, 30
    do i = 1, 20
      bt(i, j) = 2.0d0 * a(j, i) + bt(i, j)
    end do
  end do
""",
        [600]),
    "sum of an expression along dim 2": (
        "  m = sum(a * a, dim=2)\n",
        """  do i = 1, 30
    acc = 0
    do j = 1, 20
      acc = acc + (a(i, j) * a(i, j))
    end do
    m(i) = acc
  end do
""",
        # 30 initial values, 30 x 20 terms, 30 stores
        [30, 30, 600]),
    "sum along dim 1": (
        "  s = sum(a, dim=1)\n",
        """  do j = 1, 20
    acc = 0
    do i = 1, 30
      acc = acc + (a(i, j))
    end do
    s(j) = acc
  end do
""",
        # per result element (20): the initial value and the store, 20 each (one Seq: 20 + 20
        # executions, or the two apart); the accumulation 30 x 20 = 600
        None),
    "sum of a vector along dim 1": (
        "  tot = sum(x, dim=1)\n",
        """  acc = 0
  do i = 1, 40
    acc = acc + (x(i))
  end do
  tot = acc
""",
        # as SUM(x): the accumulation into a scalar of its own (40 terms), then the assignment
        None),
    "maxval along dim 2, positional": (
        "  m = maxval(a, 2)\n",
        """  do i = 1, 30
    acc = -huge(acc)
    do j = 1, 20
      acc = max(acc, (a(i, j)))
    end do
    m(i) = acc
  end do
""",
        None),
}


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _at(result, line):
    """Executions of the Seq AAUs at ``line`` (summed over processes)."""
    return sorted(int(s.executions) for s in result.aau_totals() if s.cls == "Seq" and s.loc.endswith(f":{line}"))


def _seq_execs(result):
    return sorted(int(s.executions) for s in result.aau_totals() if s.cls == "Seq" and s.executions)


@pytest.mark.parametrize("case", list(CASES))
def test_intrinsic_predicts_as_its_loops_written_out(tmp_path, case):
    statement, loops, at_line = CASES[case]
    sec = predict([_write(tmp_path, "s.f90", HEAD + statement + TAIL)], "ipsc860", 1, interactive=False).result
    hand = predict([_write(tmp_path, "l.f90", HEAD + loops + TAIL)], "ipsc860", 1, interactive=False).result
    assert sec.total == pytest.approx(hand.total, rel=1e-9)
    assert _seq_execs(sec) == _seq_execs(hand)
    if at_line is not None:
        assert _at(sec, LINE) == at_line
    labels = [s.label for s in sec.aau_totals()]
    assert all("interp_" not in label for label in labels)  # reports name the source statement
    assert not load_fortran(_write(tmp_path, "s2.f90", HEAD + statement + TAIL)).problems


def test_reductions_along_a_dimension_count_per_result_element(tmp_path):
    # s = SUM(a, DIM=1) over a(30, 20): 20 result elements of 30 terms; MINVAL(ARRAY=, DIM=2)
    # into m(30): 30 elements of 20 terms; PRODUCT over a section a(2:11, 1:5), DIM=1: 5 x 10
    prog = HEAD + "  s = sum(a, dim=1)\n  m = minval(dim=2, array=a)\n  s(1:5) = product(a(2:11, 1:5), 1)\n" + TAIL
    r = predict([_write(tmp_path, "d.f90", prog)], "ipsc860", 1, interactive=False).result
    assert 600 in _at(r, LINE) and 20 in _at(r, LINE)
    assert 600 in _at(r, LINE + 1) and 30 in _at(r, LINE + 1)
    assert 50 in _at(r, LINE + 2) and 5 in _at(r, LINE + 2)
    assert max(_at(r, LINE)) == 600 and max(_at(r, LINE + 2)) == 50


DISTRIBUTED = """program cols
  use mpi
  implicit none
  integer :: n, ncol, ierr, np
  double precision, allocatable :: a(:,:), bloc(:,:), cloc(:,:)
  call MPI_INIT(ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, np, ierr)
  read *, n
  ncol = n / np
  allocate(a(n, n), bloc(n, ncol), cloc(n, ncol))
  a = 1.0d0
  bloc = 2.0d0
  cloc = matmul(a, bloc)
  call MPI_FINALIZE(ierr)
end program cols
"""


def test_extents_from_allocate_follow_the_inputs(tmp_path):
    """n is read at run time: the product's loops follow it on every process (n x n x n/np each)."""
    path = _write(tmp_path, "cols.f90", DISTRIBUTED)
    for n in (40, 80):
        r = predict([path], "ipsc860", 4, [f"n={n}"], interactive=False).result
        # over the 4 processes: 4 x (n x n x n/4) products and 4 x (n x n/4) zeroings
        assert _at(r, 13) == [n * n, n * n * n]


@pytest.mark.parametrize("statement,what", [
    ("c = matmul(a, a)", "MATMUL's operands do not conform: a has 20 columns where a has 30 rows"),
    ("bt = matmul(a, b)", "MATMUL's result has 30 rows, bt has 20"),
    ("y = matmul(a, x)", "MATMUL's operands do not conform: a has 20 columns where x has 40 elements"),
    ("c = matmul(x(1:20), b)", "has rank 1, assigned to c of rank 2"),
    ("bt = transpose(c)", "TRANSPOSE(c) has 10 rows where the assignment has 20"),
    ("m = sum(a, dim=1)", "SUM(..., DIM=1) has 20 elements, m has 30"),
    ("s(1) = sum(a, dim=1)", "SUM(..., DIM=) of an array of rank 2 has rank 1, assigned to s(1) of rank 0"),
    ("m = sum(a(:, 1), dim=1)", "SUM(..., DIM=) of an array of rank 1 has rank 0, assigned to m of rank 1"),
])
def test_extents_that_do_not_conform_are_an_error_at_their_line(tmp_path, statement, what):
    path = _write(tmp_path, "bad.f90", HEAD + f"  {statement}\n" + TAIL)
    with pytest.raises(FrontendError) as err:
        load_fortran(path)
    assert err.value.line == LINE and what in err.value.message, err.value.message


@pytest.mark.parametrize("statement,why", [
    ("c = a(:, 1:10) + matmul(a, b)", "MATMUL of arrays, whose result is an array"),
    ("c = matmul(a, b) - c", "MATMUL of arrays, whose result is an array"),
    ("c = c + matmul(c(:, 1:10), b(1:10, :))", "is also its operand"),
    ("y(1:30) = 2 * matmul(a, x(1:20))", "MATMUL of arrays, whose result is an array"),
    ("bt = transpose(matmul(a, b))", "TRANSPOSE of MATMUL(a, b), which is not a whole array or section"),
    ("c(:, 1:10) = matmul(c(:, 1:10), b(1:10, :))",
     "MATMUL whose result c(:, 1 : 10) is also its operand c(:, 1 : 10)"),
    ("a(1:20, :) = transpose(a(:, 1:20))", "is also its operand"),
    ("s = sum(a, dim=1, mask=a > 0)", "SUM with MASK="),
    ("s = sum(a, dim=i)", "SUM with DIM=i of an array of rank 2"),
    ("acc = sum(x, dim=2)", "SUM with DIM=2 of an array of rank 1"),
    ("s = count(a > 0, dim=1)", "COUNT with DIM= or MASK="),
])
def test_forms_not_rewritten_stay_refused_at_their_line(tmp_path, statement, why):
    path = _write(tmp_path, "bad.f90", HEAD + f"  {statement}\n" + TAIL)
    problems = [p for p in load_fortran(path).problems if p.kind == "unsupported"]
    assert len(problems) == 1 and problems[0].line == LINE and why in problems[0].message, \
        [str(p) for p in problems]
