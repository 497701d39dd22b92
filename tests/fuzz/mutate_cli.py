"""Hostile command lines: valid commands over the seeds with one or two arguments made bad.

Extreme or malformed -D values, --procs 0, -1 or 10**9, --bound garbage, --scale X=nan,
--param out of range, unknown options, missing files, /dev/zero, /dev/null or a directory as the
program or the machine, bad output paths, hostile --map and --measured files. Every path a case
writes to lies in its working directory; no case starts more than two worker processes.
"""
from __future__ import annotations

import random

from tests.fuzz.case import Case, case_rng
from tests.fuzz.seeds import c_seeds, fortran_seeds

D_VALUES = ("", "1e400", "nan", "inf", "-inf", "-1", "0", "10**18", "1000000000000000000",
            "2**31", "0x10", "abc", "1e-300", "1,2,3", "\u0661\u0662\u0663", " 5", "5 ", "1_000",
            "9" * 400, "1.5", "2147483648", "-2147483649", "1e18", "\udcff5")
D_MALFORMED = ("n", "=5", "n==5", "n=5=6", "", "=", "params[99]=1", "params[-1]=1",
               "unknown_input=3", "n[0]=1", " n=1", "N=5", "n =5", "rank=3", "size=0",
               "argc=0", "1n=2")
PROCS = ("0", "-1", "1000000000", "10**9", "abc", "", "1.5", "2147483648",
         "99999999999999999999", "17", "65536", "1e3", " 4")
SWEEP_PROCS = ("1,,2", "0", "-4", "1-4", "1,2,", "1000000", ",", "1,2,4,8,16,32", "4,4,4", "abc")
BOUNDS = ("garbage", "", "min+max", "(min+max)/0", "min**max**10", "nan", "__import__('os').getpid()",
          "max*1e400", "min-max", "-max", "max-2*max", "log2(0)", "sqrt(min-max)", "MIN", "best ",
          "worst,best", "min/max", "(max-min)/(max-min)", "0", "1e300*max")
SCALES = ("X=nan", "comm_sync.per_byte=0", "=-1", "*.speed=0", "*.speed=inf", "*.speed=1e-300",
          "nonsense.param=2", "comm_sync.per_byte", "processing.clock=-2", "processing.speed=1e12",
          "memory.fetch=1e13", ".=1", "comm_sync.per_byte=1e-12", "*.speed=1e12",
          "comm_sync.per_byte=nan", "processing.clock=0", "*.speed=-1", "io.read_per_byte=2")
PARAMS = ("load=nan", "load=-1", "load=1e400", "unknown=1", "load", "load=1e12", "=3",
          "load=0.999999", "load=1", "load=1e-320")
NUMBERS = ("0", "-5", "1e30", "10**30", "nan", "inf", "1e-9", "1e400", "abc", "")
MAPS = (
    "processes: {'0-99999999999': SAU-0010}\n", "processes: {'5-1': SAU-0010}\n",
    "processes: {host: [1]}\n", "processes: 3\n", "processes: {'0': NOPE}\n",
    "processes: {'-1': SAU-0010}\n", "processes: {'0': SAU-0012, '1-3': SAU-0011}\n",
    "processes:\n  '0': &a SAU-0010\n  '1': *a\n", "[unclosed\n", "",
    "processes: {'0-3': SAU-001}\n", "processes: {'0': !!python/object/apply:os.getpid []}\n",
)
MEASURED = ("n,reps,procs,seconds\n1000,2,1,nan\n", "n,reps,procs,seconds\n1000,2,1,-1\n",
            "n,reps,procs,seconds\n1000,2,0,1\n", "", "\x00\x01\x02", "seconds\n1\n",
            "n,reps,procs,seconds\n1000,2,1,1e400\n", "n,reps,procs,seconds\n1000,2,1,0\n")
OPTIONS = ("--bogus", "-Z", "--", "-", "--procs", "--machine", "-D", "--format=xml",
           "--level=bogus", "--granularity=bogus", "--form=bogus", "--top=-5", "--region=nowhere",
           "--symbolic=unknown", "--symbolic=rank", "--exact", "-h", "--version")
PROGRAMS = ("nonexistent.c", "/nonexistent/x.c", "", "prog.txt", "prog", "/dev/zero",
            "/dev/null", ".", "adir/", "trapezoid_mpi.c trapezoid_mpi.c", "x.f90", "-")
MACHINES = ("nonexistent", "", "/dev/zero", "/dev/null", ".", "adir/", "junk.yaml", "IPSC860",
            "ipsc860.yaml", "sag/machines/ipsc860")
OUTPUTS = (("-o", "nodir/out.txt"), ("-o", "."), ("-o", "adir/"), ("--trace", "."),
           ("--trace", "x/y.json"), ("--plot", "p.xyz"), ("--plot", "p.png"), ("--plot", ".png"),
           ("-o", ""), ("--dot", "adir/"))


def _seed(name: str):
    return next(s for s in c_seeds() + fortran_seeds() if s.name == name)


