"""The app in a real browser: start it on 127.0.0.1, open it in headless Chromium (Debian's
package, driven by Playwright), switch language, open a glossary term, analyze a hand, and check
that the cards are visible images. Skips where Chromium is missing, except in CI."""

from __future__ import annotations

import contextlib
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from browser import create_profile, settle, wait_until  # noqa: E402  (tools/ is not a package)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]
"""One worker runs every browser test: one app server and one Chromium for them all."""


@pytest.fixture
def page(browser, tmp_path):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(45000)
    yield page
    page.screenshot(path=str(tmp_path / "last.png"))
    context.close()


def test_switch_language_then_it_holds(app_url, page):
    page.goto(f"{app_url}/")
    page.get_by_role("heading", name="Learn Gin Rummy").wait_for()
    page.locator("[data-testid='stSidebar'] button").get_by_text("Español", exact=True).click()
    page.get_by_role("heading", name="Aprende gin rummy").wait_for()
    page.wait_for_function("document.documentElement.lang === 'es'")
    page.locator(".st-key-page_menu").get_by_role("link", name="Glosario").click()
    page.get_by_role("heading", name="Glosario").wait_for()
    assert "lang=es" in page.url
    assert "Clásico (a 100)" in page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first.inner_html()


def test_the_old_home_address_opens_the_welcome_page_in_the_language_asked(app_url, page):
    page.goto(f"{app_url}/home?lang=es")
    page.wait_for_url(lambda url: not urllib.parse.urlsplit(url).path.endswith("/home"))
    assert urllib.parse.parse_qs(urllib.parse.urlsplit(page.url).query).get("lang") == ["es"]
    page.get_by_role("heading", name="Aprende gin rummy").wait_for()
    settle(page)
    assert page.get_by_text("Page not found").count() == 0


def test_open_a_glossary_term_by_its_address(app_url, page):
    page.goto(f"{app_url}/glossary?lang=es&term=baceta")
    page.get_by_role("heading", name="Glosario").wait_for()
    page.get_by_text("El montón de cartas boca abajo").first.wait_for()
    page.wait_for_function("document.documentElement.lang === 'es'")


def test_the_glossary_searches_as_you_type_and_opens_the_exact_term(app_url, page):
    page.goto(f"{app_url}/glossary?lang=es")
    page.get_by_role("heading", name="Glosario").wait_for()
    page.get_by_label("Buscar en el glosario").press_sequentially("pozo", delay=60)  # no Enter
    page.get_by_text("Nombre tradicional de la pila de descarte").first.wait_for()
    titles = page.locator("[data-testid='stMain'] [data-testid='stExpander'] summary").all_inner_texts()
    assert "pozo" in titles[0] and "pila" not in titles[0], titles


def test_analyze_a_hand_and_see_the_cards(app_url, page):
    page.goto(f"{app_url}/analyzer?lang=en")
    box = page.get_by_label("Your cards")
    box.fill("AS 2S 3S 7H 7D 7C KD KC KH 9S")
    box.press("Enter")
    page.get_by_text("Deadwood: 9♠ 9 = 9.").wait_for()
    cards = page.locator("img.gt-card")
    cards.first.wait_for()
    assert cards.count() >= 10
    # The faces are static files the browser fetches: every one arrives and draws.
    page.wait_for_function("[...document.querySelectorAll('img.gt-card')]"
                           ".every(img => img.complete && img.naturalWidth > 0)", timeout=30000)
    for i in range(cards.count()):
        assert cards.nth(i).is_visible()
    assert page.locator("img.gt-card[alt='ace of spades']").count() == 1


def test_a_bad_card_shows_a_message_and_keeps_the_text(app_url, page):
    page.goto(f"{app_url}/analyzer?lang=es")
    box = page.get_by_label("Tus cartas")
    box.fill("AS 2S ZZ")
    box.press("Enter")
    page.get_by_text("«ZZ» no es una carta").wait_for()
    assert box.input_value() == "AS 2S ZZ"


