C     grid_row_col_f77.f - a 2-D process grid in FORTRAN 77: MPI_DIMS_CREATE
C     and MPI_CART_CREATE build it, MPI_CART_SUB splits it into row and
C     column communicators; the first process of each row broadcasts a
C     parameter along its row, then NITER sweeps of a local update
C     (stated with cost) each end with a sum down the column (MPI_ALLREDUCE
C     on the column communicator).
      PROGRAM GRIDRC
      INCLUDE 'mpif.h'
      INTEGER NITER
      PARAMETER (NITER = 20)
      INTEGER IERR, NPROCS, MYID, IGRID, IROW, ICOL, IPAR, ITER
      INTEGER DIMS(2), COORDS(2)
      LOGICAL PERIOD(2), KEEP(2)
      DOUBLE PRECISION X, XSUM
C
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NPROCS, IERR)
      DIMS(1) = 0
      DIMS(2) = 0
      CALL MPI_DIMS_CREATE(NPROCS, 2, DIMS, IERR)
      PERIOD(1) = .FALSE.
      PERIOD(2) = .FALSE.
      CALL MPI_CART_CREATE(MPI_COMM_WORLD, 2, DIMS, PERIOD, .TRUE.,
     &                     IGRID, IERR)
      CALL MPI_COMM_RANK(IGRID, MYID, IERR)
      CALL MPI_CART_COORDS(IGRID, MYID, 2, COORDS, IERR)
C     rows keep the second dimension, columns the first
      KEEP(1) = .FALSE.
      KEEP(2) = .TRUE.
      CALL MPI_CART_SUB(IGRID, KEEP, IROW, IERR)
      KEEP(1) = .TRUE.
      KEEP(2) = .FALSE.
      CALL MPI_CART_SUB(IGRID, KEEP, ICOL, IERR)
C
      IPAR = 0
      IF (COORDS(2) .EQ. 0) IPAR = 100 + COORDS(1)
      CALL MPI_BCAST(IPAR, 1, MPI_INTEGER, 0, IROW, IERR)
      X = DBLE(IPAR)
      DO 10 ITER = 1, NITER
!$interp cost(100 us)
         X = 0.5D0 * X + 1.0D0
         CALL MPI_ALLREDUCE(X, XSUM, 1, MPI_DOUBLE_PRECISION, MPI_SUM,
     &                      ICOL, IERR)
   10 CONTINUE
      IF (MYID .EQ. 0) WRITE (*,*) 'COLUMN SUM ', XSUM
      CALL MPI_COMM_FREE(IROW, IERR)
      CALL MPI_COMM_FREE(ICOL, IERR)
      CALL MPI_COMM_FREE(IGRID, IERR)
      CALL MPI_FINALIZE(IERR)
      END
