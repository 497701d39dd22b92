"""``python3 -m interp.cli``: the console script without installing it (a worktree's own code
through PYTHONPATH, where the installed ``interp`` script runs another checkout)."""
import sys

from interp.cli import entry

sys.exit(entry())
