"""Classes. For a teacher, first: the class chosen (by its address, ``?class=ID``, only for one of
its teachers), its codes and teachers, its learners (real names typed in place), its homework's
results, its dashboard, then the forms that set homework, make accounts for young learners, post
news and rename it. For a learner: the classes they are in, with their homework and news, and the
form that joins one. Teaching needs private profiles (the page says why and how, where they are
not). Every text a user typed (names, news) is shown as plain text."""

import streamlit as st

from tutor.app.ui import (
    class_dashboard,
    class_homework,
    class_learners,
    class_settings,
    classes_state,
    identity,
    state,
    store_access,
)
from tutor.app.ui.class_member import your_classes
from tutor.app.ui.class_text import class_line
from tutor.app.ui.class_views import learner_labels
from tutor.content.lessons import lessons
from tutor.drills import KINDS
from tutor.progress.standing import standing

tr = state.translator()
learner = identity.current()
saved = store_access.store()

st.title(tr.gettext("Classes"))
if learner is None:
    st.info(tr.gettext("Sign in (in the sidebar) to join a class or to teach one.") if identity.sign_in_configured()
            else tr.gettext("Choose or create a profile in the sidebar to join a class or to teach one."))
    store_access.stop_page(tr)

classes_state.show_note(tr)
titles = {d.id: tr.content(d.title) for d in lessons(tr.locale)}
why_not = identity.may_teach()
taught = saved.classes_taught(learner.id) if why_not is None else []

if not taught:  # a learner: their classes first
    st.header(tr.gettext("Your classes"))
    your_classes(learner, saved, titles, tr)

st.header(tr.gettext("Teach"))
if why_not is not None:
    st.info(tr.gettext(classes_state.MAY_NOT_TEACH[why_not]))
    store_access.stop_page(tr)
if not taught:
    classes_state.new_class_forms(tr, state.ruleset().name)
    store_access.stop_page(tr)

choice = classes_state.class_picker(taught, st.query_params.get("class"), tr)
chosen = saved.taught_class(learner.id, choice)
if chosen is None:  # taken from this teacher since the list was read
    store_access.stop_page(tr)
st.query_params["class"] = str(chosen.id)

st.subheader(class_line(chosen, tr))
if chosen.archived:
    st.info(tr.gettext("This class is archived: its codes join no one, and its learners no longer see it."))
codes, teachers = st.columns(2)
with codes:
    class_settings.codes(chosen, tr)
with teachers:
    class_settings.teachers(chosen, learner.id, tr)
class_settings.history(chosen, learner.id, tr)

members = saved.members(learner.id, chosen.id)
labels = learner_labels(members)
class_learners.learner_list(chosen, members, tr)

# Every learner's drill answers, lesson times and games, read once (a query each for the whole class).
ids = [m.profile_id for m in members]
answers_read, times_read, games_read = saved.attempts_of(ids), saved.lesson_times_of(ids), saved.games_of(ids)
answers_of = {i: answers_read.get(i, []) for i in ids}
lesson_times_of = {i: times_read.get(i, {}) for i in ids}
games_of = {i: games_read.get(i, []) for i in ids}
class_homework.results(chosen, learner.id, members, labels, (answers_of, lesson_times_of, games_of), titles, tr)

if members:
    course = [d.id for d in lessons(tr.locale)]
    ratings_of, due_of = saved.ratings_of(ids), saved.due_counts(ids)
    standings = {i: standing([a for a in answers_of[i] if a.kind in KINDS],
                             {k: r for k, r in ratings_of.get(i, {}).items() if k in KINDS},
                             set(lesson_times_of[i]), course, due_of.get(i, 0), games_of[i]) for i in ids}
    class_dashboard.dashboard(chosen, members, standings, len(course), labels, saved, tr)
    class_dashboard.friend_games(chosen, learner.id, labels, games_of, saved, tr)

st.subheader(tr.gettext("Set up"))
class_homework.forms(chosen, titles, "DD/MM/YYYY" if tr.lang == "es" else "YYYY/MM/DD", tr)
class_learners.accounts(chosen, tr)
class_settings.news(chosen, learner.id, tr)
class_settings.name_and_archive(chosen, tr)
classes_state.new_class_forms(tr, state.ruleset().name)

with st.expander(tr.gettext("Your classes as a learner"), key="class_mine_box"):
    your_classes(learner, saved, titles, tr)
