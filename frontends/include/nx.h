/* nx.h shipped with interp: the Intel iPSC/860 NX/2 C interface, for parsing.
 *
 * Conventions the frontend relies on: node -1 in csend/isend means all nodes
 * (broadcast); typesel -1 in crecv/irecv/cprobe matches any message type;
 * pid is the process id on the node (usually 0 or mypid()).
 * Lengths are in bytes.
 */
#ifndef INTERP_NX_H
#define INTERP_NX_H

/* ---- point-to-point messages -------------------------------------------- */
void csend(long type, char *buf, long len, long node, long pid);
void crecv(long typesel, char *buf, long len);
long isend(long type, char *buf, long len, long node, long pid);
long irecv(long typesel, char *buf, long len);
void msgwait(long mid);
long msgdone(long mid);
void msgcancel(long mid);
long cprobe(long typesel);
long iprobe(long typesel);

/* ---- global operations over all nodes ----------------------------------- */
void gsync(void);
void gdsum(double x[], long n, double work[]);
void gisum(long x[], long n, long work[]);
void gssum(float x[], long n, float work[]);
void gdhigh(double x[], long n, double work[]);
void gdlow(double x[], long n, double work[]);
void gihigh(long x[], long n, long work[]);
void gilow(long x[], long n, long work[]);
void gcol(char x[], long xlen, char y[], long ylen, long *ncnt);
void gcolx(char x[], long xlens[], char y[]);

/* ---- configuration -------------------------------------------------------- */
long mynode(void);
long numnodes(void);
long mypid(void);
long myhost(void);

/* ---- information about the last message received ---------------------- */
long infocount(void);
long infonode(void);
long infotype(void);
long infopid(void);

/* ---- process control (host) and timing ---------------------------------- */
void load(char *filename, long node, long pid);
void killcube(long node, long pid);
double dclock(void);

#endif /* INTERP_NX_H */
