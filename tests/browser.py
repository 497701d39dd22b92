"""Headless Chromium for the HTML report's tests and benchmarks (Debian's chromium, driven by
Playwright; no ``playwright install``: the browser comes from the system's packages).

``chromium_or_reason()`` returns the browser's path, or why it cannot run (the tests skip with it).
"""
from __future__ import annotations

import contextlib
import shutil
import tempfile

CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_or_reason() -> tuple[str | None, str]:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return None, "the Python package playwright is not installed (pip install -e '.[test]')"
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path, ""
    return None, "no Chromium (/usr/bin/chromium): install it with 'apt-get install -y chromium'"


@contextlib.contextmanager
def browser_page(width: int = 1400, height: int = 900):
    """A page of a fresh headless Chromium (its own empty profile directory), closed afterwards."""
    from playwright.sync_api import sync_playwright

    path, reason = chromium_or_reason()
    if path is None:
        raise RuntimeError(reason)
    with tempfile.TemporaryDirectory(prefix="interp-chromium-") as profile, sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=path, headless=True, args=ARGS,
                                                    viewport={"width": width, "height": height})
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.errors = []
            page.on("pageerror", lambda e: page.errors.append(str(e)))
            yield page
        finally:
            ctx.close()
