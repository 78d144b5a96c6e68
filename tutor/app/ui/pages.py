"""Addresses of the app's pages, for links inside text and tables."""

from __future__ import annotations

import streamlit as st

SOURCE_PAGES = {"000": "short", "001": "classic", "002": "spanish"}
"""The ruleset page that presents each source text."""


def _lang_query() -> str:
    return f"?lang={st.session_state.get('lang', 'en')}"


def ruleset_url(name: str) -> str:
    """The address of a ruleset's page, keeping the learner's language."""
    return f"ruleset{_lang_query()}&rules={name}"


def source_link(source: str) -> str:
    """A Markdown link from a source number to the page that presents that source."""
    return f"[{source}]({ruleset_url(SOURCE_PAGES[source])})"


def term_url(term_id: str) -> str:
    """The address of a glossary term (``?term=baceta``)."""
    return f"glossary{_lang_query()}&term={term_id}"
