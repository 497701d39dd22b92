"""Prediction time of a CSR SpMV whose matrix the program builds: the fill loop and the product
are closed forms (docs/model.md, compressed-sparse-row loops), so the wall time grows only with
storing the row pointers the product reads (one compiled evaluation per row), not with
interpreting the fill loop's body.

Prints, for the 1-D Laplacian (nnz = 3n - 2) times 10 products on the iPSC/860, the predicted
time and the wall time of the prediction, and both with the fill loop interpreted (a ``break``
no iteration takes makes it no closed form; its test adds to the predicted time) for n = 10^3 ...
10^6.

    python benchmarks/csr_fill.py
"""
import os
import tempfile
import time

from interp.pipeline import predict

SRC = r"""#include <stdio.h>
#define N NROWS
int rowptr[N + 1]; int col[3 * N]; double val[3 * N]; double x[N], y[N];
int main(void) {
    int nnz = 0;
    for (int i = 0; i < N; i++) {
        rowptr[i] = nnz;
        if (i > 0) { col[nnz] = i - 1; val[nnz] = -1.0; nnz++; }
        col[nnz] = i; val[nnz] = 2.0; nnz++;
        if (i < N - 1) { col[nnz] = i + 1; val[nnz] = -1.0; nnz++; }INTERPRETED
    }
    rowptr[N] = nnz;
    for (int k = 0; k < 10; k++)
        for (int i = 0; i < N; i++) {
            double s = 0.0;
            for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
                s += val[p] * x[col[p]];
            y[i] = s;
        }
    printf("%f\n", y[0]);
    return 0;
}
"""


def _wall(path: str) -> tuple[float, float]:
    t0 = time.perf_counter()
    r = predict([path], "ipsc860", 1, [], interactive=False).result
    return r.total, time.perf_counter() - t0


def main():
    print(f"{'rows':>9} {'predicted':>12} {'wall (s)':>9} {'interpreted fill: predicted':>28} {'wall (s)':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for exp in (3, 4, 5, 6):
            n = 10**exp
            runs = []
            for variant in ("", "\n        if (nnz < 0) break;"):
                path = os.path.join(tmp, f"csr{exp}{len(variant)}.c")
                with open(path, "w") as f:
                    f.write(SRC.replace("NROWS", str(n)).replace("INTERPRETED", variant))
                runs.append(_wall(path))
            (closed, wall), (interp, wall_i) = runs
            print(f"{n:>9.0e} {closed:>11.4g}s {wall:>9.2f} {interp:>27.4g}s {wall_i:>9.2f}")


if __name__ == "__main__":
    main()
