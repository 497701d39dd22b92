"""A Fortran FUNCTION's result computed by a loop, followed back into ``n = f(p)`` (the Call
brings the result variable back as it brings a dummy argument's stores back: Call.refs), and the
declared type of the result (INTEGER FUNCTION count_items: an integer, whatever the implicit
rules say of a name starting with c).

By hand (manifest header constants, iPSC/860): n = 10 * (1 + ... + P) doubles from rank 0 to
rank 1, one hop, dynamic message (> 100 B): 175 + 0.36 * 8n + 33 us.
  P = 2: n = 30, 240 B: 175 + 86.4 + 33 = 294.4 us
  P = 4: n = 100, 800 B: 175 + 288 + 33 = 496.0 us
plus a few us of statements (the function's loop: P passes). Before, the count was refused:
"the message size depends on 'n', whose value on rank 0 is not known".
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

PROGRAM = """program t
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, n
  double precision :: buf(1000)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  n = count_items(nprocs)
  if (rank == 0) then
    call MPI_Send(buf, n, MPI_DOUBLE_PRECISION, 1, 0, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
    call MPI_Recv(buf, n, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  end if
  call MPI_Finalize(ierr)
contains
FUNCTION
end program t
"""

NAMED = """  integer function count_items(p)
    integer, intent(in) :: p
    integer :: k
    count_items = 0
    do k = 1, p
      count_items = count_items + 10 * k
    end do
  end function count_items"""

RESULT = """  function count_items(p) result(total)
    integer, intent(in) :: p
    integer :: total, k
    total = 0
    do k = 1, p
      if (k > 0) total = total + 10 * k
    end do
  end function count_items"""


def _run(tmp_path, function, procs):
    path = tmp_path / "t.f90"
    path.write_text(PROGRAM.replace("FUNCTION", function))
    return predict([str(path)], "ipsc860", procs, [], interactive=False).result


@pytest.mark.parametrize("function", [NAMED, RESULT], ids=["function-name", "result-clause"])
@pytest.mark.parametrize("procs,message", [(2, 294.4e-6), (4, 496.0e-6)])
def test_a_count_computed_by_a_function_loop_sizes_the_message(tmp_path, function, procs, message):
    r = _run(tmp_path, function, procs)
    assert r.total == pytest.approx(message, abs=5e-6)
    assert r.total > message


def test_an_integer_function_result_is_an_integer(tmp_path):
    """count_items = count_items + 10 * k: two fetches 2 x 25 + int mul 62.5 + int add 25 ns =
    137.5 ns (the result is held in a register: no store, level1.py); no int->real conversion
    (275 ns more, which the implicit REAL of 'count_items' cost before)."""
    r = _run(tmp_path, NAMED, 4)
    (seq,) = [s for (proc, _), s in r.aaus.items() if proc == 0 and s.cls == "Seq" and s.loc.endswith("t.f90:22")]
    assert seq.executions == 4  # do k = 1, P at P = 4
    assert seq.total / seq.executions == pytest.approx(137.5e-9, rel=1e-9)


TESTED = """program t
  implicit none
  integer :: k, found, passes
  found = 0
  do k = 2, 30
    if (is_prime(k)) found = found + 1
  end do
  passes = 0
  do while (.not. over(passes))
    passes = passes + 1
  end do
contains
  logical function is_prime(m)
    integer, intent(in) :: m
    integer :: d
    is_prime = .true.
    d = 2
    do while (d * d <= m)
      if (mod(m, d) == 0) then
        is_prime = .false.
        return
      end if
      d = d + 1
    end do
  end function is_prime
  logical function over(j)
    integer, intent(in) :: j
    over = j >= 7
  end function over
end program t
"""


def test_functions_called_in_tests_run_and_decide_them(tmp_path):
    """IF (is_prime(k)) and DO WHILE (.not. over(passes)): the calls run before the test and
    their results decide it. By hand: is_prime's trial-division loop (d*d <= m) for m = 2..30
    runs 45 passes in all (d from 2 while d*d <= m, leaving at the first divisor: 1 for the 14 even
    m >= 4 and for 5, 7; 2 for 9, 11, 13, 15, 21, 27; 3 for 17, 19, 23; 4 for 25, 29); there are
    10 primes below 31; over(passes) is called 8 times (passes = 0..7), the loop makes 7
    passes. Before, the calls in tests did not run at all (their loops were left out) and the
    IF was weighed 0.5."""
    passes = 0
    for m in range(2, 31):
        d = 2
        while d * d <= m:
            passes += 1
            if m % d == 0:
                break
            d += 1
    assert passes == 45
    path = tmp_path / "t.f90"
    path.write_text(TESTED)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    by_line = {}
    for s in r.aaus.values():
        by_line.setdefault((s.cls, s.loc.rsplit(":", 1)[1]), 0)
        by_line[(s.cls, s.loc.rsplit(":", 1)[1])] += s.executions
    assert by_line[("CondtD", "19-22")] == passes      # the trial division's test
    assert by_line[("Seq", "6")] == 10                  # found = found + 1, once per prime
    assert by_line[("Call", "9")] == 8                  # over() before each of the 8 tests
    assert by_line[("Seq", "10")] == 7


POSITIONS = """program t
  use mpi
  implicit none
  integer :: ierr, rank, i, s
  double precision :: buf(100)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  s = 0
  do i = 1, nitems(rank)
    s = s + i
  end do
  if (rank == 0) call MPI_Send(buf, nitems(5), MPI_DOUBLE_PRECISION, 1, 0, MPI_COMM_WORLD, ierr)
  if (rank == 1) call MPI_Recv(buf, nitems(5), MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call MPI_Finalize(ierr)
contains
  integer function nitems(r)
    integer, intent(in) :: r
    integer :: k
    nitems = 0
    do k = 0, r
      nitems = nitems + 10
    end do
  end function nitems
end program t
"""


def test_a_function_as_a_loop_bound_and_as_a_message_count(tmp_path):
    """nitems(r) = 10 (r + 1): the DO runs 10 passes on rank 0 and 20 on rank 1, and the message
    holds nitems(5) = 60 doubles, 480 B (dynamic): 175 + 0.36 * 480 + 33 = 380.8 us, plus the
    calls and loops (about 7 us). Before, the loop was refused ('depends on data') and the calls
    in the MPI call's arguments did not run."""
    path = tmp_path / "p.f90"
    path.write_text(POSITIONS)
    r = predict([str(path)], "ipsc860", 2, [], interactive=False).result
    body = {proc: s.executions for (proc, _), s in r.aaus.items() if s.cls == "Seq" and s.loc.endswith("p.f90:10")}
    assert body == {0: 10, 1: 20}
    assert r.total == pytest.approx(380.8e-6 + 7e-6, abs=1.5e-6)


def test_a_function_as_an_argument_of_a_subroutine(tmp_path):
    """call work(nitems(3)): nitems(3) = 40, work's loop runs 40 passes (before: n had no value
    in work and its loop was refused)."""
    text = """program t
  implicit none
  call work(nitems(3))
contains
  subroutine work(n)
    integer, intent(in) :: n
    integer :: i
    double precision :: s
    s = 0
    do i = 1, n
      s = s + i
    end do
    print *, s
  end subroutine work
""" + POSITIONS.split("contains\n")[1]
    path = tmp_path / "w.f90"
    path.write_text(text)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    (body,) = [s for s in r.aaus.values() if s.cls == "Seq" and s.loc.endswith("w.f90:11")]
    assert body.executions == 40


def test_an_else_if_calls_its_function_only_when_reached(tmp_path):
    """if (mod(k, 2) == 0) ... else if (is_prime(k)) ... else ...: for k = 1..20 the function
    runs for the 10 odd k only; 7 of them are prime (3, 5, 7, 11, 13, 17, 19), 3 are not (1, 9,
    15). Before, the ELSE IF's call did not run and its test was weighed 0.5."""
    text = ELSE_IF
    path = tmp_path / "e.f90"
    path.write_text(text)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    execs = {(s.cls, s.loc.rsplit(":", 1)[1]): s.executions for s in r.aaus.values()}
    assert execs[("Call", "10-14")] == 10
    assert execs[("Seq", "11")] == 7 and execs[("Seq", "13")] == 3 and execs[("Seq", "9")] == 10


ELSE_IF = """program t
  implicit none
  integer :: k, a, b, c
  a = 0
  b = 0
  c = 0
  do k = 1, 20
    if (mod(k, 2) == 0) then
      a = a + 1
    else if (is_prime(k)) then
      b = b + 1
    else
      c = c + 1
    end if
  end do
  print *, a, b, c
contains
  logical function is_prime(m)
    integer, intent(in) :: m
    integer :: d
    is_prime = m > 1
    do d = 2, m - 1
      if (mod(m, d) == 0) is_prime = .false.
    end do
  end function is_prime
end program t
"""
