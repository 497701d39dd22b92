"""Seed 004's lower bound T^l (van Gemund, PAMELA, section 2.2, Eq. 2-5) of a program on a machine:
the critical path phi, the service demand delta of every shared resource, the contention bound
omega and T^l = max(phi, omega) (docs/bound.md)."""
