"""``interp calibrate``: characterize the machine interp runs on by micro-benchmarks and write a
machine file (SAG) for it (docs/calibrate.md).

bench/*.c are the micro-benchmarks (package data); tools.py finds compilers and runs programs;
fit.py turns recorded outputs into parameter ranges; writer.py writes the YAML; cmd.py is the
command.
"""
