"""Struct initializer lists as C 6.7.9 reads them (frontends/c/struct_init.py), and struct sizes
with the ABI's padding (frontends/c/types.py). Each loop bound below is read from a member the
list gives; the counts are what C runs (checked by compiling the programs with gcc on x86-64)."""
from __future__ import annotations

import pytest

from interp.errors import InputError
from interp.pipeline import predict

PROGRAM = """#include <stdio.h>
typedef struct { int dims[2]; int iters; } params_t;
typedef struct { int nx, ny; } grid_t;
typedef struct { grid_t grid; int steps; } cfg_t;
int main(void) {
    double s = 0.0;
    DECL
    for (int t = 0; t < BOUND; t++)
        s += 1;
    printf("%f\\n", s);
    return 0;
}
"""


def _count(tmp_path, decl, bound):
    path = tmp_path / "init.c"
    path.write_text(PROGRAM.replace("DECL", decl).replace("BOUND", bound))
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    return next(s.executions for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":9"))


@pytest.mark.parametrize("decl, bound, expected", [
    ("params_t p = {2, 2, 7};", "p.iters", 7),                  # the array's braces elided
    ("params_t p = {{2, 3}, 7};", "p.iters", 7),
    ("params_t p = {2, 3, 7};", "p.dims[1]", 3),
    ("params_t p = {{4}, 7};", "p.dims[1] + 5", 5),            # dims[1] left out: 0
    ("cfg_t c = {8, 5, 3};", "c.steps", 3),                     # the member struct's braces elided
    ("cfg_t c = {8, 5, 3};", "c.grid.ny", 5),
    ("cfg_t c = {{8, 5}, 3};", "c.grid.nx", 8),
    ("cfg_t c = {.grid = {.nx = 8, .ny = 5}, .steps = 3};", "c.grid.nx", 8),
    ("cfg_t c = {.steps = 3, .grid = {6}};", "c.grid.nx + c.grid.ny + c.steps", 9),
    ("cfg_t c = {.grid.nx = 4, .steps = 2};", "c.grid.nx * c.steps", 8),
    ("cfg_t c = {{8}};", "c.steps + c.grid.ny + 1", 1),        # left out: 0
])
def test_members_of_an_initializer_list(tmp_path, decl, bound, expected):
    assert _count(tmp_path, decl, bound) == expected


def test_a_list_not_followed_leaves_the_members_unknown(tmp_path):
    """A designator followed by positional values inside the member (``{.grid.nx = 4, 5}``: 5
    goes to grid.ny) is not followed: the loop is refused, never run with a guess."""
    with pytest.raises(InputError, match="c.grid.ny"):
        _count(tmp_path, "cfg_t c = {.grid.nx = 4, 5};", "c.grid.ny")


SIZES = """#include <stdio.h>
typedef struct { double x, y; int n; } pt_t;
typedef struct { char tag; double v; } tagged_t;
typedef struct { char *name; int id; } rec_t;
typedef union { double d; int i[3]; } u_t;
typedef struct { char c; short s; int i; } small_t;
typedef struct { small_t a; char b; } outer_t;
typedef struct { char c[3]; } c3_t;
typedef struct { c3_t x; int y; char z; } mix_t;
int main(void) {
    char *names[4];
    double s = 0.0;
    for (int i = 0; i < (int) sizeof(TYPE); i++)
        s += 1;
    printf("%f\\n", s);
    return 0;
}
"""


@pytest.mark.parametrize("name, size", [
    ("pt_t", 24), ("tagged_t", 16), ("rec_t", 16), ("u_t", 16), ("small_t", 8), ("outer_t", 12),
    ("c3_t", 3), ("mix_t", 12), ("names", 32)])
def test_struct_sizes_include_the_padding(tmp_path, name, size):
    """gcc on x86-64 prints these sizes (System V ABI: each member at a multiple of its
    alignment, the whole rounded up to the largest; a union as large as its largest member);
    interp summed the members (pt_t 20, tagged_t 9) and took a pointer array's elements as the
    pointees' size (names 4)."""
    path = tmp_path / "sizes.c"
    path.write_text(SIZES.replace("TYPE", name))
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    assert next(s.executions for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":14")) == size
