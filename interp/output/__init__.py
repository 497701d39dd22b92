"""The output module (paper 3.5): reports at the AAG, sub-AAG and AAU levels, JSON, CSV, traces,
plots and views of the program and the machine."""
