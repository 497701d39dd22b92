C
C     trapezoid_node.f - node program of the trapezoid-rule benchmark
C     (FORTRAN 77, NX/2, host-node model); the Fortran twin of
C     samples/trapezoid_node.c. Build it as "trap_node"; trapezoid_host
C     loads it on all nodes and drives it.
C
C     Each repetition: receive (a, b, N) from the host, integrate
C     f(x) = 4/(1+x^2) over this node's share of the N intervals, combine
C     the parts with GDSUM, and node 0 returns the integral to the host.
C
      PROGRAM TRAPND
      INTEGER ME, P, REPS, REP, N, I
      DOUBLE PRECISION PARAMS(3)
      DOUBLE PRECISION A, B, H, X, LOCAL, WORK
      DOUBLE PRECISION F
      INTEGER MYNODE, NUMNODES, MYHOST
C     Message types must match trapezoid_host.f.
      INTEGER HSTPID, SETUPT, PARAMT, RESLTT
      PARAMETER (HSTPID = 0, SETUPT = 10, PARAMT = 20, RESLTT = 30)
C
      ME = MYNODE()
      P = NUMNODES()
C
      CALL CRECV(SETUPT, REPS, 4)
C
      DO 20 REP = 0, REPS - 1
         CALL CRECV(PARAMT, PARAMS, 24)
         A = PARAMS(1)
         B = PARAMS(2)
         N = INT(PARAMS(3))
         H = (B - A) / N
C
C        Cyclic distribution: interval I belongs to node MOD(I, P).
         LOCAL = 0.0D0
         DO 10 I = ME, N - 1, P
            X = A + I * H
            LOCAL = LOCAL + 0.5D0 * (F(X) + F(X + H))
   10    CONTINUE
         LOCAL = LOCAL * H
C
C        GDSUM leaves the total on every node; one reply is enough.
         CALL GDSUM(LOCAL, 1, WORK)
         IF (ME .EQ. 0) CALL CSEND(RESLTT, LOCAL, 8, MYHOST(), HSTPID)
   20 CONTINUE
      END
C
      DOUBLE PRECISION FUNCTION F(X)
      DOUBLE PRECISION X
      F = 4.0D0 / (1.0D0 + X * X)
      END
