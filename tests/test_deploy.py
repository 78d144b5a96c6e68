"""The deployment of the README, tested: two app processes on one PostgreSQL, behind nginx with
deploy/nginx.conf (only its ports changed). A learner answers a drill, passes a lesson and starts a
game on one process; the other process shows the same progress and resumes the game.

Needs Debian's nginx, PostgreSQL and Chromium: skips where one is missing, fails in CI."""

from __future__ import annotations

import functools
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from browser import chromium_path, create_profile, fill_form_field, settle  # noqa: E402  (tools/ is not a package)
from checks import require  # noqa: E402
from deployment import NGINX, behind_nginx, keys_for, served_by  # noqa: E402
from friend_game import card_ids_in, click_move, planned_game  # noqa: E402

from tutor.progress.store import open_store  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("deployment")]
"""The deployment's tests, as a group of their own (its nginx, app processes and Chromium). (The
checkout's pytest-xdist does not honour the groups: each worker that runs one of them starts its own
deployment.)"""


def _require() -> None:
    problems = []
    if not Path(NGINX).exists():
        problems.append("Debian's nginx is not installed (apt-get install nginx)")
    if not Path(chromium_path()).exists():
        problems.append("Debian's chromium is not installed")
    require(problems, "the deployment test")


@pytest.fixture(scope="module")
def deployment_database(postgres_cluster) -> str:
    """The deployment's database (its address): a test reads what the app stored."""
    return postgres_cluster.new_database()


@pytest.fixture(scope="module")
def deployment(deployment_database, tmp_path_factory):
    """Two app processes on one database behind nginx; yields the front address and the two
    processes' ports."""
    _require()
    env = {"GIN_TUTOR_DATABASE_URL": deployment_database,
           "STREAMLIT_SERVER_COOKIE_SECRET": "one-secret-for-every-process"}
    with behind_nginx(env, tmp_path_factory.mktemp("deploy-cwd"), tmp_path_factory.mktemp("nginx")) as deployed:
        yield deployed


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
        settle(page)  # the value's rerun is drawn: no redraw takes the click on Check
        checks.nth(k).click()
        page.get_by_text("Right!").nth(k).wait_for()
    page.get_by_text("Lesson passed!").first.wait_for()


def test_progress_and_a_game_follow_the_learner_to_the_other_process(deployment, browser):
    front, ports = deployment
    keys = keys_for(front, ports)
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
        cookies = page.evaluate("document.cookie")  # profiles are private here: a key, never the name
        assert "gin_tutor_key=" in cookies and "Ana" not in cookies
        # The same browser, now sent to the other process.
        context.add_cookies([{"name": "gt_server", "value": keys[ports[1]], "url": front}])
        assert served_by(front, keys[ports[1]]) == ports[1]
        page.goto(f"{front}/progress?lang=en")
        sidebar.get_by_text("Profile: Ana").wait_for()
        page.get_by_text("Drills answered").wait_for()
        page.get_by_text("✓ The cards and their values").wait_for()  # the lesson passed on the other process
        page.goto(f"{front}/play?lang=en")
        page.get_by_text("You passed the upcard.").wait_for()  # the game resumes where it was
    finally:
        context.close()



def test_a_forged_name_cookie_opens_no_ones_profile_through_the_deployment(deployment, browser):
    """The review's attack (R1): a browser that sets ``gin_tutor_profile=Alice`` before its first visit
    is a guest, and Alice's game is not there."""
    front, ports = deployment
    owner = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    forger = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    forger.add_cookies([{"name": "gin_tutor_profile", "value": "Alice", "url": front},
                        {"name": "gin_tutor_profiles", "value": '["Alice"]', "url": front}])
    try:
        page = owner.new_page()
        page.set_default_timeout(45000)
        page.goto(f"{front}/play?lang=en")
        create_profile(page, "Alice")
        page.goto(f"{front}/play?lang=en&game=12345&level=beginner&rules=classic")
        page.locator("button[data-action='pass']").click()
        page.get_by_text("You passed the upcard.").wait_for()
        theirs = forger.new_page()
        theirs.set_default_timeout(45000)
        theirs.goto(f"{front}/play?lang=en")
        sidebar = theirs.locator("[data-testid='stSidebar']")
        sidebar.get_by_text("Profile: guest").wait_for()
        theirs.get_by_role("button", name="Deal").wait_for()  # no game of Alice's resumed
        assert not theirs.get_by_text("You passed the upcard.").count()
    finally:
        owner.close()
        forger.close()


