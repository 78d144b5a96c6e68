"""A class's settings on the Classes page, for its teachers: its codes (the class code large, the
teacher code hidden until asked, each made new on a click), its teachers (the owner may take a
co-teacher out; a co-teacher may leave), its history, news to its learners, its name and whether it
is archived; and what each of these buttons does."""

from __future__ import annotations

import streamlit as st

from tutor.app.ui import classes_state, store_access
from tutor.app.ui.class_text import event_line
from tutor.app.ui.classes_state import ask, chosen, confirm_box, note, note_error
from tutor.app.ui.safe import plain
from tutor.app.ui.session_keys import CLASS_CHOICE, CLASS_NEWS, CLASS_RENAME, CLASS_TEACHER_CODE_SHOWN
from tutor.engine.errors import TutorError
from tutor.language.i18n import N_, Translator
from tutor.progress.store_classes import CLASS_NAME_MAX, NEWS_MAX, SchoolClass

HISTORY_SHOWN = 30
"""The most recent changes the history shows."""


def codes(school_class: SchoolClass, tr: Translator) -> None:
    """The class code, large, to give to learners; the teacher code behind a button, since it makes
    whoever types it a teacher of the class; a new code of either kind on a click (confirmed)."""
    st.metric(tr.gettext("Class code, for learners"), school_class.code or "—")
    if st.session_state.get(CLASS_TEACHER_CODE_SHOWN) == school_class.id:
        st.caption(tr.gettext("Teacher code: give it only to another teacher. Whoever types it teaches this "
                              "class, sees every learner's work and can change the class."))
        st.code(school_class.teacher_code or "—", language=None)
        st.button(tr.gettext("Hide the teacher code"), key="hide_teacher_code", on_click=_hide_teacher_code)
    else:
        st.button(tr.gettext("Show the teacher code"), key="show_teacher_code", on_click=_show_teacher_code,
                  args=(school_class.id,))
    new_class, new_teacher = st.columns(2)
    new_class.button(tr.gettext("New class code"), key="renew_class_code", on_click=ask,
                     args=("class_code", school_class.id, 0, school_class.name))
    new_teacher.button(tr.gettext("New teacher code"), key="renew_teacher_code", on_click=ask,
                       args=("teacher_code", school_class.id, 0, school_class.name))
    confirm_box("class_code", school_class.id, tr.gettext("Yes, a new class code"), renew_class_code, tr)
    confirm_box("teacher_code", school_class.id, tr.gettext("Yes, a new teacher code"), renew_teacher_code, tr)


def teachers(school_class: SchoolClass, teacher_id: int, tr: Translator) -> None:
    """The class's teachers, the owner first; for the owner, a button to take each other one out; for
    a co-teacher, a button to stop teaching it."""
    everyone = store_access.store().teachers_of(teacher_id, school_class.id)
    owner = any(t.owner and t.profile_id == teacher_id for t in everyone)
    st.markdown(tr.gettext("**Teachers**"))
    for one in everyone:
        name = plain(one.name, most=80)
        line, action = st.columns([3, 1], vertical_alignment="center")
        line.markdown(tr.gettext("{name} (owner)", name=name) if one.owner else name)
        if owner and one.profile_id != teacher_id:
            action.button(tr.gettext("Take out"), key=f"remove_teacher_{one.profile_id}", on_click=ask,
                          args=("remove_teacher", school_class.id, one.profile_id, one.name))
        elif not owner and one.profile_id == teacher_id:
            action.button(tr.gettext("Stop teaching"), key="leave_teaching", on_click=ask,
                          args=("leave_teaching", school_class.id, teacher_id, school_class.name))
    confirm_box("remove_teacher", school_class.id, tr.gettext("Yes, take them out"), remove_teacher, tr)
    confirm_box("leave_teaching", school_class.id, tr.gettext("Yes, stop teaching it"), leave_teaching, tr)


def history(school_class: SchoolClass, teacher_id: int, tr: Translator) -> None:
    """The latest changes to the class, newest first, with who made each."""
    events = store_access.store().history_of(teacher_id, school_class.id)
    with st.expander(tr.gettext("History of the class"), key="class_history"):
        if not events:
            st.caption(tr.gettext("Nothing recorded yet."))
        for event in events[:HISTORY_SHOWN]:
            st.markdown(event_line(event, tr))