def test_the_analyzer_picks_cards_by_clicking_them_and_clear_empties_both(app_url, page):
    page.goto(f"{app_url}/analyzer?lang=en")
    page.get_by_text("Or pick the cards").click()
    for name in ["AS", "2S", "3S", "7H", "7D", "7C", "KD", "KC", "KH", "9S"]:
        page.click(f".gt-pick-card[data-id='{name}']")
        page.locator(f".gt-pick-card[data-id='{name}'][aria-pressed='true']").wait_for()
    page.get_by_text("Deadwood: 9♠ 9 = 9.").wait_for()
    assert page.get_by_label("Your cards").input_value() == "AS 2S 3S 9S 7H KH 7D KD 7C KC"
    # The faces come from the app's static files, and every one of them loads.
    page.wait_for_function("[...document.querySelectorAll('.gt-pick-card img')]"
                           ".every(i => i.src.includes('/app/static/cards/') && i.complete && i.naturalWidth > 0)",
                           timeout=30000)
    page.click(".gt-pick-card[data-id='9S']")  # a second click puts a card back
    page.locator(".gt-pick-card[data-id='9S'][aria-pressed='false']").wait_for()
    page.get_by_role("button", name="Clear").click()
    page.get_by_text("Type or pick a hand to see its best melds.").wait_for()
    assert page.get_by_label("Your cards").input_value() == ""
    assert page.locator(".gt-pick-card[aria-pressed='true']").count() == 0


