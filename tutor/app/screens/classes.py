"""Classes: the classes a learner is in, with their news, joining one with its code and leaving it;
and, for a teacher, their classes: making one, its codes, its learners with the real names the
teacher gives them, news to the class, accounts for young learners with a sheet of sign-in codes,
another teacher's class joined with its teacher code, renaming and archiving. A class is opened by
its address (``?class=ID``) only by one of its teachers. Every text a user typed (names, news) is
shown as plain text."""

import csv
import io

import streamlit as st

from tutor.app.ui import classes_state, profile, state
from tutor.app.ui.safe import error_text, plain
from tutor.app.ui.session_keys import (
    CLASS_CHOICE,
    CLASS_CODE,
    CLASS_LEARNER,
    CLASS_NAMES,
    CLASS_NEW_LANG,
    CLASS_NEW_NAME,
    CLASS_NEW_RULES,
    CLASS_NEWS,
    CLASS_NOTE,
    CLASS_REAL_NAME,
    CLASS_RENAME,
    CLASS_SHEET,
    TEACHER_CODE,
)
from tutor.engine.rules import available_rulesets
from tutor.language.i18n import LANGUAGES
from tutor.language.labels import ruleset_title
from tutor.progress.store_classes import CLASS_NAME_MAX, NEWS_MAX, REAL_NAME_MAX, SchoolClass

tr = state.translator()
learner = profile.current()
saved = profile.store()

st.title(tr.gettext("Classes"))
if learner is None:
    st.info(tr.gettext("Choose or create a profile in the sidebar to join a class or to teach one."))
    profile.stop_page(tr)


def show_note() -> None:
    """What the last action did, once."""
    shown = st.session_state.pop(CLASS_NOTE, None)
    if not shown:
        return
    kind, message, params = shown
    if kind == "tutor_error":
        st.error(error_text(message, tr))
        return
    if kind == "wait":
        seconds = int(params["seconds"])
        st.error(tr.ngettext("Too many wrong codes: wait {count} second before trying again.",
                             "Too many wrong codes: wait {count} seconds before trying again.", seconds, count=seconds))
        return
    text = tr.gettext(message, **{k: plain(v) if isinstance(v, str) else v for k, v in params.items()})
    (st.success if kind == "success" else st.error)(text)


def class_line(school_class: SchoolClass) -> str:
    """A class's name (made inert), its language and its ruleset."""
    return tr.gettext("{name} · {language} · {rules}", name=plain(school_class.name),
                      language=tr.language_in_text(school_class.language),
                      rules=ruleset_title(school_class.ruleset, tr))


show_note()

# --- The learner's classes -----------------------------------------------------------------------

st.header(tr.gettext("Your classes"))
joined = saved.classes_joined(learner.id)
if not joined:
    st.caption(tr.gettext("You are in no class yet. If your teacher gave you a class code, type it below."))
news = saved.learner_news(learner.id)
for school_class in joined:
    with st.container(border=True):
        st.markdown(f"**{class_line(school_class)}**")
        for message in [n for n in news if n.class_id == school_class.id]:
            when = tr.day(message.posted.date()) if message.posted else ""
            st.caption(tr.gettext("Message from your teacher ({day}):", day=when))
            st.text(message.body)
        st.button(tr.gettext("Leave this class"), key=f"leave_class_{school_class.id}",
                  on_click=classes_state.leave, args=(school_class.id, school_class.name))
with st.form("join_class", clear_on_submit=False, border=False):
    st.text_input(tr.gettext("Class code"), key=CLASS_CODE, max_chars=20, placeholder="K7QX-2M9P")
    st.form_submit_button(tr.gettext("Join the class"), on_click=classes_state.join)

# --- Teaching --------------------------------------------------------------------------------------

st.header(tr.gettext("Teach"))
why_not = profile.may_teach()
if why_not == "sign_in":
    st.info(tr.gettext("Here only a signed-in account may teach: sign in with your school account first."))
    st.stop()
if why_not == "not_listed":
    st.info(tr.gettext("This school lets only the accounts it lists teach classes. Ask whoever runs gin-tutor "
                       "here to add yours."))
    st.stop()

taught = saved.classes_taught(learner.id)
with st.expander(tr.gettext("Make a class")), st.form("new_class", border=False):
    st.text_input(tr.gettext("Name of the class"), key=CLASS_NEW_NAME, max_chars=CLASS_NAME_MAX)
    st.segmented_control(tr.gettext("Language of the class"), list(LANGUAGES), key=CLASS_NEW_LANG,
                         default=tr.lang if tr.lang in LANGUAGES else LANGUAGES[0],
                         format_func=tr.language_in_text)
    rulesets = list(available_rulesets())
    st.selectbox(tr.gettext("Ruleset of the class"), rulesets, key=CLASS_NEW_RULES,
                 index=rulesets.index(state.ruleset().name) if state.ruleset().name in rulesets else 0,
                 format_func=lambda name: ruleset_title(name, tr))
    st.form_submit_button(tr.gettext("Make the class"), on_click=classes_state.create_class)
