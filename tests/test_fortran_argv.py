"""Fortran command-line inputs: COMMAND_ARGUMENT_COUNT() and GET_COMMAND_ARGUMENT(i, buf) followed
by READ (buf, *) n are C's argc and ``n = atoi(argv[i])`` (frontends/fortran/callstmts.py
_command_argument, statements.py _s_Read_Stmt): -D inputs read from argv, optional when an IF on
COMMAND_ARGUMENT_COUNT() guards them (the program then keeps its own value), and argc is the
program's name plus the arguments up to the last one given (interp/pipeline.py argc_given).

iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 1), 40 MHz, 1 clk = 25 ns, mid of ranges:
  DO loop per-iteration overhead (no step) [8, 14] clk -> 11 clk = 275 ns
  s = s + i: int -> real [8, 14] clk = 275 ns, double add 1 clk = 25 ns, 2 fetches 2 x 25 ns,
  1 store 50 ns -> 400 ns; one iteration 675 ns
  a branch taken t2 = 25 ns; a library call (GET_COMMAND_ARGUMENT as strncpy, READ as scanf;
  neither has a lib.* figure on the iPSC/860: 0) costs its call overhead 37.5 ns
"""
import json

import pytest

GUARDED = """program args
  use mpi
  implicit none
  integer :: ierr, n, iters, i
  character(len=32) :: arg
  double precision :: s
  call MPI_Init(ierr)
  iters = 10
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read(arg, *) n
  end if
  if (command_argument_count() > 1) then
    call get_command_argument(2, arg)
    read(arg, *) iters
  end if
  s = 0d0
  do i = 1, n * iters
    s = s + i
  end do
  call MPI_Finalize(ierr)
end program args
"""

REQUIRED = """program args2
  use mpi
  implicit none
  integer :: ierr, rank, n, i
  character(len=32) :: arg
  double precision :: s
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (command_argument_count() < 1) then
    if (rank == 0) print *, 'usage: args2 n'
    call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  end if
  call get_command_argument(1, arg)
  read(arg, *) n
  s = 0d0
  do i = 1, n
    s = s + i
  end do
  call MPI_Finalize(ierr)
end program args2
"""


def _file(tmp_path, text, name="args.f90"):
    p = tmp_path / name
    p.write_text(text)
    return p


def _run(cli, path, *args):
    r = cli("run", path, "--machine", "ipsc860", "-p", "2", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_arguments_are_argv_inputs_with_argc(cli, tmp_path):
    shown = cli("show", _file(tmp_path, GUARDED)).stdout
    # argc: the name and the two arguments read (C's argv_max + 1)
    assert "external inputs: argc (line 1, argv, default 3), iters (line 15, argv), n (line 11, argv)" in shown


def test_a_guarded_argument_left_out_keeps_the_programs_value(cli, tmp_path):
    p = _file(tmp_path, GUARDED)
    default = _run(cli, p, "-D", "n=100")  # argc = 2: iters keeps its 10
    given = _run(cli, p, "-D", "n=100", "-D", "iters=5")  # argc = 3: iters = 5
    assert default["inputs"]["argc"] == 2 and given["inputs"]["argc"] == 3
    # 1000 against 500 iterations of 675 ns; the run given iters also takes the second branch
    # (t2 25 ns) and makes its two library calls (2 x 37.5 ns):
    #   500 x 675 ns - (25 + 75) ns = 337.5 us - 0.1 us = 337.4 us
    assert default["total_seconds"] - given["total_seconds"] == pytest.approx(500 * 675e-9 - 100e-9, rel=1e-9)


def test_an_argument_read_unguarded_must_be_given(cli, tmp_path):
    p = _file(tmp_path, REQUIRED, "args2.f90")
    r = cli("run", p, "--machine", "ipsc860", "-p", "2")
    assert r.exit_code != 0
    assert "args2.f90:14, read from argv)" in r.output and "  n (" in r.output
    d = _run(cli, p, "-D", "n=100")
    assert d["inputs"]["argc"] == 2  # the usage guard is not taken: no abort
    assert not any("MPI_Abort" in n for n in d["notes"])


def test_too_few_arguments_reach_the_usage_guard(cli, tmp_path):
    r = cli("run", _file(tmp_path, REQUIRED, "args2.f90"), "--machine", "ipsc860", "-p", "2",
            "-D", "argc=1", "-D", "n=100")
    assert r.exit_code == 0, r.output
    assert "MPI_Abort" in r.output


def test_a_count_stored_in_a_variable_guards_too(cli, tmp_path):
    text = GUARDED.replace("  integer :: ierr, n, iters, i\n", "  integer :: ierr, n, iters, i, nargs\n") \
        .replace("  iters = 10\n", "  iters = 10\n  nargs = command_argument_count()\n") \
        .replace("if (command_argument_count() > 1)", "if (nargs > 1)")
    p = _file(tmp_path, text)
    default = _run(cli, p, "-D", "n=100")  # iters optional: argc = 2, iters keeps 10
    given = _run(cli, p, "-D", "n=100", "-D", "iters=5")
    assert default["inputs"]["argc"] == 2
    # as above, plus nothing: nargs = ... costs the same in both runs
    assert default["total_seconds"] - given["total_seconds"] == pytest.approx(500 * 675e-9 - 100e-9, rel=1e-9)
