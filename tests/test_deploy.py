"""The deployment of the README, tested: two app processes on one PostgreSQL, behind nginx with
deploy/nginx.conf (only its ports changed). A learner answers a drill, passes a lesson and starts a
game on one process; the other process shows the same progress and resumes the game.

Needs Debian's nginx, PostgreSQL and Chromium: skips where one is missing, fails in CI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from app_server import start_app, stop  # noqa: E402
from browser import chromium_path, create_profile  # noqa: E402  (tools/ is not a package)
from ports import answers, free_port  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]
"""One worker runs every browser test: one app server and one Chromium for them all."""
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def _require() -> None:
    problems = []
    if not Path(NGINX).exists():
        problems.append("Debian's nginx is not installed (apt-get install nginx)")
    if not Path(chromium_path()).exists():
        problems.append("Debian's chromium is not installed")
    if problems:
        if os.environ.get("CI"):
            pytest.fail("the deployment test must run in CI: " + "; ".join(problems))
        pytest.skip("; ".join(problems))


def _wait(url: str, what: str) -> None:
    if not answers(url):
        pytest.fail(f"{what} did not start")


@pytest.fixture(scope="module")
def deployment(postgres_cluster, tmp_path_factory):
    """Two app processes on one database behind nginx; yields the front address and the two
    processes' ports."""
    _require()
    url = postgres_cluster.new_database()
    front, first, second = free_port(), free_port(), free_port()
    env = {"GIN_TUTOR_DATABASE_URL": url, "STREAMLIT_SERVER_COOKIE_SECRET": "one-secret-for-every-process"}
    elsewhere = tmp_path_factory.mktemp("deploy-cwd")
    servers = [start_app(port, elsewhere, env) for port in (first, second)]
    prefix = tmp_path_factory.mktemp("nginx")
    (prefix / "tmp").mkdir()
    config = (ROOT / "deploy" / "nginx.conf").read_text()
    config = (config.replace("127.0.0.1:8600", f"127.0.0.1:{front}").replace("127.0.0.1:8601", f"127.0.0.1:{first}")
              .replace("127.0.0.1:8602", f"127.0.0.1:{second}"))
    (prefix / "nginx.conf").write_text(config)
    nginx = None
    try:
        for port in (first, second):
            _wait(f"http://127.0.0.1:{port}/_stcore/health", f"the app on port {port}")
        nginx = subprocess.run([NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf")], capture_output=True)
        assert nginx.returncode == 0, nginx.stderr.decode()
        _wait(f"http://127.0.0.1:{front}/_stcore/health", "nginx")
        yield f"http://127.0.0.1:{front}", (first, second)
    finally:
        if nginx is not None:
            subprocess.run([NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-s", "stop"],
                           capture_output=True)
        for server in servers:
            stop(server)


def _served_by(front: str, key: str) -> int:
    """Which app process nginx sends a browser with the affinity cookie ``key`` to (its port)."""
    request = urllib.request.Request(f"{front}/_stcore/health", headers={"Cookie": f"gt_server={key}"})
    with urllib.request.urlopen(request, timeout=5) as response:
        return int(response.headers["X-Gin-Tutor-Server"].rsplit(":", 1)[1])


def _keys_for(front: str, ports: tuple[int, int]) -> dict[int, str]:
    """An affinity cookie for each process."""
    keys: dict[int, str] = {}
    for n in range(200):
        keys.setdefault(_served_by(front, f"k{n}"), f"k{n}")
        if len(keys) == 2:
            return keys
    pytest.fail(f"nginx sent every browser to one process of {ports}")


CARDS_BEFORE = """(input) => {
  const all = [...document.querySelectorAll(
    '[data-testid=stMain] figure[role=group], [data-testid=stMain] input[type=number]')];
  for (let j = all.indexOf(input) - 1; j >= 0; j--)
    if (all[j].tagName === 'FIGURE') return [...all[j].querySelectorAll('img')].map(im => im.alt);
  return [];
}"""


def _value(name: str) -> int:
    """A card's value from its text alternative (``7 of hearts``, ``queen of spades``)."""
    rank = name.split(" of ")[0]
    return {"ace": 1, "jack": 10, "queen": 10, "king": 10}.get(rank) or int(rank)


def _pass_the_first_lesson(page, front: str) -> None:
    """Lesson 1's check asks the deadwood of hands with no meld: every card's value, added up."""
    page.goto(f"{front}/lessons?lesson=01-cards&lang=en")
    inputs = page.get_by_test_id("stNumberInputField")
    inputs.first.wait_for()
    checks = page.get_by_role("button", name="Check", exact=True)
    for k in range(inputs.count()):
        cards = inputs.nth(k).evaluate(CARDS_BEFORE)
        assert len(cards) == 10, cards
        inputs.nth(k).fill(str(sum(_value(c) for c in cards)))
        inputs.nth(k).press("Tab")
        checks.nth(k).click()
        page.get_by_text("Right!").nth(k).wait_for()
    page.get_by_text("Lesson passed!").first.wait_for()


def test_progress_and_a_game_follow_the_learner_to_the_other_process(deployment, browser):
    front, ports = deployment
    keys = _keys_for(front, ports)
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    context.add_cookies([{"name": "gt_server", "value": keys[ports[0]], "url": front}])
    page = context.new_page()
    page.set_default_timeout(45000)
    try:
        page.goto(f"{front}/drills?drill=deadwood&seed=7&level=easy&rules=classic&lang=en")
        sidebar = create_profile(page, "Ana")
        # Deadwood, easy, seed 7: 3♠ 8♠ Q♠ 4♥ 8♥ Q♥ 8♦ Q♦ 8♣ Q♣ → eights and queens melded, 3 + 4 = 7.
        box = page.get_by_test_id("stNumberInputField")
        box.fill("7")
        box.press("Enter")
        page.get_by_text("Right!").wait_for()
        _pass_the_first_lesson(page, front)
        page.goto(f"{front}/play?lang=en&game=12345&level=beginner&rules=classic")
        page.locator("button[data-action='pass']").click()
        page.get_by_text("You passed the upcard.").wait_for()
        assert page.evaluate("document.cookie").count("gin_tutor_profile=Ana") == 1
        # The same browser, now sent to the other process.
        context.add_cookies([{"name": "gt_server", "value": keys[ports[1]], "url": front}])
        assert _served_by(front, keys[ports[1]]) == ports[1]
        page.goto(f"{front}/progress?lang=en")
        sidebar.get_by_text("Profile: Ana").wait_for()
        page.get_by_text("Drills answered").wait_for()
        page.get_by_text("✓ The cards and their values").wait_for()  # the lesson passed on the other process
        page.goto(f"{front}/play?lang=en")
        page.get_by_text("You passed the upcard.").wait_for()  # the game resumes where it was
    finally:
        context.close()
