"""Sampled loops (interp/engine/sampling.py): strata, the standard error, values by hand."""
import pytest

from interp.engine.sampling import Strata, spread, standard_error


def test_standard_error_from_successive_differences():
    # times 1, 3, 1, 3 at iterations 0..3 of n = 8: differences 2, -2, 2; variance
    # (4 + 4 + 4) / (2 x 3) = 2; SE of 8 x mean = 8 sqrt(2 / 4 x (1 - 4 / 8)) = 4
    times = [(2, 1.0), (0, 1.0), (3, 3.0), (1, 3.0)]   # order of interpretation does not matter
    assert standard_error(times, 8) == pytest.approx(4.0)
    assert spread(times, 8) == pytest.approx(4.0 / 16.0)   # estimate 8 x 2 = 16
    # a linear trend has no successive-difference noise beyond its slope: 1, 2, 3, 4 -> diffs 1
    # variance 3 / 6 = 0.5, SE = 8 sqrt(0.5 / 4 x 0.5) = 2 (the plain variance would give 2.58)
    assert standard_error([(k, k + 1.0) for k in range(4)], 8) == pytest.approx(2.0)
    assert standard_error([(0, 5.0)], 8) == 0.0 and standard_error([(k, 1.0) for k in range(8)], 8) == 0.0


def test_strata_draw_one_iteration_each_and_halve():
    st = Strata(1000, 8, seed=3)
    first = st.first()
    assert [k // 125 for k in first] == list(range(8))   # one in each stratum of 125
    assert first == Strata(1000, 8, seed=3).first()       # the same run, the same draws
    more = st.halved()
    assert len(more) == 8 and not set(more) & set(first)
    both = sorted(first + more)
    assert [int(k / 62.5) for k in both] == list(range(16))   # one in each half


IMAGE = r"""#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int w = atoi(argv[1]), h = atoi(argv[2]), maxiter = 60;
    long inside = 0;
    for (int row = 0; row < h; row++) {
        double ci = -1.5 + 3.0 * row / h;
        for (int col = 0; col < w; col++) {
            double cr = -2.0 + 3.0 * col / w;
            double x = 0.0, y = 0.0;
            int it = 0;
            while (x * x + y * y < 4.0 && it < maxiter) {
                double t = x * x - y * y + cr;
                y = 2.0 * x * y + ci;
                x = t;
                it++;
            }
            if (it == maxiter)
                inside++;
        }
    }
    printf("%ld\n", inside);
    return 0;
}
"""


def _image(tmp_path, w, h, **kw):
    from interp.pipeline import predict
    path = tmp_path / "image.c"
    path.write_text(IMAGE)
    return predict([str(path)], "ipsc860", 1, [f"w={w}", f"h={h}"], interactive=False, **kw).result


def test_a_short_loop_over_a_large_nest_is_sampled(tmp_path):
    # 200 rows of 150 pixels: 30,000 iterations of the pixel loop, above NEST_UP_TO (20,000), so the
    # rows are sampled (100 strata: 200 // 2), and inside them the pixels (64 strata of 150)
    fast = _image(tmp_path, 150, 200)
    rows = [n for n in fast.notes if "image.c:6-19" in n]
    pixels = [n for n in fast.notes if "image.c:8-19" in n]
    assert rows and "100 of its 200 iterations" in rows[0] and "escape count" in rows[0]
    assert pixels and "64 of its 150 iterations" in pixels[0]
    exact = _image(tmp_path, 150, 200, exact=True)
    assert not any("iterations, one drawn" in n for n in exact.notes)
    assert fast.total == pytest.approx(exact.total, rel=0.03)   # an estimate: within its note's error


def test_a_nest_below_the_bound_is_interpreted_in_full(tmp_path):
    # 100 rows of 150 pixels: 15,000, below NEST_UP_TO: every pixel, the figures of --exact
    fast = _image(tmp_path, 150, 100)
    assert not any("iterations, one drawn" in n for n in fast.notes)
    assert fast.total == pytest.approx(_image(tmp_path, 150, 100, exact=True).total, rel=1e-12)


WORKER = r"""#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int rank, size, w = atoi(argv[1]), h = atoi(argv[2]), maxiter = 40;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int next = 0, row, count, active = size - 1;
        long total = 0;
        MPI_Status st;
        for (int p = 1; p < size; p++) {
            row = next++;
            MPI_Send(&row, 1, MPI_INT, p, 1, MPI_COMM_WORLD);
        }
        while (active > 0) {
            MPI_Recv(&count, 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &st);
            total += count;
            if (next < h) { row = next; next++; } else { row = -1; active--; }
            MPI_Send(&row, 1, MPI_INT, st.MPI_SOURCE, 1, MPI_COMM_WORLD);
        }
        printf("%ld\n", total);
    } else {
        int row;
        while (1) {
            MPI_Recv(&row, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (row < 0) break;
            int count = 0;
            double ci = -1.5 + 3.0 * row / h;
            for (int col = 0; col < w; col++) {
                double cr = -2.0 + 3.0 * col / w, x = 0.0, y = 0.0;
                int it = 0;
                while (x * x + y * y < 4.0 && it < maxiter) {
                    double t = x * x - y * y + cr;
                    y = 2.0 * x * y + ci;
                    x = t;
                    it++;
                }
                if (it == maxiter) count++;
            }
            MPI_Send(&count, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
"""


def test_a_loop_run_once_per_task_is_sampled_once_its_work_adds_up(tmp_path, monkeypatch):
    # one worker, 40 rows of 150 pixels, the bound lowered to 2,000: rows 0..12 are interpreted in
    # full (13 x 150 = 1,950 pixels), the 14th would make 2,100, so rows 13..39 are sampled by 64
    from interp.engine import sampling
    from interp.pipeline import predict
    monkeypatch.setattr(sampling, "NEST_UP_TO", 2_000)
    path = tmp_path / "worker.c"
    path.write_text(WORKER)
    run = lambda **kw: predict([str(path)], "ipsc860", 2, ["w=150", "h=40"], interactive=False, **kw).result
    fast, exact = run(), run(exact=True)
    note = next(n for n in fast.notes if "worker.c:31-40" in n)
    assert "64 of its 150 iterations, in each execution once earlier ones" in note
    body = lambda r: sum(s.executions for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":32-33"))
    assert body(exact) == 40 * 150
    assert body(fast) == pytest.approx(40 * 150)   # every row's pixels: 13 counted, 27 scaled
    assert fast.total == pytest.approx(exact.total, rel=0.03)