def _base(rng: random.Random) -> tuple[list[str], dict[str, bytes]]:
    """A valid command and the files it reads."""
    trap = _seed("trapezoid_mpi")
    files = {n: t.encode() for n, t in trap.files}
    files["adir/"] = b""
    files["prog.txt"] = trap.files[0][1].encode()
    files["junk.yaml"] = bytes(range(256)) * 4
    d = ["-D", "n=1000", "-D", "reps=2"]
    choice = rng.randrange(9)
    if choice == 0:
        return ["run", "trapezoid_mpi.c", "--procs", "4", *d], files
    if choice == 1:
        nx = _seed("trapezoid_nx")
        files.update((n, t.encode()) for n, t in nx.files)
        return ["run", "trapezoid_host.c", "trapezoid_node.c", "--procs", "4", *d], files
    if choice == 2:
        return ["check", "trapezoid_mpi.c", "--procs", "4", *d], files
    if choice == 3:
        return ["show", "trapezoid_mpi.c", *d], files
    if choice == 4:
        return ["sweep", "trapezoid_mpi.c", "-D", "n=100,1000", "-D", "reps=2", "--procs", "1,2,4"], files
    if choice == 5:
        return ["whatif", "trapezoid_mpi.c", "--procs", "4", *d, "--scale", "comm_sync.per_byte=0.5"], files
    if choice == 6:
        for name in ("sum_tree", "sum_ring"):
            files.update((n, t.encode()) for n, t in _seed(name).files)
        return ["compare", "sum_tree_mpi.c", "sum_ring_mpi.c", "--procs", "1,4", "-D", "n=1000"], files
    if choice == 7:
        return ["machine", rng.choice(("show", "check")), "ipsc860"], files
    jac = _seed("jacobi_f90")
    files.update((n, t.encode()) for n, t in jac.files)
    return ["run", "jacobi2d_mpi.f90", "--procs", "2", "-D", "n=34", "-D", "iters=5"], files


def _set_option(argv: list[str], option: str, value: str) -> list[str]:
    """``option value`` in place of the first ``option``, or appended."""
    if option in argv:
        i = argv.index(option)
        return argv[:i + 1] + [value] + argv[i + 2:]
    return argv + [option, value]


def _replace_program(argv: list[str], rng: random.Random) -> tuple[list[str], str]:
    prog = rng.choice(PROGRAMS)
    for i, a in enumerate(argv):
        if a.endswith((".c", ".f90", ".f")) or (argv[0] == "machine" and i == 2):
            return argv[:i] + prog.split(" ") + argv[i + 1:], f"program {prog!r}"
    return argv + [prog], f"program {prog!r}"


def mutate(rng: random.Random, argv: list[str], files: dict[str, bytes]) -> tuple[list[str], str]:
    what = rng.choices(("dvalue", "dmalformed", "procs", "bound", "scale", "param", "option",
                        "program", "machine", "numbers", "output", "map", "measured"),
                       (14, 10, 12, 8, 8, 5, 8, 10, 8, 6, 5, 4, 2))[0]
    sweep = argv[0] in ("sweep", "compare")
    if what == "dvalue":
        v = rng.choice(D_VALUES)
        if "-D" in argv:
            i = argv.index("-D") + 1
            name = argv[i].split("=")[0]
            return argv[:i] + [f"{name}={v}"] + argv[i + 1:], f"-D {name}={v[:20]!r}"
        return argv + ["-D", f"n={v}"], f"-D n={v[:20]!r}"
    if what == "dmalformed":
        v = rng.choice(D_MALFORMED)
        return argv + ["-D", v], f"-D {v!r}"
    if what == "procs":
        v = rng.choice(SWEEP_PROCS if sweep else PROCS)
        return _set_option(argv, "--procs", v), f"--procs {v!r}"
    if what in ("bound", "scale", "param"):
        v = rng.choice({"bound": BOUNDS, "scale": SCALES, "param": PARAMS}[what])
        return argv + [f"--{what}", v], f"--{what} {v!r}"
    if what == "option":
        v = rng.choice(OPTIONS)
        return argv + [v], f"option {v!r}"
    if what == "program":
        return _replace_program(argv, rng)
    if what == "machine":
        v = rng.choice(MACHINES)
        return _set_option(argv, "--machine", v), f"--machine {v!r}"
    if what == "numbers":
        option = rng.choice(("--max-events", "--timeout", "--top", "--jobs"))
        v = rng.choice(NUMBERS)
        return argv + [option, v], f"{option} {v!r}"
    if what == "output":
        option, v = rng.choice(OUTPUTS)
        return argv + [option, v], f"{option} {v!r}"
    if what == "map":
        text = rng.choice(MAPS)
        files["map.yaml"] = text.encode()
        return argv + ["--map", "map.yaml"], f"--map {text[:40]!r}"
    files["measured.csv"] = rng.choice(MEASURED).encode()
    return argv + ["--measured", "measured.csv"], "--measured (hostile csv)"


def make_case(seed: int, index: int) -> Case:
    rng = case_rng("cli", seed, index)
    argv, files = _base(rng)
    labels = []
    for _ in range(rng.choices((1, 2), (75, 25))[0]):
        argv, label = mutate(rng, argv, files)
        labels.append(label)
    return Case("cli", seed, index, argv, files, f"{argv[0]}: " + "; ".join(labels))
