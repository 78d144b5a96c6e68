"""Review: drills answered wrong come back on a Leitner schedule, and the glossary as flash cards
from any language to any other, on the same schedule."""

import streamlit as st

from tutor.app.ui import drill_state, profile, state
from tutor.app.ui.drill_state import puzzle_keys
from tutor.app.ui.drill_views import drill_card
from tutor.app.ui.render import show_cards
from tutor.content.glossary import glossary, term_by_id
from tutor.drills import puzzle_of
from tutor.engine.cards import parse_cards
from tutor.engine.errors import TutorError
from tutor.language.i18n import LANGUAGES
from tutor.progress.review import BOXES, LEITNER_DAYS, DrillItem, TermItem, directions, mixed

tr = state.translator()
learner = profile.current()

st.title(tr.gettext("Review"))
st.markdown(tr.gettext("What you got wrong comes back right away, then after {days} days each time you get it "
                       "right. A mistake sends it back to the start.",
                       days=tr.list_of([tr.number(days) for days in LEITNER_DAYS[1:]])))
if learner is None:
    st.info(tr.gettext("Choose or create a profile in the sidebar: review needs your saved progress."))
    st.stop()
saved = profile.store()

st.subheader(tr.gettext("Drills to review"))
due = saved.due(learner.id, prefix=DrillItem.PREFIX)
if not due:
    st.success(tr.gettext("No drill is due for review. Well done!"))
else:
    st.caption(tr.ngettext("{n} drill due", "{n} drills due", len(due)))
    item, box = due[0]
    drill = DrillItem.parse(item)
    try:
        puzzle = (puzzle_of(drill.kind, drill.seed, drill.level, drill.ruleset, drill.position, drill.scenario)
                  if drill else None)
    except TutorError:
        puzzle = None
    if puzzle is None:
        saved.unschedule(learner.id, item)  # an item that can no longer be made: out of review
        st.rerun()
    st.caption(tr.gettext("Box {box} of {boxes}", box=tr.number(box), boxes=tr.number(BOXES)))
    if st.session_state.get("_review_open") != item:  # a due drill opens fresh: no earlier verdict or hint
        keys = puzzle_keys(puzzle)
        drill_state.retry(keys)
        st.session_state.pop(keys.hints, None)
        st.session_state["_review_open"] = item
    drill_card(puzzle, tr)

st.subheader(tr.gettext("Glossary flash cards"))
pairs = {f"{front}>{back}": (front, back) for front, back in directions(LANGUAGES)}
default = next(iter(pairs))
direction = st.segmented_control(
    tr.gettext("Direction"), list(pairs), key="flash_direction", default=default,
    format_func=lambda d: f"{tr.language_label(pairs[d][0])} → {tr.language_label(pairs[d][1])}") or default
front, back = pairs[direction]
due_terms = [item for item, _ in saved.due(learner.id, prefix=TermItem.PREFIX) if item.endswith(":" + direction)]
scheduled = saved.boxes(learner.id, prefix=TermItem.PREFIX)
new_terms = mixed([card for t in glossary() if (card := TermItem(t.id, front, back).format()) not in scheduled],
                  f"{learner.id}/{direction}")
queue = due_terms + new_terms
flash = TermItem.parse(queue[0]) if queue else None
term = term_by_id(flash.term) if flash else None
if flash is None or term is None:
    st.success(tr.gettext("No flash card is due in this direction."))
else:
    item = queue[0]
    st.caption(tr.gettext("Due: {due}. New: {new}.", due=tr.number(len(due_terms)), new=tr.number(len(new_terms))))
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
