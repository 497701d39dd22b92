"""The prediction budget: every interpretation stops with a clear error when it has taken more
operations and loop iterations than ``max_events``, or more wall time than ``timeout`` seconds.

Honest programs stay far below the defaults (the 4,096-process halo benchmark interprets half a
million events); a program whose loop cannot end, or a bound of 10**18 with nothing to close it,
reaches them and is reported with the loop it was in instead of running for ever.
"""
from __future__ import annotations

import contextlib
import signal
import threading
import time

from interp.errors import InputError

MAX_EVENTS = 100_000_000  # operations + interpreted loop iterations (about 20 minutes of work)
TIMEOUT = 1800.0  # seconds of wall time
GRACE = 5.0  # the hard deadline's margin over --timeout: the cooperative check speaks first


class BudgetExceeded(InputError):
    """The prediction needed more than its budget (``--max-events``, ``--timeout``)."""


class _Deadline(BaseException):
    """The hard deadline's signal, turned into BudgetExceeded where the deadline was set."""


class Budget:
    def __init__(self, max_events: int | None, timeout: float | None):
        self.max_events = MAX_EVENTS if max_events is None else max_events
        self.timeout = TIMEOUT if timeout is None else timeout
        self.start = time.monotonic()
        self.work = 0

    def spend(self, units: int, where) -> None:
        """Count ``units`` of work; ``where()`` names the loop or ranks for the message."""
        self.work += units
        if self.work > self.max_events:
            raise BudgetExceeded(f"{where()}: the prediction interpreted more than {self.max_events:,} "
                                 "operations and loop iterations without finishing (--max-events); if the "
                                 "loop really runs that long, raise --max-events, or state its trip count "
                                 "with '#pragma interp iters(N)'")
        if time.monotonic() - self.start > self.timeout:
            raise BudgetExceeded(f"{where()}: the prediction ran for more than {self.timeout:g} s of wall "
                                 f"time ({self.work:,} operations and loop iterations interpreted; --timeout)")

    def forecast(self, iterations: float, where) -> None:
        """A loop about to be interpreted iteration by iteration, with no way to be extrapolated or
        left early: if its trip count alone is beyond what is left of the budget, say so now rather
        than after interpreting max_events of it."""
        if iterations > self.max_events - self.work:
            raise BudgetExceeded(f"{where()}: this loop runs {iterations:,.0f} iterations, each interpreted "
                                 f"(no steady state to extrapolate, or --exact), more than the {self.max_events:,} "
                                 "operations and loop iterations a prediction may interpret (--max-events); "
                                 "raise --max-events if it really runs that long")

    @contextlib.contextmanager
    def deadline(self):
        """A hard deadline at the timeout (and GRACE): ``spend`` checks the time between units of
        work, but one unit can itself run away (sympy searching for a closed form of a sum that
        has none took minutes). Where the process can be interrupted (the main thread, a system
        with SIGALRM) a timer stops the prediction there too; the previous handler and timer are
        restored after."""
        if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
            yield
            return

        def stop(signum, frame):
            raise _Deadline  # not an Exception: no ``except Exception`` on the way swallows it

        entered = time.monotonic()
        left = self.timeout + GRACE - (entered - self.start)
        previous = signal.signal(signal.SIGALRM, stop)
        outer = signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))
        try:
            yield
        except _Deadline:
            raise BudgetExceeded(f"the prediction ran for more than {self.timeout:g} s of wall time "
                                 f"({self.work:,} operations and loop iterations interpreted; --timeout), stopped "
                                 "inside one step (a closed form of a loop's time still being searched for); "
                                 "state the loop's trip count with '#pragma interp iters(N)' if it is known") from None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            if outer[0] > 0:  # an enclosing timer keeps running, less the time spent here
                signal.setitimer(signal.ITIMER_REAL, max(outer[0] - (time.monotonic() - entered), 0.001))
