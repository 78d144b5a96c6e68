"""The whole app under a pseudo-language that wraps every translated string in ⟦ ⟧: any visible
text left outside the markers did not go through the catalogs, and this test names it."""

import re
from html.parser import HTMLParser

import pytest
from apptest_helpers import PAGES, start

MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
CARD = re.compile(r"(?<![\w])(10|[2-9AJQKT])[SHDC♠♥♦♣](?![\w])")
LINK_TARGET = re.compile(r"\]\([^)]*\)")
LETTER = re.compile(r"[^\W\d_]")


class _VisibleText(HTMLParser):
    """Text nodes and the attributes a screen reader reads (alt, title, aria-label)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ("alt", "title", "aria-label") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_html(body: str) -> str:
    parser = _VisibleText()
    parser.feed(body)
    return " ".join(parser.parts)


def unmarked(text: str) -> str:
    """What is left of a text once marked strings, card codes, links and code spans are removed."""
    previous = None
    while previous != text:
        previous, text = text, MARKED.sub(" ", text)
    text = LINK_TARGET.sub("]", text)
    text = re.sub(r":[a-z]+\[([^\]]*)\]", r"\1", text).replace("*", "")  # Markdown colours, bold
    text = re.sub(r"`[^`]*`", " ", text)
    text = CARD.sub(" ", text)
    return text


def leaks(at) -> list[str]:
    found = []
    pieces = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "success", "info", "warning", "error"):
        # (links to the app's own pages are HTML, to open in the same tab: their visible text counts)
        pieces += [visible_html(e.value) if "<a " in e.value else e.value for e in getattr(at, kind)]
    pieces += [visible_html(e.proto.body) for e in at.get("html")]
    for kind in ("text_input", "selectbox", "button", "expander", "button_group", "pills", "page_link"):
        for element in at.get(kind):
            pieces.append(getattr(element, "label", "") or "")
            if kind == "text_input":
                pieces.append(element.placeholder or "")
            if kind == "selectbox" and not (element.key or "").startswith("profile_pick"):
                pieces += list(element.options)  # (profile names are the learners' own words)
            if kind == "button_group":
                pieces += [o.content for o in element.proto.options] if hasattr(element.proto, "options") else []
    for frame in at.get("arrow_data_frame"):
        df = frame.value
        pieces += [str(c) for c in df.columns] + [str(v) for v in df.to_numpy().ravel()]
    for table in at.table:
        df = table.value
        pieces += [str(c) for c in df.columns] + [str(v) for v in df.to_numpy().ravel()]
    for piece in pieces:
        rest = unmarked(piece)
        if (LETTER.search(rest) and rest.strip() not in {"A", "B", "gin-tutor"}
                and not set(LETTER.findall(rest)) <= {"A", "B"}):
            found.append(piece)
    return found


@pytest.fixture
def pseudo(monkeypatch):
    monkeypatch.setenv("GIN_TUTOR_PSEUDO_LOCALE", "1")


@pytest.mark.parametrize("page", PAGES + ["screens/ruleset.py"])
def test_every_page_in_the_pseudo_language_is_fully_marked(pseudo, page):
    at = start("qps")
    at.switch_page(page).run()
    assert not at.exception
    assert at.session_state["lang"] == "qps"
    assert leaks(at) == []


def test_interactions_in_the_pseudo_language_are_fully_marked(pseudo):
    at = start("qps")
    at.switch_page("screens/analyzer.py").run()
    at.text_input(key="analyzer_cards").input("5H 6H 7H 7S 7D 8C 9C 10C JC 2D 3D").run()
    assert leaks(at) == []
    at.text_input(key="analyzer_cards").input("AS 2S 1X").run()
    assert at.error and leaks(at) == []
    at = start("qps", params={"term": "baceta"})
    at.switch_page("screens/glossary.py").run()
    assert leaks(at) == []
    at.text_input(key="glossary_query").input("stock").run()
    assert leaks(at) == []


def test_the_checker_catches_an_unmarked_string():
    assert unmarked("⟦Deadwood: ⟦9⟧⟧ and more") .strip() == "and more"
    assert LETTER.search(unmarked("Hello ⟦world⟧"))
    assert not LETTER.search(unmarked("⟦Melds⟧: 7♥ AS 10C"))


def test_a_drill_checked_in_the_pseudo_language_is_fully_marked(pseudo):
    at = start("qps", params={"drill": "deadwood", "seed": "11", "level": "hard", "rules": "spanish"})
    at.switch_page("screens/drills.py").run()
    at.button(key="hint_deadwood-hard-spanish-11").click().run()
    at.number_input(key="answer_deadwood_deadwood-hard-spanish-11").set_value(1).run()
    at.button(key="check_deadwood-hard-spanish-11").click().run()
    assert at.warning and at.info and leaks(at) == []  # a first wrong answer: a warning and a second try
    at = start("qps", params={"drill": "poker", "seed": "x"})
    at.switch_page("screens/drills.py").run()
    assert at.warning and leaks(at) == []


@pytest.mark.parametrize("page", ["screens/lessons.py", "screens/review.py", "screens/progress.py"])
def test_learning_pages_in_the_pseudo_language_are_fully_marked(pseudo, page):
    at = start("qps")
    at.switch_page(page).run()
    assert not at.exception and leaks(at) == []
    at.text_input(key="profile_new").input("Pseudo").run()
    at.button(key="profile_create").click().run()
    at.switch_page(page).run()
    assert not at.exception and leaks(at) == []


def test_progress_with_attempts_in_the_pseudo_language_is_fully_marked(pseudo):
    at = start("qps", params={"drill": "totals", "seed": "3", "level": "easy", "rules": "classic"})
    at.text_input(key="profile_new").input("Pseudo").run()
    at.button(key="profile_create").click().run()
    at.switch_page("screens/drills.py").run()
    pid = "totals-easy-classic-3"
    at.number_input(key=f"answer_total_A_{pid}").set_value(1).run()
    at.number_input(key=f"answer_total_B_{pid}").set_value(2).run()
    at.button(key=f"check_{pid}").click().run()
    assert leaks(at) == []
    at.switch_page("screens/progress.py").run()
    assert at.metric and leaks(at) == []
    at.switch_page("screens/review.py").run()
    assert leaks(at) == []
