"""A fresh allocation's pages at their first touch (interp/models/first_touch.py), by hand."""
import pytest

from interp.calibrate import fit
from interp.calibrate.writer import HostInfo, render
from interp.pipeline import predict
from sag import Bound, loads

MACHINE = """
name: first-touch test machine
sag:
  id: R
  processing: compound
  children:
    - id: N
      role: compute
      count: 1
      processing:
        clock: 1 GHz
        model: roofline
        ops: {int_add: 1 ns, double_add: 4 ns, double_mul: 4 ns, int_to_real: 1 ns}
        throughput: {int_add: 1 ns, double_add: 1 ns, double_mul: 1 ns, int_to_real: 1 ns, per_iter: 0 ns, fixed: 0 ns}
        iter: {fixed: 0 ns, per_iter: 0 ns}
        cond: {per_condition: 0 ns, branch_taken: 0 ns}
        call: {per_call: 0 ns, per_arg: 0 ns}
        lib: {malloc: 0 ns, free: 0 ns, atoi: 0 ns}
      memory:
        cache: {size: 1 MiB, block: 64 B}
        main: {bandwidth: 8 GB/s, page: 4 KiB TOUCH}
        fetch: 0 ns
        store: 0 ns
"""

SRC = """
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int reps = atoi(argv[2]);
    double *x = malloc(n * sizeof(double));
    for (int r = 0; r < reps; r++) {
        double *t = malloc(n * sizeof(double));
        for (int i = 0; i < n; i += 512)   /* one store a page: 0 ns here */
            t[i] = x[i];
        free(t);
    }
    free(x);
    return 0;
}
"""


def _run(tmp_path, n, reps, touch):
    c = tmp_path / "alloc.c"
    c.write_text(SRC)
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE.replace(" TOUCH", touch))
    return predict([str(c)], str(m), 1, [f"n={n}", f"reps={reps}"], interactive=False).result


def _total(tmp_path, n, reps=3, touch=", first_touch: 2 us"):
    """The time the first touches add (against the same machine without main.first_touch)."""
    r = _run(tmp_path, n, reps, touch)
    return r.total - _run(tmp_path, n, reps, "").total, r.notes


def test_each_allocating_statement_pays_its_pages_once(tmp_path):
    # 1,000,000 doubles: 8,000,000 B, ceil(8e6 / 4096) = 1,954 pages at 2 us: 3.908 ms, for x and
    # for t once (the loop's later allocations reuse glibc's pages): 7.816 ms in all
    total, notes = _total(tmp_path, 1_000_000)
    assert total == pytest.approx(2 * 1954 * 2e-6)
    assert any("1,954 pages, each written first at 2 us (main.first_touch): 3.91 ms" in n for n in notes)
    # the same with the loop run 30 times: still once
    assert _total(tmp_path, 1_000_000, reps=30)[0] == pytest.approx(2 * 1954 * 2e-6)


def test_small_allocations_and_files_without_the_value_cost_nothing(tmp_path):
    # 16,000 doubles = 128,000 B, under glibc's 128 KiB mapping threshold: from the heap
    assert _total(tmp_path, 16_000)[0] == 0.0
    # 16,384 doubles = 131,072 B = 128 KiB: mapped, 32 pages each
    assert _total(tmp_path, 16_384)[0] == pytest.approx(2 * 32 * 2e-6)
    assert _total(tmp_path, 1_000_000, touch="")[0] == 0.0


def test_fortran_allocate(tmp_path):
    src = tmp_path / "a.f90"
    src.write_text("""program a
  implicit none
  integer :: n, i
  double precision, allocatable :: x(:, :)
  read(*, *) n
  allocate(x(n, 2 * n))
  do i = 1, n
    x(i, 1) = 1.0d0
  end do
  print *, x(1, 1)
end program
""")
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE.replace(" TOUCH", ", first_touch: 2 us"))
    r = predict([str(src)], str(m), 1, ["n=1000"], interactive=False).result
    # 1000 x 2000 doubles = 16,000,000 B: 3,907 pages at 2 us = 7.814 ms, under the loop's stores
    assert any("3,907 pages" in n and "7.81 ms" in n for n in r.notes)


def test_calibrate_reads_and_writes_the_fault_time():
    assert fit.parse_touch("touch_67108864 2.262202e-06\n") == {"main.first_touch": 2.262202e-06}
    assert fit.parse_touch("nothing here\n") == {}
    from tests.test_gather import CACHES, GATHER_OUT, SWEEP
    from tests.test_calibrate import NODE_OUT
    from tests.test_working_set import SWEEP as SWEEP_OUT
    from interp.calibrate import levels
    values = fit.node_values(fit.parse_node(NODE_OUT + SWEEP_OUT), ["L1", "L2", "L3"])
    values["chase_bytes"] = 67108860.0
    values |= levels.gathers(fit.parse_gather(GATHER_OUT), levels.gather_sizes(SWEEP, CACHES, 67108860.0),
                             SWEEP, CACHES)
    values |= fit.parse_touch("touch_67108864 2.262202e-06\n")
    text = render(HostInfo("h", "2026-11-24", "gcc", "-O2", 2, caches=CACHES), fit.over_runs([values]), None)
    mem = loads(text, "host.yaml").find("SAU-001").effective("memory")
    assert mem["main.first_touch"].value(Bound.parse("mid")) == pytest.approx(2.262e-6)
