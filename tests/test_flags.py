"""Flag arrays (interp/engine/flags.py): an array a condition reads by a computed index and that the
program only stores constants into is followed element by element, one byte an element, so a
sieve's branches take the values the program gives them instead of probability 0.5.

Counts derived by hand: pi(100) = 25, pi(1000) = 168, pi(10) = 4 (2, 3, 5, 7), pi(31) = 11.
"""
import pytest

from interp.engine import flags
from interp.engine.flags import FlagArray, GivenUp
from interp.pipeline import predict

SIEVE = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    int n = NMAX;
    char *composite = ALLOC;
    INIT
    for (int p = 2; p * p <= n; p++)
        if (!composite[p])
            for (int m = p * p; m <= n; m += p)
                composite[m] = 1;
    int count = 0;
    for (int k = 2; k <= n; k++)
        if (!composite[k])
            count++;
    printf("%d\n", count);
    free(composite);
    return 0;
}
"""


def _sieve(tmp_path, n, alloc="calloc(n + 1, 1)", init=""):
    path = tmp_path / "sieve.c"
    path.write_text(SIEVE.replace("NMAX", str(n)).replace("ALLOC", alloc).replace("INIT", init))
    return str(path)


def _stat(result, cls, line):
    return next(s for s in result.aau_totals() if s.cls == cls and s.loc.endswith(f":{line}"))


def _marks(n):
    """Executions of ``composite[m] = 1``: for each prime p with p*p <= n, the multiples of p
    from p*p to n."""
    primes = [p for p in range(2, int(n ** 0.5) + 1) if all(p % d for d in range(2, p))]
    return sum((n - p * p) // p + 1 for p in primes), len(primes)


@pytest.mark.parametrize("n,pi", [(100, 25), (1000, 168)])
def test_the_sieve_counts_the_primes(tmp_path, n, pi):
    r = predict([_sieve(tmp_path, n)], "ipsc860", 1, [], interactive=False)
    assert _stat(r.result, "Seq", 15).executions == pi  # count++: once per prime
    marks, primes = _marks(n)
    assert _stat(r.result, "Seq", 11).executions == marks
    assert next(s for s in r.result.aau_totals() if s.cls == "IterD" and s.loc.endswith(":10-11")).executions == primes  # one marking loop per prime
    assert not any("weighted with probability" in note for note in r.result.notes)


def test_flags_cleared_by_a_loop(tmp_path):
    init = "for (int i = 0; i <= n; i++) composite[i] = 0;"
    r = predict([_sieve(tmp_path, 1000, "malloc(n + 1)", init)], "ipsc860", 1, [], interactive=False)
    assert _stat(r.result, "Seq", 15).executions == 168


def test_counting_by_value_is_the_interpretation(tmp_path):
    # compiled.py's _flag_terms counts the elements by value; interpreting every iteration of
    # the counting loop (closed forms off) must give the same figures
    path = _sieve(tmp_path, 3000)
    fast = predict([path], "ipsc860", 1, [], interactive=False).result
    slow = predict([path], "ipsc860", 1, [], interactive=False, closed_forms=False).result
    assert fast.total == pytest.approx(slow.total, rel=1e-9)
    assert _stat(fast, "Seq", 15).executions == _stat(slow, "Seq", 15).executions == 430  # pi(3000)


def test_malloc_without_a_fill_leaves_the_flags_unknown(tmp_path):
    r = predict([_sieve(tmp_path, 1000, "malloc(n + 1)")], "ipsc860", 1, [], interactive=False)
    assert any("weighted with probability 0.5" in note for note in r.result.notes)


QUINN = r"""#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
    int id, p, n = NMAX, i, index = 0, prime = 2, first, count = 0, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &id);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int low = 2 + id * (n - 1) / p;
    int size = 2 + (id + 1) * (n - 1) / p - low;
    char *marked = (char *) malloc(size);
    for (i = 0; i < size; i++) marked[i] = 0;
    do {
        if (prime * prime > low) first = prime * prime - low;
        else if (!(low % prime)) first = 0;
        else first = prime - (low % prime);
        for (i = first; i < size; i += prime) marked[i] = 1;
        if (!id) {
            while (marked[++index]);
            prime = index + 2;
        }
        MPI_Bcast(&prime, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } while (prime * prime <= n);
    for (i = 0; i < size; i++)
        if (!marked[i]) count++;
    MPI_Reduce(&count, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (!id) printf("%d\n", total);
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("procs", [1, 2, 4])
def test_the_textbook_mpi_sieve_is_predicted(tmp_path, procs):
    # rank 0 finds the next prime with ``while (marked[++index]);``: a loop condition on the
    # flags (refused before they were followed); the blocks' counts add up to pi(1000)
    path = tmp_path / "quinn.c"
    path.write_text(QUINN.replace("NMAX", "1000"))
    r = predict([str(path)], "ipsc860", procs, [], interactive=False)
    counted = sum(s.executions for s in r.result.aau_totals() if s.cls == "Seq" and s.loc.endswith(":25"))
    assert counted == 168
    marking = [s for s in r.result.aau_totals() if s.cls == "IterD" and s.loc.endswith(":17")][0]
    assert marking.executions == 11 * procs  # primes 2 .. 31 on every process


def test_a_value_that_is_not_a_flag_gives_the_array_up(tmp_path):
    src = SIEVE.replace("composite[m] = 1;", "composite[m] = 1000;")
    path = tmp_path / "big.c"
    path.write_text(src.replace("NMAX", "1000").replace("ALLOC", "calloc(n + 1, 4)").replace("INIT", "")
                    .replace("char *composite", "int *composite"))
    r = predict([str(path)], "ipsc860", 1, [], interactive=False)
    assert any("stopped following the elements of the flag array composite" in note and "1000" in note
               for note in r.result.notes)
    assert any("weighted with probability 0.5" in note for note in r.result.notes)


NOT_FLAGS = r"""#include <stdio.h>
#include <stdlib.h>
int hist[16];
void touch(char *f, int k) { f[k] = 1; }
int main(void) {
    char *a = calloc(100, 1), *b = calloc(100, 1);
    int c = 0;
    for (int i = 0; i < 100; i++) { a[i] = rand() % 2; hist[i % 16]++; touch(b, i); }
    for (int i = 0; i < 100; i++) { if (a[i]) c++; if (hist[i % 16] > 3) c++; if (b[i]) c++; }
    printf("%d\n", c);
    return 0;
}
"""


def test_arrays_that_are_not_flag_arrays(tmp_path):
    # random values, an increment (hist[k]++) and an array a function fills: weighed as before
    path = tmp_path / "not.c"
    path.write_text(NOT_FLAGS)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False)
    assert r.programs[0].flag_arrays == frozenset()
    assert [p.line for p in r.programs[0].problems if "depends on data" in p.message] == [9, 9, 9]


def test_flag_array_slices_and_counts():
    f = FlagArray(0.0)
    f.set_slice(4, 2, 3, 1.0)  # elements 4, 6, 8
    assert [f.get(k) for k in range(10)] == [0, 0, 0, 0, 1, 0, 1, 0, 1, 0]
    assert f.counts(0, 1, 10) == {0.0: 7, 1.0: 3}
    assert f.counts(4, 2, 5) == {1.0: 3, 0.0: 2}  # 4, 6, 8 and 10, 12 (beyond: the fill, 0)
    assert f.get(10 ** 6) == 0.0  # never stored: the fill
    f.set(3, None)
    assert f.get(3) is None and f.counts(0, 1, 5) is None
    f.set_slice(9, -3, 3, 2.0)  # 9, 6, 3
    assert [f.get(k) for k in (3, 6, 9)] == [2.0, 2.0, 2.0]


def test_what_gives_a_flag_array_up():
    f = FlagArray(None)
    assert f.get(0) is None
    with pytest.raises(GivenUp, match="300"):
        f.set(0, 300.0)
    with pytest.raises(GivenUp, match="negative"):
        f.set_slice(2, -1, 5, 1.0)
    with pytest.raises(GivenUp, match="at most"):
        f.set(flags.MAX_ELEMENTS, 1.0)


FORTRAN_SIEVE = """program sieve
  implicit none
  integer :: n, p, m, count
  logical, allocatable :: composite(:)
  n = NMAX
  allocate(composite(2:n))
  composite = .false.
  p = 2
  do while (p * p <= n)
    if (.not. composite(p)) then
      MARK
    end if
    p = p + 1
  end do
  count = 0
  do m = 2, n
    if (.not. composite(m)) count = count + 1
  end do
  print *, count
end program sieve
"""


@pytest.mark.parametrize("mark", ["do m = p * p, n, p\n        composite(m) = .true.\n      end do",
                                  "composite(p*p:n:p) = .true."])
def test_a_fortran_sieve(tmp_path, mark):
    # a LOGICAL array indexed from 2 (elements named from 0: composite[p - 2]), cleared by a
    # whole-array assignment, marked by a DO loop or an array section
    path = tmp_path / "sieve.f90"
    text = FORTRAN_SIEVE.replace("NMAX", "100").replace("MARK", mark)
    path.write_text(text)
    line = text.splitlines().index("    if (.not. composite(m)) count = count + 1") + 1
    r = predict([str(path)], "ipsc860", 1, [], interactive=False)
    assert r.programs[0].flag_arrays == frozenset({"composite"})
    counting = next(s for s in r.result.aau_totals() if s.cls == "Seq" and s.loc.endswith(f":{line}"))
    assert counting.executions == 25
    marking = next(s for s in r.result.aau_totals() if s.cls == "IterD" and s.loc.split(":")[1].startswith("11"))
    assert marking.executions == 4  # 2, 3, 5, 7
