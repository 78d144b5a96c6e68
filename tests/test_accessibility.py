"""Accessibility in a real browser: axe-core (WCAG 2.1 A and AA, and its best practices, such as
headings in order) on every page, in both languages, at desktop and phone width, in light and dark
mode (at phone width, no page scrolls sideways and no table runs past the screen); a whole hand
played with the keyboard alone, with the table checked in each phase of it; the page's language
and its tab's title declared to assistive technology.

No violation is allowed: where one came from Streamlit's own markup (its page list put <div>s in a
<ul>), the app works around it (the pages are listed with st.page_link). Runs with the browser
tests (Debian's Chromium; axe-core from the axe-playwright-python package)."""

from __future__ import annotations

import pytest
from browser import settle
from test_browser import _table_state, _wait_for_the_move

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]
"""One worker runs every browser test: one app server and one Chromium for them all."""

PAGES = ["", "rules", "compare", "ruleset", "glossary", "lessons", "review", "progress", "classes", "play", "drills",
         "analyzer"]
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
         "resultTypes": ["violations"]}
ALLOWED: dict[str, str] = {}
"""Violations that cannot be worked around, by axe rule id, with the reason: none."""


def violations(page) -> list[str]:
    """What axe-core finds wrong on the page as it stands, one line per rule (none allowed)."""
    from axe_playwright_python.sync_playwright import Axe
    settle(page)  # the last rerun has finished and been drawn
    found = Axe().run(page, options=RULES).response["violations"]
    return [f"{v['id']} ({len(v['nodes'])}): {v['nodes'][0]['target']} {v['nodes'][0].get('failureSummary', '')[:160]}"
            for v in found if v["id"] not in ALLOWED]


@pytest.fixture
def open_page(browser):
    contexts = []

    def make(width: int, scheme: str = "light"):
        context = browser.new_context(locale="en-US", viewport={"width": width, "height": 1000}, color_scheme=scheme)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(45000)
        return page

    yield make
    for context in contexts:
        context.close()


PHONE = 390
REVIEW_WAIT_MS = 240_000
"""How long a test waits for a hand's review, worked out in the background (see its use)."""
SIDEWAYS = ("Math.max(document.documentElement.scrollWidth,"
            " document.querySelector('[data-testid=\"stMain\"]')?.scrollWidth || 0)")
"""How wide the page's content is: more than the screen means it scrolls sideways."""
HIDDEN_TABLES = ("[...document.querySelectorAll('[data-testid=stMarkdownContainer] table')]"
                 ".map(t => t.scrollWidth - t.clientWidth).filter(d => d > 0).length")
"""How many tables run past their box (and would scroll inside it)."""


@pytest.mark.parametrize("lang, width, scheme", [
    # Each language, each width and each colour scheme once (the markup and the contrast that axe
    # checks change with the width and the scheme, the words with the language): two sweeps of
    # every page, some 25 s each; the other two pairings added nothing a sweep had not found.
    ("en", 1280, "light"), ("es", PHONE, "dark")])
def test_every_page_meets_wcag_21_aa_and_fits_a_phone_without_scrolling_sideways(app_url, open_page, lang, width,
                                                                                 scheme):
    page = open_page(width, scheme)
    problems = {}
    for path in PAGES:  # the drills page opens a hard hand-score puzzle, the widest it shows
        page.goto(f"{app_url}/{path}?lang={lang}&drill=score&seed=955686941&level=hard&rules=classic")
        page.locator("h1").first.wait_for()
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")  # declared to screen readers
        found = violations(page)
        if found:
            problems[path or "home"] = found
        if width == PHONE:
            assert page.evaluate(SIDEWAYS) <= PHONE, (path, page.evaluate(SIDEWAYS))
            # A wide table would scroll inside itself: the comparison's four columns fit without it (M5).
            assert page.evaluate(HIDDEN_TABLES) == 0, (path, "a table runs past the screen")
        if path == "glossary":  # the browser's tab names the page, in the learner's language
            page.wait_for_function("document.title.length > 0")
            assert ("Glosario" if lang == "es" else "Glossary") in page.title()
    assert not problems, problems


