"""What one click costs the server: CPU milliseconds per "New puzzle" click on the drills page,
against a hello-world Streamlit app with one button measured the same way.

Each app runs in its own server process (the hello-world app with ``streamlit run`` and Streamlit's
default settings, gin-tutor with ``gin-tutor app`` and the settings it ships); headless Chromium
(Debian's) clicks the button ``--clicks`` times, waiting for each rerun to show, and the server's CPU
time (user + system, read from ``/proc``) is divided by the clicks. Linux only. Run from the checkout::

    python benchmarks/click_cost.py --clicks 40

Target (issue 14): the drills page within 1.5 times the hello-world app.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from servers import APP, ROOT, serve  # benchmarks/ is the script's own folder

sys.path.insert(0, str(ROOT / "tools"))
from browser import CHROMIUM_ARGS, chromium_path, settle

HELLO = '''import streamlit as st
st.title("Hello")
if "n" not in st.session_state:
    st.session_state.n = 0
st.button("New puzzle", key="drill_new", on_click=lambda: st.session_state.update(n=st.session_state.n + 1))
st.write(f"Clicks: {st.session_state.n}")
'''


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process and its children that were waited for, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime, stime, cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def clicks_cost(browser: Any, url: str, pid: int, clicks: int, address: str, warmup: int, styled: bool) -> float:
    """CPU milliseconds of the server per click on the button keyed ``drill_new``, after ``warmup``
    clicks (imports, caches)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(60000)
    page.goto(url + address)
    button = page.locator(".st-key-drill_new button")
    button.wait_for()
    settle(page, styled=styled)
    for _ in range(warmup):
        _click_and_wait(page, button, styled)
    before = cpu_seconds(pid)
    for _ in range(clicks):
        _click_and_wait(page, button, styled)
    spent = cpu_seconds(pid) - before
    page.close()
    return spent * 1000 / clicks


def _click_and_wait(page: Any, button: Any, styled: bool) -> None:
    """Click, then wait until the page has changed and the rerun is over and drawn."""
    before = page.content()
    button.click()
    page.wait_for_function("([before]) => document.documentElement.outerHTML !== before", arg=[before])
    settle(page, styled=styled)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--warmup", type=int, default=3, help="clicks before the measured ones (imports, caches)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        hello = Path(folder) / "hello.py"
        hello.write_text(HELLO)
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        results = {}
        for name, script, cwd, address in (
                ("hello-world app", hello, Path(folder), "/"),  # Streamlit's default settings
                ("gin-tutor drills page", APP, Path(folder),  # the settings gin-tutor app ships
                 "/drills?drill=score&level=medium&lang=en")):
            server, url = serve(script, folder, cwd)
            try:
                results[name] = clicks_cost(browser, url, server.pid, args.clicks, address, args.warmup,
                                            styled=script == APP)
            finally:
                server.terminate()
                server.wait(timeout=20)
        browser.close()
    hello_ms = results["hello-world app"]
    print(f"server CPU per click, {args.clicks} clicks each:")
    for name, ms in results.items():
        print(f"  {name:24} {ms:6.1f} ms  ({ms / hello_ms:.2f}× the hello-world app)")


if __name__ == "__main__":
    main()
