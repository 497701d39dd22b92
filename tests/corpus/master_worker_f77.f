C     master_worker_f77.f - static master/worker in FORTRAN 77: the master
C     sends each worker NROWS rows' worth of work (one message of NROWS
C     DOUBLE PRECISION values), and collects the answers in arrival order
C     with MPI_ANY_SOURCE, reading the sender from STATUS(MPI_SOURCE).
C     The worker's computation is given with a cost annotation.
      PROGRAM MWORK
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER NROWS
      PARAMETER (NROWS = 10)
      INTEGER IERR, MYID, NPROCS, IW, ISRC
      INTEGER STATUS(MPI_STATUS_SIZE)
      DOUBLE PRECISION ROWS(NROWS), ANSWER
C
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYID, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NPROCS, IERR)
      IF (MYID .EQ. 0) THEN
         DO 10 IW = 1, NPROCS - 1
            CALL MPI_SEND(ROWS, NROWS, MPI_DOUBLE_PRECISION, IW, 1,
     &                    MPI_COMM_WORLD, IERR)
   10    CONTINUE
         DO 20 IW = 1, NPROCS - 1
            CALL MPI_RECV(ANSWER, 1, MPI_DOUBLE_PRECISION,
     &                    MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, STATUS,
     &                    IERR)
            ISRC = STATUS(MPI_SOURCE)
            WRITE (*,*) 'ANSWER FROM ', ISRC, ': ', ANSWER
   20    CONTINUE
      ELSE
         CALL MPI_RECV(ROWS, NROWS, MPI_DOUBLE_PRECISION, 0, 1,
     &                 MPI_COMM_WORLD, STATUS, IERR)
C$interp cost(2 ms)
         CALL WORKON(ROWS, NROWS, ANSWER)
         CALL MPI_SEND(ANSWER, 1, MPI_DOUBLE_PRECISION, 0, 2,
     &                 MPI_COMM_WORLD, IERR)
      END IF
      CALL MPI_FINALIZE(IERR)
      END
C
      SUBROUTINE WORKON(R, N, ANS)
      INTEGER N, I
      DOUBLE PRECISION R(N), ANS
      ANS = 0.0D0
      DO 30 I = 1, N
         ANS = ANS + R(I) * R(I)
   30 CONTINUE
      RETURN
      END
