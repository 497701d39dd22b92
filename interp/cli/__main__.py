"""``python -m interp.cli ...``: the same as the ``interp`` console script (for a checkout on
PYTHONPATH without an installed script)."""
import sys

from interp.cli import entry

sys.exit(entry())
