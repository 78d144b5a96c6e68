"""No text from a URL, a profile name, a typed hand or a search is rendered as Markdown: links,
images, colour directives and formulas come out as the characters typed (finding F3 of the
reliability review). AppTest reads the Markdown source each element gets; a browser test checks
the page itself (test_browser.py)."""

from __future__ import annotations

import pytest
from apptest_helpers import start

PAYLOADS = ["[Log in here](https://evil.example/phish)", "![x](https://evil.example/pixel.png)",
            ":red-background[**URGENT** your account is locked] $\\frac{a}{b}$"]
LIVE = ["](https://evil", "![", ":red-background[", "$\\frac", "**URGENT**"]
"""What would render if the payload reached Markdown unescaped."""

PARAMS = [
    ("screens/home.py", "lang"), ("screens/home.py", "rules"), ("screens/glossary.py", "term"),
    ("screens/rules.py", "section"),
    ("screens/lessons.py", "lesson"), ("screens/drills.py", "drill"), ("screens/drills.py", "seed"),
    ("screens/drills.py", "level"), ("screens/play.py", "game"), ("screens/play.py", "level"),
]


def rendered(at) -> list[str]:
    """Every piece of text that Streamlit renders as Markdown, with the labels of expanders."""
    out = []
    for kind in ("markdown", "caption", "success", "info", "warning", "error"):
        out += [element.value for element in getattr(at, kind)]
    out += [element.label for element in at.expander]
    return out


def assert_inert(at, quoted: bool = True):
    """No rendered text carries a live payload; with ``quoted``, the payload is quoted somewhere."""
    assert not at.exception, [e.value for e in at.exception]
    texts = rendered(at)
    assert not quoted or any("evil" in text or "URGENT" in text for text in texts), "the payload is quoted"
    for text in texts:
        assert not any(live in text for live in LIVE), text


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("page, param", PARAMS)
def test_no_url_parameter_renders_as_markdown(page, param, payload):
    params = {"drill": "score", "seed": "1", "level": "easy"} if page.endswith("drills.py") else {}
    if page.endswith("play.py"):
        params = {"game": "1", "level": "beginner"}
    params[param] = payload
    at = start("en", params=params)
    if page != "screens/home.py":
        at.switch_page(page).run()
    assert_inert(at)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_typed_hand_and_a_search_do_not_render_as_markdown(payload):
    at = start("en")
    at.switch_page("screens/analyzer.py").run()
    at.text_input(key="analyzer_cards").input("AS 2S " + payload).run()
    assert_inert(at, quoted=False)  # the message quotes the first token that is not a card
    assert any("\\" in e.value for e in at.error)
    at.switch_page("screens/glossary.py").run()
    at.text_input(key="glossary_query").input(payload).run()
    assert_inert(at)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_profile_name_does_not_render_as_markdown(payload):
    at = start("en")
    at.text_input(key="profile_new").input(payload[:40]).run()
    at.button(key="profile_create").click().run()
    assert not at.exception
    label = next(e.label for e in at.expander if e.label.startswith("Profile:"))
    assert not any(live in label for live in LIVE) and "\\" in label
