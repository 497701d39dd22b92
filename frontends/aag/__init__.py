"""The AAG: the contract between the language frontends and the rest of interp (paper 3.3.1).

``aau`` holds the AAU classes of Table 4 and the AAG itself; ``symexpr`` the symbolic expressions
they carry; ``bodies`` walks of AAU bodies; ``analysis`` the static analyses the engine needs.
Both languages produce these objects and nothing downstream imports a language frontend.
"""
from .aau import *  # noqa: F401,F403  (the contract's classes, importable as frontends.aag.X)
from .aau import __all__  # noqa: F401
