"""The fuzz harness of issue 14: hostile inputs for interp, run and classified.

    seeds.py          valid inputs to start from: the samples, the shipped machines, small programs
    textmut.py        token- and byte-level mutations shared by the program mutators
    mutate_c.py       hostile C programs          mutate_fortran.py  hostile Fortran programs
    mutate_machine.py hostile machine files       mutate_cli.py      hostile command lines
    mutate_hostile.py what the others lack: include cycles, self-referential macros, unterminated
                      comments, nesting past the recursion limit, Fortran continuation abuse,
                      duplicate YAML keys and YAML 1.1 scalars, -D and option conflicts
    progcase.py       a mutated program and the command that reads it
    case.py           a case, its (kind, seed, index) identity, the mix of kinds (``plan``)
    runner.py         each case in its own process and directory, with time and memory limits
    forkserver.py     the same, forked from one process that imported interp (faster)
    classify.py       the outcome of a run      report.py  tables, defects, reproductions

The full run is ``python benchmarks/fuzz.py``; tests/test_fuzz.py runs a small seeded one.
"""