@pytest.mark.parametrize("width", [1280, 390])
def test_a_layoffs_drill_is_answered_on_the_cards_in_spanish(app_url, browser, width):
    # Knocker (classic, medium, seed 42): 8♥ 9♥ 10♥ J♥ | 6♣ 7♣ 8♣ 9♣ | deadwood 2♦ 4♣
    # Defender: 3♠ 8♠ 2♥ Q♥ K♥ 6♦ 7♦ J♦ 10♣ J♣ lays off Q♥ K♥ on the hearts and 10♣ J♣ on the clubs.
    context = browser.new_context(locale="es-ES", viewport={"width": width, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(45000)
    try:
        page.goto(f"{app_url}/drills?drill=layoffs&seed=42&level=medium&rules=classic&lang=es")
        page.locator(".gt-pick-card").first.wait_for()
        for name in ("QH", "KH", "10C"):
            page.click(f".gt-pick-card[data-id='{name}']")
            page.locator(f".gt-pick-card[data-id='{name}'][aria-pressed='true']").wait_for()
        page.get_by_text("3 cartas elegidas").wait_for()
        page.get_by_role("button", name="Comprobar").click()
        # A first wrong answer: a second try, and no solution yet.
        page.get_by_text("Cambia tu respuesta y vuelve a comprobar").first.wait_for()
        assert page.get_by_text("La respuesta del motor, paso a paso").count() == 0
        page.click(".gt-pick-card[data-id='JC']")
        page.locator(".gt-pick-card[data-id='JC'][aria-pressed='true']").wait_for()
        page.get_by_role("button", name="Comprobar").click()
        page.get_by_text("¡Correcto!").wait_for()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


def test_a_meld_is_formed_by_clicking_its_cards(app_url, page):
    # Melds, easy, seed 7, classic: 5♠ 7♠ 10♠ 5♥ K♥ 5♦ 7♦ 8♦ 9♦ 5♣ → 5♠ 5♥ 5♦ 5♣ and 7♦ 8♦ 9♦, deadwood 27.
    page.goto(f"{app_url}/drills?drill=melds&seed=7&level=easy&rules=classic&lang=en")
    page.locator(".gt-pick-card").first.wait_for()
    for meld in (("5S", "5H", "5D", "5C"), ("7D", "8D", "9D")):
        for name in meld:
            page.click(f".gt-pick-card[data-id='{name}']")
            page.locator(f".gt-pick-card[data-id='{name}'][aria-pressed='true']").wait_for()
        page.get_by_role("button", name="Add as a meld").click()
        page.locator(f".gt-pick-card[data-id='{meld[0]}'][disabled]").wait_for()  # a card in a meld is spent
    page.get_by_text("Meld 2: 7♦ 8♦ 9♦").wait_for()
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_text("Right!").wait_for()


def test_enter_checks_the_answer_then_opens_the_next_puzzle_and_n_a_new_one(app_url, page):
    # Deadwood, easy, seed 7, classic: 3♠ 8♠ Q♠ 4♥ 8♥ Q♥ 8♦ Q♦ 8♣ Q♣ → 8♠ 8♥ 8♦ 8♣ | Q♠ Q♥ Q♦ Q♣ | 3♠ 4♥ = 7.
    page.goto(f"{app_url}/drills?drill=deadwood&seed=7&level=easy&rules=classic&lang=en")
    box = page.get_by_test_id("stNumberInputField")
    box.fill("7")
    box.press("Enter")
    page.get_by_text("Right!").wait_for()
    assert "seed=7&" in page.url
    box.press("Enter")
    page.wait_for_url(lambda url: "seed=7&" not in url)
    page.get_by_text("Right!").wait_for(state="detached")
    before = page.url
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("n")
    page.wait_for_url(lambda url: url != before)


HAND_OVER = {"en": "Hand 1 is over", "es": "La mano 1 ha terminado"}


def _take_a_turn(page) -> bool:
    """Click what the learner would: pass the first upcard, draw from the stock, knock when the
    Knock button is active, else throw the first card offered. False when nothing was clickable."""
    if page.locator("button[data-action='pass']:not([disabled])").count():
        page.click("button[data-action='pass']")
    elif page.locator("button[data-pile='stock']:not([disabled])").count():
        page.click("button[data-pile='stock']")
    elif page.locator(".gt-row .gt-card:not([disabled])").count():
        if page.locator("button[data-action='knock'][aria-pressed='false']:not([disabled])").count():
            page.click("button[data-action='knock']")
            page.locator("button[data-action='knock'][aria-pressed='true']").wait_for()
        page.locator(".gt-row .gt-card:not([disabled])").first.click()
    else:
        return False
    return True


def _table_state(page) -> tuple[int, tuple[str, ...]]:
    """What changes when a move is played: the log's length and the prompt (read without waiting:
    between two reruns the table may be gone for a moment)."""
    return page.locator(".gt-log li").count(), tuple(page.locator(".gt-prompt").all_text_contents())


def _wait_for_the_move(page, over, before) -> None:
    """Wait for the rerun after a move: the log or the prompt changes, or the hand ends, or (when
    nothing changes within 10 s: the move was not taken) the caller looks at the table again."""
    with contextlib.suppress(TimeoutError):
        wait_until(page, lambda: bool(over.count()) or _table_state(page) != before, seconds=10)


# Each language and each width once; the accessibility test plays a whole hand in Spanish at 1280 px.
@pytest.mark.parametrize("lang, width", [("en", 1280), ("es", 390)])
def test_a_hand_is_played_to_the_end_by_clicking_cards(app_url, browser, lang, width):
    context = browser.new_context(locale="en-US", viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(45000)
    try:
        # Game 158: the beginner knocks on its third turn (the learner passing, drawing from the
        # stock and throwing the first card offered): a short hand.
        page.goto(f"{app_url}/play?lang={lang}&game=158&level=beginner&rules=classic")
        page.locator(".gt-table").wait_for()
        over = page.get_by_text(HAND_OVER[lang])
        for _ in range(120):
            if over.count():
                break
            before = _table_state(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            _take_a_turn(page)  # or, while the virtual player moves, nothing to click yet
            _wait_for_the_move(page, over, before)
        over.wait_for()
        page.locator("img.gt-card").nth(19).wait_for()  # both hands laid out: twenty cards and more
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


def test_the_table_plays_by_keyboard(app_url, page):
    """Letters in the learner's language (P pasar, M mazo), then the arrows and Enter throw a card."""
    page.goto(f"{app_url}/play?lang=es&game=12345&level=beginner&rules=classic")
    page.locator(".gt-table").wait_for()
    assert page.locator("button[data-action='pass']").inner_text() == "Pasar (P)"  # a keyboard: its letter shown
    page.get_by_text("Modo entrenador").click()  # the switch takes the focus: the letters still play
    page.keyboard.press("p")  # pasar
    page.get_by_text("Los dos habéis pasado la carta descubierta: roba del mazo.").first.wait_for()
    page.locator("button[data-pile='stock']").focus()
    page.keyboard.press("m")  # el mazo
    page.get_by_text("Elige la carta que descartas.").wait_for()
    first = page.locator(".gt-row .gt-card:not([disabled])").first
    first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.locator(".gt-row .gt-card:focus")
    card = focused.get_attribute("data-card")
    page.keyboard.press("Enter")
    page.get_by_text(f"Descartaste el {card}.").wait_for()


def test_a_game_resumes_after_a_reload_for_the_profile_the_browser_remembers(app_url, page):
    page.goto(f"{app_url}/play?lang=en")
    sidebar = create_profile(page, "Reload")
    # A game by its address (a dealt game's seed is random, and then the virtual player may be
    # the one offered the first upcard): the learner is offered it first in deal 12345.
    page.goto(f"{app_url}/play?lang=en&game=12345&level=beginner&rules=classic")
    sidebar.get_by_text("Profile: Reload").wait_for()
    page.locator(".gt-table").wait_for()
    page.locator("button[data-action='pass']").click()
    page.get_by_text("You passed the upcard.").wait_for()
    page.reload()
    sidebar.get_by_text("Profile: Reload").wait_for()
    page.get_by_text("You passed the upcard.").wait_for()
    # The resumed hand's moves stand as they were: none fades in again.
    assert page.locator(".gt-log li").count() >= 2 and page.locator(".gt-log li.gt-fresh").count() == 0


def test_a_guests_game_survives_a_reload_by_its_address(app_url, page):
    page.goto(f"{app_url}/play?lang=en&game=12345&level=beginner&rules=classic")
    page.locator(".gt-table").wait_for()
    page.locator("button[data-action='pass']").click()
    page.get_by_text("You passed the upcard.").wait_for()
    wait_until(page, lambda: "moves=p" in page.url)
    page.reload()
    page.get_by_text("You passed the upcard.").wait_for()
    assert page.locator("button[data-pile='stock']:not([disabled])").count() == 1  # the learner draws next


def test_on_a_touch_screen_the_table_speaks_of_no_keys_and_every_face_is_there_from_the_start(app_url, browser):
    # Game 12345 against the beginner, on a phone: the buttons carry no key letter, the prompt asks to
    # choose (not to click), and every card face is drawn at the first paint (inline: no file to wait for).
    context = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(45000)
    try:
        page.goto(f"{app_url}/play?lang=en&game=12345&level=beginner&rules=classic")
        page.locator(".gt-table").wait_for()
        assert page.evaluate("[...document.querySelectorAll('.gt-table img')].every("
                             "i => i.src.startsWith('data:image/svg+xml,') && i.complete && i.naturalWidth > 0)")
        assert page.locator(".gt-key").count() >= 2 and not any(k.is_visible() for k in page.locator(".gt-key").all())
        assert page.locator("button[data-action='pass']").inner_text() == "Pass"
        page.locator("button[data-action='pass']").tap()
        page.get_by_text("Both of you passed the upcard: draw from the stock.").first.wait_for()
        page.locator("button[data-pile='stock']").tap()
        prompt = page.locator(".gt-prompt")
        prompt.get_by_text("Choose the card you throw.").wait_for()
        assert "click" not in prompt.inner_text().lower()
    finally:
        context.close()


def test_the_puzzle_of_the_day_and_a_suited_level_on_a_phone_in_spanish(app_url, browser):
    context = browser.new_context(locale="es-ES", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(45000)
    try:
        page.goto(f"{app_url}/drills?lang=es")
        page.get_by_role("button", name="Ejercicio del día").first.click()
        page.get_by_text("el mismo para todos, con el reglamento clásico.").wait_for()
        page.get_by_text("A mi medida", exact=True).click()
        page.get_by_text("Sin perfil no hay valoración, así que toca un ejercicio fácil.", exact=False).wait_for()
        wait_until(page, lambda: "level=easy" in page.url)  # a guest has no rating: easy
        settle(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_a_learner_with_a_profile_starts_the_drills_page_suited_to_them_on_a_phone(app_url, page):
    page.goto(f"{app_url}/drills?lang=en")  # a guest arrives at the hand-picked easy level
    create_profile(page, "Suited")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/drills?lang=en")  # a new session: the browser remembers the profile
    page.get_by_text("Chosen for you: you have not answered a puzzle of Melds yet, so an easy one to start.",
                     exact=False).wait_for()
    wait_until(page, lambda: "drill=melds" in page.url and "level=easy" in page.url)
    page.get_by_role("button", name="New puzzle").click()  # the next one is chosen the same way
    page.get_by_text("Chosen for you:", exact=False).wait_for()
    settle(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # A click on "Suited to me" while it is on keeps it on (learner review L2: it switched to easy).
    suited = page.get_by_role("radio", name="Suited to me")
    suited.click()
    settle(page)
    page.get_by_text("Chosen for you:", exact=False).wait_for()
    assert suited.get_attribute("aria-checked") == "true"


def test_the_glossary_downloads_as_an_anki_deck(app_url, page, tmp_path):
    import zipfile
    page.goto(f"{app_url}/glossary?lang=en")
    settle(page)  # a click while the page's first run still draws can be lost (it failed so under load)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the glossary as an Anki deck").click()
    path = tmp_path / "deck.apkg"
    download.value.save_as(path)
    assert download.value.suggested_filename == "gin-tutor-glossary.apkg"
    assert "collection.anki2" in zipfile.ZipFile(path).namelist()


EVIL = ["/glossary?lang=en&term=%5BLog%20in%20here%5D(https://evil.example/phish)",
        "/?lang=!%5Bx%5D(https://evil.example/pixel.png)",
        "/ruleset?lang=en&rules=%5Bx%5D(https://evil.example/r)",
        "/lessons?lang=en&lesson=!%5Bx%5D(https://evil.example/l.png)",
        "/drills?lang=en&drill=score&seed=1&level=!%5Bx%5D(https://evil.example/d.png)",
        "/play?lang=en&game=1&level=%5Bx%5D(https://evil.example/p)"]


@pytest.mark.parametrize("address", EVIL)
def test_markdown_in_an_address_renders_no_link_and_fetches_no_image(app_url, page, address):
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url)
            if urllib.parse.urlparse(request.url).hostname == "evil.example" else None)
    page.goto(app_url + address)
    page.get_by_text("evil", exact=False).first.wait_for()
    assert page.locator("a[href*='evil.example']").count() == 0
    assert page.locator("img[src*='evil.example']").count() == 0
    assert fetched == []


TEACHING_NEEDS_PRIVATE = "Teaching needs private profiles"


def _no_teacher_action(page) -> None:
    """The Classes page shown says teaching needs private profiles and offers no teacher's action."""
    page.get_by_text(TEACHING_NEEDS_PRIVATE).wait_for()
    for action in ("Make the class", "Teach this class too", "Show the teacher code", "Take out of the class",
                   "Make the accounts", "Download the table (CSV)"):
        assert page.get_by_role("button", name=action).count() == 0, action


def test_in_the_default_set_up_no_one_becomes_a_teacher_by_name_cookie_or_pick(app_url, browser):
    # The README's set-up (gin-tutor app, SQLite, no settings): profiles are public, so Teach is not
    # offered to anyone, the would-be teacher included, and nothing a learner tries opens it.
    contexts = [browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000}) for _ in range(4)]
    try:
        teacher = contexts[0].new_page()
        teacher.goto(f"{app_url}/classes?lang=en")
        create_profile(teacher, "Ms Ruiz Default")
        _no_teacher_action(teacher)
        # A learner who types the teacher's name makes or opens that profile: still no teacher action.
        typed = contexts[1].new_page()
        typed.goto(f"{app_url}/classes?lang=en")
        create_profile(typed, "ms ruiz default")
        _no_teacher_action(typed)
        # A forged cookie naming the teacher's profile.
        contexts[2].add_cookies([{"name": "gin_tutor_profile", "value": "Ms%20Ruiz%20Default",
                                  "url": app_url}])
        forged = contexts[2].new_page()
        forged.goto(f"{app_url}/classes?lang=en")
        _no_teacher_action(forged)
        # Picking the teacher's name from the profile list, in a fresh browser.
        picking = contexts[3].new_page()
        picking.goto(f"{app_url}/classes?lang=en")
        sidebar = picking.locator("[data-testid='stSidebar']")
        settle(picking)
        sidebar.get_by_text("Profile: guest").click()
        settle(picking)
        picker = sidebar.get_by_label("Your profile")
        picker.click()
        picker.press_sequentially("Ms Ruiz Default")  # the list narrows to the name typed, as a person types it
        try:
            picking.get_by_role("option", name="Ms Ruiz Default", exact=True).wait_for(timeout=60_000)
        except Exception as error:
            options = picking.get_by_role("option").all_inner_texts()
            raise AssertionError(f"the list offers {options[:20]}; the sidebar says "
                                 f"{sidebar.inner_text(timeout=5000)!r}") from error
        picker.press("Enter")
        sidebar.get_by_text("Profile: Ms Ruiz Default").wait_for()
        _no_teacher_action(picking)
    finally:
        for context in contexts:
            context.close()
