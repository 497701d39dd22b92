"""The interpretation functions Omega of a node (paper 3.4.1, Tables 1-4): node models that cost
the computation AAUs on an SAU's processing and memory components.

Every model has the interface of ``omega.NodeModel`` (seq, iterd, condt, call, t, ...); the
machine file chooses one per SAU with ``processing.model`` (default ``opcount``, the paper's).
"""
from __future__ import annotations

from interp.errors import InputError


def _opcount():
    from interp.models.omega import NodeModel
    return NodeModel


def _roofline():
    from interp.models.roofline import RooflineModel
    return RooflineModel


def _uniform():
    from interp.models.uniform import UniformModel
    return UniformModel


def _measured():
    from interp.models.measured import MeasuredModel
    return MeasuredModel


def _compiled():
    from interp.models.compiled import CompiledModel
    return CompiledModel


def _units():
    from interp.models.measured import WorkUnits
    return WorkUnits


# processing.model -> the model class (loaded when a machine asks for it). ``uniform`` (sag/modes.py),
# ``measured`` and ``units`` (interp extrapolate) are chosen by the command that derives the machine.
MODELS = {"opcount": _opcount, "roofline": _roofline, "uniform": _uniform, "measured": _measured,
          "units": _units, "compiled": _compiled}


def model_for(sau):
    """The node model class an SAU's ``processing.model`` selects."""
    name = sau.setting("processing", "model") or "opcount"
    if name not in MODELS:
        raise InputError(f"{sau.id}: processing.model {name!r} is not a node model interp has "
                         f"(choose one of: {', '.join(sorted(MODELS))})")
    return MODELS[name]()
