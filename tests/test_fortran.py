"""The Fortran frontend: the same AAG as the C frontend for the same algorithm (issue 7).

Each Fortran sample in samples/fortran/ is the twin of a C sample. The tests compare their AAGs
(AAU classes in order, loop classes and limit types, trip counts evaluated at sample points,
message sizes, partners and tags, operation counts of the loop bodies, critical variables,
symbol-table statistics) and their predictions on the iPSC/860, and check the hot loops against
values derived by hand from the paper's Tables 1-3. Documented differences between the twins
(samples/fortran/README.md): the C programs read their inputs from argv (an ``argc`` input and an
argument-count check); the Fortran ones READ them and check IOSTAT= after the READ, so the Seq
that reads and the check are in the other order.
"""
import shutil
import subprocess

import pytest

from interp.errors import InputError
import sympy

from frontends.aag import Comm, Condt, Iter, Seq, SyncSeq
from frontends.errors import FrontendError
from frontends.fortran import load_fortran
from interp.pipeline import load_program, predict

NS = 1e-9
CLK = 25 * NS  # 40 MHz
# Hand values from Tables 1-2 (mid of each range), as in tests/test_samples.py.
PER_ITER, PER_ITER_STEP, FIXED, FIXED_STEP = 275 * NS, 337.5 * NS, 187.5 * NS, 1.5185e-6
F_CALL = 37.5 * NS + 62.5 * NS + 25 * NS + 2403.5 * NS + 2 * 25 * NS  # call + F(X) = 4/(1+X*X)
LINE_X = 62.5 * NS + 275 * NS + 25 * NS + 3 * 25 * NS + 50 * NS          # X = A + I*H
LINE_LOCAL = 3 * 25 * NS + 62.5 * NS + 4 * 25 * NS + 50 * NS             # LOCAL = LOCAL + 0.5*(F(X)+F(X+H))
TRAP_ITER = PER_ITER_STEP + LINE_X + 2 * F_CALL + LINE_LOCAL

TRAP_C = ["samples/trapezoid_host.c", "samples/trapezoid_node.c"]
TRAP_F = ["samples/fortran/trapezoid_host.f", "samples/fortran/trapezoid_node.f"]
JACOBI_C, JACOBI_F = ["samples/jacobi2d_mpi.c"], ["samples/fortran/jacobi2d_mpi.f90"]
RENAME = {"nprocs": "size", "checksum": "sum"}  # Fortran name -> C name in the twins


# -- comparing two AAGs ---------------------------------------------------------------------------

def skeleton(body, depth=0):
    """The non-Seq AAUs of a body in order, with what identifies them, nested bodies included."""
    out = []
    for a in body:
        if isinstance(a, Seq) or a.cls in ("Start", "End"):
            continue
        what = [a.cls]
        if isinstance(a, Iter):
            what += [a.limit_type, a.var is not None]
        elif isinstance(a, Comm):
            what += [a.api, a.op, a.mode]
        elif isinstance(a, SyncSeq):
            what += [a.api, a.op, a.elem_op]
        elif isinstance(a, Condt):
            what += [len(a.branches)]
        out.append((depth, tuple(what)))
        for b in a.bodies():
            out.extend(skeleton(b, depth + 1))
    return out


def pairs(c_body, f_body):
    """Corresponding non-Seq AAUs of the two bodies (same skeleton asserted first)."""
    def flat(body):
        for a in body:
            if isinstance(a, Seq) or a.cls in ("Start", "End"):
                continue
            yield a
            for b in a.bodies():
                yield from flat(b)
    return list(zip(flat(c_body), flat(f_body)))


def renamed(expr):
    if expr is None or not isinstance(expr, sympy.Basic):
        return expr
    return expr.xreplace({s: sympy.Symbol(RENAME.get(s.name, s.name), **s.assumptions0)
                          for s in expr.free_symbols})


def same_value(c_expr, f_expr, points):
    """Equal at every sample point (trip counts of the twins differ in form: ceiling vs floor)."""
    if c_expr is None or f_expr is None:
        return c_expr is None and f_expr is None
    f_expr = renamed(f_expr)
    for point in points:
        env = {s: point.get(s.name, 3) for s in c_expr.free_symbols | f_expr.free_symbols}
        if abs(float(c_expr.xreplace(env)) - float(f_expr.xreplace(env))) > 1e-9:
            return False
    return True


