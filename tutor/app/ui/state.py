"""What the app remembers for a learner: the language and the ruleset, kept in the session and
mirrored into the URL (``?lang=es``, ``?rules=short``) so that a link opens the same view."""

from __future__ import annotations

import random
from collections.abc import Callable
from urllib.parse import urlsplit

import streamlit as st

from tutor.app.ui.session_keys import LANG, LANG_SWITCH, RULES, TRANSLATOR
from tutor.base.numbers import MAX_SEED
from tutor.engine.rules import Ruleset, available_rulesets, load_ruleset
from tutor.language.i18n import DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, Translator, negotiate, offered_languages
from tutor.language.labels import ruleset_title

_seeds: random.Random = random.SystemRandom()
"""Where new game, puzzle and lesson-check numbers come from (tests put a seeded generator here)."""


def new_seed() -> int:
    """A fresh number for a game or a puzzle."""
    return _seeds.randrange(MAX_SEED + 1)




def _language_switched() -> None:
    chosen = st.session_state.get(LANG_SWITCH)
    if chosen is None:  # the switch was clicked off: keep the language
        st.session_state[LANG_SWITCH] = st.session_state[LANG]
        return
    st.session_state[LANG] = chosen
    st.query_params[LANG] = chosen


def language_keyed(name: str) -> str:
    """A widget key that carries the language: a widget keeps its option labels while its key
    stays the same, so a selectbox whose labels are translated needs a new key per language."""
    return f"{name}_{st.session_state.get('lang')}"


def _rules_key() -> str:
    return language_keyed("rules_switch")


def _rules_switched() -> None:
    chosen = st.session_state[_rules_key()]
    st.session_state[RULES] = chosen
    st.query_params[RULES] = chosen


def _from_url(name: str, allowed: tuple[str, ...], first: Callable[[], str]) -> str | None:
    """Keep a choice in the session and in the URL (``?name=``): the URL wins when it names an
    allowed value, the session holds it across pages, ``first()`` gives it on the first visit.
    Returns what the URL said when it is not allowed."""
    state = st.session_state
    bad = None
    asked = st.query_params.get(name)
    if asked is not None and asked != state.get(name):
        if asked in allowed:
            state[name] = asked
        else:
            bad = asked
    if name not in state:
        state[name] = first()
    st.query_params[name] = state[name]
    return bad


def start_language() -> tuple[Translator, str | None]:
    """The learner's language: from ``?lang=``, else the session, else the browser, else English.

    Returns the translator and, when ``?lang=`` named an unknown language, what it said.
    """
    bad = _from_url("lang", offered_languages(), lambda: negotiate([st.context.locale]))
    return Translator(st.session_state[LANG]), bad


def language_switch(tr: Translator) -> None:
    """The language switch shown on every page (in the sidebar)."""
    state = st.session_state
    if state.get(LANG_SWITCH) != state[LANG]:
        state[LANG_SWITCH] = state[LANG]
    st.sidebar.segmented_control(
        tr.gettext("Language"), offered_languages(), key="lang_switch", on_change=_language_switched,
        format_func=lambda lang: tr.content(tr.language_name(lang)) if lang != PSEUDO_LANGUAGE else tr.content("qps"))


def declare_page_language(lang: str) -> None:
    """Tell screen readers the page's language (Streamlit fixes ``<html lang="en">``)."""
    code = "en" if lang == PSEUDO_LANGUAGE else lang
    st.html(f"<script>document.documentElement.lang = {code!r};</script>", unsafe_allow_javascript=True)


def full_url(relative: str) -> str:
    """An address of the app (``drills?drill=…``) as a full link from the page the learner is on
    (``http://host/drills?drill=…``); the relative address where the page's own is not known."""
    here = st.context.url
    if not here:
        return relative
    parts = urlsplit(here)
    folder = parts.path.rsplit("/", 1)[0] + "/"
    return f"{parts.scheme}://{parts.netloc}{folder}{relative}"


def show_address(label: str, relative: str) -> None:
    """A caption and the full link in a box with a copy button."""
    st.caption(label)
    st.code(full_url(relative), language=None, wrap_lines=True)


PAGE_STYLE = (
    "<style>"
    ":root { --gt-page-styled: 1; }"
    "[data-testid='InputInstructions'] { display: none; }"
    "[data-testid='stMarkdownContainer'] table { display: block; max-width: 100%; overflow-x: auto; }"
    "[data-testid='stCaptionContainer'] { color: inherit !important; opacity: 0.8; }"
    "@media (hover: none) and (pointer: coarse) { .st-key-keys_help { display: none; } }"
    "@media (max-width: 520px) { [data-testid='stMarkdownContainer'] table { font-size: 0.8rem; }"
    " [data-testid='stMarkdownContainer'] th, [data-testid='stMarkdownContainer'] td"
    " { padding: 0.25rem 0.3rem; overflow-wrap: anywhere; } }"
    "</style>"
)
"""Mark the page as styled (``--gt-page-styled``: Streamlit inserts these rules a moment after a
run ends, and the browser tests wait for them), hide Streamlit's own "Press Enter to apply" hints
(English only; every answer box here has a button that says what to do), let a wide table scroll
inside itself and draw it smaller on a phone (so that the comparison's four columns fit), leave
out the keyboard's help on a touch screen (the box with the key ``keys_help``), and draw captions
in the text's own colour, a little lighter (Streamlit's grey falls short of 4.5:1 on white; this
keeps well above it in light and dark mode)."""


DARK_PRIMARY_TEXT = ("[data-testid^='stBaseButton-primary'], [data-testid^='stBaseButton-primary'] p "
                     "{ color: #0e1117 !important; }")
"""In dark mode the primary colour is a light red (so that it reads as text on the dark page); white
text on it would not, so a primary button's text is dark there."""


def page_style() -> None:
    """The few style rules every page needs (:data:`PAGE_STYLE`), and the dark mode's (the browser's
    setting, or the theme chosen in Streamlit's menu)."""
    theme = getattr(st.context.theme, "type", None)
    rules = {"dark": DARK_PRIMARY_TEXT, "light": ""}.get(
        str(theme), f"@media (prefers-color-scheme: dark) {{ {DARK_PRIMARY_TEXT} }}")
    st.html(PAGE_STYLE.replace("</style>", rules + "</style>"))


def start_ruleset(tr: Translator) -> tuple[Ruleset, str | None]:
    """The ruleset chosen in the sidebar, from ``?rules=`` or the session; classic at first.

    Returns the ruleset and, when ``?rules=`` named an unknown ruleset, what it said.
    """
    state = st.session_state
    bad = _from_url("rules", available_rulesets(), lambda: available_rulesets()[0])
    if state.get(_rules_key()) != state[RULES]:
        state[_rules_key()] = state[RULES]
    st.sidebar.selectbox(tr.gettext("Ruleset"), available_rulesets(), key=_rules_key(),
                         on_change=_rules_switched, format_func=lambda name: ruleset_title(name, tr))
    return load_ruleset(state[RULES]), bad


def translator() -> Translator:
    """The translator of the current run. The app's entry makes it from the chosen language and
    keeps it in the session under ``_translator`` before any page runs; pages fetch it here."""
    tr: Translator = st.session_state[TRANSLATOR]
    return tr


def language() -> str:
    """The learner's language code, as the URL carries it (``?lang=es``)."""
    return str(st.session_state.get(LANG, DEFAULT_LANGUAGE))


def ruleset() -> Ruleset:
    """The ruleset chosen in the sidebar."""
    return load_ruleset(st.session_state[RULES])
