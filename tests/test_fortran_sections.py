"""Fortran 90 array syntax is interpreted as the loops it stands for (frontends/fortran/sections.py).

Each program with array syntax is compared with its twin written with DO loops the way a
programmer writes them: every process's times and every AAU's execution count must be the same,
since the rewrite produces the loop a compiler generates (same operations, same element strides).
Trip counts are derived by hand from the sections' bounds.
"""
from pathlib import Path

import pytest

from frontends.fortran import load_fortran
from interp.pipeline import predict

# The corpus program (tests/corpus/manifest.yaml), and its twin with the loops written out.
JACOBI_SECTIONS = (Path(__file__).parent / "corpus" / "jacobi_array_syntax_f90.f90").read_text()

JACOBI_LOOPS = JACOBI_SECTIONS
for _sections, _loops in (
        ("integer :: ierr,", "integer :: i, ierr,"),
        ("  u = 0.0d0\n", "  do i = 0, nloc + 1\n     u(i) = 0.0d0\n  end do\n"),
        ("     unew(1:nloc) = 0.5d0 * (u(0:nloc-1) + u(2:nloc+1))\n",
         "     do i = 1, nloc\n        unew(i) = 0.5d0 * (u(i-1) + u(i+1))\n     end do\n"),
        ("     u(1:nloc) = unew\n", "     do i = 1, nloc\n        u(i) = unew(i)\n     end do\n")):
    assert _sections in JACOBI_LOOPS
    JACOBI_LOOPS = JACOBI_LOOPS.replace(_sections, _loops)

# A 2-D field read at run time (n, m inputs), whole arrays, sections with ':' and a residual norm.
FIELD_SECTIONS = """\
program field
  implicit none
  integer :: n, m, it
  double precision, allocatable :: a(:,:), b(:,:)
  double precision :: r
  read *, n, m
  allocate(a(n, m), b(0:n+1, m))
  b = 0.0d0
  do it = 1, 5
    a = 1.0d0
    a(:, 2:m-1) = 0.25d0 * (b(1:n, 1:m-2) + b(1:n, 3:m))
    r = sqrt(sum((a - b(1:n, :))**2))
  end do
  print *, r
end program
"""

FIELD_LOOPS = """\
program field
  implicit none
  integer :: n, m, it, i, j
  double precision, allocatable :: a(:,:), b(:,:)
  double precision :: r, acc
  read *, n, m
  allocate(a(n, m), b(0:n+1, m))
  do j = 1, m
    do i = 0, n + 1
      b(i, j) = 0.0d0
    end do
  end do
  do it = 1, 5
    do j = 1, m
      do i = 1, n
        a(i, j) = 1.0d0
      end do
    end do
    do j = 2, m - 1
      do i = 1, n
        a(i, j) = 0.25d0 * (b(i, j-1) + b(i, j+1))
      end do
    end do
    acc = 0
    do j = 1, m
      do i = 1, n
        acc = acc + ((a(i, j) - b(i, j))**2)
      end do
    end do
    r = sqrt(acc)
  end do
  print *, r
end program
"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _figures(pred):
    r = pred.result
    procs = [(p.end, p.comp, p.ovh, p.xmit, p.wait) for p in r.procs]
    return r.total, procs


def _execs(pred):
    """Executions of every AAU on every process (the statistics are per process and AAU)."""
    return sorted(int(s.executions) for s in pred.result.aaus.values() if s.executions)


def test_jacobi_sections_predict_as_written_out_loops(tmp_path):
    sec = predict([_write(tmp_path, "s.f90", JACOBI_SECTIONS)], "ipsc860", 4, interactive=False)
    loops = predict([_write(tmp_path, "l.f90", JACOBI_LOOPS)], "ipsc860", 4, interactive=False)
    assert _figures(sec) == _figures(loops)
    assert _execs(sec) == _execs(loops)
    # u = 0 over u(0:201): 202 element stores per process; unew(1:200) 200 per step x 10 steps.
    execs = _execs(sec)
    assert 202 in execs and 200 * 10 in execs


def test_two_dimensional_sections_and_a_norm_follow_the_inputs(tmp_path):
    sec = _write(tmp_path, "s.f90", FIELD_SECTIONS)
    loops = _write(tmp_path, "l.f90", FIELD_LOOPS)
    for n, m in ((40, 30), (80, 10)):
        d = [f"n={n}", f"m={m}"]
        a = predict([sec], "ipsc860", 1, d, interactive=False)
        b = predict([loops], "ipsc860", 1, d, interactive=False)
        assert a.result.total == pytest.approx(b.result.total, rel=1e-12)
        # the interior update: n x (m - 2) elements per iteration, 5 iterations
        assert 5 * n * (m - 2) in _execs(a)
        # the norm's accumulation: n x m elements per iteration
        assert 5 * n * m in _execs(a)


def test_strided_and_vector_subscripts(tmp_path):
    path = _write(tmp_path, "v.f90", """\