POINTS = [{"n": 1000, "reps": 2, "me": 0, "p": 4, "iters": 7, "rows": 250, "ilo": 2, "ihi": 250,
           "__rank": 0, "__nprocs": 4, "size": 4},
          {"n": 1001, "reps": 5, "me": 3, "p": 16, "iters": 1, "rows": 63, "ilo": 1, "ihi": 62,
           "__rank": 15, "__nprocs": 16, "size": 16}]


def assert_same_aag(c, f):
    assert skeleton(c.main.body) == skeleton(f.main.body)
    for c_a, f_a in pairs(c.main.body, f.main.body):
        where = f"{c_a.loc} / {f_a.loc}"
        if isinstance(c_a, Iter):
            for attr in ("num_iters", "lo", "step"):
                assert same_value(getattr(c_a, attr), getattr(f_a, attr), POINTS), (where, attr)
        if isinstance(c_a, Comm):
            for attr in ("size", "partner", "tag", "recv_size", "recv_partner", "recv_tag"):
                assert same_value(getattr(c_a, attr), getattr(f_a, attr), POINTS), (where, attr)
        if isinstance(c_a, SyncSeq):
            for attr in ("size", "root", "elements"):
                assert same_value(getattr(c_a, attr), getattr(f_a, attr), POINTS), (where, attr)


def loop_seqs(aag):
    """Operation counts of the Seqs inside loops (the hot code), in order."""
    out = []

    def visit(body, in_loop):
        for a in body:
            if isinstance(a, Seq) and in_loop and a.counts.total():
                out.append((dict(a.counts.ops), a.counts.fetch, a.counts.store, dict(a.counts.calls)))
            for b in a.bodies():
                visit(b, in_loop or isinstance(a, Iter))
    visit(aag.main.body, False)
    return out


def stats(result, cls, loc, proc):
    return next(s for (p, _), s in result.aaus.items() if p == proc and s.cls == cls and s.loc == loc)


# -- the twins ------------------------------------------------------------------------------------

def test_trapezoid_node_same_aag_as_c():
    c, f = load_program(TRAP_C[1]), load_program(TRAP_F[1])
    assert (f.language, f.api, f.role) == ("fortran", "nx", "node")
    assert_same_aag(c, f)
    assert loop_seqs(c) == loop_seqs(f)
    # The user function: the same Seq (the result variable is returned in a register, as C's return).
    assert c.functions["f"].body[0].counts == f.functions["f"].body[0].counts
    assert f.functions["f"].params == ["x"]
    assert set(c.critical) == set(f.critical) == {"i", "me", "n", "p", "params", "rep", "reps"}
    assert not f.inputs and not c.inputs
    # The augmented symbol table: every variable with the same type, size, accesses and reuse.
    assert {k: (v.ctype, v.elem_size, v.is_array, v.accesses, sorted(v.reuse)) for k, v in c.symbols.items()} == \
        {k: (v.ctype, v.elem_size, v.is_array, v.accesses, sorted(v.reuse)) for k, v in f.symbols.items()}


def test_trapezoid_host_same_aag_as_c():
    c, f = load_program(TRAP_C[0]), load_program(TRAP_F[0])
    assert (f.api, f.role) == ("nx", "host")
    assert_same_aag(c, f)
    spawn = next(a for a in f.walk() if a.cls == "Spawn")
    assert spawn.program == "trap_node" and int(spawn.node) == -1
    # Inputs: READ (*, *) N, REPS gives n and reps, as atoi(argv[k]) in C (C also has argc).
    assert {k: v.how for k, v in f.inputs.items()} == {"n": "READ", "reps": "READ"}
    assert set(c.inputs) == {"argc", "n", "reps"}
    assert f.inputs["n"].critical and f.inputs["reps"].critical
    # The IOSTAT= variable is the Fortran counterpart of argc's check: critical, assigned by the READ.
    assert set(f.critical) == set(c.critical) | {"ios"}


