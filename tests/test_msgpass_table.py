"""The message-passing table (frontends/msgpass.py) gives both languages the same AAUs.

For every call the table lists, a tiny C program and a tiny Fortran program call it with the
arguments its roles name (a buffer, 10 elements of MPI_DOUBLE / MPI_DOUBLE_PRECISION, partner 1,
tag 7, root 0, MPI_COMM_WORLD, ...). Both must give the AAU class and operation of the table and
the same message in bytes, derived here by hand from the table: 10 elements of an 8-byte datatype
are 80 bytes; NX/2 counts are bytes already, except the global operations' (elements of 8-byte
doubles, 4-byte reals, 4-byte integers). The cases come from the table itself, so a call added to
it is tested here without another line.
"""
import pytest
import sympy

from frontends.load import load_program
from frontends.msgpass import CALLS, CONTROL_ROLES, MsgCall

COUNT = 10

# The actual argument of each role: (C text, Fortran text). Counts, partners, tags and roots are
# literals, so the AAU's fields are numbers.
ARGS = {
    "buf": ("buf", "BUF"), "recv_buf": ("rbuf", "RBUF"), "send_buf": ("rbuf", "RBUF"),
    "result": ("rbuf", "RBUF"), "ybuf": ("rbuf", "RBUF"), "work": ("work", "WORK"),
    "count": (str(COUNT), str(COUNT)), "send_count": (str(COUNT), str(COUNT)),
    "recv_count": (str(COUNT), str(COUNT)), "ylen": ("80", "80"),
    "datatype": ("MPI_DOUBLE", "MPI_DOUBLE_PRECISION"),
    "send_datatype": ("MPI_DOUBLE", "MPI_DOUBLE_PRECISION"),
    "recv_datatype": ("MPI_DOUBLE", "MPI_DOUBLE_PRECISION"),
    "partner": ("1", "1"), "recv_partner": ("1", "1"), "tag": ("7", "7"), "recv_tag": ("7", "7"),
    "root": ("0", "0"), "op": ("MPI_SUM", "MPI_SUM"), "comm": ("MPI_COMM_WORLD", "MPI_COMM_WORLD"),
    "status": ("&status", "STATUS"), "statuses": ("statuses", "STATUSES"),
    "requests": ("reqs", "REQS"), "ncnt": ("&ncnt", "NCNT"), "pid": ("0", "0"),
    "program": ('"node"', "'node'"), "node": ("-1", "-1"), "ierr": (None, "IERR"),
    # communicator creators: a 2 x 2 periodic grid, colour 1 and key 0, the new handle in newcomm
    "color": ("1", "1"), "key": ("0", "0"), "ndims": ("2", "2"), "dims": ("dims", "DIMS"),
    "periods": ("periods", "PERIODS"), "reorder": ("0", "0"), "remain": ("remain", "REMAIN"),
    "newcomm": ("&newcomm", "NEWCOMM"),
    # v-collectives: arrays of counts and displacements, one entry per rank
    "counts": ("counts", "COUNTS"), "rcounts": ("counts", "COUNTS"), "displs": ("displs", "DISPLS"),
    "rdispls": ("displs", "DISPLS"),
    "group": ("MPI_GROUP_EMPTY", "MPI_GROUP_EMPTY"),  # MPI_Comm_create: a predefined group
    # completion calls: what they return (frontends/completion_calls.py)
    "flag": ("&flag", "FLAG"), "index": ("&idx", "IDX"), "outcount": ("&outcount", "OUTCOUNT"),
    "indices": ("indices", "INDICES"),
}
# MPI_Cart_sub needs a Cartesian communicator: the program creates one first (its number of
# dimensions is the one every MPI_Cart_create gives).
PRELUDE = {"MPI_Cart_sub": ("MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);",
                            "CALL MPI_CART_CREATE(MPI_COMM_WORLD, 2, DIMS, PERIODS, 0, CART, IERR)")}
VARIABLES = {"MPI_Cart_sub": {"comm": ("cart", "CART")}}


def request_arg(call: MsgCall) -> tuple[str, str]:
    return ("&req", "REQ") if call.api == "mpi" else ("req", "REQ")  # NX/2: the message id itself


