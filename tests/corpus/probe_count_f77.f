C     probe_count_f77.f - rank 1 does not know how many integers rank 0
C     will send: it calls MPI_PROBE, then MPI_GET_COUNT on the status, and
C     receives exactly that many.  Rank 0 sends NSEND = 25 integers.
      PROGRAM PRBCNT
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER NSEND, MAXN
      PARAMETER (NSEND = 25, MAXN = 1000)
      INTEGER IERR, MYID, ICOUNT, MYTAG
      INTEGER STATUS(MPI_STATUS_SIZE)
      INTEGER IBUF(MAXN)
C
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYID, IERR)
      MYTAG = 123
      IF (MYID .EQ. 0) THEN
         CALL MPI_SEND(IBUF, NSEND, MPI_INTEGER, 1, MYTAG,
     &                 MPI_COMM_WORLD, IERR)
      ELSE IF (MYID .EQ. 1) THEN
         CALL MPI_PROBE(0, MYTAG, MPI_COMM_WORLD, STATUS, IERR)
         CALL MPI_GET_COUNT(STATUS, MPI_INTEGER, ICOUNT, IERR)
         CALL MPI_RECV(IBUF, ICOUNT, MPI_INTEGER, 0, MYTAG,
     &                 MPI_COMM_WORLD, STATUS, IERR)
         WRITE (*,*) 'RECEIVED ', ICOUNT, ' INTEGERS'
      END IF
      CALL MPI_FINALIZE(IERR)
      END
