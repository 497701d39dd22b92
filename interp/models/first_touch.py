"""First touch: a fresh allocation's pages each cost a page fault the first time they are written.

``p = malloc(n * sizeof(double))`` of many pages returns address space only: glibc maps an
allocation of ``THRESHOLD`` bytes or more anew (mmap), and the kernel gives each page its memory,
zeroed, when the program first writes it. That fault, not the store, is what the fill loop after
an allocation mostly costs on a fresh page: on the Zen 1 VM of 2026-11-24, filling a fresh array
took 0.47 ns a byte up to 64 MB and 1.2 ns beyond (1.9-5 us a 4 KiB page, a probe of our own),
where the store bandwidth alone gives 0.05-0.1 ns. ``interp calibrate`` measures the fault as
``main.first_touch``: one byte written to each page of a fresh 64 MiB allocation (node_bench
touch), per page.

The model charges ceil(bytes / ``main.page``) x ``main.first_touch`` at the statement that
allocates, once per allocating statement and process (engine/first_touch.py): the pages are
touched by whatever loop writes the array first, and an allocation repeated in a loop reuses
what glibc kept (after a free it raises its mapping threshold to that size and keeps the pages
in its heap). It assumes every page is written: an allocation the program uses a part of is
charged in full. Allocations below the threshold come from the heap, whose pages the program
has usually touched before: not charged. Without ``main.first_touch`` (the paper's machines,
an older calibration) nothing is charged.
"""
from __future__ import annotations

import math

THRESHOLD = 128 * 1024   # glibc's M_MMAP_THRESHOLD default: smaller allocations come from the heap
PAGE = 4096              # when the machine file gives no main.page


def first_touch_time(model, nbytes: float) -> tuple[float, int]:
    """(seconds, pages) of the first writes to a fresh allocation of ``nbytes``."""
    if nbytes < THRESHOLD or not model.has("main.first_touch", "memory"):
        return 0.0, 0
    page = model.t("main.page", "memory") if model.has("main.page", "memory") else PAGE
    pages = math.ceil(nbytes / page)
    return pages * model.t("main.first_touch", "memory"), pages