def actual(call: MsgCall, role: str, lang: int, variables: dict) -> str:
    if role in variables:
        return variables[role]
    if role in VARIABLES.get(call.name, {}):
        return VARIABLES[call.name][role][lang]
    if role == "request":
        return request_arg(call)[lang]
    return ARGS[role][lang]


def returns_request(call: MsgCall) -> bool:
    """NX/2 isend / irecv: the message id is the call's result."""
    return call.op in ("isend", "irecv") and call.at("request") is None


def c_program(call: MsgCall, variables=None) -> str:
    variables = variables or {}
    args = ", ".join(actual(call, r, 0, variables) for r in call.params)
    text = f"{call.name}({args});"
    if returns_request(call):
        text = "req = " + text
    assigns = "".join(f"    {v} = {3 + k};\n" for k, v in enumerate(variables.values()))
    decls = "".join(f"    int {v};\n" for v in variables.values())
    if call.api == "mpi":
        return f"""#include <mpi.h>
int main(int argc, char **argv)
{{
    double buf[100], rbuf[100];
    MPI_Request req, reqs[{COUNT}];
    MPI_Status status, statuses[{COUNT}];
    int dims[2] = {{2, 2}}, periods[2] = {{1, 1}}, remain[2] = {{1, 0}}, counts[2], displs[2];
    MPI_Comm newcomm, cart;
    int flag, idx, outcount, indices[{COUNT}];
{decls}    MPI_Init(&argc, &argv);
{assigns}    {PRELUDE.get(call.name, ("", ""))[0]}
    {text}
    MPI_Finalize();
    return 0;
}}
"""
    return f"""#include <nx.h>
int main(void)
{{
    double buf[100], rbuf[100], work[100];
    long req, ncnt;
{decls}{assigns}    {text}
    return 0;
}}
"""


def fortran_program(call: MsgCall, variables=None) -> str:
    variables = variables or {}
    name = call.name.upper() if call.api == "mpi" else call.name
    args = ", ".join(actual(call, r, 1, variables) for r in call.fortran_params)
    text = f"REQ = {name}({args})" if returns_request(call) else f"CALL {name}({args})"
    assigns = "".join(f"  {v} = {3 + k}\n" for k, v in enumerate(variables.values()))
    decls = "".join(f"  integer {v}\n" for v in variables.values())
    if call.api == "mpi":
        return f"""program t
  implicit none
  include 'mpif.h'
  double precision buf(100), rbuf(100)
  integer req, reqs({COUNT}), ierr
  integer status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, {COUNT})
  integer dims(2), periods(2), remain(2), newcomm, cart, counts(2), displs(2)
  logical flag
  integer idx, outcount, indices({COUNT})
{decls}  call MPI_INIT(ierr)
  dims(1) = 2
  dims(2) = 2
  periods(1) = 1
  periods(2) = 1
  remain(1) = 1
  remain(2) = 0
{assigns}  {PRELUDE.get(call.name, ("", ""))[1]}
  {text}
  call MPI_FINALIZE(ierr)
end program t
"""
    return f"""program t
  implicit none
  double precision buf(100), rbuf(100), work(100)
  integer req, ncnt
{decls}{assigns}  {text}
end program t
"""


def the_aau(aag):
    found = [a for a in aag.walk() if a.cls in ("Comm", "Sync", "SyncSeq", "Spawn")]
    assert len(found) == (2 if found and found[-1].label.upper().startswith("MPI_CART_SUB") else 1), \
        [a.cls for a in found]
    return found[-1]  # after the prelude's


def load_both(tmp_path, call: MsgCall, variables=None):
    c_path, f_path = tmp_path / "t.c", tmp_path / "t.f90"
    c_path.write_text(c_program(call, variables))
    f_path.write_text(fortran_program(call, variables))
    return load_program(str(c_path)), load_program(str(f_path))


