"""Red-black (odd-even) sweeps summed in closed form: remainders of a loop index by a small constant
split the sum into residue classes (omega._sum_rounded), and a start set just before the inner loop
(``istart = 1 + mod(j + color, 2)``) no longer makes the loops around it IterND
(aag/iterlocal.py). Before, the inner trip count ``floor((n - 1 - (i + color) % 2) / 2) + 1`` had no
closed form over i: every color of every sweep was summed term by term (9 s for n = 200 and 10
sweeps, 39 s for 40), and the Fortran form was interpreted sweep by sweep.

Each variant is compared with the interpretation of every iteration (closed forms off) and with
--exact, AAU by AAU, and its prediction must not grow with the sweeps.
"""
import sympy
import pytest

from frontends.aag import symexpr as S
from interp.engine.compiled import Compiled, Unknown
from interp.models.omega import TermSum, sum_over
from interp.pipeline import predict

C_SWEEP = """#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]), iters = atoi(argv[2]), it, i, j, color;
    double *a = calloc((size_t) (n + 3) * (n + 3), sizeof(double));
    for (it = 0; it < iters; it++)
        for (color = C0; color < C1; color++)
            for (i = 1; i <= n; i++)
                for (j = 1 + (i + color) % K; j <= n; j += K)
                    a[i * (n + 3) + j] *= 0.5;
    return 0;
}
"""

# the start held in a variable set afresh for every row, as the Fortran form below
C_START_VAR = """#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]), iters = atoi(argv[2]), it, i, j, color, s;
    double *a = calloc((size_t) (n + 2) * (n + 2), sizeof(double));
    for (it = 0; it < iters; it++)
        for (color = 0; color < 2; color++)
            for (i = 1; i <= n; i++) {
                s = 1 + (i + color) % 2;
                for (j = s; j <= n; j += 2)
                    a[i * (n + 2) + j] *= 0.5;
            }
    return 0;
}
"""

# the other textbook form: every point visited, a branch on its color
C_BRANCH = """#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]), iters = atoi(argv[2]), it, i, j, color;
    double *a = calloc((size_t) (n + 2) * (n + 2), sizeof(double));
    for (it = 0; it < iters; it++)
        for (color = 0; color < 2; color++)
            for (i = 1; i <= n; i++)
                for (j = 1; j <= n; j++)
                    if ((i + j) % 2 == color)
                        a[i * (n + 2) + j] *= 0.5;
    return 0;
}
"""

# dividends of both signs: C's remainder is negative for i < -color, so the classes' values differ
# on either side of 0 (the closed form must not be taken; the sum is evaluated term by term)
C_NEGATIVE = """#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]), iters = atoi(argv[2]), it, i, j, color;
    double *a = calloc((size_t) (2 * n + 3) * (n + 3), sizeof(double));
    for (it = 0; it < iters; it++)
        for (color = 0; color < 2; color++)
            for (i = -n; i <= n; i++)
                for (j = 1 + (i + color) % 2; j <= n; j += 2)
                    a[(i + n) * (n + 3) + j + 1] *= 0.5;
    return 0;
}
"""

F_SWEEP = """program rb
  use mpi
  implicit none
  integer :: ierr, n, maxit, i, j, it, color, istart
  double precision, allocatable :: u(:,:)
  character(len=16) :: arg
  call MPI_Init(ierr)
  call get_command_argument(1, arg)
  read(arg, *) n
  call get_command_argument(2, arg)
  read(arg, *) maxit
  allocate(u(0:n+1, 0:n+1))
  do it = 1, maxit
     do color = 0, 1
        do j = 1, n
           istart = 1 + MODFN(j + color, 2)
           do i = istart, n, 2
              u(i,j) = 0.25d0 * (u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1))
           end do
        end do
     end do
  end do
  call MPI_Finalize(ierr)
end program rb
"""


def _c(c0=0, c1=2, k=2):
    return C_SWEEP.replace("C0", str(c0)).replace("C1", str(c1)).replace("K", str(k))


VARIANTS = {
    "colors 0..1, step 2": ("rb.c", _c()),
    "colors 1..2, step 2": ("rb.c", _c(1, 3)),
    "colors 0..2, step 3": ("rb.c", _c(0, 3, 3)),
    "start in a variable": ("rb.c", C_START_VAR),
    "branch on the color": ("rb.c", C_BRANCH),
    "dividends of both signs": ("rb.c", C_NEGATIVE),
    "Fortran MOD": ("rb.f90", F_SWEEP.replace("MODFN", "mod")),
    "Fortran MODULO": ("rb.f90", F_SWEEP.replace("MODFN", "modulo")),
}


def _inputs(name):
    return ["n", "maxit"] if name.endswith(".f90") else ["n", "iters"]


def _predict(tmp_path, variant, n, sweeps, **kw):
    name, src = VARIANTS[variant]
    path = tmp_path / name
    path.write_text(src)
    size, count = _inputs(name)
    return predict([str(path)], "ipsc860", 1, [f"{size}={n}", f"{count}={sweeps}"], interactive=False, **kw).result


def _aaus(result):
    return {(s.cls, s.loc): (s.executions, s.total) for s in result.aau_totals()}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("n", [5, 6])
def test_closed_form_equals_every_iteration_interpreted(tmp_path, variant, n):
    closed = _predict(tmp_path, variant, n, 3)
    for kw in ({"closed_forms": False}, {"exact": True}):
        other = _predict(tmp_path, variant, n, 3, **kw)
        assert closed.total == pytest.approx(other.total, rel=1e-9)
        mine, theirs = _aaus(closed), _aaus(other)
        for key, (execs, total) in theirs.items():
            if key[0].startswith("Iter"):  # interpreted loops are IterSync-like; compare the rest
                continue
            assert mine[key][0] == pytest.approx(execs, rel=1e-9), key
            assert mine[key][1] == pytest.approx(total, rel=1e-9), key


