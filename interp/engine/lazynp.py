"""numpy, imported the first time rank symmetry uses it (symmetry.py, symmetry_classes.py): a run
of one process, or of processes that never communicate, does not pay its import (0.1 s of a
trivial program's 0.75 s start-up, issue 16). Attribute access goes to the real module."""
from __future__ import annotations

import importlib


class _Numpy:
    _module = None

    def __getattr__(self, name: str):
        if _Numpy._module is None:
            _Numpy._module = importlib.import_module("numpy")
        return getattr(_Numpy._module, name)


np = _Numpy()
