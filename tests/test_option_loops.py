"""Two loop forms of ordinary C programs (session 14's tester): a hand-written scan of argv for
options (frontends/c/getopt.py), whose -D values were shown but not used, silently; and an update
in a for loop's test (``for (i = n; i-- > 0; )``), which was refused."""
from __future__ import annotations

from interp.pipeline import predict


def _run(tmp_path, source, defines=()):
    path = tmp_path / "prog.c"
    path.write_text(source)
    return predict([str(path)], "ipsc860", 1, list(defines), interactive=False)


def _execs(result, line):
    return sum(s.executions for s in result.aau_totals()
               if s.cls == "Seq" and s.loc.split(":")[1].split("-")[0] == str(line))


SCAN = r"""#include <stdlib.h>
#include <string.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int n = 1000, reps = 3, verbose = 0, i, r;
    double s = 0.0;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]), i++;
        else if (strcmp(argv[i], "-v") == 0)
            verbose = 1;
        else
            fprintf(stderr, "unknown option %s\n", argv[i]);
    }
    for (r = 0; r < reps; r++)
        for (i = 0; i < n; i++)
            s += 0.5 * i;
    return verbose + (int) s;
}
"""


def test_an_argv_scan_takes_the_given_values(tmp_path):
    got = _run(tmp_path, SCAN, ["n=4096", "reps=7"])
    assert _execs(got.result, 19) == 4096 * 7
    notes = " ".join(p.message for prog in got.programs for p in prog.problems)
    assert "loop over argv" in notes and "-n sets n" in notes and "--reps sets reps" in notes


def test_an_argv_scan_keeps_the_defaults_not_given(tmp_path):
    got = _run(tmp_path, SCAN, ["reps=2"])
    assert _execs(got.result, 19) == 1000 * 2


COUNTDOWN = r"""int main(void) {
    double s = 0.0;
    int i, j, k = 0;
    for (i = 10; i-- > 0; )
        s += 0.5 * i;
    for (j = 0; j++ < 7; k++)
        s += j;
    for (i = 5; --i; )
        s -= i;
    return (int) s + k;
}
"""


def test_an_update_in_a_for_test_runs_at_every_test(tmp_path):
    r = _run(tmp_path, COUNTDOWN).result
    assert _execs(r, 5) == 10   # i = 9 .. 0 inside
    assert _execs(r, 7) == 7    # j = 1 .. 7 inside
    assert _execs(r, 9) == 4    # i = 4 .. 1 inside


CHAINED = r"""#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
    int nx = 256, ny = 256, steps = 3, nsteps = 3, a, i, j, opt;
    double s = 0.0;
    for (a = 1; a < argc; a++)
        if (strcmp(argv[a], "-n") == 0 && a + 1 < argc)
            nx = ny = atoi(argv[++a]);
    while ((opt = getopt(argc, argv, "s:")) != -1)
        switch (opt) {
        case 's': steps = nsteps = (int) atoi(optarg); break;
        }
    for (i = 0; i < nx; i++)
        s += 1.0;
    for (j = 0; j < ny * steps; j++)
        s += 2.0;
    return (int) s + nsteps;
}
"""


def test_one_option_sets_every_variable_of_a_chained_assignment(tmp_path):
    """``nx = ny = atoi(argv[++a])``: -n sets both (only ny was an input: nx kept its 256, a silent
    wrong answer); the input takes the innermost variable's name."""
    got = _run(tmp_path, CHAINED, ["ny=100", "nsteps=2"])
    assert _execs(got.result, 15) == 100
    assert _execs(got.result, 17) == 100 * 2
    notes = " ".join(p.message for prog in got.programs for p in prog.problems)
    assert "-n sets nx and ny (-D ny=VALUE)" in notes
    plain = _run(tmp_path, CHAINED).result
    assert _execs(plain, 15) == 256 and _execs(plain, 17) == 256 * 3


LETTERS = r"""#include <stdlib.h>
int main(int argc, char **argv)
{
    int nc = 8, nsteps = 10, n = 100, reps = 2, a, i, r;
    double s = 0.0;
    for (a = 1; a < argc; a++) {
        if (argv[a][0] == '-' && argv[a][1] == 'c') nc = atoi(argv[++a]);
        else if (argv[a][0] == '-' && argv[a][1] == 's') nsteps = atoi(argv[++a]);
    }
    for (a = 1; a < argc; a++) {
        if (argv[a][0] != '-') continue;
        switch (argv[a][1]) {
        case 'n': n = atoi(argv[++a]); break;
        case 'r': reps = atoi(argv[++a]); break;
        default: break;
        }
    }
    for (i = 0; i < nc * nsteps; i++)
        s += i;
    for (r = 0; r < reps; r++)
        for (i = 0; i < n; i++)
            s += 0.5 * i;
    return (int) s;
}
"""


def test_options_named_by_their_letter_are_read(tmp_path):
    """``argv[a][1] == 'c'`` and ``switch (argv[a][1]) { case 'n': ... }``: option loops too (the
    -D values were shown among the inputs and not used: the loop ran 8 x 10 times, not 4 x 1)."""
    got = _run(tmp_path, LETTERS, ["nc=4", "nsteps=1", "n=7", "reps=3"])
    assert _execs(got.result, 19) == 4 * 1
    assert _execs(got.result, 22) == 7 * 3
    notes = " ".join(p.message for prog in got.programs for p in prog.problems)
    assert "-c sets nc" in notes and "-s sets nsteps" in notes and "-n sets n" in notes and "-r sets reps" in notes
    plain = _run(tmp_path, LETTERS).result
    assert _execs(plain, 19) == 8 * 10 and _execs(plain, 22) == 100 * 2
