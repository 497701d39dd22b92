"""C frontend layer 1: a real user C file -> pycparser AST with original coordinates."""
import glob
import os
import re
from pathlib import Path

import pytest
from pycparser import c_ast, c_generator

from frontends.c.cparse import INCLUDE_DIR, find_pragmas, parse_c
from frontends.errors import FrontendError

MPI_PROGRAM = """\
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include <mpi.h>

#define N 1000
#define SQ(x) ((x) * (x))

typedef struct {
    double lo, hi;
} range_t;

#pragma interp param n = 1000

int main(int argc, char **argv)
{
    int rank, size, i;
    double local[N], total = 0.0;
    range_t r;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    r.lo = 0.0; r.hi = M_PI;
    /* a comment
       over two lines */
#pragma interp region compute
    for (i = 0; i < N; i++) {
        local[i] = SQ(sin(r.lo + i * (r.hi - r.lo) / N));
        total += local[i];
    }
    if (rank == 0) {
        MPI_Send(local, N, MPI_DOUBLE, 1, 99, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(local, N, MPI_DOUBLE, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &status);
    }
    memset(local, 0, sizeof local);
    printf("%d %f %ld\\n", size, total, (long)clock());
    MPI_Finalize();
    return EXIT_SUCCESS;
}
"""

NX_PROGRAM = """\
#include <stdio.h>
#include "nx.h"

#define MSG_TYPE 10

int main(void)
{
    double buf[64];
    long me = mynode(), n = numnodes();
    if (me == 0)
        csend(MSG_TYPE, (char *)buf, sizeof(buf), 1, 0);
    else if (me == 1)
        crecv(MSG_TYPE, (char *)buf, sizeof(buf));
    gdsum(buf, 64, buf + 32);
    printf("%f\\n", dclock());
    return 0;
}
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def line_of(text, fragment):
    """1-based line of the only line of text containing fragment."""
    hits = [i + 1 for i, line in enumerate(text.splitlines()) if fragment in line]
    assert len(hits) == 1, (fragment, hits)
    return hits[0]


def nodes(ast, cls, file=None):
    found = []

    class Collect(c_ast.NodeVisitor):
        def generic_visit(self, node):
            if isinstance(node, cls) and (file is None or (node.coord and node.coord.file == file)):
                found.append(node)
            super().generic_visit(node)

    Collect().visit(ast)
    return found


def calls(ast, name):
    return [c for c in nodes(ast, c_ast.FuncCall) if isinstance(c.name, c_ast.ID) and c.name.name == name]


def main_body(ast):
    (main,) = [e for e in ast.ext if isinstance(e, c_ast.FuncDef) and e.decl.name == "main"]
    return main.body.block_items


# --------------------------------------------------------------------------- #
# a realistic MPI program
# --------------------------------------------------------------------------- #


def test_mpi_program_coords_point_to_original_lines(tmp_path):
    path = write(tmp_path, "prog.c", MPI_PROGRAM)
    src = parse_c(path)
    assert src.file == path and src.text == MPI_PROGRAM
    body = main_body(src.ast)

    # Statement on line 17 of the file: the function header; main's body follows.
    (main,) = [e for e in src.ast.ext if isinstance(e, c_ast.FuncDef)]
    assert (main.coord.file, main.coord.line) == (path, 17)
    assert MPI_PROGRAM.splitlines()[16].startswith("int main")

    init = calls(src.ast, "MPI_Init")[0]
    assert (init.coord.file, init.coord.line) == (path, 24) == (path, line_of(MPI_PROGRAM, "MPI_Init("))
    loop = [s for s in body if isinstance(s, c_ast.For)][0]
    assert loop.coord.line == 31 == line_of(MPI_PROGRAM, "for (i = 0")
    (send,) = calls(src.ast, "MPI_Send")
    assert send.coord.line == 36 == line_of(MPI_PROGRAM, "MPI_Send(")
    (printf,) = calls(src.ast, "printf")
    assert printf.coord.line == line_of(MPI_PROGRAM, "printf(")
    ret = body[-1]
    assert isinstance(ret, c_ast.Return) and ret.coord.line == line_of(MPI_PROGRAM, "return EXIT_SUCCESS")


def test_mpi_program_pragmas(tmp_path):
    path = write(tmp_path, "prog.c", MPI_PROGRAM)
    src = parse_c(path)
    body = main_body(src.ast)
    (region,) = [s for s in body if isinstance(s, c_ast.Pragma)]
    assert region.string == "interp region compute"
    assert (region.coord.file, region.coord.line) == (path, 30)
    # The pragma directly precedes the loop it annotates.
    assert isinstance(body[body.index(region) + 1], c_ast.For)
    (top,) = [e for e in src.ast.ext if isinstance(e, c_ast.Pragma)]
    assert top.string == "interp param n = 1000" and top.coord.line == 15
    assert src.pragmas == [(15, "interp param n = 1000"), (30, "interp region compute")]


def test_mpi_identifiers_survive_and_macros_expand(tmp_path):
    path = write(tmp_path, "prog.c", MPI_PROGRAM)
    src = parse_c(path)
    (send,) = calls(src.ast, "MPI_Send")
    args = send.args.exprs
    assert isinstance(args[2], c_ast.ID) and args[2].name == "MPI_DOUBLE"
    assert isinstance(args[5], c_ast.ID) and args[5].name == "MPI_COMM_WORLD"
    assert isinstance(args[1], c_ast.Constant) and args[1].value == "1000"  # N expanded
    (recv,) = calls(src.ast, "MPI_Recv")
    # MPI_ANY_SOURCE is a macro for -1: the frontend sees the literal in partner position.
    gen = c_generator.CGenerator()
    assert gen.visit(recv.args.exprs[3]) in ("(-1)", "-1")
    # SQ(...) expanded into a multiplication of the sin() call by itself.
    assign = [a for a in nodes(src.ast, c_ast.Assignment, path) if gen.visit(a.lvalue) == "local[i]"][0]
    assert isinstance(assign.rvalue, c_ast.BinaryOp) and assign.rvalue.op == "*"
    # The typedef'd struct is usable as a type; M_PI comes from the shipped math.h.
    decl_r = [d for d in nodes(src.ast, c_ast.Decl, path) if d.name == "r"][0]
    assert decl_r.type.type.names == ["range_t"]
    hi = [a for a in nodes(src.ast, c_ast.Assignment, path) if gen.visit(a.lvalue) == "r.hi"][0]
    assert isinstance(hi.rvalue, c_ast.Constant) and hi.rvalue.value.startswith("3.14159265")


def test_every_identifier_is_on_its_original_line(tmp_path):
    """Includes in the middle, long blank runs, multi-line comments do not shift lines."""
    text = (
        "#include <stdio.h>\n"
        "int g1 = 1; /* a comment\n"
        "   over lines */ int g2 = 2;\n"
        "#include <math.h>\n"
        "#if 0\n" + "junk\n" * 9 + "#endif\n"
        "int main(void)\n{\n"
        "    int alpha = 1;\n" + "\n" * 12 + "    alpha = alpha + g1;\n"
        "#include \"mid.h\"\n"
        "    beta = gamma(alpha);\n"
        "    return alpha;\n}\n"
    )
    write(tmp_path, "mid.h", "    int from_header = 0;\n")
    path = write(tmp_path, "lines.c", text)
    src = parse_c(path)
    lines = text.splitlines()
    ids = nodes(src.ast, c_ast.ID, path)
    assert len(ids) >= 6
    for node in ids:
        assert re.search(rf"\b{node.name}\b", lines[node.coord.line - 1]), (node.name, node.coord)
    g2 = [e for e in src.ast.ext if getattr(e, "name", None) == "g2"][0]
    assert g2.coord.line == 3
    (hdr,) = [d for d in nodes(src.ast, c_ast.Decl) if d.name == "from_header"]
    assert os.path.samefile(hdr.coord.file, tmp_path / "mid.h") and hdr.coord.line == 1


def test_relative_path_is_kept_as_given(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "prog.c", MPI_PROGRAM)
    monkeypatch.chdir(tmp_path)
    src = parse_c(Path("sub") / "prog.c")
    assert src.file == os.path.join("sub", "prog.c")
    (send,) = calls(src.ast, "MPI_Send")
    assert (send.coord.file, send.coord.line) == (src.file, 36)
    with pytest.raises(FrontendError) as err:
        parse_c(write(tmp_path, "bad.c", "int main(void) {\n  return 0\n}\n").replace(str(tmp_path) + os.sep, ""))
    assert (err.value.file, err.value.line) == ("bad.c", 3)


# --------------------------------------------------------------------------- #
# NX/2
# --------------------------------------------------------------------------- #


def test_nx_program_uses_shipped_nx_h(tmp_path):
    path = write(tmp_path, "node.c", NX_PROGRAM)
    src = parse_c(path)
    (send,) = calls(src.ast, "csend")
    assert send.coord.line == line_of(NX_PROGRAM, "csend(")
    assert send.args.exprs[0].value == "10"  # MSG_TYPE expanded
    (recv,) = calls(src.ast, "crecv")
    assert recv.coord.line == line_of(NX_PROGRAM, "crecv(")
    (gdsum,) = calls(src.ast, "gdsum")
    assert gdsum.coord.line == 14
    decl = [e for e in src.ast.ext if isinstance(e, c_ast.Decl) and e.name == "csend"][0]
    assert os.path.dirname(decl.coord.file) == INCLUDE_DIR


NX_PROTOTYPES = """void csend(long type, char *buf, long len, long node, long pid); void crecv(long typesel, char *buf, long len); long isend(long type, char *buf, long len, long node, long pid); long irecv(long typesel, char *buf, long len); void msgwait(long mid); long msgdone(long mid); long cprobe(long typesel); void gsync(void); void gdsum(double x[], long n, double work[]); void gisum(long x[], long n, long work[]); void gssum(float x[], long n, float work[]); void gdhigh(double x[], long n, double work[]); void gdlow(double x[], long n, double work[]); void gihigh(long x[], long n, long work[]); void gilow(long x[], long n, long work[]); void gcol(char x[], long xlen, char y[], long ylen, long *ncnt); void gcolx(char x[], long xlens[], char y[]); long mynode(void); long numnodes(void); long mypid(void); long myhost(void); void load(char *filename, long node, long pid); void killcube(long node, long pid); double dclock(void); long infocount(void); long infonode(void); long infotype(void);"""


def test_nx_h_declares_the_ipsc860_interface(tmp_path):
    src = parse_c(write(tmp_path, "empty.c", '#include "nx.h"\n#include <nx.h>\n'))
    gen = c_generator.CGenerator()
    shipped = {d.name: gen.visit(d) for d in src.ast.ext if isinstance(d, c_ast.Decl)}
    for proto in NX_PROTOTYPES.split(";")[:-1]:
        name = re.search(r"(\w+)\(", proto).group(1)
        expected = gen.visit(parse_c(write(tmp_path, "p.c", proto + ";\n")).ast.ext[0])
        assert shipped.get(name) == expected, name
    # include guard: including twice declares once
    assert sum(1 for d in src.ast.ext if getattr(d, "name", None) == "csend") == 1


MPI_HANDLES = {
    "MPI_Comm": "MPI_COMM_WORLD MPI_COMM_SELF",
    "MPI_Datatype": "MPI_CHAR MPI_SIGNED_CHAR MPI_UNSIGNED_CHAR MPI_BYTE MPI_SHORT MPI_UNSIGNED_SHORT MPI_INT "
    "MPI_UNSIGNED MPI_LONG MPI_UNSIGNED_LONG MPI_LONG_LONG MPI_FLOAT MPI_DOUBLE MPI_LONG_DOUBLE",
    "MPI_Op": "MPI_SUM MPI_PROD MPI_MAX MPI_MIN MPI_LAND MPI_LOR MPI_BAND MPI_BOR MPI_MAXLOC MPI_MINLOC",
    "MPI_Request": "MPI_REQUEST_NULL",
}
MPI_FUNCTIONS = (
    "MPI_Init MPI_Finalize MPI_Comm_rank MPI_Comm_size MPI_Send MPI_Recv MPI_Ssend MPI_Bsend MPI_Rsend "
    "MPI_Isend MPI_Irecv MPI_Wait MPI_Waitall MPI_Test MPI_Sendrecv MPI_Sendrecv_replace MPI_Probe "
    "MPI_Iprobe MPI_Get_count MPI_Barrier MPI_Bcast MPI_Reduce MPI_Allreduce MPI_Scatter MPI_Gather "
    "MPI_Allgather MPI_Alltoall MPI_Scan MPI_Wtime MPI_Wtick MPI_Abort MPI_Get_processor_name "
    "MPI_Comm_split MPI_Comm_dup MPI_Comm_free"
).split()


def test_mpi_h_handles_are_extern_variables_not_macros(tmp_path):
    src = parse_c(write(tmp_path, "m.c", "#include <mpi.h>\n"))
    decls = {d.name: d for d in src.ast.ext if isinstance(d, c_ast.Decl)}
    gen = c_generator.CGenerator()
    for typename, names in MPI_HANDLES.items():
        for name in names.split():
            d = decls[name]
            assert d.storage == ["extern"] and d.type.type.names == [typename], name
    for name in ("MPI_IN_PLACE",):
        assert decls[name].storage == ["extern"] and gen.visit(decls[name].type) == "void *"
    for name in ("MPI_STATUS_IGNORE", "MPI_STATUSES_IGNORE"):
        assert decls[name].storage == ["extern"] and gen.visit(decls[name].type) == "MPI_Status *"
    for name in MPI_FUNCTIONS:
        assert isinstance(decls[name].type, c_ast.FuncDecl), name
    send = gen.visit(decls["MPI_Send"])
    assert send == "int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)"
    status = [e for e in src.ast.ext if isinstance(e, c_ast.Typedef) and e.name == "MPI_Status"][0]
    assert [f.name for f in status.type.type.decls] == ["MPI_SOURCE", "MPI_TAG", "MPI_ERROR"]


def test_mpi_integer_constants(tmp_path):
    text = "#include <mpi.h>\nint v[] = {MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_PROC_NULL, MPI_SUCCESS, MPI_MAX_PROCESSOR_NAME};\n"
    src = parse_c(write(tmp_path, "c.c", text))
    gen = c_generator.CGenerator()
    values = [gen.visit(e).strip("()") for e in src.ast.ext[-1].init.exprs]
    assert values == ["-1", "-1", "-2", "0", "256"]


# --------------------------------------------------------------------------- #
# macros, include paths, GNU extensions
# --------------------------------------------------------------------------- #

IFDEF = """\
#ifdef USE_FAST
int mode = 1;
#else
int mode = 2;
#endif
#ifndef SIZE
#define SIZE 8
#endif
int size = SIZE;
"""


def _init_of(src, name):
    return [d for d in src.ast.ext if getattr(d, "name", None) == name][0].init.value


def test_macros_argument_takes_effect(tmp_path):
    path = write(tmp_path, "d.c", IFDEF)
    plain = parse_c(path)
    assert (_init_of(plain, "mode"), _init_of(plain, "size")) == ("2", "8")
    defined = parse_c(path, macros={"USE_FAST": "1", "SIZE": "512"})
    assert (_init_of(defined, "mode"), _init_of(defined, "size")) == ("1", "512")
    assert _init_of(parse_c(path, macros={"USE_FAST": None}), "mode") == "1"


def test_function_like_macro_argument(tmp_path):
    path = write(tmp_path, "f.c", "int x = TWICE(21);\n")
    src = parse_c(path, macros={"TWICE(a)": "((a) * 2)"})
    init = src.ast.ext[0].init
    assert isinstance(init, c_ast.BinaryOp) and init.op == "*"


def test_bad_macro_name_is_an_error(tmp_path):
    with pytest.raises(FrontendError, match="bad macro name"):
        parse_c(write(tmp_path, "f.c", "int x;\n"), macros={"2bad": "1"})


def test_include_dirs_come_first(tmp_path):
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "mpi.h").write_text("typedef int MyComm;\nint my_mpi_marker;\n")
    (inc / "params.h").write_text("#define NPROCS 16\n")
    path = write(tmp_path, "u.c", "#include <mpi.h>\n#include <params.h>\nMyComm c;\nint p = NPROCS;\n")
    src = parse_c(path, include_dirs=[str(inc)])
    names = [getattr(d, "name", None) for d in src.ast.ext]
    assert "my_mpi_marker" in names and "MPI_Send" not in names
    assert _init_of(src, "p") == "16"
    with pytest.raises(FrontendError, match="params.h"):
        parse_c(path)


def test_gnu_extensions_parse(tmp_path):
    text = """\
