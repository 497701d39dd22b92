C     1-D wave equation in FORTRAN 77 style: the grid sizes in a COMMON
C     block set by an initialisation subroutine, a DO-loop time stepper with
C     labelled CONTINUEs, and the end points exchanged with MPI_SENDRECV.
      PROGRAM WAVE
      INCLUDE 'mpif.h'
      INTEGER NPTS, NSTEPS
      COMMON /GRID/ NPTS, NSTEPS
      INTEGER IERR, ME, NP, LEFT, RIGHT, K, I
      INTEGER STATUS(MPI_STATUS_SIZE)
      DOUBLE PRECISION U(0:1001), UOLD(0:1001), UNEW(0:1001), C2
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, ME, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NP, IERR)
      CALL SETUP(NP)
      LEFT = ME - 1
      RIGHT = ME + 1
      IF (ME .EQ. 0) LEFT = MPI_PROC_NULL
      IF (ME .EQ. NP - 1) RIGHT = MPI_PROC_NULL
      C2 = 0.25D0
      DO 10 I = 0, NPTS + 1
         U(I) = 0.0D0
         UOLD(I) = 0.0D0
   10 CONTINUE
      DO 30 K = 1, NSTEPS
         CALL MPI_SENDRECV(U(NPTS), 1, MPI_DOUBLE_PRECISION, RIGHT, 1,
     &        U(0), 1, MPI_DOUBLE_PRECISION, LEFT, 1,
     &        MPI_COMM_WORLD, STATUS, IERR)
         CALL MPI_SENDRECV(U(1), 1, MPI_DOUBLE_PRECISION, LEFT, 2,
     &        U(NPTS+1), 1, MPI_DOUBLE_PRECISION, RIGHT, 2,
     &        MPI_COMM_WORLD, STATUS, IERR)
         DO 20 I = 1, NPTS
            UNEW(I) = 2.0D0*U(I) - UOLD(I)
     &              + C2*(U(I-1) - 2.0D0*U(I) + U(I+1))
   20    CONTINUE
         DO 25 I = 1, NPTS
            UOLD(I) = U(I)
            U(I) = UNEW(I)
   25    CONTINUE
   30 CONTINUE
      IF (ME .EQ. 0) WRITE(*,*) 'U(1) = ', U(1)
      CALL MPI_FINALIZE(IERR)
      END

      SUBROUTINE SETUP(NP)
      INTEGER NP
      INTEGER NPTS, NSTEPS
      COMMON /GRID/ NPTS, NSTEPS
      NPTS = 1000 / NP
      NSTEPS = 20
      RETURN
      END
