"""Debian's Chromium as this project launches it (tools/screenshot.py and the browser test)."""

from __future__ import annotations

import os
import shutil

CHROMIUM_ENV = "GIN_TUTOR_CHROMIUM"
"""Set to a Chromium executable to use another one than the one on the PATH."""
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Headless, as root, with nothing reaching for the network."""


def chromium_path() -> str:
    """The Chromium to launch: ``GIN_TUTOR_CHROMIUM``, else ``chromium`` on the PATH, else Debian's."""
    return os.environ.get(CHROMIUM_ENV) or shutil.which("chromium") or "/usr/bin/chromium"
