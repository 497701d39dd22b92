C     Matrix multiply C = A * B by a master and workers, FORTRAN 77 style:
C     the master deals out blocks of rows of A (the first EXTRA workers get
C     one row more), sending each worker its offset, its row count and the
C     rows, plus all of B; the workers send back their offset, count and
C     rows of C.  Message sizes come from values the workers receive.
      PROGRAM MMULT
      INCLUDE 'mpif.h'
      INTEGER NRA, NCA, NCB, MASTER, FROMM, FROMW
      PARAMETER (NRA = 62, NCA = 15, NCB = 7, MASTER = 0)
      PARAMETER (FROMM = 1, FROMW = 2)
      INTEGER IERR, TASKID, NTASKS, NWORK, AVEROW, EXTRA, OFFSET
      INTEGER ROWS, DEST, SRC, I, J, K
      INTEGER STATUS(MPI_STATUS_SIZE)
      DOUBLE PRECISION A(NRA, NCA), B(NCA, NCB), C(NRA, NCB)
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, TASKID, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NTASKS, IERR)
      NWORK = NTASKS - 1
      IF (TASKID .EQ. MASTER) THEN
         DO 20 J = 1, NCA
            DO 10 I = 1, NRA
               A(I, J) = DBLE(I + J)
   10       CONTINUE
   20    CONTINUE
         DO 40 J = 1, NCB
            DO 30 I = 1, NCA
               B(I, J) = DBLE(I * J)
   30       CONTINUE
   40    CONTINUE
         AVEROW = NRA / NWORK
         EXTRA = MOD(NRA, NWORK)
         OFFSET = 1
         DO 50 DEST = 1, NWORK
            IF (DEST .LE. EXTRA) THEN
               ROWS = AVEROW + 1
            ELSE
               ROWS = AVEROW
            ENDIF
            CALL MPI_SEND(OFFSET, 1, MPI_INTEGER, DEST, FROMM,
     &           MPI_COMM_WORLD, IERR)
            CALL MPI_SEND(ROWS, 1, MPI_INTEGER, DEST, FROMM,
     &           MPI_COMM_WORLD, IERR)
            CALL MPI_SEND(A(OFFSET, 1), ROWS * NCA,
     &           MPI_DOUBLE_PRECISION, DEST, FROMM, MPI_COMM_WORLD,
     &           IERR)
            CALL MPI_SEND(B, NCA * NCB, MPI_DOUBLE_PRECISION, DEST,
     &           FROMM, MPI_COMM_WORLD, IERR)
            OFFSET = OFFSET + ROWS
   50    CONTINUE
         DO 60 SRC = 1, NWORK
            CALL MPI_RECV(OFFSET, 1, MPI_INTEGER, SRC, FROMW,
     &           MPI_COMM_WORLD, STATUS, IERR)
            CALL MPI_RECV(ROWS, 1, MPI_INTEGER, SRC, FROMW,
     &           MPI_COMM_WORLD, STATUS, IERR)
            CALL MPI_RECV(C(OFFSET, 1), ROWS * NCB,
     &           MPI_DOUBLE_PRECISION, SRC, FROMW, MPI_COMM_WORLD,
     &           STATUS, IERR)
   60    CONTINUE
         WRITE(*, *) 'C(1,1) = ', C(1, 1)
      ELSE
         CALL MPI_RECV(OFFSET, 1, MPI_INTEGER, MASTER, FROMM,
     &        MPI_COMM_WORLD, STATUS, IERR)
         CALL MPI_RECV(ROWS, 1, MPI_INTEGER, MASTER, FROMM,
     &        MPI_COMM_WORLD, STATUS, IERR)
         CALL MPI_RECV(A, ROWS * NCA, MPI_DOUBLE_PRECISION, MASTER,
     &        FROMM, MPI_COMM_WORLD, STATUS, IERR)
         CALL MPI_RECV(B, NCA * NCB, MPI_DOUBLE_PRECISION, MASTER,
     &        FROMM, MPI_COMM_WORLD, STATUS, IERR)
         DO 90 K = 1, NCB
            DO 80 I = 1, ROWS
               C(I, K) = 0.0D0
               DO 70 J = 1, NCA
                  C(I, K) = C(I, K) + A(I, J) * B(J, K)
   70          CONTINUE
   80       CONTINUE
   90    CONTINUE
         CALL MPI_SEND(OFFSET, 1, MPI_INTEGER, MASTER, FROMW,
     &        MPI_COMM_WORLD, IERR)
         CALL MPI_SEND(ROWS, 1, MPI_INTEGER, MASTER, FROMW,
     &        MPI_COMM_WORLD, IERR)
         CALL MPI_SEND(C, ROWS * NCB, MPI_DOUBLE_PRECISION, MASTER,
     &        FROMW, MPI_COMM_WORLD, IERR)
      ENDIF
      CALL MPI_FINALIZE(IERR)
      END