def expected_bytes(call: MsgCall):
    """The message size in bytes, by hand from the table: None where the call carries none."""
    if call.aau in ("Sync", "Spawn") or call.at("count") is None:
        return None
    if call.at("counts") is not None and call.op not in ("scatterv", "gatherv"):
        return None  # a ring or pairwise exchange of the counts' blocks: no block of its own
    if call.at("datatype") is not None:
        return COUNT * 8  # MPI_DOUBLE, MPI_DOUBLE_PRECISION
    if call.elem_op is not None:
        return COUNT * (call.elem_bytes or 4)  # NX/2 integers: 4 bytes on the i860, Fortran INTEGER
    return COUNT  # NX/2 counts in bytes; a waitall's number of requests


FIELDS = ("mode", "size", "recv_size", "partner", "recv_partner", "tag", "recv_tag", "root",
          "elements", "elem_op", "node", "program", "comm", "creates", "color", "key", "dims", "periods",
          "remain", "counts", "count_bytes", "group")


@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_call_gives_the_same_aau_in_c_and_fortran(tmp_path, name):
    call = CALLS[name]
    c, f = load_both(tmp_path, call)
    for aag in (c, f):
        bad = [p.message for p in aag.problems
               if p.kind in ("unsupported", "data-dependent", "unmodelled-call")]
        assert not bad, (aag.language, bad)
    ca, fa = the_aau(c), the_aau(f)
    assert ca.cls == fa.cls == call.aau
    if call.aau != "Spawn":
        assert ca.op == fa.op == call.op
        assert ca.api == fa.api == call.api
    size = expected_bytes(call)
    size = None if size is None else sympy.Integer(size)
    assert getattr(ca, "size", None) == getattr(fa, "size", None) == size
    if call.op == "sendrecv":
        assert ca.recv_size == fa.recv_size == COUNT * 8
    for attr in FIELDS:
        assert getattr(ca, attr, None) == getattr(fa, attr, None), attr
    if call.at("newcomm") is not None:  # a creator: the new handle goes to newcomm, on the parent
        assert ca.creates == "newcomm" and (ca.comm is None) == (name != "MPI_Cart_sub")
        if call.at("dims") is not None:
            assert [str(d) for d in ca.dims] == ["dims[0]", "dims[1]"]


@pytest.mark.parametrize("name", sorted(n for n in CALLS if CALLS[n].control()))
def test_the_arguments_that_decide_control_are_critical_in_both_languages(tmp_path, name):
    """Counts, partners, tags, roots given by variables: those variables are critical (3.3.2)."""
    call = CALLS[name]
    variables = {call.params[i]: f"v{i}" for i in call.control()}
    assert set(variables) <= set(CONTROL_ROLES)
    c, f = load_both(tmp_path, call, variables)
    for aag in (c, f):
        assert {v for v in aag.critical if v.startswith("v")} == set(variables.values()), aag.language


@pytest.mark.parametrize("c_call, f_call, parameter", [
    ("x = mynode();", "X = MYNODE()", "machine.mynode"),
    ("x = dclock();", "X = DCLOCK()", "machine.dclock"),
    ("MPI_Comm_rank(MPI_COMM_WORLD, &rank);", "CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)",
     "machine.MPI_Comm_rank"),
    ("x = MPI_Wtime();", "X = MPI_WTIME()", "machine.MPI_Wtime"),
    ("x = sqrt(x);", "X = SQRT(X)", "lib.sqrt"),
])
def test_calls_in_a_seq_are_named_by_the_sau_parameter_that_costs_them(tmp_path, c_call, f_call, parameter):
    """Machine-specific calls are costed by machine.NAME, all others by lib.NAME (paper Table 1):
    the AAG names them so in both languages, with MPI's C spelling and NX/2's lower case."""
    c_path, f_path = tmp_path / "t.c", tmp_path / "t.f90"
    c_path.write_text(f"""#include <mpi.h>
#include <nx.h>
#include <math.h>
int main(void)
{{
    double x = 2.0;
    int rank = 0;
    {c_call}
    return (int) x + rank;
}}
""")
    f_path.write_text(f"""program t
  include 'mpif.h'
  double precision x
  integer rank, ierr
  x = 2.0d0
  {f_call}
end program t
""")
    for aag in (load_program(str(c_path)), load_program(str(f_path))):
        calls = {}
        for a in aag.walk():
            if a.cls == "Seq":
                calls.update(a.counts.calls)
        assert parameter in calls, (aag.language, calls)
