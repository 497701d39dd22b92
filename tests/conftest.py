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


@pytest.fixture(autouse=True, scope="session")
def _private_parse_cache(tmp_path_factory):
    """The C parse cache (frontends/c/parsecache.py) of this test session, not the user's."""
    import os

    old = os.environ.get("INTERP_CACHE_DIR")
    os.environ["INTERP_CACHE_DIR"] = str(tmp_path_factory.mktemp("parse-cache"))
    yield
    if old is None:
        del os.environ["INTERP_CACHE_DIR"]
    else:
        os.environ["INTERP_CACHE_DIR"] = old