def news(school_class: SchoolClass, teacher_id: int, tr: Translator) -> None:
    """A message to the class's learners, and the messages posted before (as plain text)."""
    with st.expander(tr.gettext("News to the class"), key="class_news_box"):
        with st.form("news", border=False):
            st.text_area(tr.gettext("Message (plain text)"), key=CLASS_NEWS, max_chars=NEWS_MAX, height=100)
            st.form_submit_button(tr.gettext("Post"), on_click=post_news)
        for message in store_access.store().news_of(teacher_id, school_class.id):
            st.caption(tr.day(message.posted.date()) if message.posted else "")
            st.text(message.body)


def name_and_archive(school_class: SchoolClass, tr: Translator) -> None:
    """Rename the class; archive it or bring it back."""
    with st.expander(tr.gettext("Rename or archive"), key="class_rename_box"):
        with st.form("rename", border=False):
            st.text_input(tr.gettext("New name"), key=CLASS_RENAME, max_chars=CLASS_NAME_MAX)
            st.form_submit_button(tr.gettext("Rename"), on_click=rename)
        if school_class.archived:
            st.button(tr.gettext("Bring the class back"), key="restore_class", on_click=archive, args=(False,))
        else:
            st.button(tr.gettext("Archive the class"), key="archive_class", on_click=archive, args=(True,))


# --- what the buttons do ------------------------------------------------------------------------

def _show_teacher_code(class_id: int) -> None:
    st.session_state[CLASS_TEACHER_CODE_SHOWN] = class_id


def _hide_teacher_code() -> None:
    st.session_state.pop(CLASS_TEACHER_CODE_SHOWN, None)


def _renew(teacher_code: bool) -> None:
    """A new class or teacher code for the class shown, once confirmed; the old one joins no one."""
    done = classes_state.confirmed("teacher_code" if teacher_code else "class_code")
    if done is None:
        return
    mine = done[0]
    code = store_access.store().renew_code(*mine, teacher_code=teacher_code)
    if code is None:
        note("error", classes_state.JOIN_NOTES["unavailable"])
    elif teacher_code:
        st.session_state[CLASS_TEACHER_CODE_SHOWN] = mine[1]
        note("success", N_("The new teacher code is {code}: the old one joins no one now."), code=code)
    else:
        note("success", N_("The new class code is {code}: the old one joins no one now."), code=code)


def renew_class_code(_subject: int) -> None:
    """A new class code, once confirmed."""
    _renew(teacher_code=False)


def renew_teacher_code(_subject: int) -> None:
    """A new teacher code, once confirmed."""
    _renew(teacher_code=True)


def remove_teacher(teacher_id: int) -> None:
    """The owner takes a co-teacher out of the class shown, once confirmed."""
    done = classes_state.confirmed("remove_teacher", teacher_id)
    if done is not None and store_access.store().remove_teacher(*done[0], teacher_id):
        note("success", N_("{name} no longer teaches the class."), name=done[1])


def leave_teaching(_subject: int) -> None:
    """A co-teacher stops teaching the class shown, once confirmed."""
    done = classes_state.confirmed("leave_teaching")
    if done is not None and store_access.store().leave_teaching(*done[0]):
        st.session_state.pop(CLASS_CHOICE, None)
        note("success", N_("You no longer teach the class “{name}”."), name=done[1])


def rename() -> None:
    mine = chosen()
    if mine is None:
        return
    try:
        done = store_access.store().rename_class(*mine, str(st.session_state.get(CLASS_RENAME) or ""))
    except TutorError as error:
        note_error(error)
        return
    if done:
        note("success", N_("The class is renamed."))


def archive(archived: bool) -> None:
    mine = chosen()
    if mine is not None and store_access.store().archive_class(*mine, archived=archived):
        note("success", N_("The class is archived: its codes join no one, and its learners no longer see it.")
             if archived else N_("The class is back: its codes work again."))


def post_news() -> None:
    mine = chosen()
    if mine is None:
        return
    try:
        done = store_access.store().post_news(*mine, str(st.session_state.get(CLASS_NEWS) or ""))
    except TutorError as error:
        note_error(error)
        return
    if done:
        st.session_state[CLASS_NEWS] = ""
        note("success", N_("The message is posted: the class's learners see it on their home page."))
