"""Application module (paper 3.3): source programs into the AAG and SAAG.

    load          the entry point: a program of either language -> its AAG (load_program)
    c/            the C frontend (pcpp + pycparser)            } level-1 parse of each language,
    fortran/      the Fortran frontend (fparser)               } siblings over the shared core:
    aag/          the AAG contract (AAU classes of Table 4, symbolic expressions) and its analyses
    msgpass       one table of the NX/2 and MPI calls (-> Comm / Sync / SyncSeq / Spawn), MPI
                  datatypes and reduction ops, machine-specific and library calls
    critical      critical variables (3.3.2): the facts both languages collect, their closure
    level1_common annotations applied, branch probabilities, IterD/IterSync/IterND and
                  CondtD/CondtSync classification
    annotations   the ``#pragma interp`` / ``!$interp`` grammar
    memory        the augmented symbol table (reuse distances for the memory model)
    source        reading a source file;  errors: FrontendError

Nothing downstream imports a language frontend: interp/ reads programs through ``load`` and
works on the AAG.
"""
