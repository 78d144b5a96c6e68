"""Sign-in end to end, as a school would run it: a real OpenID Connect provider on 127.0.0.1
(``oidc-provider-mock``: its authorization page asks for the account to sign in as), two app
processes behind nginx (deploy/nginx.conf) on one PostgreSQL, the ``[auth]`` section in the
secrets of the folder the app starts from, and Chromium. A learner signs in, answers a drill and
plays, signs out; another account sees nothing of hers; her progress follows her to the other
process.

Needs Debian's nginx, PostgreSQL and Chromium: skips where one is missing, fails in CI."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from browser import chromium_path, settle  # noqa: E402  (tools/ is not a package)
from checks import require  # noqa: E402
from deployment import NGINX, behind_nginx, keys_for, served_by  # noqa: E402
from ports import free_port  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]
"""One worker runs every browser test: one Chromium for them all."""


def _require() -> None:
    problems = []
    if not Path(NGINX).exists():
        problems.append("Debian's nginx is not installed (apt-get install nginx)")
    if not Path(chromium_path()).exists():
        problems.append("Debian's chromium is not installed")
    try:
        import oidc_provider_mock  # noqa: F401
    except ImportError:
        problems.append("oidc-provider-mock is not installed (the test extra)")
    require(problems, "the sign-in test")


@pytest.fixture(scope="module")
def school(postgres_cluster, tmp_path_factory):
    """The OpenID Connect provider and the deployment that signs in with it; yields the front
    address and the two processes' ports."""
    _require()
    import oidc_provider_mock
    with oidc_provider_mock.run_server_in_thread(port=free_port()) as provider:
        front = free_port()
        folder = tmp_path_factory.mktemp("school")
        (folder / ".streamlit").mkdir()
        (folder / ".streamlit" / "secrets.toml").write_text(
            "[auth]\n"
            f'redirect_uri = "http://127.0.0.1:{front}/oauth2callback"\n'
            'cookie_secret = "one-long-random-secret-of-the-school-deployment"\n'
            'client_id = "gin-tutor"\n'
            'client_secret = "gin-tutor-secret"\n'
            f'server_metadata_url = "http://localhost:{provider.server_port}/.well-known/openid-configuration"\n')
        env = {"GIN_TUTOR_DATABASE_URL": postgres_cluster.new_database(),
               "STREAMLIT_SERVER_COOKIE_SECRET": "one-secret-for-every-process"}
        with behind_nginx(env, folder, tmp_path_factory.mktemp("nginx"), front=front) as deployed:
            yield deployed


def _profile_label(name: str) -> re.Pattern[str]:
    """The sidebar's "Profile: NAME" (an address is shown with invisible joiners, so it is no link)."""
    return re.compile("Profile: " + r"\W*".join(re.escape(part) for part in re.split(r"([@.])", name) if part))


def _sign_in(page, front: str, account: str) -> None:
    page.goto(f"{front}/progress?lang=en")
    settle(page)  # a click that races a rerun is lost: wait for the run to be over first
    sidebar = page.locator("[data-testid='stSidebar']")
    sidebar.get_by_text("Profile: guest").click()
    sidebar.get_by_role("button", name="Sign in to save your progress").wait_for()
    settle(page)
    sidebar.get_by_role("button", name="Sign in to save your progress").click()
    page.wait_for_url("**/oauth2/authorize**")  # the provider asks who signs in
    page.locator("input[name=sub]").fill(account)
    page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(f"{front}/**")
    sidebar.get_by_text(_profile_label(account)).wait_for()


def _drills_answered(page, front: str) -> str:
    page.goto(f"{front}/progress?lang=en")
    metric = page.locator("[data-testid='stMetric']").filter(has_text="Drills answered")
    return metric.locator("[data-testid='stMetricValue']").inner_text()


def test_sign_in_keeps_each_accounts_progress_its_own_and_follows_it_to_the_other_process(school, browser):
    front, ports = school
    keys = keys_for(front, ports)
    ana = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    ana.add_cookies([{"name": "gt_server", "value": keys[ports[0]], "url": front}])
    bob = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    ana_again = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    ana_again.add_cookies([{"name": "gt_server", "value": keys[ports[1]], "url": front}])
    try:
        page = ana.new_page()
        page.set_default_timeout(45000)
        _sign_in(page, front, "ana@example.org")
        # Deadwood, easy, seed 7: 3♠ 8♠ Q♠ 4♥ 8♥ Q♥ 8♦ Q♦ 8♣ Q♣ → eights and queens melded, 3 + 4 = 7.
        page.goto(f"{front}/drills?drill=deadwood&seed=7&level=easy&rules=classic&lang=en")
        box = page.get_by_test_id("stNumberInputField")
        box.fill("7")
        box.press("Enter")
        page.get_by_text("Right!").wait_for()
        page.goto(f"{front}/play?lang=en&game=12345&level=beginner&rules=classic")
        page.locator("button[data-action='pass']").click()
        page.get_by_text("You passed the upcard.").wait_for()
        assert _drills_answered(page, front) == "1"
        settle(page)  # the progress page's run over: a click that races a rerun is lost
        sidebar = page.locator("[data-testid='stSidebar']")
        sidebar.get_by_text(_profile_label("ana@example.org")).click()
        sidebar.get_by_role("button", name="Sign out").wait_for()
        settle(page)
        sidebar.get_by_role("button", name="Sign out").click()
        page.wait_for_url("**/oauth2/end_session**")  # the provider ends its session too
        page.get_by_role("button", name="End session").click()
        page.wait_for_url(f"{front}/**")
        page.goto(f"{front}/progress?lang=en")
        page.locator("[data-testid='stSidebar']").get_by_text("Profile: guest").wait_for()

        other = bob.new_page()
        other.set_default_timeout(45000)
        _sign_in(other, front, "bob@example.org")
        assert _drills_answered(other, front) == "0"
        other.goto(f"{front}/play?lang=en")
        other.get_by_role("button", name="Deal").wait_for()  # nothing of Ana's game
        assert not other.get_by_text("You passed the upcard.").count()

        again = ana_again.new_page()  # Ana in another browser, sent to the other process
        again.set_default_timeout(45000)
        assert served_by(front, keys[ports[1]]) == ports[1]
        _sign_in(again, front, "ana@example.org")
        assert _drills_answered(again, front) == "1"
        again.goto(f"{front}/play?lang=en")
        again.get_by_text("You passed the upcard.").wait_for()  # her game resumes where it was
    finally:
        for context in (ana, bob, ana_again):
            context.close()
