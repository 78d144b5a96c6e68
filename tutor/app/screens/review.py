"""Review: drills answered wrong come back on a Leitner schedule, and the glossary as flash cards
in either direction (Spanish to English, English to Spanish) on the same schedule."""

import streamlit as st

from tutor.engine.cards import parse_cards
from tutor.drills import generate
from tutor.drills.model import DrillError
from tutor.content.glossary import glossary, term_by_id
from tutor.app.ui import profile, state
from tutor.app.ui.drill_views import drill_card
from tutor.app.ui.render import show_cards

tr = state.translator()
learner = profile.current()

st.title(tr.gettext("Review"))
st.markdown(tr.gettext("What you got wrong comes back right away, then after 1, 3, 7 and 14 days each time "
                       "you get it right. A mistake sends it back to the start."))
if learner is None:
    st.info(tr.gettext("Choose or create a profile in the sidebar: review needs your saved progress."))
    st.stop()
saved = profile.store()

st.subheader(tr.gettext("Drills to review"))
due = saved.due(learner.id, prefix="drill:")
if not due:
    st.success(tr.gettext("No drill is due for review. Well done!"))
else:
    st.caption(tr.ngettext("{n} drill due", "{n} drills due", len(due)))
    item, box = due[0]
    _, kind, level, rules, seed = item.split(":")
    try:
        puzzle = generate(kind, seed, level, rules)
    except (DrillError, ValueError):
        saved.schedule(learner.id, item, remembered=True)  # an item that no longer exists
        st.rerun()
    st.caption(tr.gettext("Box {box} of 5", box=tr.number(box)))
    drill_card(puzzle, tr)

st.subheader(tr.gettext("Glossary flash cards"))
direction = st.segmented_control(tr.gettext("Direction"), ["es>en", "en>es"], key="flash_direction",
                                 default="es>en", format_func=lambda d: tr.gettext("Spanish → English")
                                 if d == "es>en" else tr.gettext("English → Spanish")) or "es>en"
front, back = direction.split(">")
due_terms = [item for item, _ in saved.due(learner.id, prefix="term:") if item.endswith(direction)]
scheduled = saved.boxes(learner.id, prefix="term:")
new_terms = [f"term:{t.id}:{direction}" for t in glossary() if f"term:{t.id}:{direction}" not in scheduled]
queue = due_terms + new_terms
if not queue:
    st.success(tr.gettext("No flash card is due in this direction."))
else:
    item = queue[0]
    term = term_by_id(item.split(":")[1])
    st.caption(tr.gettext("{due} due, {new} new", due=tr.number(len(due_terms)), new=tr.number(len(new_terms))))
    with st.container(border=True):
        st.markdown(f"### {tr.content(term.name(front))}")
        if st.session_state.get("flash_shown") == item:
            st.markdown(f"**{tr.content(term.name(back))}**")
            st.markdown(tr.content(term.definition(tr.locale)))
            if term.example:
                show_cards(parse_cards(term.example), tr)
            knew, missed = st.columns(2)
            if knew.button(tr.gettext("I knew it"), key="flash_knew"):
                saved.schedule(learner.id, item, remembered=True)
                st.session_state.flash_shown = None
                st.rerun()
            if missed.button(tr.gettext("Not yet"), key="flash_missed"):
                saved.schedule(learner.id, item, remembered=False)
                st.session_state.flash_shown = None
                st.rerun()
        elif st.button(tr.gettext("Show the answer"), key="flash_show"):
            st.session_state.flash_shown = item
            st.rerun()
