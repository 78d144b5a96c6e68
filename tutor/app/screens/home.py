"""Welcome: where to start (the course, a game, the drills), where to look things up, and a first
hand laid out by the engine."""

import streamlit as st

from tutor.app.ui import state
from tutor.app.ui.render import show_analysis
from tutor.engine.cards import parse_cards
from tutor.engine.melds import analyze

tr = state.translator()

st.title(tr.gettext("Learn Gin Rummy"))
st.markdown(tr.gettext(
    "Gin Rummy is a card game for two: you draw, discard, and try to arrange your ten cards into "
    "sets and runs before your opponent does. Here you can learn its rules step by step, look up "
    "any word of its Spanish and English vocabulary, and check any hand with the rules engine."))

st.subheader(tr.gettext("Where to start"))
course, play, drills = st.columns(3)
with course:
    st.page_link("screens/lessons.py", label=tr.gettext("Start the course"), icon=":material/school:")
    st.caption(tr.gettext("Ten short lessons, from the cards to strategy, each ending in a check."))
with play:
    st.page_link("screens/play.py", label=tr.gettext("Play a game"), icon=":material/playing_cards:")
    st.caption(tr.gettext("Against the virtual player, at three levels, with a coach that explains every choice."))
with drills:
    st.page_link("screens/drills.py", label=tr.gettext("Practise with drills"), icon=":material/exercise:")
    st.caption(tr.gettext("Puzzles the rules engine makes and grades: melds, deadwood, scores, discards…"))

st.subheader(tr.gettext("Look things up"))
left, middle, right = st.columns(3)
with left:
    st.page_link("screens/rules.py", label=tr.gettext("Rules step by step"), icon=":material/menu_book:")
    st.caption(tr.gettext("From the deck to the final score, with examples the engine lays out."))
with middle:
    st.page_link("screens/glossary.py", label=tr.gettext("Glossary"), icon=":material/translate:")
    st.caption(tr.gettext("Baceta, pozo, contragolpe… every term of the sources, in both languages."))
with right:
    st.page_link("screens/analyzer.py", label=tr.gettext("Hand analyzer"), icon=":material/search:")
    st.caption(tr.gettext("Type a hand and see its best melds, its deadwood and whether it may knock."))

st.subheader(tr.gettext("A first hand"))
st.markdown(tr.gettext("Three melds and one card left over: the engine finds the best way to group them."))
show_analysis(analyze(parse_cards("AS 2S 3S 7H 7D 7C KD KC KH 9S")), tr, state.ruleset())
