"""Addresses of the app's pages, for links inside text and tables."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from tutor.app.ui import state
from tutor.language.i18n import N_


@dataclass(frozen=True)
class Screen:
    """One page of the app: its module in ``tutor/app/screens``, its title and its address (the
    home page's is ``/``; its old address ``/home`` leads there)."""

    file: str
    title: str
    """A catalog message id."""
    url_path: str


NAVIGATION: dict[str, tuple[Screen, ...]] = {
    N_("Start"): (Screen("home.py", N_("Welcome"), ""),),
    N_("Rules"): (
        Screen("rules.py", N_("Rules step by step"), "rules"),
        Screen("compare.py", N_("The rulesets compared"), "compare"),
        Screen("ruleset.py", N_("About the ruleset"), "ruleset"),
        Screen("glossary.py", N_("Glossary"), "glossary"),
    ),
    N_("Learn"): (
        Screen("lessons.py", N_("Lessons"), "lessons"),
        Screen("review.py", N_("Review"), "review"),
        Screen("progress.py", N_("Your progress"), "progress"),
        Screen("classes.py", N_("Classes"), "classes"),
    ),
    N_("Practice"): (
        Screen("play.py", N_("Play"), "play"),
        Screen("friend.py", N_("Play a friend"), "friend"),
        Screen("drills.py", N_("Drills"), "drills"),
        Screen("analyzer.py", N_("Hand analyzer"), "analyzer"),
    ),
}
"""The app's pages by section, in the order the sidebar lists them; the first is the home page."""


def screens() -> list[Screen]:
    """Every page of the app, in navigation order."""
    return [screen for section in NAVIGATION.values() for screen in section]


SOURCE_PAGES = {"000": "short", "001": "classic", "002": "spanish"}
"""The ruleset page that presents each source text."""


def link(text: str, url: str) -> str:
    """An HTML link to a page of the app that opens in the same tab (Markdown links open a new
    tab, a new session); for ``st.markdown(..., unsafe_allow_html=True)``: our own text only."""
    return f'<a href="{escape(url, quote=True)}" target="_self">{escape(text)}</a>'


def _lang_query() -> str:
    return f"?lang={state.language()}"


def ruleset_url(name: str) -> str:
    """The address of a ruleset's page, keeping the learner's language."""
    return f"ruleset{_lang_query()}&rules={name}"


def source_link(source: str | None) -> str:
    """A link (HTML, same tab) from a source number to the page that presents that source ("—" for
    an option that keeps its default)."""
    if source is None:
        return "—"
    return link(source, ruleset_url(SOURCE_PAGES[source])) if source in SOURCE_PAGES else source


def rules_section_url(section_id: str) -> str:
    """The address of one section of the rules (``?section=deal``)."""
    return f"rules{_lang_query()}&section={section_id}"


def term_url(term_id: str) -> str:
    """The address of a glossary term (``?term=baceta``)."""
    return f"glossary{_lang_query()}&term={term_id}"
