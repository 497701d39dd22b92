/* nx.h - mirrors the Intel iPSC/860 NX/2 C interface (node and host calls). */
#ifndef NX_H
#define NX_H

/* Point-to-point messages: node -1 means all nodes; typesel -1 matches any type. */
void csend(long type, char *buf, long len, long node, long pid);
void crecv(long typesel, char *buf, long len);
long isend(long type, char *buf, long len, long node, long pid);
long irecv(long typesel, char *buf, long len);
void msgwait(long mid);
long msgdone(long mid);
long cprobe(long typesel);

/* Global operations over all nodes of the cube. */
void gsync(void);
void gdsum(double x[], long n, double work[]);
void gisum(long x[], long n, long work[]);
void gssum(float x[], long n, float work[]);
void gdhigh(double x[], long n, double work[]);
void gdlow(double x[], long n, double work[]);
void gcol(char x[], long xlen, char y[], long ylen, long *ncnt);
void gcolx(char x[], long xlens[], char y[]);

/* Configuration and information about the last received message. */
long mynode(void);
long numnodes(void);
long mypid(void);
long myhost(void);
long infocount(void);
long infonode(void);
long infotype(void);

/* Process control (host side) and timing. */
void load(char *filename, long node, long pid);
void killcube(long node, long pid);
double dclock(void);

#endif /* NX_H */