def _teacher_makes_a_class(page, front: str, teacher: str, name: str) -> tuple[str, str]:
    """A teacher's profile makes a class on the Classes page: its id (from the address) and its code."""
    page.goto(f"{front}/classes?lang=en")
    settle(page)
    create_profile(page, teacher)
    settle(page)  # the page's run for the new profile is over: the form below is the one it drew
    page.get_by_text("Make a class").click()
    fill_form_field(page, page.get_by_label("Name of the class"), name)
    page.get_by_role("button", name="Make the class").click()
    try:
        page.get_by_text(f"The class “{name}” is ready").wait_for()
    except Exception as error:  # it timed out once under the whole suite's load: say what the page showed
        raise AssertionError(f"no class {name!r} was made; the page says: "
                             f"{page.get_by_test_id('stMain').inner_text(timeout=5000)[:1500]!r}") from error
    page.wait_for_url(lambda url: "class=" in url)
    class_id = page.url.split("class=")[1].split("&")[0]
    code = page.get_by_test_id("stMetricValue").first.inner_text().strip()
    return class_id, code


def test_two_teachers_two_classes_a_learner_joins_and_does_homework_across_processes(deployment, browser):
    """Issue 37's round through the deployment: each teacher makes a class on one process, a learner
    joins one on the other, its teacher sees her and sets homework, she sees it; the other teacher
    cannot open that class by its address; the teacher's page passes axe at phone width."""
    from test_accessibility import violations
    front, ports = deployment
    keys = keys_for(front, ports)
    contexts = []

    def on(port: int, width: int = 1280):
        context = browser.new_context(locale="en-US", viewport={"width": width, "height": 1000})
        context.add_cookies([{"name": "gt_server", "value": keys[port], "url": front}])
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(45000)
        return page

    try:
        ruiz, lee, ana = on(ports[0]), on(ports[1]), on(ports[1])
        mine, code = _teacher_makes_a_class(ruiz, front, "Ms Ruiz", "Gin A")
        _teacher_makes_a_class(lee, front, "Mr Lee", "Gin B")
        ana.goto(f"{front}/classes?lang=en")
        settle(ana)
        create_profile(ana, "Ana")
        settle(ana)
        fill_form_field(ana, ana.get_by_label("Class code"), code.lower())
        ana.get_by_role("button", name="Join the class").click()
        ana.get_by_text("You joined the class “Gin A”.").wait_for()
        # Ms Ruiz, on the other process, sees Ana and sets a set of puzzles.
        ruiz.goto(f"{front}/classes?lang=en&class={mine}")
        ruiz.get_by_text("1 learner", exact=True).wait_for()
        ruiz.get_by_text("Set homework", exact=True).click()
        ruiz.get_by_role("button", name="Set this set of puzzles").click()
        ruiz.get_by_text("The homework is set").wait_for()
        # Archived and brought back, one click each: the class selector's label changes in between, and
        # the next click is not lost (it was, before the selector became a new widget on each change).
        settle(ruiz)
        ruiz.get_by_text("Rename or archive", exact=True).click()
        settle(ruiz)
        ruiz.get_by_role("button", name="Archive the class").click()
        ruiz.get_by_text("The class is archived: its codes join no one").first.wait_for()
        settle(ruiz)
        ruiz.get_by_role("button", name="Bring the class back").click()
        ruiz.get_by_text("The class is back: its codes work again.").wait_for()
        ana.goto(f"{front}/classes?lang=en")
        ana.get_by_text("Homework:").wait_for()
        ana.get_by_role("link", name="Puzzle 1", exact=True).wait_for()
        # Mr Lee, with Ms Ruiz's class address, sees only his own class.
        lee.goto(f"{front}/classes?lang=en&class={mine}")
        lee.get_by_text("None of your classes has that address").wait_for()
        assert not lee.get_by_text("Gin A").count()
        # The teacher's page at phone width passes axe.
        ruiz.set_viewport_size({"width": 390, "height": 1000})
        ruiz.goto(f"{front}/classes?lang=es&class={mine}")
        ruiz.get_by_text("Código de la clase, para los alumnos").wait_for()
        assert violations(ruiz) == []
    finally:
        for context in contexts:
            context.close()


# --- Play a friend: two browsers on the two processes ---------------------------------------------------

FRIEND_DEALS = {"short": 182, "classic": 964, "spanish": 964}
"""A deal of each ruleset that the strong player, in both seats, ends in few moves (short's in 6
moves, one hand; classic's in 26 over three hands; the Spanish rules' in 20 over three: found among
the first 1,600 deals; tools/friend_game.py plans them)."""
NEXT_HAND = {"en": "Next hand", "es": "Siguiente mano"}