def _body(result, line):
    return next(s for s in result.aau_totals() if s.cls == "Seq" and s.loc.endswith(f":{line}"))


@pytest.mark.parametrize("n", [5, 6, 101])
def test_a_checkerboard_is_visited_once_per_sweep(tmp_path, n):
    # colors 0 and 1 visit the two halves of the n x n checkerboard: n*n points a sweep (for n = 5,
    # 12 red + 13 black = 25); with step 3 and three colors the points with j - 1 = (i + c) mod 3
    # for c = 0, 1, 2: every point once too
    for variant in ("colors 0..1, step 2", "colors 1..2, step 2", "colors 0..2, step 3"):
        r = _predict(tmp_path, variant, n, 4)
        assert _body(r, 10).executions == 4 * n * n, variant
    f = _predict(tmp_path, "Fortran MOD", n, 4)
    assert _body(f, 18).executions == 4 * n * n


def test_prediction_does_not_grow_with_the_sweeps(tmp_path):
    """Every loop of the nest in closed form: the loop over sweeps runs once, whatever the count."""
    for variant in ("colors 0..1, step 2", "start in a variable", "branch on the color", "Fortran MOD"):
        r = _predict(tmp_path, variant, 200, 10_000)
        outer = [s for s in r.aau_totals() if s.cls.startswith("Iter")]
        assert all(s.cls == "IterD" for s in outer), variant
        assert max(s.executions for s in outer if s.total == max(x.total for x in outer)) == 1, variant


def _value(expr, names):
    _, fn = Compiled().get(expr)

    def lookup(name):
        if name in names:
            return names[name]
        raise Unknown(name)
    return float(fn(lookup))


def _c_mod(a, b):
    return S.c_mod_num(a, b)


def test_a_sum_over_remainders_by_hand():
    # sum over i = 1..n of the red-black inner count floor((n - 1 - (i + c) % 2) / 2) + 1: for
    # n = 5, c = 0 the rows start at 2, 1, 2, 1, 2 (counts 2, 3, 2, 3, 2: 12), for c = 1 at 1, 2, ...
    # (13); a closed form with the remainders' values per class, no term-by-term sum
    i, n, c = S.var("i"), S.var("n"), S.var("color")
    inner = sympy.Max(0, sympy.floor((n - 1 - S.CMod(i + c, 2)) / 2) + 1)
    closed = sum_over(inner, i, 1, 1, sympy.Max(0, sympy.floor(n)))
    # the closed piece holds where C's remainders keep their sign: for every color >= -1
    assert isinstance(closed, sympy.Piecewise)
    assert closed.args[0].cond.xreplace({c: -1}) == sympy.true
    assert not closed.args[0].expr.has(TermSum, sympy.Sum)
    assert _value(closed, {"n": 5, "color": 0}) == 12
    assert _value(closed, {"n": 5, "color": 1}) == 13
    # over both colors the condition holds for every color: the Piecewise is gone
    both = sum_over(closed, c, 0, 1, 2)
    assert not both.has(TermSum, sympy.Sum, sympy.Piecewise)
    for size in range(0, 12):
        expected = sum(len(range(1 + _c_mod(row + col, 2), size + 1, 2))
                       for col in range(2) for row in range(1, size + 1))
        assert float(both.xreplace({n: size})) == expected == size * size


def test_dividends_that_change_sign_fall_back_to_terms():
    # C's (i + c) % 3 over i = -4 .. 4: -1, 0, -2, -1, 0, 1, 2, 0, 1 (c = 0); the guard c - 4 >= 0
    # fails and the sum is taken term by term, exactly
    i, c = S.var("i"), S.var("color")
    closed = sum_over(S.CMod(i + c, 3) * 10, i, -4, 1, 9)
    assert isinstance(closed, sympy.Piecewise)
    for col in range(0, 7):
        expected = 10 * sum(_c_mod(row + col, 3) for row in range(-4, 5))
        assert _value(closed, {"color": col}) == expected
    # sympy's Mod (Fortran's MODULO) needs no guard: always in [0, 3)
    modulo = sum_over(sympy.Mod(i + c, 3) * 10, i, -4, 1, 9)
    assert not modulo.has(TermSum, sympy.Piecewise)
    for col in range(-3, 4):
        assert float(modulo.xreplace({c: col})) == 10 * sum((row + col) % 3 for row in range(-4, 5))


def test_a_falling_index_and_a_stride_of_three():
    # i = 20, 17, ..., 2 (7 terms): (2*i + c) % 4 with falling dividends, all >= 0 for c >= 0 (the
    # last, 4 + c, decides); for c = -50 all < 0 (the first, 40 + c, decides); for c = -10 they
    # change sign: term by term, still exact
    i, c, n = S.var("i"), S.var("color"), S.var("n")
    falling = sum_over(S.CMod(2 * i + c, 4), i, 20, -3, 7)
    assert not falling.args[0].expr.has(TermSum)
    for col in (0, 1, 2, -50, -51, -10):
        assert _value(falling, {"color": col}) == sum(_c_mod(2 * r + col, 4) for r in range(20, 1, -3))
    # a growing index with a step of 3 and a symbolic count: (i + c) % 2 over i = 1, 4, 7, ...
    grow = sum_over(S.CMod(i + c, 2), i, 1, 3, n)
    assert not grow.args[0].expr.has(TermSum)
    for size in range(0, 9):
        for col in range(0, 2):
            assert _value(grow, {"color": col, "n": size}) == sum(_c_mod(1 + 3 * t + col, 2) for t in range(size))
