"""The MPI completion calls whose outcome the engine's clock decides (docs/model.md, "Completion
calls"): MPI_Waitany, MPI_Waitsome, MPI_Test, MPI_Testall, MPI_Testany, MPI_Testsome, and
MPI_Iprobe (has a matching message arrived yet).

Their rows of the call table (frontends/msgpass.py: name, AAU class, operation, send mode, C
parameters by role) and the roles of what they return, which the engine assigns when it
interprets them (``Comm.results``): whether they completed (flag), which request (index, indices:
the subscript of the request's array element, interp/engine/completion.py) and how many
(outcount).
"""
from __future__ import annotations

COMPLETION_ROWS = (
    ("MPI_Waitany", "Comm", "waitany", "standard", "count requests index status"),
    ("MPI_Waitsome", "Comm", "waitsome", "standard", "count requests outcount indices statuses"),
    ("MPI_Test", "Comm", "test", "standard", "request flag status"),
    ("MPI_Testall", "Comm", "testall", "standard", "count requests flag statuses"),
    ("MPI_Testany", "Comm", "testany", "standard", "count requests index flag status"),
    ("MPI_Testsome", "Comm", "testsome", "standard", "count requests outcount indices statuses"),
    # whether a matching message has reached the process yet: flag and status, no request
    ("MPI_Iprobe", "Comm", "iprobe", "standard", "partner tag comm flag status"),
)

RESULT_ROLES = ("flag", "index", "outcount", "indices")
