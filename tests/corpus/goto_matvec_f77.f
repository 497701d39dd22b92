C     FORTRAN 77 matrix-vector product in the old style: REAL*8 declarations,
C     implicit typing for the loop indices, nested DO loops sharing one
C     terminal CONTINUE, a GO TO to skip work on idle processes, and the
C     result collected with MPI_GATHER.  The number of rows per process is
C     rounded up to a power of two by a GO TO loop (a backward jump).
      PROGRAM MATVEC
      INCLUDE 'mpif.h'
      PARAMETER (N = 64)
      REAL*8 A(N, N), X(N), Y(N), YALL(N)
      INTEGER IERR, MYID, NPROCS, NLOC
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYID, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NPROCS, IERR)
      NLOC = N / NPROCS
      NPOW = 1
    5 CONTINUE
      NPOW = NPOW * 2
      IF (NPOW .LT. NLOC) GO TO 5
      IF (NPOW .NE. NLOC) WRITE(6, *) 'ROWS PER PROCESS ', NLOC,
     &     ' NOT A POWER OF TWO'
      DO 10 J = 1, N
      DO 10 I = 1, NLOC
         A(I, J) = 1.0D0 / DBLE(I + J)
   10 CONTINUE
      DO 20 I = 1, N
         X(I) = 1.0D0
   20 CONTINUE
      IF (NLOC .EQ. 0) GO TO 100
      DO 40 I = 1, NLOC
         Y(I) = 0.0D0
         DO 30 J = 1, N
            Y(I) = Y(I) + A(I, J) * X(J)
   30    CONTINUE
   40 CONTINUE
  100 CONTINUE
      CALL MPI_GATHER(Y, NLOC, MPI_DOUBLE_PRECISION, YALL, NLOC,
     &     MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, IERR)
      IF (MYID .EQ. 0) WRITE(6, 200) YALL(1)
  200 FORMAT(' Y(1) = ', F12.6)
      CALL MPI_FINALIZE(IERR)
      STOP
      END