def _two_players(browser, front: str, keys: dict[int, str], ports: tuple[int, int], langs: tuple[str, str],
                 broken: list | None = None):
    """Two browsers, each sent to its own app process, recording what the server sends each page (and
    in ``broken``, any error of the page's own code: Streamlit's frontend failing on a message)."""
    pages, frames = [], []
    for seat, lang in enumerate(langs):
        context = browser.new_context(locale="en-US" if lang == "en" else "es-ES",
                                      viewport={"width": 1280 if seat == 0 else 390, "height": 900})
        context.add_cookies([{"name": "gt_server", "value": keys[ports[seat]], "url": front}])
        page = context.new_page()
        page.set_default_timeout(45000)
        got: list[tuple[float, object]] = []
        page.on("websocket", lambda ws, got=got: ws.on("framereceived", _recording(got)))
        if broken is not None:
            page.on("pageerror", lambda error: broken.append(str(error)[:200]))
            page.on("console", lambda m: broken.append(m.text[:200]) if m.type == "error" and "ElementNode" in m.text
                    else None)
        pages.append(page)
        frames.append(got)
    return pages, frames


def _recording(got: list):
    """A websocket listener keeping each message from the server with the moment it came."""
    return lambda payload: got.append((time.monotonic(), payload))


def _open_and_sit(pages, front: str, ruleset: str, seed: int, langs: tuple[str, str]) -> str:
    """Ana opens a table dealing ``seed`` under ``ruleset``; Bea opens its link and sits. The code."""
    ana, bea = pages
    ana.goto(f"{front}/friend?lang={langs[0]}&rules={ruleset}&game={seed}")
    settle(ana)
    fill_form_field(ana, ana.get_by_label({"en": "Your name at the table", "es": "Tu nombre en la mesa"}[langs[0]]),
                    "Ana")
    settle(ana)  # the name's rerun is over: one Open button, and the click is not lost in a redraw
    ana.get_by_role("button", name={"en": "Open a table", "es": "Abrir una mesa"}[langs[0]]).click()
    ana.wait_for_url(lambda url: "table=" in url)
    code = ana.url.split("table=")[1].split("&")[0]
    bea.goto(f"{front}/friend?lang={langs[1]}&table={code}")
    settle(bea)
    fill_form_field(bea, bea.get_by_label({"en": "Your name at the table", "es": "Tu nombre en la mesa"}[langs[1]]),
                    "Bea")
    settle(bea)
    bea.get_by_role("button", name={"en": "Sit down", "es": "Sentarse"}[langs[1]]).click()
    return code


def _refused_out_of_turn_and_forged(pages, url: str, code: str) -> None:
    """Before the first move (Ana's, on the upcard): Bea presses the stock's key out of turn, and Ana's
    page sends a forged discard through the table's own channel. Both are refused with a message in the
    player's language, and nothing is stored."""
    ana, bea = pages
    ana.locator("button[data-action='pass']:not([disabled])").wait_for()
    bea.locator(".gt-prompt").wait_for()
    settle(bea)
    bea.locator(".gt-prompt").click()  # the focus on the page, not in the name's box
    bea.keyboard.press("m")  # the stock's key in Spanish ("mazo")
    bea.get_by_text("No es tu turno: espera a que juegue el otro jugador.").wait_for()
    ana.evaluate("window.__gtTable.send('card:9H')")
    ana.get_by_text("First decide on the upcard: take it or pass.").wait_for()
    assert _moves_stored(url, code) == 0
    settle(ana)


@functools.cache
def _reader(url: str):
    """One store on the deployment's database for the test's own reads (opening one per read costs
    a connection pool and the schema's check each time)."""
    return open_store(url=url)


def _moves_stored(url: str, code: str) -> int:
    table = _reader(url).friend_table_by_code(code)
    return len(table.moves.split(".")) if table is not None and table.moves else 0


