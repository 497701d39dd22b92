"""Parameter classes exported by each SAU component (paper Tables 1-3 and section 3.2.2).

A leaf is the dimension a value must have; ``"*"`` in a group admits any name (library functions,
machine-specific calls, fitted collectives). A file that names a parameter not listed here gets an
"unknown parameter" error, so a typo is never silently ignored.
"""
from __future__ import annotations

from .units import COUNT, FLOP_RATE, FRACTION, FREQUENCY, RATE, SIZE, TIME

TOPOLOGIES = ("hypercube", "mesh", "torus", "ring", "bus", "crossbar", "fat-tree")
ROUTINGS = ("e-cube", "dimension-order", "shortest-path", "direct", "up-down")
SWITCHING = ("circuit", "packet", "wormhole", "store-and-forward")
NODE_MODELS = ("opcount", "roofline", "measured", "compiled")


class Enum(tuple):
    """A setting that must be one of a fixed set of words."""


class Text(str):
    """A free-text setting (names, policies)."""


TEXT = Text("text")
INT_LIST = "int-list"

_ALGEBRAIC = {
    f"{t}_{op}": TIME
    for t in ("int", "real", "double")
    for op in ("add", "mul", "div")
}
_ALGEBRAIC.update({"int_to_real": TIME, "real_to_int": TIME, "flop": TIME,
                   # a division of 64-bit integers (C's long, int64_t): int_div without it
                   "long_div": TIME,
                   # a square root's occupancy of the divide/square-root unit (compiled model)
                   "double_sqrt": TIME, "real_sqrt": TIME})

PROCESSING = {
    "clock": FREQUENCY,
    "max_procs": COUNT,
    "peak_flops": FLOP_RATE,
    "model": Enum(NODE_MODELS),
    # model: measured (seed 000): the file `interp extrapolate --save-rates` wrote, each loop's
    # measured seconds per unit of work; a relative path is read from the working directory
    "samples": TEXT,
    "ops": _ALGEBRAIC,
    # Reciprocal throughputs (time per operation when independent operations overlap in a
    # pipelined superscalar core), for ``model: roofline``; ``ops`` holds the latencies.
    "throughput": {**_ALGEBRAIC, "per_iter": TIME, "per_iter_step": TIME, "fixed": TIME,
                   "fixed_step": TIME},
    # model: compiled (interp/models/compiled.py): the compiler and flags the program is built
    # with, the CPU llvm-mca simulates (-mcpu) and the time of one core cycle at the clock the
    # core runs at (a time, so that a range's fast end is its smaller value). mca_cpu: a second
    # llvm-mca scheduling model (calibrate's fit to node_bench, interp/calibrate/mca_cpu.py).
    "compiled": {"cc": TEXT, "cflags": TEXT, "cpu": TEXT, "mca_cpu": TEXT, "cycle": TIME, "fetch_window": SIZE, "fetch_time": TIME,
                 # each wider boundary whose crossing also slows a loop: half that placement's time
                 "fetch_time_32": TIME, "fetch_time_64": TIME,
                 # the share of the core's ports this process gets, sustained, when another
                 # hardware thread shares the core (interp calibrate: node_bench share): a loop
                 # bound by its ports takes its analyzers' port bound over this (docs/model.md)
                 "issue_share": FRACTION},
    # the integer divider by quotient width (interp/models/divider.py): independent divisions of
    # a narrow_bits and a wide_bits quotient, linear in between (interp calibrate); latency_*: a
    # chain of them, each waiting for the one before (Euclid's loop)
    "divider": {"narrow": TIME, "wide": TIME, "narrow_bits": COUNT, "wide_bits": COUNT,
                "latency_narrow": TIME, "latency_wide": TIME},
    "iter": {"fixed": TIME, "per_iter": TIME, "fixed_step": TIME, "per_iter_step": TIME},
    "cond": {"per_condition": TIME, "branch_taken": TIME, "mispredict": TIME},
    "call": {"per_call": TIME, "per_arg": TIME},
    "lib": {"*": TIME},
    # a library function's time per call when calls are independent (interp calibrate)
    "lib_throughput": {"*": TIME},
    "machine": {"*": TIME},
}

_CACHE = {"size": SIZE, "block": SIZE, "assoc": COUNT, "replacement": TEXT, "write_policy": TEXT,
          "bandwidth": RATE}

MEMORY = {
    "cache": _CACHE,
    "icache": {"size": SIZE, "block": SIZE, "assoc": COUNT},
    # Data-cache levels by name (L1, L2, L3), for the roofline model's working-set rule: the
    # capacity that delivers the level's streaming read / write bandwidth (interp calibrate).
    # ``latency``: a dependent load within the level (pointer chase): a search's probes.
    # ``gather``: an independent load of a random line within the level, many in flight, and
    # ``random_size`` the capacity that holds random lines (the gather model, docs/model.md);
    # main's ``gather_span``: the buffer its ``gather`` was measured in; ``first_touch``: the time
    # per page of the first write to a fresh allocation (models/first_touch.py).
    "levels": {"*": {"size": SIZE, "bandwidth": RATE, "write_bandwidth": RATE, "latency": TIME,
                     "shared_bandwidth": RATE, "shared_write_bandwidth": RATE,
                     "gather": TIME, "random_size": SIZE}},
    "main": {"size": SIZE, "page": SIZE, "fetch": TIME, "store": TIME, "bandwidth": RATE,
             "write_bandwidth": RATE, "gather": TIME, "gather_span": SIZE, "first_touch": TIME,
             "shared_bandwidth": RATE,
             "shared_write_bandwidth": RATE},
    "fetch": TIME,
    "fetch_miss": TIME,
    "store": TIME,
    "store_miss": TIME,
}

_BUFFER_CLASS = {"startup": TIME, "per_byte": TIME, "per_hop": TIME, "receive": TIME}

COMM_SYNC = {
    "topology": Enum(TOPOLOGIES),
    "routing": Enum(ROUTINGS),
    "switching": Enum(SWITCHING),
    "shape": INT_LIST,
    "static_buffer": SIZE,
    "static_buffers": COUNT,
    "static": _BUFFER_CLASS,
    "dynamic": _BUFFER_CLASS,
    "sync": TIME,
    # Packet and wormhole switching (seed 004 section 3.7): a message is cut into packets of
    # ``packet`` bytes; each packet takes ``packet_link`` on every link of its route and
    # ``packet_forward`` of work on every node it passes through (interp/filter/switching.py).
    "packet": SIZE,
    "packet_link": TIME,
    "packet_forward": TIME,
    "overlap": FRACTION,
    "bandwidth": RATE,
    "collectives": {"*": TIME},
}

IO = {
    "open": TIME,
    "close": TIME,
    "seek": TIME,
    "read_per_byte": TIME,
    "write_per_byte": TIME,
    "device": {"seek": TIME, "rotational_latency": TIME, "transfer_rate": RATE},
}

COMPONENTS = {"processing": PROCESSING, "memory": MEMORY, "comm_sync": COMM_SYNC, "io": IO}

# Names an expression may use, besides run-time parameters declared in the file's ``runtime``.
OPERATION_ARGS = {
    "processing": frozenset({"clk"}),
    "memory": frozenset({"clk"}),
    "comm_sync": frozenset({"clk", "m", "h", "n"}),
    "io": frozenset({"clk", "m"}),
}
