"""The actual arguments of one message-passing call as a frontend reads them (frontends/msgpass.py
builds the call's AAU from them, by role)."""
from __future__ import annotations

from typing import Callable

from .mpitypes import DATATYPES


class CallArgs:
    """A call's actual arguments as the frontend of its language reads them, by position.

    ``value(i)``: symbolic value or None; ``name(i)``: a plain identifier (datatype, reduction op,
    communicator) or None; ``buffer(i)``: the base variable of a buffer argument; ``target(i)``:
    the variable an output argument stores to (default: ``buffer``); ``request(i)``:
    the request variable (``req``, ``reqs[]``); ``string(i)``: a character literal's text.
    ``language`` selects the datatypes the program may name; ``int_bytes`` is the size of the
    language's integer (NX/2 integer global operations).
    """

    def __init__(self, n: int, value: Callable, name: Callable, buffer: Callable, request: Callable,
                 string: Callable, language: str, int_bytes: int, creates_comms: bool = True,
                 cart_ndims: int | None = None, target: Callable | None = None,
                 subscript: Callable | None = None):
        self.n = n
        self.value, self.name, self.buffer, self.request, self.string = value, name, buffer, request, string
        self.datatypes = DATATYPES[language]
        self.int_bytes = int_bytes
        # Without MPI_Comm_split and its kin every communicator variable holds MPI_COMM_WORLD.
        self.creates_comms = creates_comms
        self.cart_ndims = cart_ndims  # the program's one constant number of Cartesian dimensions
        self.target = target  # the variable an output argument stores to (``&comms[1]``: comms[1])
        self.count = None  # stated by ``size(EXPR)`` (frontends/annotations.py): the count arguments
        # the subscript of a request of an array (``&reqs[k]``, ``REQS(K)``): the index MPI_Waitany returns
        self.subscript = subscript or (lambda i: None)
