"""Systems module (paper 3.2): the System Abstraction Graph of SAU tuples <P, M, C/S, I/O>."""
from .catalog import open_machine, shipped
from .errors import ExprError, MachineError, MachineErrors
from .loader import load, loads
from .model import SAG, SAU, Component
from .parameter import Bound, Parameter

__all__ = ["SAG", "SAU", "Component", "Parameter", "Bound", "MachineError", "MachineErrors",
           "ExprError", "load", "loads", "open_machine", "shipped"]