program strided
  implicit none
  double precision :: v(100), w(100)
  integer :: idx(30)
  v(1:100:2) = w(2:100:2)
  v(idx) = w(idx)
  print *, v(1)
end program
""")
    pred = predict([path], "ipsc860", 1, interactive=False)
    execs = _execs(pred)
    assert 50 in execs      # (100 - 1) / 2 + 1 = 50 elements of the strided section
    assert 30 in execs      # one element per entry of the rank-1 vector subscript idx(30)
    aag = load_fortran(path)
    assert not aag.problems


def test_reductions_are_their_accumulation_loops(tmp_path):
    path = _write(tmp_path, "r.f90", """\
program reductions
  implicit none
  double precision :: v(64), w(64), s, d, big
  integer :: c
  s = sum(v(1:32))
  d = dot_product(v, w)
  big = maxval(abs(v(1:64:4)))
  c = count(v > 0.5d0)
  print *, s, d, big, c
end program
""")
    pred = predict([path], "ipsc860", 1, interactive=False)
    execs = _execs(pred)
    for trips in (32, 64, 16):  # sum over 1:32, dot_product over 64, maxval over 1:64:4 = 16
        assert trips in execs
    labels = [s.label for s in pred.result.aaus.values()]
    assert labels and all("interp_" not in label for label in labels)  # reports name the source


@pytest.mark.parametrize("statement,why", [
    ("a(1:5) = b(1:5, 1:5)", "has 2 section dimension(s) where the assignment has 1"),
    ("a = 2 * matmul(b, a)", "MATMUL of arrays, whose result is an array"),
    ("b = matmul(b, b)", "MATMUL whose result b is also its operand b"),
    ("x = 2 * sum(b, dim=1)", "SUM with DIM= or MASK="),
    ("a = f(a)", "F of arrays, whose result is an array"),
])
def test_forms_not_rewritten_are_refused_at_their_line(tmp_path, statement, why):
    path = _write(tmp_path, "bad.f90", f"""\
program bad
  double precision :: a(10), b(10, 10), x
  real :: f
  {statement}
end program
""")
    problems = [p for p in load_fortran(path).problems if p.kind == "unsupported"]
    assert len(problems) == 1 and problems[0].line == 4 and why in problems[0].message, problems


def test_section_bounds_are_critical_inputs(tmp_path):
    """n only bounds a section: it must still be an input the prediction depends on."""
    path = _write(tmp_path, "n.f90", """\
program bounds
  implicit none
  integer :: n
  double precision :: a(100000)
  read *, n
  a(1:n) = 2.0d0
end program
""")
    small = predict([path], "ipsc860", 1, ["n=1000"], interactive=False).result.total
    large = predict([path], "ipsc860", 1, ["n=2000"], interactive=False).result.total
    assert 1000 in _execs(predict([path], "ipsc860", 1, ["n=1000"], interactive=False))
    assert large > small


def test_where_and_forall_are_masked_loops(tmp_path):
    path = _write(tmp_path, "w.f90", """\
program masked
  implicit none
  integer :: n, i, j
  double precision :: a(100, 50), b(100, 50)
  read *, n
  where (a(1:n, :) > 0) a(1:n, :) = 1
  where (b > 0)
    a = 1
  elsewhere
    a = 0
  end where
  forall (i = 1:n, j = 2:50:2) a(i, j) = b(i, j)
end program
""")
    aag = load_fortran(path)
    # masks read the arrays' data: taken with probability 0.5, said per line (not refused)
    assert {p.kind for p in aag.problems} == {"assumption"}, [str(p) for p in aag.problems]
    assert {p.line for p in aag.problems} == {6, 7}   # the WHERE statement's and the construct's mask
    pred = predict([path], "ipsc860", 1, ["n=40"], interactive=False)
    by_line: dict[int, list[int]] = {}
    for s in pred.result.aaus.values():
        line = int(s.loc.rsplit(":", 1)[1].split("-")[0]) if ":" in s.loc else 0
        by_line.setdefault(line, []).append(int(s.executions))
    # WHERE (a(1:40, :) > 0): one masked element per (i, j), 40 x 50 = 2000 conditions
    assert 2000 in by_line[6]
    # the construct: one nest over the whole 100 x 50 array, each element taking one branch
    # (an IF / ELSE at the WHERE's line): 5000 conditions, 2500 + 2500 assignments
    assert 5000 in by_line[7] and by_line[8] == [2500] and by_line[10] == [2500]
    # FORALL (i = 1:40, j = 2:50:2): 40 x 25 = 1000 assignments
    assert 1000 in by_line[12]


def test_do_concurrent_elemental_functions_and_block(tmp_path):
    path = _write(tmp_path, "c.f90", """\
module ops
  implicit none
