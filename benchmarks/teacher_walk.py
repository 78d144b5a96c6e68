"""The teacher's walk of the review of 2026-12-05 (teacher-2026-12-05.md), timed, in Chromium. Run
from the checkout (Debian's chromium and the test tools installed)::

    python benchmarks/teacher_walk.py

It starts the app as ``gin-tutor app`` does, with ``private_profiles = true`` (teaching needs private
profiles) on a fresh SQLite folder, one process; then a teacher on a desktop (1366×900) makes a class,
three learners join it on phones (390×844; the code typed in lower case with spaces), a second
teacher joins with the teacher code (shown on asking), the teacher makes accounts for two young
learners and downloads the slips, a young learner types the code from their slip on a phone, the
teacher sets a set of puzzles, opens the class page, takes a learner out (confirmed), makes a new
teacher code (confirmed), takes the co-teacher out (confirmed), archives the class and brings it back.

Prints a Markdown table: each step's seconds from its first click to the page's confirmation, with
the automation typing at once (how fast the app answers, not how fast a person types).
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from app_server import start_app, stop, wait_for_app  # noqa: E402  (tools/ is not a package)
from browser import CHROMIUM_ARGS, chromium_path, create_profile, fill_form_field, settle  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from ports import free_port  # noqa: E402

TIMEOUT_MS = 45_000
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def open_sidebar(page: Any) -> None:
    """Open the sidebar of a phone's page (it starts folded)."""
    settle(page)
    page.locator("[data-testid='stExpandSidebarButton']").first.click()


def close_sidebar(page: Any) -> None:
    """Fold the sidebar of a phone's page again, over the page's content."""
    page.locator("[data-testid='stSidebarCollapseButton']").first.click()
    settle(page)


