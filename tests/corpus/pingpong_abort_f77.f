C     pingpong_abort_f77.f - FORTRAN 77 ping-pong between ranks 0 and 1,
C     NREPS round trips of a 12-element DOUBLE PRECISION buffer.  The
C     program stops with MPI_ABORT unless it runs on exactly two
C     processes, as the old course handouts do.
C
C     Run: mpiexec -n 2 ./pingpong_abort_f77
      PROGRAM PPABRT
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER NREPS, NVAL
      PARAMETER (NREPS = 20, NVAL = 12)
      INTEGER IERR, MYID, NPROCS, OTHER, IREP
      INTEGER STATUS(MPI_STATUS_SIZE)
      DOUBLE PRECISION BUF(NVAL)
C
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYID, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NPROCS, IERR)
      IF (NPROCS .NE. 2) THEN
         IF (MYID .EQ. 0) WRITE (*,*) 'PPABRT NEEDS 2 PROCESSES'
         CALL MPI_ABORT(MPI_COMM_WORLD, 1, IERR)
      END IF
      OTHER = 1 - MYID
C
      DO 10 IREP = 1, NREPS
         IF (MYID .EQ. 0) THEN
            CALL MPI_SEND(BUF, NVAL, MPI_DOUBLE_PRECISION, OTHER, 1,
     &                    MPI_COMM_WORLD, IERR)
            CALL MPI_RECV(BUF, NVAL, MPI_DOUBLE_PRECISION, OTHER, 2,
     &                    MPI_COMM_WORLD, STATUS, IERR)
         ELSE
            CALL MPI_RECV(BUF, NVAL, MPI_DOUBLE_PRECISION, OTHER, 1,
     &                    MPI_COMM_WORLD, STATUS, IERR)
            CALL MPI_SEND(BUF, NVAL, MPI_DOUBLE_PRECISION, OTHER, 2,
     &                    MPI_COMM_WORLD, IERR)
         END IF
   10 CONTINUE
      IF (MYID .EQ. 0) WRITE (*,*) 'DONE ', NREPS, ' ROUND TRIPS'
      CALL MPI_FINALIZE(IERR)
      END
