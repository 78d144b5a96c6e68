"""The review page's pieces: the flash card's answers and what each rates, and review items in words."""

from __future__ import annotations

import streamlit as st

from tutor.app.ui import store_access
from tutor.app.ui.session_keys import FLASH_SHOWN
from tutor.content.glossary import term_by_id
from tutor.language.i18n import N_, Translator
from tutor.language.labels import drill_kind_name, level_name, ruleset_title
from tutor.progress.review import DrillItem, Rating, TermItem

FLASH_RATINGS = {Rating.Again: N_("Not yet"), Rating.Hard: N_("With effort"), Rating.Good: N_("I knew it")}
"""The flash card's answers, and how each rates it."""


COMING_BACK_ROWS = 20
"""How many of the items waiting the page lists, the soonest first."""


def item_name(item: str, tr: Translator) -> str:
    """A review item in words: a drill's kind, level and rules, or a term and its direction."""
    drill, flash = DrillItem.parse(item), TermItem.parse(item)
    if drill is not None:
        return " · ".join([drill_kind_name(drill.kind, tr), level_name(drill.level, tr),
                           ruleset_title(drill.ruleset, tr)])
    term = term_by_id(flash.term) if flash is not None else None
    if flash is None or term is None:
        return item
    return tr.gettext("{term} ({front} → {back})", term=tr.content(term.name(flash.front)),
                      front=tr.language_label(flash.front), back=tr.language_label(flash.back))


def rate_flash_card(profile_id: int, item: str, rating: Rating) -> None:
    """Rate the flash card shown, and turn to the next."""
    store_access.store().schedule(profile_id, item, rating)
    st.session_state[FLASH_SHOWN] = None
