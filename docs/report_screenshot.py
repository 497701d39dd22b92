"""Screenshots of the HTML report for the README (docs/img/report-html*.png).

Runs the README's host-node trapezoid sample with --html, opens the node program's page in
headless Chromium (tests/browser.py), clicks the hottest line and takes the screenshot; then the
summary page.

    python docs/report_screenshot.py
"""
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from browser import browser_page  # noqa: E402
from interp.output.html import write_run  # noqa: E402
from interp.pipeline import predict  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        pred = predict(["samples/trapezoid_host.c", "samples/trapezoid_node.c"], "ipsc860", 4,
                       ["n=2000", "reps=3"], trace=True, interactive=False)
        write_run(tmp, pred.result, pred.programs)
        with browser_page(1400, 860) as page:
            page.goto((Path(tmp) / "src2-trapezoid_node.c.html").as_uri())
            page.locator("tr.hottest td.code").click()
            page.evaluate("document.getElementById('L16').scrollIntoView()")  # f, then main's loop
            page.screenshot(path=str(ROOT / "docs/img/report-html.png"))
            page.goto((Path(tmp) / "index.html").as_uri())
            page.screenshot(path=str(ROOT / "docs/img/report-html-summary.png"), full_page=True)
    print("wrote docs/img/report-html.png and docs/img/report-html-summary.png")


if __name__ == "__main__":
    main()
