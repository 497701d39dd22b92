C
C     trapezoid_host.f - host program of the trapezoid-rule benchmark
C     (FORTRAN 77, NX/2, host-node model); the Fortran twin of
C     samples/trapezoid_host.c.
C
C     Input (standard input): N R
C       N  number of intervals the domain [0,1] is divided into
C       R  number of repetitions of the broadcast/integrate/collect step
C
C     The cube is allocated beforehand (getcube); the node program is
C     built from trapezoid_node.f as the executable "trap_node".
C
      PROGRAM TRAPHS
      INTEGER N, REPS, REP, IOS
      DOUBLE PRECISION PARAMS(3), INTGRL, T0, T1
      DOUBLE PRECISION DCLOCK
      INTEGER NUMNODES
C     Node -1: every node of the cube; the node program's pid; the types.
      INTEGER ALLNOD, NODPID, SETUPT, PARAMT, RESLTT
      PARAMETER (ALLNOD = -1, NODPID = 0)
      PARAMETER (SETUPT = 10, PARAMT = 20, RESLTT = 30)
C
      INTGRL = 0.0D0
      READ (*, *, IOSTAT=IOS) N, REPS
      IF (IOS .NE. 0) THEN
         WRITE (*, *) 'usage: trapezoid_host < input with N R'
         STOP
      END IF
      IF (N .LT. 1 .OR. REPS .LT. 1) THEN
         WRITE (*, *) 'N and R must be positive'
         STOP
      END IF
C
C     A, B, N in one buffer: one CSEND per broadcast.
      PARAMS(1) = 0.0D0
      PARAMS(2) = 1.0D0
      PARAMS(3) = DBLE(N)
C
C     The paper times from the load until the last result arrives, so
C     node start-up is part of the measured (and predicted) time.
      T0 = DCLOCK()
      CALL LOAD('trap_node', ALLNOD, NODPID)
      CALL CSEND(SETUPT, REPS, 4, ALLNOD, NODPID)
C
      DO 10 REP = 0, REPS - 1
         CALL CSEND(PARAMT, PARAMS, 24, ALLNOD, NODPID)
C        Only node 0 answers: the nodes combine their parts with GDSUM.
         CALL CRECV(RESLTT, INTGRL, 8)
   10 CONTINUE
      T1 = DCLOCK()
C
      WRITE (*, *) 'N = ', N, ', R = ', REPS, ', nodes = ', NUMNODES()
      WRITE (*, *) 'integral = ', INTGRL, ' (pi = 3.141592653589793)'
      WRITE (*, *) 'time = ', T1 - T0, ' s total, ',
     &             (T1 - T0) / REPS, ' s per repetition'
C
C     The nodes have finished; KILLCUBE frees them for the next run.
      CALL KILLCUBE(ALLNOD, NODPID)
      END