def _made(url: str, code: str, count: int, seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if _moves_stored(url, code) >= count:
            return True
        time.sleep(0.1)
    return False


@dataclass
class Table:
    """One pair's game in the test: its planned moves, its two pages and what each was sent, how far
    it has got, and the stretches of time each hand was played (to search the pages' data in)."""

    ruleset: str
    steps: list
    hidden: list
    pages: list
    frames: list
    code: str = ""
    index: int = 0
    hand: int = 0
    started: float = 0.0
    ended: float = 0.0
    windows: list = field(default_factory=list)
    crashed: list = field(default_factory=list)
    """Errors of the pages' own code (none: no page lost its table to a failing message)."""

    @property
    def reload_at(self) -> int:
        """A move in the middle of a hand, from halfway through the game: Bea reloads before it."""
        return next(i for i in range(len(self.steps) // 2, len(self.steps))
                    if self.steps[i - 1].hand == self.steps[i].hand)

    def click_next(self, langs: tuple[str, str]) -> None:
        """Click the next planned move on its player's page (both leave a finished hand's result
        first; Bea reloads her page mid-hand once)."""
        step = self.steps[self.index]
        if step.hand > self.hand:
            self.windows.append((self.hand, self.started, self.ended))
            for page, lang in zip(self.pages, langs, strict=True):
                page.get_by_role("button", name=NEXT_HAND[lang]).click()
            self.hand, self.started = step.hand, time.monotonic()
        if self.index == self.reload_at:
            self.pages[1].reload()
        self.ended = time.monotonic()
        try:
            click_move(self.pages[step.seat], step.move)
        except Exception as error:  # say where, and what the page showed
            page = self.pages[step.seat]
            shown = page.get_by_test_id("stMain").inner_text(timeout=5000)[:600]
            shown += " | the table's prompt: " + " ".join(page.locator(".gt-prompt").all_inner_texts())
            raise AssertionError(f"{self.ruleset}: move {self.index} {step} could not be clicked; the page errors: "
                                 f"{self.crashed}; the page says: {shown!r}") from error

    def made(self, url: str) -> None:
        """Wait until the move just clicked is stored (a click lost in a redraw is made once more)."""
        step = self.steps[self.index]
        if not _made(url, self.code, self.index + 1):
            settle(self.pages[step.seat])
            click_move(self.pages[step.seat], step.move)
            assert _made(url, self.code, self.index + 1), f"{self.ruleset}: move {self.index} {step} was not taken"
        self.index += 1


def test_friends_on_two_processes_play_a_whole_game_under_each_ruleset(deployment, deployment_database, browser):
    """Three pairs at once, one per ruleset: Ana (English, desktop) and Bea (Spanish, phone width), each
    on one of the two app processes, play the deal to its end, each clicking their own moves; Bea
    reloads her page in the middle of a hand. At the short game's table, out-of-turn and forged moves
    first. While a hand is played, no page is sent a card the other player holds hidden."""
    front, ports = deployment
    keys = keys_for(front, ports)
    langs = ("en", "es")
    tables = []
    try:
        for ruleset, seed in FRIEND_DEALS.items():
            steps, hidden = planned_game(ruleset, seed)
            crashed: list = []
            pages, frames = _two_players(browser, front, keys, ports, langs, crashed)
            tables.append(Table(ruleset, steps, hidden, pages, frames, crashed=crashed))
            tables[-1].code = _open_and_sit(pages, front, ruleset, seed, langs)
        _refused_out_of_turn_and_forged(tables[0].pages, deployment_database, tables[0].code)
        for table in tables:
            table.started = table.ended = time.monotonic()
        while playing := [t for t in tables if t.index < len(t.steps)]:
            for table in playing:  # each pair's next move, the pairs side by side
                table.click_next(langs)
            for table in playing:
                table.made(deployment_database)
        for table in tables:
            table.windows.append((table.hand, table.started, table.ended))
            stored = _reader(deployment_database).friend_table_by_code(table.code)
            assert stored is not None and stored.state == "over" and len(stored.moves.split(".")) == len(table.steps)
            table.pages[0].get_by_text(re.compile(r"(You won the game|Bea won the game)")).wait_for()
            table.pages[1].get_by_text(re.compile(r"(Ganaste la partida|Ana ganó la partida)")).wait_for()
            for seat in (0, 1):
                seen_own = False
                for number, start, end in table.windows:
                    sent = [p for at, p in table.frames[seat] if start <= at < end]
                    assert not set().union(*(card_ids_in(p, table.hidden[number][1 - seat]) for p in sent)), \
                        f"{table.ruleset}: seat {seat} was sent a hidden card of the other in hand {number + 1}"
                    seen_own |= any(card_ids_in(p, table.hidden[number][seat]) for p in sent)
                assert seen_own  # the check reads the table's data: a seat's own cards are found in it
            assert not table.crashed, f"{table.ruleset}: a page lost its connection ({table.crashed})"
    finally:
        for table in tables:
            for page in table.pages:
                page.context.close()


def test_a_player_who_leaves_is_replaced_by_the_virtual_player(deployment, deployment_database, browser):
    """Ana leaves the game before its first move; Bea plays on against the virtual player in Ana's seat."""
    front, ports = deployment
    keys = keys_for(front, ports)
    langs = ("en", "es")
    pages, _ = _two_players(browser, front, keys, ports, langs)
    ana, bea = pages
    try:
        code = _open_and_sit(pages, front, "classic", 12345, langs)
        ana.locator("button[data-action='pass']:not([disabled])").wait_for()
        ana.get_by_role("button", name="Leave this game").click()
        ana.get_by_role("button", name="Leave the game").click()
        bea.get_by_text("Ana abandonó la partida.", exact=False).wait_for()
        bea.get_by_role("button", name="Seguir contra el jugador virtual").click()
        bea.get_by_text("El jugador virtual (nivel fuerte) juega en el sitio de Ana.").wait_for()
        table = _reader(deployment_database).friend_table_by_code(code)
        assert table is not None and table.state == "playing" and table.robot == 0
        assert table.moves  # it decided on the upcard for Ana at once
    finally:
        for page in pages:
            page.context.close()
