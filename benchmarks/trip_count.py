"""Prediction time must not depend on the trip counts of deterministic loops (closed forms).

Prints, for the trapezoid host-node sample on the iPSC/860 with 16 nodes, the predicted time and
the wall time of the prediction for 10^3 ... 10^9 intervals.

    python benchmarks/trip_count.py
"""
import time

from interp.pipeline import predict


def main():
    print(f"{'intervals':>12} {'predicted':>12} {'events':>8} {'wall (s)':>9}")
    for exp in (3, 5, 7, 9):
        n = 10**exp
        t0 = time.perf_counter()
        r = predict(["samples/trapezoid_host.c", "samples/trapezoid_node.c"], "ipsc860", 16,
                    [f"n={n}", "reps=10"], interactive=False).result
        wall = time.perf_counter() - t0
        print(f"{n:>12.0e} {r.total:>11.4g}s {r.events:>8} {wall:>9.3f}")


if __name__ == "__main__":
    main()
