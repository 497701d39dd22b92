"""The interpretation engine (paper 3.4.2, Algorithm 2): one active chain per process, a global
clock, point-to-point and collective communication, steady states."""
