"""The issue-13 corpus: real-style MPI programs (tests/corpus/, described in manifest.yaml).

Each program runs in-process through the CLI (as the ``cli`` fixture of conftest.py does) with
``--format json`` and the manifest's ``--timeout``. An entry without ``status: open`` must meet
its expectation (a hand-derived predicted time, a clear refusal, a prediction, or what ``check``
reports). An open entry (a program interp does not handle correctly yet; the manifest says what it
does today and which issue-13 defect blocks it) only has to finish without an internal error or a
Python traceback; open entries that today end in an internal error are xfail(strict=True), so the
day one is fixed the test fails until the manifest is updated.

benchmarks/corpus.py runs the same entries and prints the outcome of every program.
"""
from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from interp.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent / "corpus"))
import harness  # noqa: E402  (tests/corpus/harness.py)

_, ENTRIES = harness.load_manifest()
MARGIN = 30  # seconds beyond --timeout before the run is stopped from outside (a hang of interp)


class CorpusHang(BaseException):
    """Raised by the alarm: not an Exception, so neither interp nor click turns it into an exit code."""


def _param(entry):
    marks = []
    if entry.get("status") == "open" and entry.get("today_internal_error"):
        marks.append(pytest.mark.xfail(strict=True, reason=f"issue 13 defect {entry.get('defect')}: "
                                                          f"{entry.get('today', '')}"))
    return pytest.param(entry, id=entry["id"], marks=marks)


def _run(entry):
    def on_alarm(signum, frame):
        raise CorpusHang()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(int(entry["timeout"]) + MARGIN)
    try:
        result = CliRunner().invoke(main, harness.cli_args(entry), catch_exceptions=True)
        killed = False
    except CorpusHang:
        result, killed = None, True
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    if killed:
        return harness.judge(entry, None, "", "", killed=True), None
    traceback = result.exception is not None and not isinstance(result.exception, SystemExit)
    outcome = harness.judge(entry, result.exit_code, result.stdout, result.stderr, traceback=traceback)
    return outcome, result


def test_manifest_is_complete():
    files = {f for e in ENTRIES for f in e["files"]}
    on_disk = {p.name for p in harness.CORPUS.iterdir() if p.suffix in (".c", ".f", ".f90")}
    assert files == on_disk, f"not in the manifest: {on_disk - files}; missing: {files - on_disk}"
    assert len(on_disk) >= 40
    assert sum(1 for f in on_disk if f.endswith((".f", ".f90"))) >= 8
    covered = {d for e in ENTRIES for d in e.get("defects", [])}
    assert set(range(1, 16)) <= covered, f"issue-13 defects without a program: {set(range(1, 16)) - covered}"
    for e in ENTRIES:
        assert e["derivation"].strip(), e["id"]
        if e.get("status") == "open":
            assert e.get("defect") and e.get("today"), e["id"]


@pytest.mark.parametrize("entry", [_param(e) for e in ENTRIES])
def test_corpus_program(entry):
    outcome, _ = _run(entry)
    if entry.get("status") == "open":
        # Not handled yet: it may be refused, predict the wrong figure or stop at its --timeout,
        # but never end in an internal error or a traceback, nor run on past its time limit.
        assert outcome.kind != harness.INTERNAL, str(outcome)
        assert not outcome.detail.startswith(harness.KILLED), str(outcome)
    else:
        assert outcome.ok, str(outcome)