with st.expander(tr.gettext("Teach another teacher's class")), st.form("join_as_teacher", border=False):
    st.text_input(tr.gettext("Teacher code"), key=TEACHER_CODE, max_chars=20,
                  help=tr.gettext("The class's teacher finds it on this page, beside the class code."))
    st.form_submit_button(tr.gettext("Teach this class too"), on_click=classes_state.join_as_teacher)
if not taught:
    st.stop()

by_id = {c.id: c for c in taught}
asked = st.query_params.get("class")
if asked is not None and CLASS_CHOICE not in st.session_state:
    if asked.isdigit() and int(asked) in by_id:
        st.session_state[CLASS_CHOICE] = int(asked)
    else:
        st.warning(tr.gettext("None of your classes has that address: here is the first of yours."))
if st.session_state.get(CLASS_CHOICE) not in by_id:
    st.session_state[CLASS_CHOICE] = taught[0].id
st.selectbox(tr.gettext("Class"), list(by_id), key=CLASS_CHOICE,
             format_func=lambda cid: (tr.gettext("{name} (archived)", name=by_id[cid].name) if by_id[cid].archived
                                      else by_id[cid].name))
chosen = saved.taught_class(learner.id, int(st.session_state[CLASS_CHOICE]))
if chosen is None:  # taken from this teacher since the list was read
    st.stop()
st.query_params["class"] = str(chosen.id)

st.subheader(class_line(chosen))
teachers = saved.teachers_of(learner.id, chosen.id)
st.caption(tr.gettext("Teachers: {names}", names=plain(", ".join(teachers), most=400)))
codes = st.columns(2)
codes[0].metric(tr.gettext("Class code, for learners"), chosen.code or "—")
codes[1].metric(tr.gettext("Teacher code, for another teacher"), chosen.teacher_code or "—")
if chosen.archived:
    st.info(tr.gettext("This class is archived: its codes join no one, and its learners no longer see it."))

members = saved.members(learner.id, chosen.id)
st.markdown(tr.ngettext("**{n} learner**", "**{n} learners**", len(members)))
if members:
    st.dataframe({tr.gettext("Real name"): [m.real_name or "" for m in members],
                  tr.gettext("Profile"): [m.name for m in members],
                  tr.gettext("Joined"): [tr.day(m.joined.date()) if m.joined else "" for m in members]},
                 hide_index=True)
    names = {m.profile_id: m for m in members}
    with st.form("learner", border=True):
        st.selectbox(tr.gettext("Learner"), list(names), key=CLASS_LEARNER,
                     format_func=lambda pid: (f"{names[pid].real_name} ({names[pid].name})" if names[pid].real_name
                                              else names[pid].name))
        st.text_input(tr.gettext("Real name (only this class's teachers see it)"), key=CLASS_REAL_NAME,
                      max_chars=REAL_NAME_MAX)
        left, right = st.columns(2)
        left.form_submit_button(tr.gettext("Save the real name"), on_click=classes_state.set_real_name)
        right.form_submit_button(tr.gettext("Remove from the class"), on_click=classes_state.remove)
else:
    st.caption(tr.gettext("No learner yet: give them the class code, or make accounts for them below."))

sheet = st.session_state.get(CLASS_SHEET)
with st.expander(tr.gettext("Accounts for young learners"), expanded=bool(sheet and sheet[0] == chosen.id)):
    st.caption(tr.gettext("For learners with no e-mail: type their names, one per line. Each gets a profile in this "
                          "class and a one-time sign-in code, valid for two weeks, to type in the sidebar under "
                          "“Profile”. Print or download the sheet now: the codes cannot be shown again."))
    with st.form("accounts", border=False):
        st.text_area(tr.gettext("Names, one per line"), key=CLASS_NAMES, height=120)
        st.form_submit_button(tr.gettext("Make the accounts"), on_click=classes_state.make_accounts)
    if sheet and sheet[0] == chosen.id:
        name_label, code_label = tr.gettext("Name"), tr.gettext("Sign-in code")
        st.dataframe({name_label: [n for n, _ in sheet[1]], code_label: [c for _, c in sheet[1]]}, hide_index=True)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow([name_label, code_label])
        writer.writerows(sheet[1])
        st.download_button(tr.gettext("Download the sheet (CSV)"), out.getvalue().encode("utf-8-sig"),
                           file_name=f"gin-tutor-class-{chosen.id}-codes.csv", mime="text/csv")

with st.expander(tr.gettext("News to the class")):
    with st.form("news", border=False):
        st.text_area(tr.gettext("Message (plain text)"), key=CLASS_NEWS, max_chars=NEWS_MAX, height=100)
        st.form_submit_button(tr.gettext("Post"), on_click=classes_state.post_news)
    for message in saved.news_of(learner.id, chosen.id):
        st.caption(tr.day(message.posted.date()) if message.posted else "")
        st.text(message.body)

with st.expander(tr.gettext("Rename or archive")):
    with st.form("rename", border=False):
        st.text_input(tr.gettext("New name"), key=CLASS_RENAME, max_chars=CLASS_NAME_MAX)
        st.form_submit_button(tr.gettext("Rename"), on_click=classes_state.rename)
    if chosen.archived:
        st.button(tr.gettext("Bring the class back"), on_click=classes_state.archive, args=(False,))
    else:
        st.button(tr.gettext("Archive the class"), on_click=classes_state.archive, args=(True,))
