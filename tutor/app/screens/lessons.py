"""Lessons: the course in order, each lesson's text with examples the engine lays out, the words
it uses linked to the glossary, and a check of drills that, once passed, opens the next lesson.
``?lesson=03-deadwood`` opens a lesson."""

import streamlit as st

from tutor.app.ui import identity, state
from tutor.app.ui.drill_state import made
from tutor.app.ui.drill_views import drill_card
from tutor.app.ui.lesson_state import check_seeds, lessons_done, mark_done, new_check, open_lesson
from tutor.app.ui.pages import link, term_url
from tutor.app.ui.questions import show_question
from tutor.app.ui.render import show_document
from tutor.app.ui.safe import plain
from tutor.app.ui.session_keys import LESSON_ASKED, LESSON_CHOICE
from tutor.content.glossary import term_by_id
from tutor.content.lessons import course_status, lesson_by_id, lessons

tr = state.translator()
rules = state.ruleset()
course = lessons(tr.locale)
status = course_status([d.id for d in course], lessons_done())
MARKS = {"done": "✓", "open": "→", "later": "○"}

st.title(tr.gettext("Lessons"))
st.markdown(tr.gettext("A short course, one step at a time. Each lesson ends with a check: pass it and the "
                       "next lesson opens. You can read any lesson whenever you like."))
if identity.current() is None:
    st.caption(tr.gettext("You are a guest: lessons done are remembered until you leave. Create a profile "
                          "in the sidebar to keep them."))

asked = st.query_params.get("lesson")
if asked is not None and lesson_by_id(tr.locale, asked) is None:
    st.warning(tr.gettext("There is no lesson “{lesson}”. Here is the course.", lesson=plain(asked)))
    asked = None
default = asked or next((d.id for d in course if status[d.id] == "open"), course[0].id)
if st.session_state.get(LESSON_CHOICE) not in status or asked and asked != st.session_state.get(LESSON_ASKED):
    st.session_state[LESSON_CHOICE] = default
    st.session_state[LESSON_ASKED] = asked
titles = {d.id: d.title for d in course}
choice = st.selectbox(tr.gettext("Lesson"), [d.id for d in course], key="lesson_choice",
                      format_func=lambda i: f"{MARKS[status[i]]} {tr.content(titles[i])}")
st.query_params["lesson"] = choice
lesson = lesson_by_id(tr.locale, choice) or course[0]

terms = [t for t in (term_by_id(i) for i in lesson.terms) if t is not None]
if terms:
    names = [t.name(tr.locale) for t in terms]
    shown = [name if names.count(name) == 1 or name == t.source_word else f"{name} ({t.source_word})"
             for name, t in zip(names, terms, strict=True)]  # two words for one English name: say which
    st.caption(tr.gettext("Words in this lesson: {terms}",
                          terms=" · ".join(link(tr.content(name), term_url(t.id))
                                           for name, t in zip(shown, terms, strict=True))), unsafe_allow_html=True)
st.divider()
show_document(lesson, tr, heading="#", ask=lambda block, key: show_question(block, key, tr, rules))

if status[choice] == "later":
    st.info(tr.gettext("Finish the lessons before this one to take its check. You can read it now."))
else:
    if status[choice] == "done":
        st.success(tr.gettext("You have passed this lesson. You can take its check again for practice."))
    right = 0
    seeds = check_seeds(lesson.id, len(lesson.checks))
    for index, ((kind, level, scenario), seed) in enumerate(zip(lesson.checks, seeds, strict=True)):
        st.markdown(tr.gettext("**Question {n} of {total}**", n=index + 1, total=len(lesson.checks)))
        verdict = drill_card(made(kind, seed, level, rules, scenario), tr)
        right += bool(verdict and verdict.correct)
    if right == len(lesson.checks):
        if mark_done(lesson.id):
            st.rerun()  # show the course with this lesson done and the next one open
        following = [d for d in course if status[d.id] != "done" and d.id != lesson.id]
        st.success(tr.gettext("Lesson passed! The next lesson is open.") if following
                   else tr.gettext("Lesson passed! You have finished the course."))
        if following:
            st.button(tr.gettext("Next lesson: {title}", title=tr.content(following[0].title)), key="lesson_next",
                      type="primary", on_click=open_lesson, args=(following[0].id,))
        else:
            st.page_link("screens/play.py", label=tr.gettext("Now play a game"), icon=":material/playing_cards:")
    st.button(tr.gettext("New questions"), key=f"new_check_{lesson.id}", on_click=new_check, args=(lesson.id,))