FORTRAN_MPIF = """\
      INTEGER MPI_COMM_WORLD, MPI_STATUS_SIZE, MPI_SUCCESS, MPI_MAX
      INTEGER MPI_INTEGER, MPI_REAL, MPI_DOUBLE_PRECISION, MPI_SUM
      INTEGER MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SOURCE, MPI_TAG
      INTEGER MPI_PROC_NULL, MPI_MIN
      PARAMETER (MPI_COMM_WORLD = 91, MPI_STATUS_SIZE = 5)
      PARAMETER (MPI_SUCCESS = 0, MPI_INTEGER = 1, MPI_REAL = 2)
      PARAMETER (MPI_DOUBLE_PRECISION = 3, MPI_SUM = 4, MPI_MAX = 5)
      PARAMETER (MPI_MIN = 6)
      PARAMETER (MPI_ANY_SOURCE = -1, MPI_ANY_TAG = -1)
      PARAMETER (MPI_SOURCE = 3, MPI_TAG = 4, MPI_PROC_NULL = -2)
      INTEGER MPI_IN_PLACE, MPI_STATUS_IGNORE, MPI_STATUSES_IGNORE
      PARAMETER (MPI_IN_PLACE = -3, MPI_STATUS_IGNORE = -4)
      PARAMETER (MPI_STATUSES_IGNORE = -5)
      INTEGER MPI_ADDRESS_KIND
      PARAMETER (MPI_ADDRESS_KIND = 8)
      INTEGER MPI_CHARACTER, MPI_MAX_PROCESSOR_NAME
      PARAMETER (MPI_CHARACTER = 7, MPI_MAX_PROCESSOR_NAME = 128)
      DOUBLE PRECISION MPI_WTIME
      EXTERNAL MPI_WTIME
"""

# The MPI 3 Fortran 2008 binding's handles and status as derived types (the programs pass them to
# MPI procedures without ierror; gfortran checks the language, not the MPI library's interfaces).
FORTRAN_MPI_F08 = """\
module mpi_f08
  implicit none
  type :: MPI_Comm
    integer :: MPI_VAL
  end type MPI_Comm
  type :: MPI_Datatype
    integer :: MPI_VAL
  end type MPI_Datatype
  type :: MPI_Op
    integer :: MPI_VAL
  end type MPI_Op
  type :: MPI_Status
    integer :: MPI_SOURCE, MPI_TAG, MPI_ERROR
  end type MPI_Status
  type(MPI_Comm), parameter :: MPI_COMM_WORLD = MPI_Comm(91)
  type(MPI_Datatype), parameter :: MPI_INTEGER = MPI_Datatype(1), MPI_DOUBLE_PRECISION = MPI_Datatype(3)
  type(MPI_Op), parameter :: MPI_SUM = MPI_Op(4), MPI_MAX = MPI_Op(5), MPI_MIN = MPI_Op(6)
  integer, parameter :: MPI_ANY_SOURCE = -1, MPI_ANY_TAG = -1
end module mpi_f08
"""


def test_corpus_c_programs_compile():
    """Every C program is real C: mpicc (the mpich wheel of the 'mpi' extra) accepts it."""
    import shutil
    import subprocess
    mpicc = shutil.which("mpicc")
    if not mpicc:
        pytest.skip("mpicc not on PATH")
    sources = sorted(str(p) for p in harness.CORPUS.glob("*.c"))
    proc = subprocess.run([mpicc, "-fsyntax-only", "-Wall", "-Wno-unused-variable",
                           "-Wno-unused-but-set-variable", *sources], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_corpus_fortran_programs_compile(tmp_path):
    """Every Fortran program passes gfortran's syntax check against a minimal mpif.h / mpi module
    (the MPI library's own headers are not needed to check the language)."""
    import shutil
    import subprocess
    gfortran = shutil.which("gfortran")
    if not gfortran:
        pytest.skip("gfortran not on PATH")
    (tmp_path / "mpif.h").write_text(FORTRAN_MPIF)
    (tmp_path / "mpi.f90").write_text("module mpi\n  include 'mpif.h'\nend module mpi\n")
    (tmp_path / "mpi_f08.f90").write_text(FORTRAN_MPI_F08)
    subprocess.run([gfortran, "-c", "mpi.f90", "mpi_f08.f90"], cwd=tmp_path, check=True, capture_output=True)
    for src in sorted(p for p in harness.CORPUS.iterdir() if p.suffix in (".f", ".f90")):
        proc = subprocess.run([gfortran, "-fsyntax-only", "-fallow-argument-mismatch", "-w",
                               f"-I{tmp_path}", str(src)], capture_output=True, text=True, cwd=tmp_path)
        assert proc.returncode == 0, f"{src.name}: {proc.stderr[-2000:]}"