contains
  elemental function sq(x) result(y)
    double precision, intent(in) :: x
    double precision :: y
    y = x * x
  end function sq
end module ops

program conc
  use ops
  implicit none
  integer :: i, j, n
  double precision :: a(300), b(300), g(40, 30), s
  read *, n
  do concurrent (i = 1:n, j = 1:30:3)
    g(i, j) = 0.0d0
  end do
  b = sq(a)
  block
    integer :: k
    s = 0
    do k = 1, n
      s = s + b(k)
    end do
  end block
  print *, s
end program conc
""")
    aag = load_fortran(path)
    assert not aag.problems, [str(p) for p in aag.problems]
    pred = predict([path], "ipsc860", 1, ["n=40"], interactive=False)
    by_line: dict[int, list[tuple[str, int]]] = {}
    for s in pred.result.aaus.values():
        line = int(s.loc.rsplit(":", 1)[1].split("-")[0])
        by_line.setdefault(line, []).append((s.cls, int(s.executions)))
    # DO CONCURRENT (i = 1:40, j = 1:30:3): 40 x 10 element stores (before: "never ends")
    assert ("Seq", 400) in by_line[18]
    # b = sq(a) with sq ELEMENTAL: one call per element of the 300
    assert ("Call", 300) in by_line[20]
    # the BLOCK's loop over its own k: 40 iterations
    assert ("Seq", 40) in by_line[25]


@pytest.mark.parametrize("set_n, inputs", [("n = 10", []), ("read *, n", ["n=10"])])
def test_do_concurrent_limits_decide_control(tmp_path, set_n, inputs):
    """DO CONCURRENT's limits are critical variables, as a DO's are: a limit no ordinary DO reads
    was refused ("depends on 'n' ... data"), and a READ of it was no input (-D n rejected)."""
    path = _write(tmp_path, "dc.f90", f"""\
program p
  implicit none
  integer :: n, k
  real(8) :: a(10)
  {set_n}
  do concurrent (k = 1:n, k > 3)
    a(k) = 1.0d0
  end do
  print *, a(1)
end program p
""")
    pred = predict([path], "ipsc860", 1, inputs, interactive=False)
    body = [s for s in pred.result.aaus.values() if s.loc.endswith(":7") and s.cls == "Seq"]
    assert [int(s.executions) for s in body] == [7]   # k = 4..10 pass the mask


def test_an_elemental_subroutine_called_on_arrays_runs_per_element(tmp_path):
    """call scale2(a) of an ELEMENTAL subroutine over a(1000): its body 1000 times (it ran once,
    silently), and a section with a scalar argument (call axpy(b(2:11), 3.0d0)): 10 times."""
    path = _write(tmp_path, "el.f90", """\
module m
  implicit none
contains
  elemental subroutine scale2(x)
    real(8), intent(inout) :: x
    x = 2.0d0 * x
  end subroutine scale2
  elemental subroutine axpy(y, a)
    real(8), intent(inout) :: y
    real(8), intent(in) :: a
    y = y + a
  end subroutine axpy
end module m
program p
  use m
  implicit none
  real(8) :: a(1000), b(20)
  a = 1.0d0
  b = 0.0d0
  call scale2(a)
  call axpy(b(2:11), 3.0d0)
  call scale2(b(1))
  print *, a(1), b(2)
end program p
""")
    pred = predict([path], "ipsc860", 1, [], interactive=False)
    execs = {s.loc.rsplit(":", 1)[1]: int(s.executions) for s in pred.result.aaus.values() if s.cls == "Seq"}
    assert execs["6"] == 1000 + 1 and execs["11"] == 10


def test_a_where_construct_gives_each_element_one_branch(tmp_path):
    """WHERE / ELSEWHERE (m) / ELSEWHERE over 1000 elements on data: 500, 250, 250 (an if /
    else if / else chain), not 500 each; a prob(0.9) on the WHERE: 900 and 100 (it gave 900 and
    500). Each branch's assignment keeps its own line."""
    path = _write(tmp_path, "w.f90", """\
program p
  implicit none
  real(8) :: x(1000), v(1000)
  call random_number(x)
  where (x < 0.1d0)
    v = 1.0d0
  elsewhere (x < 0.5d0)
    v = 2.0d0
  elsewhere
    v = 3.0d0
  end where
  !$interp prob(0.9)
  where (x < 0.1d0)
    v = 1.0d0
  elsewhere
    v = 3.0d0
  end where
  print *, v(1)
end program p
""")
    pred = predict([path], "ipsc860", 1, [], interactive=False)
    execs = {s.loc.rsplit(":", 1)[1]: int(s.executions) for s in pred.result.aaus.values() if s.cls == "Seq"}
    assert [execs[k] for k in ("6", "8", "10")] == [500, 250, 250]
    assert [execs[k] for k in ("14", "16")] == [900, 100]
