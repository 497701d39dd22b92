"""GO TO in structured FORTRAN 77 shapes (frontends/fortran/gotos.py): a forward skip (the error
exit), the FORTRAN 66 IF-ELSE (``IF (c) GO TO 20; A; GO TO 30; 20 B; 30 CONTINUE``) and a
backward jump (a loop tested after each pass). Before, every GO TO was refused ("GO TO is not
modelled (interp needs structured control flow)").

By hand (manifest header constants): rank 0 sends one double to rank 1, one hop, static
message: 70 + 0.42 * 8 + 11 = 84.36 us. The loop makes N = 10 passes (K = 1..10; the test
K .LT. N is false after the 10th).
"""
from __future__ import annotations

import pytest

from frontends.load import load_programs
from interp.pipeline import predict

PROGRAM = """      PROGRAM GOTOS
      INCLUDE 'mpif.h'
      INTEGER IERR, ME, K, N
      DOUBLE PRECISION S
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, ME, IERR)
      N = 10
      K = 0
      S = 0.0D0
   10 CONTINUE
      K = K + 1
      S = S + DBLE(K)
      IF (K .LT. N) GO TO 10
      IF (ME .NE. 0) GO TO 20
      CALL MPI_SEND(S, 1, MPI_DOUBLE_PRECISION, 1, 0, MPI_COMM_WORLD,
     &     IERR)
      GO TO 30
   20 CONTINUE
      IF (ME .EQ. 1) CALL MPI_RECV(S, 1, MPI_DOUBLE_PRECISION, 0, 0,
     &     MPI_COMM_WORLD, MPI_STATUS_IGNORE, IERR)
   30 CONTINUE
      IF (IERR .NE. 0) GO TO 999
      S = S * 2.0D0
  999 CONTINUE
      CALL MPI_FINALIZE(IERR)
      END
"""


def _run(tmp_path, text, procs=2):
    path = tmp_path / "g.f"
    path.write_text(text)
    return predict([str(path)], "ipsc860", procs, [], interactive=False).result


def test_loop_if_else_and_error_exit_by_goto(tmp_path):
    r = _run(tmp_path, PROGRAM)
    per = {s.loc.rsplit(":", 1)[1]: s for (proc, _), s in r.aaus.items() if proc == 0}
    # the backward GO TO: a loop of 10 passes on the counter K, counted in closed form
    # (frontends/aag/whilecount.py): one execution of the loop; its 10 passes are in the total below
    assert per["10-13"].cls == "IterD" and per["10-13"].executions == 1
    assert per["15-16"].cls == "Comm" and per["15-16"].executions == 1   # rank 0's branch: the send
    assert "19" not in per or per["19"].executions == 0                  # ... not the ELSE's receive
    # the error exit on IERR (a value from data: weighed 0.5) is an IF around S = S * 2
    assert per["22-23"].cls == "CondtD" and per["22-23"].executions == 1
    # 84.36 us for the message; before it on rank 0 the 10 passes, each K = K + 1; S = S + DBLE(K)
    # (3 fetches 75 + 2 stores 100 + int add 25 + int->real 275 + double add ~25 ns = 500 ns)
    # and the loop's test and step (~0.35 us): about 8.5 us, plus the IFs: about 9 us
    assert r.total == pytest.approx(84.36e-6 + 9e-6, abs=1.5e-6)


def test_a_jump_out_of_a_construct_stays_refused(tmp_path):
    text = PROGRAM.replace("      IF (K .LT. N) GO TO 10\n",
                           "      IF (K .LT. N) THEN\n         GO TO 10\n      END IF\n")
    path = tmp_path / "h.f"
    path.write_text(text)
    (aag,) = load_programs([str(path)])
    assert any("GO TO is not modelled" in str(p) and ":14" in str(p) for p in aag.problems), \
        [str(p) for p in aag.problems]
