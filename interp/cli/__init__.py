"""The command line: one thin module per command over the stages of interp."""
from interp.cli.main import main  # noqa: F401  (the console script's entry point)
