"""Take screenshots of the running app in headless Chromium, for a person to look at.

    python tools/screenshot.py URL OUT.png [--wait TEXT] [--full] [--width 390]
"""

from __future__ import annotations

import argparse

from browser import CHROMIUM_ARGS, chromium_path
from playwright.sync_api import sync_playwright


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("out")
    parser.add_argument("--wait", default="")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--locale", default="en-US")
    args = parser.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": args.width, "height": args.height}, locale=args.locale)
        page.goto(args.url)
        page.wait_for_selector("[data-testid='stSidebar']", state="attached", timeout=30000)
        if args.wait:
            page.get_by_text(args.wait).first.wait_for(timeout=30000)
        page.wait_for_timeout(1500)
        page.screenshot(path=args.out, full_page=args.full)
        print("html lang:", page.evaluate("document.documentElement.lang"))
        browser.close()


if __name__ == "__main__":
    main()