def test_jacobi_same_aag_as_c():
    c, f = load_program(JACOBI_C[0]), load_program(JACOBI_F[0])
    assert (f.language, f.api, f.role) == ("fortran", "mpi", "spmd")
    assert_same_aag(c, f)
    # The loop bodies count the same operations: u(j, i-1) is u[(i-1)*n + j] (one int multiply
    # and add of address arithmetic per extra dimension, a fetch of the extent n).
    assert loop_seqs(c) == loop_seqs(f)
    for name in ("i", "j", "d", "local", "resid", "t0", "t1", "total", "n"):
        cs, fs = c.symbols[name], f.symbols[name]
        assert (cs.ctype, cs.elem_size, cs.is_array) == (fs.ctype, fs.elem_size, fs.is_array), name
        if name != "n":  # n: C also fetches it for the argument check
            assert (cs.accesses, sorted(cs.reuse)) == (fs.accesses, sorted(fs.reuse)), name
    assert {"n", "iters", "rows", "ilo", "ihi", "up", "down", "it", "i", "j"} <= set(f.critical)
    assert {k: v.how for k, v in f.inputs.items()} == {"n": "READ", "iters": "READ"}


@pytest.mark.parametrize("procs,n", [(1, 1000), (4, 1000), (16, 100003)])
def test_trapezoid_predictions_agree(procs, n):
    defines = [f"n={n}", "reps=2"]
    tc = predict(TRAP_C, "ipsc860", procs, defines, interactive=False).result.total
    tf = predict(TRAP_F, "ipsc860", procs, defines, interactive=False).result.total
    assert tf == pytest.approx(tc, rel=0.01)


@pytest.mark.parametrize("procs,n", [(1, 64), (4, 100), (16, 300)])
def test_jacobi_predictions_agree(procs, n):
    defines = [f"n={n}", "iters=3"]
    tc = predict(JACOBI_C, "ipsc860", procs, defines, interactive=False).result.total
    tf = predict(JACOBI_F, "ipsc860", procs, defines, interactive=False).result.total
    assert tf == pytest.approx(tc, rel=0.01)


def test_mixed_languages_host_and_node():
    """A C host drives a Fortran node program: buffer elements have the same names in both
    (params(3) is params[2]), so N travels in the message as between two C programs."""
    defines = ["n=1000", "reps=2"]
    both_c = predict(TRAP_C, "ipsc860", 4, defines, interactive=False).result.total
    mixed = predict([TRAP_C[0], TRAP_F[1]], "ipsc860", 4, defines, interactive=False).result.total
    assert mixed == pytest.approx(both_c, rel=1e-12)


# -- hand-derived predictions of the samples -----------------------------------------------------

