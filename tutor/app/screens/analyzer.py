"""The hand analyzer: type or pick 10 or 11 cards; see the best melds, the deadwood, the other
arrangements, whether the hand may knock under the chosen rules, and for 11 cards the best discard."""

import streamlit as st

from tutor.app.ui import state
from tutor.app.ui.card_picker import card_picker, picked
from tutor.app.ui.render import show_analysis
from tutor.app.ui.safe import error_text
from tutor.app.ui.session_keys import ANALYZER_CARDS, ANALYZER_PICKED, ANALYZER_SYNCED
from tutor.engine.cards import BIG_GIN_SIZE, DECK, HAND_SIZE, SUITS, format_cards, parse_cards, sort_cards
from tutor.engine.errors import TutorError
from tutor.engine.melds import analyze
from tutor.language.labels import ruleset_title, suit_name

tr = state.translator()
rules = state.ruleset()
CARD_BY_NAME = {str(c): c for c in DECK}
PICKED, SYNCED = ANALYZER_PICKED, ANALYZER_SYNCED


def picked_to_text() -> None:
    """Cards were clicked since the last run: write the picked cards into the text box (before it
    is drawn)."""
    names = picked(PICKED)
    if names != st.session_state.get(SYNCED, []):
        st.session_state[ANALYZER_CARDS] = format_cards(sort_cards(CARD_BY_NAME[n] for n in names))
        st.session_state[SYNCED] = names


def text_to_picker() -> None:
    """The text box changed: pick the same cards when the text reads as cards, and none when the
    box was emptied."""
    text = st.session_state[ANALYZER_CARDS]
    if not text.strip():
        names: list[str] = []
    else:
        try:
            names = [str(c) for c in parse_cards(text)]
        except TutorError:
            return
    st.session_state[PICKED] = st.session_state[SYNCED] = names


def clear() -> None:
    """Empty both the text box and the picked cards."""
    st.session_state[ANALYZER_CARDS] = ""
    st.session_state[PICKED] = st.session_state[SYNCED] = []


picked_to_text()
st.title(tr.gettext("Hand analyzer"))
st.markdown(tr.gettext("Type 10 cards, or 11 just after a draw, such as `AS 2S 3S 7H 7D 7C KD KC KH 9S`. "
                       "Ranks A, 2–10 (or T), J, Q, K; suits S, H, D, C or ♠ ♥ ♦ ♣; any case; spaces or commas."))
st.text_input(tr.gettext("Your cards"), key="analyzer_cards", on_change=text_to_picker,
              placeholder="AS 2S 3S 7H 7D 7C KD KC KH 9S")
st.button(tr.gettext("Clear"), key="analyzer_clear", on_click=clear)
with st.expander(tr.gettext("Or pick the cards"), expanded=bool(picked(PICKED))):
    card_picker([(suit_name(suit, tr).capitalize(), [c for c in DECK if c.suit == suit]) for suit in SUITS],
                PICKED, tr, small=True)

text = st.session_state.get(ANALYZER_CARDS, "")
if text.strip():
    try:
        result = analyze(parse_cards(text, count=(HAND_SIZE, BIG_GIN_SIZE)))
    except TutorError as error:
        st.error(error_text(error, tr))
    else:
        st.caption(tr.gettext("Rules: {rules}", rules=ruleset_title(rules, tr)))
        show_analysis(result, tr, rules)
else:
    st.info(tr.gettext("Type or pick a hand to see its best melds."))
