C     Monte Carlo estimate of pi in FORTRAN 77: each process draws NTRIAL
C     points from its own linear congruential generator (a FUNCTION with a
C     SAVE'd seed), counts the hits inside the quarter circle, and the
C     counts meet on process 0 with MPI_REDUCE.
      PROGRAM MCPI
      INCLUDE 'mpif.h'
      INTEGER NTRIAL
      PARAMETER (NTRIAL = 2000)
      INTEGER IERR, MYID, NPROCS, I, NHIT, NTOTAL
      DOUBLE PRECISION X, Y, PIEST, RAN
      EXTERNAL RAN
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYID, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NPROCS, IERR)
      CALL SEED(MYID)
      NHIT = 0
      DO 10 I = 1, NTRIAL
         X = RAN()
         Y = RAN()
         IF (X*X + Y*Y .LE. 1.0D0) NHIT = NHIT + 1
   10 CONTINUE
      CALL MPI_REDUCE(NHIT, NTOTAL, 1, MPI_INTEGER, MPI_SUM, 0,
     &                MPI_COMM_WORLD, IERR)
      IF (MYID .EQ. 0) THEN
         PIEST = 4.0D0 * DBLE(NTOTAL) / DBLE(NTRIAL * NPROCS)
         WRITE(*,*) 'PI ESTIMATE ', PIEST
      ENDIF
      CALL MPI_FINALIZE(IERR)
      END

      SUBROUTINE SEED(K)
      INTEGER K
      INTEGER ISEED
      COMMON /RANST/ ISEED
      ISEED = 12345 + 7919 * K
      RETURN
      END

      DOUBLE PRECISION FUNCTION RAN()
      INTEGER ISEED
      COMMON /RANST/ ISEED
      ISEED = MOD(ISEED * 1103 + 12345, 65536)
      RAN = DBLE(ISEED) / 65536.0D0
      RETURN
      END