@pytest.mark.parametrize("procs,n", [(1, 1000), (4, 1000), (16, 100003)])
def test_trapezoid_fortran_hand_values(procs, n):
    r = predict(TRAP_F, "ipsc860", procs, [f"n={n}", "reps=2"], interactive=False).result
    for rank in range(procs):
        iters = -(-(n - rank) // procs)  # DO I = ME, N - 1, P: ceil((n - rank) / p) intervals
        loop = stats(r, "IterD", "trapezoid_node.f:35-38", rank)
        assert loop.executions == 2
        assert loop.mean == pytest.approx(FIXED_STEP + iters * TRAP_ITER, rel=1e-9)
    # Every setup and parameter message reaches every node; gdsum: log2 P exchanges; one reply.
    logp = procs.bit_length() - 1
    assert len(r.messages) == procs + 2 * (procs + procs * logp + 1)


def test_jacobi_fortran_hand_values():
    n, iters, procs = 64, 3, 4
    r = predict(JACOBI_F, "ipsc860", procs, [f"n={n}", f"iters={iters}"], interactive=False).result
    # Inner body per iteration (clocks, mid of each range): 5 double adds (1), 2 double muls (2.5),
    # 11 int adds (1), 7 int muls (2.5); 24 scalar fetches (hits, 1); 6 array fetches with stride 1
    # (8 B of a 32 B block: miss ratio 0.25 -> 0.75*1 + 0.25*6 = 2.25); the store of unew
    # (0.75*2 + 0.25*4 = 2.5) and 2 scalar stores (2).
    body = (5 + 2 * 2.5 + 11 + 7 * 2.5 + 24 + 6 * 2.25 + 2.5 + 2 * 2) * CLK
    inner = stats(r, "IterD", "jacobi2d_mpi.f90:83-88", 1)
    assert inner.mean == pytest.approx(FIXED + (n - 2) * (PER_ITER + body), rel=1e-9)
    user = [m for m in r.messages if not m.internal]
    assert len(user) == 2 * 3 * iters and {m.size for m in user} == {n * 8}
    assert sorted({(m.src, m.dst) for m in user}) == [(0, 1), (1, 0), (1, 2), (2, 1), (2, 3), (3, 2)]
    assert len([m for m in r.messages if m.internal]) == 8 * iters + 3 + 2 * 3


# -- source forms and extensions -------------------------------------------------------------------

FIXED_PROGRAM = """\
      PROGRAM LOOPS
      INTEGER N, I
      DOUBLE PRECISION S, A(100)
      READ (*, *) N
      S = 0.0D0
      DO 10 I = 1, N, 2
         S = S + A(I) * 2.0D0
   10 CONTINUE
      IF (N .GT. 10) THEN
         S = 1.0D0
      ELSE IF (N .EQ. 2) THEN
         S = 2.0D0
      ELSE
         S = 3.0D0
      END IF
      END
"""
FREE_PROGRAM = """\
program loops
  integer :: n, i
  double precision :: s, a(100)
  read (*, *) n
  s = 0.0d0
  do i = 1, n, 2
     s = s + a(i) * 2.0d0
  end do
  if (n > 10) then
     s = 1.0d0
  else if (n == 2) then
     s = 2.0d0
  else
     s = 3.0d0
  end if
end program loops
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_fixed_and_free_form_give_the_same_aag(tmp_path):
    fixed = load_fortran(write(tmp_path, "loops.f", FIXED_PROGRAM))
    free = load_fortran(write(tmp_path, "loops.f90", FREE_PROGRAM))
    assert skeleton(fixed.main.body) == skeleton(free.main.body)
    assert [a.cls for a in fixed.main.body] == ["Start", "Seq", "IterD", "CondtD", "End"]
    loop = fixed.main.body[2]
    assert loop.limit_type == "step" and loop.var == "i"
    assert loop.num_iters.xreplace({sympy.Symbol("n", real=True): 10}) == 5
    cond = fixed.main.body[3]
    assert len(cond.branches) == 3 and cond.branches[0].cond == (sympy.Symbol("n", real=True) > 10)
    assert loop_seqs(fixed) == loop_seqs(free)
    assert fixed.inputs["n"].how == "READ"


@pytest.mark.parametrize("ext", [".f", ".for", ".f77"])
def test_fixed_form_extensions(tmp_path, ext):
    aag = load_program(write(tmp_path, "prog" + ext, FIXED_PROGRAM))
    assert aag.language == "fortran"


@pytest.mark.parametrize("ext", [".f90", ".f95", ".f03", ".f08"])
def test_free_form_extensions(tmp_path, ext):
    assert load_program(write(tmp_path, "prog" + ext, FREE_PROGRAM)).language == "fortran"


def test_form_parameter_overrides_the_extension(tmp_path):
    path = write(tmp_path, "loops.src", FREE_PROGRAM)
    assert load_program(path, form="free").main.name == "loops"
    with pytest.raises(FrontendError, match="syntax error"):
        load_program(write(tmp_path, "free_text.f", FREE_PROGRAM))  # read as fixed form: it is not
    with pytest.raises(FrontendError, match="fixed or free|cannot tell"):
        load_fortran(path)
    with pytest.raises(FrontendError, match="unknown Fortran source form"):
        load_fortran(path, form="columns")


def test_syntax_error_names_the_line(tmp_path):
    path = write(tmp_path, "bad.f90", "program p\n  integer :: n\n  n = = 1\nend program\n")
    with pytest.raises(FrontendError) as err:
        load_fortran(path)
    assert err.value.line == 3 and "syntax error" in err.value.message


# -- annotations ------------------------------------------------------------------------------------

def test_iters_annotation_free_form(tmp_path):
    path = write(tmp_path, "w.f90", """\
program w
  integer :: k
  double precision :: x
  k = 0
  !$interp iters(10)
  do while (x > 0.5d0)
     x = x * 0.5d0
  end do
end program w
""")
    loop = next(a for a in load_fortran(path).walk() if isinstance(a, Iter))
    assert (loop.cls, loop.kind, int(loop.num_iters)) == ("IterD", "while", 10)
    assert loop.cond_counts.ops == {"double_add": 1}
    r = predict([path], "ipsc860", 1, interactive=False).result
    # x = x*0.5: fetch, mul, store; the condition x > 0.5 each iteration: fetch, compare (an add).
    body = (25 + 62.5 + 50) * NS + (25 + 25) * NS
    assert stats(r, "IterD", "w.f90:6-8", 0).mean == pytest.approx(FIXED + 10 * (PER_ITER + body), rel=1e-9)


@pytest.mark.parametrize("sentinel", ["C$interp", "c$interp", "*$interp", "!$interp"])
def test_iters_annotation_fixed_form(tmp_path, sentinel):
    path = write(tmp_path, "w.f", f"""\
      PROGRAM W
      DOUBLE PRECISION X
{sentinel} iters(N / 2)
      DO WHILE (X .GT. 0.5D0)
         X = X * 0.5D0
      END DO
      END
""")
    loop = next(a for a in load_fortran(path).walk() if isinstance(a, Iter))
    assert loop.num_iters == sympy.Symbol("n", real=True) / 2  # names are lower case


def test_other_annotations(tmp_path):
    path = write(tmp_path, "a.f90", """\
program a
  integer :: n
  double precision :: x
  !$interp input N = 64
  read *, n
  !$interp region setup
  !$interp prob(0.25)
  if (x > 1.0d0) x = 0.0d0
  !$interp end region
  !$interp cost(2 ms)
  call solver(x)
  do n = 1, n
  end do
  !$omp parallel
end program a
subroutine solver(y)
  double precision :: y
  y = y + 1
end subroutine solver
""")
    aag = load_fortran(path)
    assert aag.inputs["n"].default == 64 and aag.inputs["n"].how == "READ"
    cond = next(a for a in aag.walk() if isinstance(a, Condt))
    assert cond.branches[0].prob == 0.25 and cond.region == "setup"
    assert aag.regions["setup"].first == 6 and aag.regions["setup"].last == 9
    call = next(a for a in aag.walk() if a.cls == "Call")
    assert call.callee == "solver" and float(call.cost) == pytest.approx(2e-3)
    assert any(p.kind == "ignored-pragma" and p.line == 14 and "!$omp parallel" in p.message
               for p in aag.problems)


def test_malformed_annotation_is_an_error(tmp_path):
    path = write(tmp_path, "m.f90", "program m\n  integer :: i\n  !$interp iters(\n  do i = 1, 3\n  end do\nend program\n")
    with pytest.raises(FrontendError, match=r"!\$interp") as err:
        load_fortran(path)
    assert err.value.line == 3


# -- unsupported constructs are reported with their line -----------------------------------------

@pytest.mark.parametrize("statement,message", [
    # a jump to a label outside its statement list (a forward skip to 10, below, is modelled:
    # tests/test_fortran_gotos.py)
    ("GOTO 20", "GO TO is not modelled"),
    ("IF (N) 10, 10, 10", "arithmetic IF is not modelled"),
    ("GO TO (10, 10), N", "computed GO TO is not modelled"),
    # array syntax is modelled as its loops (tests/test_fortran_sections.py) except these forms
    ("A = MATMUL(A, A)", "array syntax (whole array A) is not modelled here (MATMUL whose result A is also"),
    ("X = 2 * SUM(A, 1)", "array syntax (a reduction) is not modelled here (SUM with 2 arguments)"),
    ("X = SUM(A, MASK=A > 0)", "(SUM with MASK=)"),
    ("CALL MYSTERY(N)", "call to MYSTERY is not modelled"),
    ("X = UNKNWN(N)", "call to UNKNWN is not modelled"),
    ("READ (*, *, END=10) N", "END= / ERR= branches of READ are not modelled"),
    ("WHERE (A > 0) A = SUM(A, 1)", "WHERE is not modelled here (SUM in a WHERE)"),
])
def test_unsupported_statement_is_reported(tmp_path, statement, message):
    path = write(tmp_path, "u.f", f"""\
      PROGRAM U
      INTEGER N, A(10)
      REAL X
      N = 1
      {statement}
   10 CONTINUE
      END
""")
    aag = load_fortran(path)
    found = [p for p in aag.problems if message in p.message]
    assert found and found[0].line == 5 and found[0].file == path, [str(p) for p in aag.problems]


@pytest.mark.parametrize("declaration,message", [
    ("EQUIVALENCE (X, Y)", "EQUIVALENCE is not modelled"),
    ("USE MYMOD", "USE mymod: module mymod is in none of the program's files (give its source file too)"),
])
def test_unsupported_declaration_is_reported(tmp_path, declaration, message):
    lines = ["      PROGRAM U", f"      {declaration}", "      REAL X, Y", "      X = 1", "      END", ""]
    aag = load_fortran(write(tmp_path, "d.f", "\n".join(lines)))
    assert any(message in p.message and p.line == 2 for p in aag.problems), [str(p) for p in aag.problems]


def test_statement_function_and_undeclared_names(tmp_path):
    path = write(tmp_path, "s.f90", """\
program s
  implicit none
  real :: x
  x = 1.0
  y = 2.0
end program s
""")
    problems = load_fortran(path).problems
    assert any(p.line == 5 and "Y has no type" in p.message for p in problems)
    # a statement function is expanded (tests/test_fortran_stmt_functions.py); a recursive one is refused
    path = write(tmp_path, "sf.f", "      PROGRAM SF\n      SQ(T) = SQ(T) * T\n      X = SQ(2.0)\n      END\n")
    assert any(p.line == 2 and "statement function SQ refers to itself" in p.message
               for p in load_fortran(path).problems)


def test_no_main_program_is_an_error(tmp_path):
    path = write(tmp_path, "lib.f90", "subroutine s\nend subroutine s\n")
    with pytest.raises(FrontendError, match="no main program"):
        load_fortran(path)


# -- language details ---------------------------------------------------------------------------------

def test_shared_terminal_label_nests_the_loops(tmp_path):
    path = write(tmp_path, "n.f", """\
      PROGRAM N
      DOUBLE PRECISION A(50, 20)
      DO 10 J = 1, 20
      DO 10 I = 1, 50
         A(I, J) = A(I, J) + 1.0D0
   10 CONTINUE
      END
""")
    outer = next(a for a in load_fortran(path).main.body if isinstance(a, Iter))
    inner = outer.body[0]
    assert (outer.var, int(outer.num_iters), inner.var, int(inner.num_iters)) == ("j", 20, "i", 50)
    seq = inner.body[0]
    # Column major: the first index is contiguous, so A(I, J) moves by one element per I.
    assert [a.stride for a in seq.accesses if a.is_array] == [1, 1]
    assert seq.counts.ops["int_mul"] == 2  # one address multiply per access (constant extent 50)


def test_column_major_strides(tmp_path):
    path = write(tmp_path, "c.f90", """\
program c
  integer :: i, j, n
  double precision :: a(0:9, 20), b(100)
  do j = 1, 20
     a(1, j) = b(2 * j)
  end do
end program c
""")
    seq = next(a for a in load_fortran(path).walk() if isinstance(a, Seq) and a.accesses)
    strides = {(acc.name, acc.kind): acc.stride for acc in seq.accesses if acc.is_array}
    assert strides == {("b", "fetch"): 2, ("a", "store"): 10}  # the extent of dimension 1 is 10


def test_integer_semantics_and_intrinsics(tmp_path):
    path = write(tmp_path, "i.f90", """\
program i
  integer :: n, k, m, j
  double precision :: x
  read *, n
  k = n / 4 + mod(n, 3) + max(1, n) - min(n, 2) + abs(n) + int(x)
  m = 2 ** 3 + n ** 2
  x = sqrt(dble(n)) + exp(x) + log(x) + sin(x) + cos(x) + real(n) + x ** 2 + x ** 0.5d0
  do j = 1, k + m
  end do
end program i
""")
    aag = load_fortran(path, granularity="statement")
    loop = next(a for a in aag.walk() if isinstance(a, Iter))
    n = sympy.Symbol("n", real=True)
    seqs = [a for a in aag.walk() if isinstance(a, Seq)]
    defs = dict(d for s in seqs for d in s.defs)
    k = defs["k"]  # symbolic: CDiv, CMod, Max, Min, Abs, CTrunc
    value = k.xreplace({n: -7, sympy.Symbol("x", real=True): 2.9})
    # C semantics: -7/4 = -1, mod(-7, 3) = -1, max(1,-7) = 1, min(-7,2) = -7, abs = 7, int(2.9) = 2
    assert value == -1 - 1 + 1 + 7 + 7 + 2
    assert defs["m"].xreplace({n: 5}) == 8 + 25
    counts = seqs[1].counts  # seqs[0] is the READ
    # n / 4 is a shift, mod(n, 3) a multiply by the reciprocal (frontends/aag/opclass.py)
    assert (counts.ops["int_shift"], counts.ops["int_div_const"], counts.ops["real_to_int"]) == (1, 1, 1)
    assert "int_div" not in counts.ops
    assert counts.calls == {"lib.abs": 1}
    counts = seqs[3].counts
    assert counts.calls == {"lib.sqrt": 1, "lib.exp": 1, "lib.log": 1, "lib.sin": 1, "lib.cos": 1, "lib.pow": 1}
    assert counts.ops["double_mul"] == 1  # x ** 2 is one multiply; x ** 0.5d0 is pow
    assert loop.num_iters is not None


def test_common_blocks_and_arguments_by_reference(tmp_path):
    path = write(tmp_path, "cb.f", """\
      PROGRAM CB
      COMMON /SIZES/ N, M
      N = 8
      CALL SETUP(K)
      DO 10 I = 1, K
   10 CONTINUE
      CALL WORK
      END
      SUBROUTINE SETUP(L)
      COMMON /SIZES/ NN, MM
      MM = NN * 2
      L = MM + 1
      END
      SUBROUTINE WORK
      COMMON /SIZES/ N, M
      DO 20 J = 1, M
   20 CONTINUE
      END
""")
    aag = load_fortran(path)
    call = next(a for a in aag.main.body if a.cls == "Call")
    assert call.refs == {"l": "k"}  # L is stored by SETUP: K receives the value
    setup = aag.functions["setup"].body[0]
    assert [name for name, _ in setup.defs] == ["m", "l", "*l"]  # MM is the block's M
    assert set(aag.global_inits) >= {"n", "m"}
    r = predict([path], "ipsc860", 1, interactive=False).result
    assert stats(r, "IterD", "cb.f:5-6", 0).mean == pytest.approx(FIXED + 17 * PER_ITER, rel=1e-9)
    assert stats(r, "IterD", "cb.f:16-17", 0).mean == pytest.approx(FIXED + 16 * PER_ITER, rel=1e-9)


def test_select_case_and_loop_exits(tmp_path):
    path = write(tmp_path, "sc.f90", """\
program sc
  integer :: n, k
  read *, n
  select case (n)
  case (1)
     k = 1
  case (2:4, 7)
     k = 2
  case default
     k = 3
  end select
  do k = 1, n
     if (k > 5) exit
  end do
end program sc
""")
    aag = load_fortran(path)
    cond = next(a for a in aag.walk() if isinstance(a, Condt))
    n = sympy.Symbol("n", real=True)
    assert [b.cond.xreplace({n: 3}) if b.cond is not None else None for b in cond.branches] == \
        [sympy.false, sympy.true, None]
    assert cond.branches[1].cond.xreplace({n: 7}) == sympy.true
    loop = next(a for a in aag.walk() if isinstance(a, Iter))
    assert loop.cls == "IterND"  # EXIT leaves the loop: interpreted iteration by iteration


def test_nx_asynchronous_and_mpi_bindings(tmp_path):
    path = write(tmp_path, "nx.f", """\
      PROGRAM NXA
      INTEGER ME, MID, IRECV, MYNODE, NUMNODES
      DOUBLE PRECISION BUF(16)
      ME = MYNODE()
      MID = IRECV(5, BUF, 128)
      CALL CSEND(5, BUF, 128, MOD(ME + 1, NUMNODES()), 0)
      CALL MSGWAIT(MID)
      CALL GSYNC()
      END
""")
    aag = load_fortran(path)
    comms = [a for a in aag.walk() if a.cls in ("Comm", "Sync")]
    assert [(a.cls, getattr(a, "op", None)) for a in comms] == [
        ("Comm", "irecv"), ("Comm", "send"), ("Comm", "wait"), ("Sync", "barrier")]
    assert comms[0].request == "mid" and comms[2].request == "mid" and int(comms[0].size) == 128
    r = predict([path], "ipsc860", 4, interactive=False).result
    assert len([m for m in r.messages if not m.internal]) == 4
    path = write(tmp_path, "mpi.f90", """\
program p
  include 'mpif.h'
  integer :: rank, np, ierr, req, st(MPI_STATUS_SIZE)
  real :: x(10)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call MPI_Isend(x, 10, MPI_REAL, mod(rank + 1, np), 3, MPI_COMM_WORLD, req, ierr)
  call MPI_Recv(x, 10, MPI_REAL, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, st, ierr)
  call MPI_Wait(req, st, ierr)
  call MPI_Allreduce(x, x, 10, MPI_REAL, MPI_MAX, MPI_COMM_WORLD, ierr)
  call MPI_Comm_split(MPI_COMM_WORLD, 0, rank, np, ierr)
  call MPI_Finalize(ierr)
end program p
""")
    aag = load_fortran(path)
    isend, recv, wait, allreduce, split = [a for a in aag.walk() if a.cls in ("Comm", "SyncSeq")]
    assert int(isend.size) == 40 and isend.request == "req" and wait.request == "req"
    assert int(recv.partner) == -1 and int(recv.tag) == -1
    assert allreduce.elem_op == "real_add" and int(allreduce.size) == 40
    # MPI_COMM_SPLIT is modelled (issue 13 defect 11): a collective that stores the new
    # communicator in its last argument (here np), colour 0 and key rank.
    assert (split.op, split.creates, int(split.color), str(split.key)) == ("comm_split", "np", 0, "rank")
    assert not aag.problems


# -- the samples compile (when a Fortran compiler is at hand) -----------------------------------------

@pytest.mark.skipif(shutil.which("gfortran") is None, reason="gfortran is not installed")
@pytest.mark.parametrize("sample", ["trapezoid_host.f", "trapezoid_node.f"])
def test_nx_samples_compile(sample):
    # NX/2 has no Fortran interface to check against: buffers of any type go to CSEND/CRECV.
    subprocess.run(["gfortran", "-fsyntax-only", "-fallow-argument-mismatch", f"samples/fortran/{sample}"],
                   check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("mpifort") is None, reason="no MPI Fortran compiler (mpifort)")
def test_mpi_sample_compiles(tmp_path):
    subprocess.run(["mpifort", "-fsyntax-only", "-J", str(tmp_path), "samples/fortran/jacobi2d_mpi.f90"],
                   check=True, capture_output=True)


def test_user_include_declarations(tmp_path):
    (tmp_path / "sizes.h").write_text("      INTEGER NMAX\n      PARAMETER (NMAX = 64)\n"
                                      "      COMMON /SIZES/ N, M\n")
    path = write(tmp_path, "inc.f", """\
      PROGRAM INC
      IMPLICIT DOUBLE PRECISION (A-H, O-Z)
      INCLUDE 'sizes.h'
      INCLUDE 'mpif.h'
      DIMENSION V(NMAX)
      DO 10 I = 1, NMAX
         V(I) = 0.5D0 * I
   10 CONTINUE
      INCLUDE 'missing.h'
      END
""")
    aag = load_fortran(path)
    loop = next(a for a in aag.walk() if isinstance(a, Iter))
    assert int(loop.num_iters) == 64  # NMAX from the included PARAMETER
    assert aag.symbols["v"].ctype == "double" and aag.symbols["v"].length == 64  # IMPLICIT DOUBLE (A-H, O-Z)
    assert aag.api == "mpi"  # mpif.h is known: the program uses MPI
    assert [p.line for p in aag.problems if "missing.h" in p.message] == [9]