def test_the_table_names_cards_in_the_learners_language_and_announces_moves(app_url, open_page):
    page = open_page(1280)
    page.goto(f"{app_url}/play?lang=es&game=12345&level=beginner&rules=classic")
    page.locator(".gt-table").wait_for()
    names = page.locator(".gt-row .gt-card").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
    assert len(names) == 10 and all(" de " in n for n in names), names  # "as de corazones", "7 de picas"
    groups = page.locator(".gt-group[role='group']").evaluate_all("g => g.map(x => x.getAttribute('aria-label'))")
    assert groups and all(groups)  # each meld and the deadwood is a named group
    assert page.locator(".gt-log[aria-live='polite']").count() == 1  # the virtual player's moves are read out


FOCUSED = ("(() => { let a = document.activeElement;"
           " while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; return a; })()")
"""The element with the keyboard focus, inside the table's shadow root if it is there."""
HOLDS_FOCUS = ("(() => { const a = " + FOCUSED + "; const tables = [...document.querySelectorAll('*')]"
               ".filter(h => h.shadowRoot && h.shadowRoot.querySelector('.gt-table'));"
               " return !tables.length || !!(a && a.closest && a.closest('.gt-table')); })()")
"""The table holds the keyboard focus (or is gone: the hand is over)."""


def test_a_whole_hand_is_played_with_the_keyboard_alone_and_meets_wcag_in_every_phase(app_url, open_page):
    """Only keys: a letter per action (P pass, S stock, K knock in English), the arrows and Enter on
    a card; the table keeps the focus after every move, and it shows (a visible outline). axe-core
    checks the table at the first upcard, the first draw and discard, the hand's end, and a decision
    of the review tried again (before and after the answer)."""
    # Game 158 against the beginner: it knocks on its third turn, after the learner's five decisions
    # (pass, stock, a discard graded a mistake, stock, another discard), so the review is short.
    page = open_page(1280)
    page.goto(f"{app_url}/play?lang=en&game=158&level=beginner&rules=classic")
    page.locator(".gt-table").wait_for()
    seen: dict[str, list[str]] = {"first upcard": violations(page)}
    over = page.get_by_text("Hand 1 is over")
    for _ in range(150):
        if over.count():
            break
        page.wait_for_function(HOLDS_FOCUS)
        if "draw" not in seen and page.locator("button[data-pile='stock']:not([disabled])").count():
            seen["draw"] = violations(page)
        if "discard" not in seen and page.locator(".gt-row .gt-card:not([disabled])").count():
            seen["discard"] = violations(page)
        before = _table_state(page)
        if page.locator("button[data-action='pass']:not([disabled])").count():
            page.keyboard.press("p")
        elif page.locator("button[data-pile='stock']:not([disabled])").count():
            page.keyboard.press("s")
        elif page.locator(".gt-row .gt-card:not([disabled])").count():
            if page.locator("button[data-action='knock'][aria-pressed='false']:not([disabled])").count():
                page.keyboard.press("k")
                page.locator("button[data-action='knock'][aria-pressed='true']").wait_for()
                page.wait_for_function(HOLDS_FOCUS)
            if not page.evaluate(f"{FOCUSED}.classList.contains('gt-card')"):
                page.keyboard.press("ArrowRight")
            outline = page.evaluate(f"getComputedStyle({FOCUSED}).outlineStyle")
            assert outline != "none", "the focused card shows its focus"
            page.keyboard.press("Enter")
        else:  # the virtual player is moving: wait for the table to offer something
            _wait_for_the_move(page, over, before)
            continue
        _wait_for_the_move(page, over, before)
    over.wait_for()
    seen["hand over"] = violations(page)
    # The hand's review is worked out in the background (20-30 s of CPU for a whole hand, by a worker
    # at a lower priority than the pages, while the suite's other worker runs): its buttons come when
    # it is ready, which under the whole suite's load took longer than the default 45 s.
    retry = page.get_by_role("button", name="Try again").first
    retry.wait_for(timeout=REVIEW_WAIT_MS)
    retry.click()  # a decision of the review, tried again
    page.get_by_text("What do you play here?").wait_for()
    seen["try again"] = violations(page)
    page.locator("[class*='st-key-play_retry_move_'] button").first.click()
    page.get_by_text("You chose:").wait_for(timeout=REVIEW_WAIT_MS)  # its verdict, also worked out in the background
    seen["try again, answered"] = violations(page)
    assert set(seen) == {"first upcard", "draw", "discard", "hand over", "try again", "try again, answered"}
    assert not any(seen.values()), seen
