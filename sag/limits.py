"""The bounds a machine file must stay within (issue 14, "Reliability").

A machine file is user input and may be hostile or simply wrong. Every limit here keeps one kind of
work bounded (time, memory, recursion) or keeps a nonsense value from reaching a prediction. They
are documented for users in docs/machines.md ("Limits"); change both together.
"""

# -- numbers --------------------------------------------------------------------------------------
# Largest magnitude of any constant in an expression and of any evaluated parameter (in base units:
# seconds, bytes, hertz, bytes/s). Far beyond any real machine, and far enough below the float
# maximum (1.8e308) that the engine's sums and products of a few values stay finite.
MAX_MAGNITUDE = 1e300
MAX_MAGNITUDE_TEXT = "1e300"  # as messages show it

# Largest |exponent| of a power with a constant exponent. Checked before the power is computed:
# sympy computes integer powers exactly, so 10**10**10 would otherwise run for ever. With every
# constant at most MAX_MAGNITUDE, one power computes a number of at most ~1e307200 (a million bits,
# milliseconds) before the magnitude check rejects it.
MAX_EXPONENT = 1024

# Nesting of one expression's tree (each "-" of "----1" is a level): it is built recursively.
# Expressions are also at most 500 characters long (sag.expr.MAX_LENGTH).
MAX_EXPR_DEPTH = 64

# Slowest clock a processing component may give. Its period converts values given in clocks;
# below 1 Hz it is a missing unit, and far below it the period itself overflows.
MIN_CLOCK_HZ = 1.0

# --scale factors and --param values: a factor outside [1e-12, 1e12] or a value beyond 1e12 is
# a typo, not a what-if, and extreme factors make clock periods overflow.
MAX_OPTION_MAGNITUDE = 1e12
MIN_SCALE_FACTOR = 1e-12

# -- YAML -----------------------------------------------------------------------------------------
# Size of a machine file read from disk. The largest shipped file is about 20 KB.
# The YAML reader composes about 150 KB a second on the 2-core development VM (a 1.4 MB file took
# 10 s): 512 KiB keeps any file's reading to a few seconds.
MAX_FILE_BYTES = 512 * 1024

# YAML nodes after every alias is expanded: stops "billion laughs" files (aliases of aliases that
# expand exponentially) while the composed file is still small.
MAX_NODES = 50_000  # a machine of 50,000 YAML nodes (about 5,000 SAU entries) loads in a few seconds; identical SAUs take count: N

# Nesting of YAML collections (mappings and lists), counted after alias expansion. Each SAU level
# takes two (the SAU mapping and its 'children' list), so this allows SAGs about 60 levels deep;
# the paper's have four. It keeps every recursive walk far from Python's recursion limit.
MAX_DEPTH = 128

# -- SAUs -----------------------------------------------------------------------------------------
# SAU instances a machine may describe (each SAU's count times its ancestors' counts, summed).
# A larger machine must say so with the top-level key 'count_limit'; that key cannot exceed
# MAX_COUNT_LIMIT, so counts stay exact integers far below 2**53.
DEFAULT_COUNT_LIMIT = 1_048_576
MAX_COUNT_LIMIT = 2**32

# -- messages -------------------------------------------------------------------------------------
# Characters of user text (a value, an expression, a key) quoted in one message.
MAX_QUOTE = 80
