"""Studies built from many predictions or from real runs: sweeps, what-ifs, design comparisons,
static checks, symbolic closed forms, validation against measurements."""
