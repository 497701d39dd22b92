import pytest
from click.testing import CliRunner

from interp.cli import main


@pytest.fixture
def cli():
    """Run the interp CLI in-process; returns the click Result (exit_code, stdout, stderr)."""
    runner = CliRunner()

    def run(*args):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    return run