def walk(url: str, browser: Any) -> dict[str, float]:
    """The walk's steps against the app at ``url``: each step's seconds."""
    times: dict[str, float] = {}

    def timed(name: str, action: Callable[[], object], done: Callable[[], object]) -> None:
        start = time.monotonic()
        action()
        done()
        times[name] = round(time.monotonic() - start, 2)

    def page(viewport: dict[str, int], phone: bool = False) -> Any:
        opened = browser.new_context(locale="en-US", viewport=viewport, is_mobile=phone, has_touch=phone).new_page()
        opened.set_default_timeout(TIMEOUT_MS)
        return opened

    desk = page(DESKTOP)

    def make_profile() -> None:
        desk.goto(f"{url}/classes?lang=en")
        create_profile(desk, "Ms Ruiz")

    timed("T1 open Classes, create the teacher's profile", make_profile,
          lambda: desk.get_by_text("Make a class").wait_for())

    def make_class() -> None:
        desk.get_by_text("Make a class").click()
        fill_form_field(desk, desk.get_by_label("Name of the class"), "Club Gin 3B")
        desk.get_by_role("button", name="Make the class").click()

    timed("T2 make a class", make_class, lambda: desk.get_by_text("is ready").wait_for())
    code = desk.locator("[data-testid='stMetricValue']").first.inner_text().strip()
    for name in ("Ana", "Ben", "Cleo"):
        phone = page(PHONE, phone=True)

        def join(phone: Any = phone, name: str = name) -> None:
            phone.goto(f"{url}/classes?lang=en")
            open_sidebar(phone)
            create_profile(phone, name)
            close_sidebar(phone)
            fill_form_field(phone, phone.get_by_label("Class code"), code.lower().replace("-", " "))
            phone.get_by_role("button", name="Join the class").click()

        timed(f"L1 {name} makes a profile and joins on a phone", join,
              phone.get_by_text("You joined the class").wait_for)
    timed("T3a show the teacher code", lambda: desk.get_by_role("button", name="Show the teacher code").click(),
          lambda: desk.get_by_text("Teacher code: give it only").wait_for())
    teacher_code = desk.locator("[data-testid='stCode'] code").first.inner_text().strip()
    other = page(DESKTOP)

    def second_teacher() -> None:
        other.goto(f"{url}/classes?lang=en")
        create_profile(other, "Mr Lee")
        other.get_by_text("Teach another teacher's class").click()
        fill_form_field(other, other.get_by_role("textbox", name="Teacher code"), teacher_code)
        other.get_by_role("button", name="Teach this class too").click()

    timed("T3 a second teacher makes a profile and joins", second_teacher,
          lambda: other.get_by_text("You teach the class").wait_for())

    def accounts() -> None:
        desk.reload()
        settle(desk)
        desk.get_by_text("Accounts for young learners").click()
        fill_form_field(desk, desk.get_by_label("Names, one per line"), "Dani\nEli")
        desk.get_by_role("button", name="Make the accounts").click()

    slips_button = desk.get_by_role("button", name="Slips to print (a page for your browser)")
    timed("T4 accounts for 2 young learners", accounts, slips_button.wait_for)
    with desk.expect_download() as download:
        slips_button.click()
    dani = re.findall(r"class='code'>([A-Z0-9-]+)<", Path(download.value.path()).read_text())[0]
    young = page(PHONE, phone=True)

    def sign_in() -> None:
        young.goto(f"{url}/classes?lang=en")
        open_sidebar(young)
        sidebar = young.locator("[data-testid='stSidebar']")
        sidebar.get_by_text("Profile: guest").click()
        fill_form_field(young, sidebar.get_by_label("Transfer code from another browser"), dani)
        sidebar.get_by_role("button", name="Open with the code").click()

    timed("L2 a young learner types their slip's code on a phone", sign_in,
          lambda: young.locator("[data-testid='stSidebar']").get_by_text("Profile: Dani").wait_for())

    def homework() -> None:
        desk.get_by_text("Set homework").click()
        desk.get_by_role("button", name="Set this set of puzzles").click()

    timed("T6 set a set of puzzles", homework, lambda: desk.get_by_text("The homework is set").wait_for())

    def reload() -> None:
        desk.reload()
        settle(desk)

    timed("T7 open the class page (homework, dashboard)", reload,
          lambda: desk.get_by_role("heading", name="Dashboard").wait_for())

    def take_out(label: str) -> Callable[[], None]:
        def click() -> None:
            desk.get_by_role("button", name=label, exact=True).click()
            desk.get_by_role("button", name="Yes, take them out").click()
        return click

    timed("T8 take a learner out (confirmed)", take_out("Take out of the class"),
          lambda: desk.get_by_text("is out of the class").wait_for())

    def new_teacher_code() -> None:
        desk.get_by_role("button", name="New teacher code").click()
        desk.get_by_role("button", name="Yes, a new teacher code").click()

    timed("T10 a new teacher code (confirmed)", new_teacher_code,
          lambda: desk.get_by_text("The new teacher code is").wait_for())
    timed("T11 take the co-teacher out (confirmed)", take_out("Take out"),
          lambda: desk.get_by_text("Mr Lee no longer teaches the class.").wait_for())

    def archive() -> None:
        desk.get_by_text("Rename or archive").click()
        desk.get_by_role("button", name="Archive the class").click()

    timed("T9 archive the class", archive,
          lambda: desk.get_by_text("The class is archived: its codes join no one").first.wait_for())

    def bring_back() -> None:
        settle(desk)
        desk.get_by_role("button", name="Bring the class back").click()

    timed("T9b bring it back", bring_back, lambda: desk.get_by_text("The class is back").wait_for())
    return times


def main() -> None:
    port = free_port()
    folder = Path(tempfile.mkdtemp())
    (folder / ".streamlit").mkdir()
    (folder / ".streamlit" / "secrets.toml").write_text("private_profiles = true\n")
    server = start_app(port, folder, {"GIN_TUTOR_DATA_DIR": str(folder / "data")})
    try:
        if not wait_for_app(port, server):
            raise SystemExit("the app did not start")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            times = walk(f"http://127.0.0.1:{port}", browser)
            browser.close()
    finally:
        stop(server)
    print("| step | seconds |\n| --- | --- |")
    for step, seconds in times.items():
        print(f"| {step} | {seconds} |")


if __name__ == "__main__":
    main()
