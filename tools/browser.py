"""Debian's Chromium as this project launches it (tools/screenshot.py and the browser test)."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from typing import Any

CHROMIUM_ENV = "GIN_TUTOR_CHROMIUM"
"""Set to a Chromium executable to use another one than the one on the PATH."""
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Headless, as root, with nothing reaching for the network."""


def chromium_path() -> str:
    """The Chromium to launch: ``GIN_TUTOR_CHROMIUM``, else ``chromium`` on the PATH, else Debian's."""
    return os.environ.get(CHROMIUM_ENV) or shutil.which("chromium") or "/usr/bin/chromium"


RUN_OVER = "document.querySelector('[data-testid=\"stApp\"]')?.dataset.testScriptState === 'notRunning'"
"""Streamlit has finished running the page's script (its app root says ``notRunning``)."""
STYLED = "getComputedStyle(document.documentElement).getPropertyValue('--gt-page-styled').trim() === '1'"
"""gin-tutor's own style rules are in effect (Streamlit inserts them a moment after the run)."""
STILL = ("[document, ...[...document.querySelectorAll('*')].filter(e => e.shadowRoot).map(e => e.shadowRoot)]"
         ".every(root => root.getAnimations().every(a => a.playState !== 'running'"
         " || a.effect?.getComputedTiming().iterations === Infinity))")
"""No animation is under way, in the page or in a component's shadow root."""
SETTLED = f"() => {RUN_OVER} && {STYLED} && {STILL}"
"""A gin-tutor page at rest: the run over, its styles applied, nothing moving."""


def two_frames(page: Any) -> None:
    """Wait until the browser has drawn two more frames."""
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def settle(page: Any, timeout_ms: float = 45000, styled: bool = True) -> None:
    """Wait until the page's script has finished, its styles apply (``styled``: a gin-tutor page),
    nothing moves, and two frames have been drawn since (so that components built after the run,
    such as the play table, are in place)."""
    settled = SETTLED if styled else f"() => {RUN_OVER} && {STILL}"
    page.wait_for_function(settled, timeout=timeout_ms)
    two_frames(page)
    page.wait_for_function(settled, timeout=timeout_ms)


def wait_until(page: Any, condition: Callable[[], bool], seconds: float = 45) -> None:
    """Poll ``condition`` (a check of the page) every 50 ms until it holds; ``TimeoutError`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page did not reach the expected state within {seconds} s")
        page.wait_for_timeout(50)


def fill_form_field(page: Any, field: Any, text: str) -> None:
    """Type ``text`` into a field of a Streamlit form and leave it (Tab), as a learner does before
    reaching for the form's button, then wait two frames. Leaving the field commits its value to
    the form and redraws the form for an instant; a click whose press and release both fall in that
    instant (Playwright's take 5 ms; a person's, a tenth of a second) has its release land beside
    the button, and the browser sends no click (seen on a loaded machine: the two teachers'
    deployment test)."""
    field.fill(text)
    field.press("Tab")
    two_frames(page)


def create_profile(page: Any, name: str) -> Any:
    """Create the profile ``name`` in the sidebar of an English page, as a learner does; returns
    the sidebar once it shows the new profile. The page's run is waited for before the profile box
    is opened (a redraw in that instant lost the click once, under the whole suite's load); the
    name is committed (Enter) and that run waited for before the button is clicked, so the two
    never share a run; if the profile does not show,
    the error quotes what the sidebar says instead."""
    sidebar = page.locator("[data-testid='stSidebar']")
    settle(page)  # the page's run is over: no redraw of the sidebar takes the click on the expander
    sidebar.get_by_text("Profile: guest").click()
    box = sidebar.get_by_label("New profile")
    box.fill(name)
    box.press("Enter")
    settle(page)
    sidebar.get_by_role("button", name="Create profile").click()
    try:
        sidebar.get_by_text(f"Profile: {name}").wait_for()
    except Exception as error:
        raise AssertionError(f"the profile {name!r} did not show; the sidebar says: "
                             f"{sidebar.inner_text(timeout=5000)!r}") from error
    return sidebar
