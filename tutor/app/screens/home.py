"""Welcome: the news of the learner's classes (if any), where to start (the course, a game, the
drills), where to look things up, and a first hand laid out by the engine."""

import streamlit as st

from tutor.app.ui import identity, state, store_access
from tutor.app.ui.drill_state import today
from tutor.app.ui.render import show_analysis
from tutor.app.ui.safe import plain
from tutor.drills.daily import daily_puzzle
from tutor.engine.cards import parse_cards
from tutor.engine.melds import analyze
from tutor.language.i18n import N_
from tutor.language.labels import drill_kind_name, level_name

tr = state.translator()

st.title(tr.gettext("Learn Gin Rummy"))
st.markdown(tr.gettext(
    "Gin Rummy is a card game for two: you draw, discard, and try to arrange your ten cards into "
    "sets and runs before your opponent does. Here you can learn its rules step by step, look up "
    "any word of its Spanish and English vocabulary, and check any hand with the rules engine."))

learner = identity.current()
class_news = store_access.store().learner_news(learner.id) if learner is not None else []
if class_news:
    st.header(tr.gettext("News from your classes"))
    for message in class_news:
        with st.container(border=True):
            st.caption(tr.gettext("{name} · {day}", name=plain(message.class_name),
                                  day=tr.day(message.posted.date()) if message.posted else ""))
            st.text(message.body)
    st.page_link("screens/classes.py", label=tr.gettext("Your classes"), icon=":material/groups:")

START = (
    ("screens/lessons.py", N_("Start the course"), ":material/school:",
     N_("Ten short lessons, from the cards to strategy, each ending in a check.")),
    ("screens/play.py", N_("Play a game"), ":material/playing_cards:",
     N_("Against the virtual player, at four levels from beginner to expert, with a coach that measures every "
        "choice.")),
    ("screens/drills.py", N_("Practise with drills"), ":material/exercise:",
     N_("Puzzles the rules engine makes and grades: melds, deadwood, scores, discards…")),
)
LOOK_UP = (
    ("screens/rules.py", N_("Rules step by step"), ":material/menu_book:",
     N_("From the deck to the final score, with examples the engine lays out.")),
    ("screens/glossary.py", N_("Glossary"), ":material/translate:",
     N_("Baceta, pozo, contragolpe… every term of the sources, in both languages.")),
    ("screens/analyzer.py", N_("Hand analyzer"), ":material/search:",
     N_("Type a hand and see its best melds, its deadwood and whether it may knock.")),
)
for heading, links in ((N_("Where to start"), START), (N_("Look things up"), LOOK_UP)):
    st.header(tr.gettext(heading))
    for column, (page, label, icon, caption) in zip(st.columns(len(links)), links, strict=True):
        column.page_link(page, label=tr.gettext(label), icon=icon)
        column.caption(tr.gettext(caption))

daily = daily_puzzle(today())
st.header(tr.gettext("Puzzle of the day"))
label = tr.gettext("{kind}, {level}: the same puzzle for everyone today ({day})", kind=drill_kind_name(daily.kind, tr),
                  level=level_name(daily.level, tr), day=tr.day(daily.day))
st.page_link("screens/drills.py", label=label, icon=":material/today:", query_params={**daily.address, "lang": tr.lang})

st.header(tr.gettext("A first hand"))
st.markdown(tr.gettext("Three melds and one card left over: the engine finds the best way to group them."))
show_analysis(analyze(parse_cards("AS 2S 3S 7H 7D 7C KD KC KH 9S")), tr, state.ruleset())
