C     pi_midpoint_f77.f - the classic FORTRAN 77 pi program: rank 0 reads
C     the number of intervals, MPI_BCAST shares it, every rank sums the
C     midpoint rule for 4/(1+x**2) over its intervals (cyclically), and
C     MPI_REDUCE adds the partial sums on rank 0.
C
C     Run: echo 10000 | mpiexec -n P ./pi_midpoint_f77
      PROGRAM PIMID
      INCLUDE 'mpif.h'
      DOUBLE PRECISION PI25DT
      PARAMETER (PI25DT = 3.141592653589793238462643D0)
      DOUBLE PRECISION MYPI, PI, H, SUM, X, F, A
      INTEGER N, MYID, NUMPRC, I, IERR
C     the integrand, a statement function
      F(A) = 4.D0 / (1.D0 + A * A)
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYID, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NUMPRC, IERR)
C
      IF (MYID .EQ. 0) THEN
         WRITE (6, 98)
   98    FORMAT('ENTER THE NUMBER OF INTERVALS:')
         READ (5, 99) N
   99    FORMAT(I10)
      END IF
      CALL MPI_BCAST(N, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, IERR)
C
      H = 1.0D0 / N
      SUM = 0.0D0
      DO 20 I = MYID + 1, N, NUMPRC
         X = H * (DBLE(I) - 0.5D0)
         SUM = SUM + F(X)
   20 CONTINUE
      MYPI = H * SUM
C
      CALL MPI_REDUCE(MYPI, PI, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0,
     &                MPI_COMM_WORLD, IERR)
      IF (MYID .EQ. 0) THEN
         WRITE (6, 97) PI, ABS(PI - PI25DT)
   97    FORMAT('  PI IS APPROXIMATELY: ', F18.16,
     &          '  ERROR IS: ', F18.16)
      END IF
      CALL MPI_FINALIZE(IERR)
      END