#include <stdlib.h>
__extension__ typedef long long big_t;
static __inline int add(int a, int b) __attribute__((unused));
static __inline__ int add(int a, int b) { return a + b; }
void copy(double *__restrict dst, const double *__restrict__ src, int n);
int var __asm__("real_var");
struct __attribute__((packed)) pt { int x; };
int main(void) { if (__builtin_expect(add(1, 2) == 3, 1)) return 0; return 1; }
"""
    src = parse_c(write(tmp_path, "g.c", text))
    names = [getattr(e, "name", None) or getattr(getattr(e, "decl", None), "name", None) for e in src.ast.ext]
    assert {"big_t", "add", "copy", "var", "main"} <= set(names)


# --------------------------------------------------------------------------- #
# errors
# --------------------------------------------------------------------------- #


def test_missing_include_names_header_and_line(tmp_path):
    path = write(tmp_path, "m.c", "#include <stdio.h>\n\n#include \"solver.h\"\nint x;\n")
    with pytest.raises(FrontendError) as err:
        parse_c(path)
    e = err.value
    assert (e.file, e.line) == (path, 3)
    assert '"solver.h"' in e.message and "-I DIR" in e.message


def test_syntax_error_reports_original_line(tmp_path):
    text = "#include <stdio.h>\n#include <mpi.h>\n\nint main(void)\n{\n    int x = 1;\n    x = x + ;\n    return x;\n}\n"
    path = write(tmp_path, "s.c", text)
    with pytest.raises(FrontendError) as err:
        parse_c(path)
    assert (err.value.file, err.value.line) == (path, 7)
    assert err.value.message.startswith("syntax error")


def test_unknown_type_hint(tmp_path):
    path = write(tmp_path, "t.c", "int main(void)\n{\n    Matrix m;\n    return 0;\n}\n")
    with pytest.raises(FrontendError) as err:
        parse_c(path)
    assert err.value.line == 3 and "'Matrix' is a type" in err.value.message


def test_missing_brace_at_end_of_file(tmp_path):
    path = write(tmp_path, "e.c", "int main(void)\n{\n    return 0;\n")
    with pytest.raises(FrontendError) as err:
        parse_c(path)
    assert err.value.line == 3 and "end of file" in err.value.message


def test_error_directive(tmp_path):
    path = write(tmp_path, "e.c", "#ifndef NPROCS\n#error define NPROCS with -D\n#endif\nint x;\n")
    with pytest.raises(FrontendError) as err:
        parse_c(path)
    assert (err.value.line, err.value.message) == (2, "#error define NPROCS with -D")
    parse_c(path, macros={"NPROCS": "4"})  # no error once defined


@pytest.mark.parametrize(
    "text,line,fragment",
    [
        ("#if 1\nint x;\n", 1, "Unterminated #if"),
        ("int x;\n#frobnicate\n", 2, "unknown preprocessor directive #frobnicate"),
        ("int x; /* never closed\nint y;\n", 1, "unterminated /* comment"),
        ("#define F(a) a\nint y = F(1, 2);\n", 2, "requires 1 arguments"),
        ("int f(int a,\n#pragma interp x\n int b) { return a; }\n", 2, "#pragma may only stand"),
        # The hint reads pycparser internals that differ between releases: either message is fine.
        ("int main(void)\n{\n    return 0;\n}\n}\nint x;\n", 5, ("'}' without a matching '{'", "syntax error before '}'")),
        ('#include <stdio.h>\nchar *s = "never closed;\n', 2, "illegal character"),
    ],
)
def test_bad_input_is_a_frontend_error(tmp_path, text, line, fragment):
    path = write(tmp_path, "b.c", text)
    with pytest.raises(FrontendError) as err:
        parse_c(path)
    assert (err.value.file, err.value.line) == (path, line)
    fragments = fragment if isinstance(fragment, tuple) else (fragment,)
    assert any(f in err.value.message for f in fragments)


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(FrontendError, match="no such file"):
        parse_c(tmp_path / "absent.c")
    with pytest.raises(FrontendError, match="directory"):
        parse_c(tmp_path)
    with pytest.raises(FrontendError, match="include directory"):
        parse_c(write(tmp_path, "x.c", "int x;\n"), include_dirs=[str(tmp_path / "nope")])


# --------------------------------------------------------------------------- #
# pragma scanning
# --------------------------------------------------------------------------- #


def test_find_pragmas_skips_comments_and_joins_continuations():
    text = (
        "/* #pragma interp not_me */\n"
        "// #pragma interp nor_me\n"
        "  #  pragma   interp trips 10 /* why */\n"
        "#pragma omp parallel\n"
        "#pragma interpolate no\n"
        "#pragma interp prob \\\n   0.25\n"
        'char *s = "#pragma interp in_string";\n'
    )
    assert find_pragmas(text) == [(3, "interp trips 10"), (6, "interp prob 0.25")]


# --------------------------------------------------------------------------- #
# the shipped sample programs
# --------------------------------------------------------------------------- #

SAMPLES = sorted(glob.glob(str(Path(__file__).resolve().parent.parent / "samples" / "**" / "*.c"), recursive=True))


@pytest.mark.skipif(not SAMPLES, reason="no sample programs yet")
@pytest.mark.parametrize("sample", SAMPLES, ids=[os.path.basename(s) for s in SAMPLES])
def test_samples_parse_with_original_coords(sample):
    src = parse_c(sample)
    lines = src.text.splitlines()
    funcs = [e for e in src.ast.ext if isinstance(e, c_ast.FuncDef)]
    assert funcs and all(f.coord.file == sample for f in funcs)
    for f in funcs:
        assert f.decl.name in lines[f.coord.line - 1]


def test_an_annotation_reads_the_macros_defined_at_its_line(tmp_path):
    """``#pragma interp iters(LEN)`` with ``#define LEN 80``: C does not expand a #pragma's text,
    but the annotation's expression means what the code beside it means (it was refused as "LEN
    ... depends on data"). The keyword and a region's name are not expanded; a macro defined
    after the line, or undefined before it, is not used."""
    text = ("#define LEN 80\n#define SQ(x) ((x)*(x))\n#define work 3\n"
            "int main(void) {\n"
            "    int k, c = 0;\n"
            "#pragma interp iters(SQ(LEN) + 1)\n"
            "    while (c < 5) c++;\n"
            "#pragma interp region LEN\n"
            "    for (k = 0; k < 2; k++) c++;\n"
            "#pragma interp end region\n"
            "#undef LEN\n"
            "#pragma interp iters(LEN)\n"
            "    while (c < 9) c++;\n"
            "    return c;\n}\n")
    src = parse_c(write(tmp_path, "prog.c", text))
    strings = [s.string for s in main_body(src.ast) if isinstance(s, c_ast.Pragma)]
    assert strings == ["interp iters(((80)*(80)) + 1)", "interp region LEN", "interp end region",
                       "interp iters(LEN)"]
